"""``rect``: a box, filled and/or stroked, with rounded corners when it has a ``radius``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...units import mm
from .kind import BLEED_KEY, BOX_KEYS, FILL_KEYS, LENGTH, ElementType, Key

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


def svg(element: Mapping[str, Any]) -> str:
    return (f'<rect x="{element.get("x", 0):g}" y="{element.get("y", 0):g}" '
            f'width="{element["w"]:g}" height="{element["h"]:g}"/>')


ELEMENT = ElementType("rect", {
    **BOX_KEYS, **FILL_KEYS, **BLEED_KEY,
    "radius": Key(LENGTH, "0", "Rounds the corners with this radius."),
}, draw, svg=svg, example="""\
size: [60, 30]
elements:
  - {type: rect, x: 0, y: 0, w: 60, h: 8, fill: accent, bleed: true}
  - {type: rect, x: 5, y: 12, w: 22, h: 14, radius: 3, fill: paper, stroke: ink,
     stroke_width: 0.6}
  - {type: rect, x: 33, y: 12, w: 22, h: 14, stroke: muted, dash: [1.5, 1]}
""")
