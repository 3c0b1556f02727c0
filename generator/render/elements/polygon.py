"""``polygon``: a closed shape through ``points``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .kind import BOX, ElementType
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
ELEMENT = ElementType("polygon", BOX | {"points", "fill", "stroke", "stroke_width", "dash",
                                        "opacity"}, draw)
