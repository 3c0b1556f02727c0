"""``group``: its ``elements`` moved together by ``x`` and ``y``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...units import mm
from .kind import BOX, ElementType

if TYPE_CHECKING:
    from ..painter import Painter


def draw(p: Painter, element: Mapping[str, Any], context: dict[str, Any], w: float, h: float,
         bleed: float, where: str) -> None:
    x = p.num(element, "x", context, where, 0.0)
    y = p.num(element, "y", context, where, 0.0)
    p.canvas.saveState()
    p.canvas.translate(mm(x), -mm(y))
    p.elements(element.get("elements", ()), context, w, h, bleed, where)
    p.canvas.restoreState()


# w and h only place the centre a ``rotate`` turns about
ELEMENT = ElementType("group", BOX | {"elements"}, draw)
