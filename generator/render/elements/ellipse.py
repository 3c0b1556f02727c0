"""``ellipse``: the ellipse inscribed in the element's box."""

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
        return
    x, y, bw, bh = p.bleed_box(element, context, where, w, h, bleed)
    p.canvas.saveState()
    fill, stroke = p.paint(element, context, where, *inks)
    p.canvas.ellipse(mm(x), -mm(y + bh), mm(x + bw), -mm(y), stroke, fill)
    p.canvas.restoreState()


ELEMENT = ElementType("ellipse", BOX | {"fill", "stroke", "stroke_width", "dash", "bleed",
                                        "opacity"}, draw)
