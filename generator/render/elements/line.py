"""``line``: an open path through ``points``, with arrow heads at either end."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .. import colours
from .kind import COLOUR, PIVOT_KEYS, STROKE_KEYS, ElementType, Key
from .points import points

if TYPE_CHECKING:
    from ..painter import Painter


def draw(p: Painter, element: Mapping[str, Any], context: dict[str, Any], w: float, h: float,
         bleed: float, where: str) -> None:
    path = points(element, context, where, 2, "a line")
    stroke = p.colour(element, "stroke", context, where, "black")
    if stroke is None:
        return  # stroke: none draws nothing
    p.canvas.saveState()
    p.paint(element, context, where, None, stroke)  # a line is never filled
    p.canvas.drawPath(p.path(path, False), stroke=1, fill=0)
    arrow = element.get("arrow")
    width = p.num(element, "stroke_width", context, where, 0.3)
    head = max(1.6, width * 4)
    colours.set_fill(p.canvas, stroke)
    if arrow in ("end", "both"):
        _arrow_head(p, path[-2], path[-1], head)
    if arrow in ("start", "both"):
        _arrow_head(p, path[1], path[0], head)
    p.canvas.restoreState()


def _arrow_head(p: Painter, start: tuple[float, float], tip: tuple[float, float],
                size: float) -> None:
    angle = math.atan2(tip[1] - start[1], tip[0] - start[0])
    left = (tip[0] - size * math.cos(angle - 0.45), tip[1] - size * math.sin(angle - 0.45))
    right = (tip[0] - size * math.cos(angle + 0.45), tip[1] - size * math.sin(angle + 0.45))
    p.canvas.drawPath(p.path([tip, left, right], True), stroke=0, fill=1)


# x, y, w and h only place the centre a ``rotate`` turns about
ELEMENT = ElementType("line", {
    **PIVOT_KEYS, **STROKE_KEYS,
    "stroke": Key(COLOUR, "black", "Colour of the line; `none` draws nothing."),
    "points": Key("list of [x, y] lengths", "(required)", "The path, at least two points, "
                  "in the layout's coordinates; each may be an expression."),
    "arrow": Key("start | end | both", "(none)", "Arrow heads at the path's ends."),
}, draw, example="""\
size: [60, 30]
elements:
  - {type: line, points: [[5, 25], [20, 8], [35, 20], [55, 6]], stroke: accent,
     stroke_width: 0.8, arrow: end}
  - {type: line, points: [[5, 28], [55, 28]], stroke: muted, dash: [2, 1]}
""")
