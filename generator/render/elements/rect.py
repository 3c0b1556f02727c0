"""``rect``: a box, filled and/or stroked, with rounded corners when it has a ``radius``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...units import mm
from .kind import BOX, ElementType

if TYPE_CHECKING:
    from ..painter import Painter


def draw(p: Painter, element: Mapping[str, Any], context: dict[str, Any], w: float, h: float,
         bleed: float, where: str) -> None:
    inks = p.inks(element, context, where)
    if inks == (None, None):
        return  # nothing would show: no path, no bytes
    x, y, bw, bh = p.bleed_box(element, context, where, w, h, bleed)
    p.canvas.saveState()
    fill, stroke = p.paint(element, context, where, *inks)
    radius = p.num(element, "radius", context, where, 0.0)
    if radius:
        p.canvas.roundRect(mm(x), -mm(y + bh), mm(bw), mm(bh), mm(radius), stroke, fill)
    else:
        p.canvas.rect(mm(x), -mm(y + bh), mm(bw), mm(bh), stroke, fill)
    p.canvas.restoreState()


ELEMENT = ElementType("rect", BOX | {"fill", "stroke", "stroke_width", "radius", "dash",
                                     "bleed", "opacity"}, draw)
