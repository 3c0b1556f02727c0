"""``polygon``: a closed shape through ``points``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .kind import FILL_KEYS, PIVOT_KEYS, ElementType, Key
from .points import points

if TYPE_CHECKING:
    from ..painter import Painter


def draw(p: Painter, element: Mapping[str, Any], context: dict[str, Any], w: float, h: float,
         bleed: float, where: str) -> None:
    corners = points(element, context, where, 3, "a polygon")
    inks = p.inks(element, context, where)
    if inks == (None, None):
        return
    p.canvas.saveState()
    fill, stroke = p.paint(element, context, where, *inks)
    p.canvas.drawPath(p.path(corners, True), stroke=stroke, fill=fill)
    p.canvas.restoreState()


# x, y, w and h only place the centre a ``rotate`` turns about
def svg(element: Mapping[str, Any]) -> str:
    return f'<polygon points="{" ".join(f"{x:g},{y:g}" for x, y in element["points"])}"/>'


ELEMENT = ElementType("polygon", {
    **PIVOT_KEYS, **FILL_KEYS,
    "points": Key("list of [x, y] lengths", "(required)", "The corners, at least three; the "
                  "shape is closed from the last back to the first."),
}, draw, svg=svg, example="""\
size: [60, 30]
elements:
  - {type: polygon, points: [[15, 4], [27, 26], [3, 26]], fill: accent}
  - {type: polygon, points: [[35, 15], [45, 4], [55, 15], [45, 26]], fill: paper,
     stroke: ink, stroke_width: 0.6}
""")
