"""``repeat``: its ``elements`` once per item of ``items``, stepped on a grid of ``cols``.

Each copy sees the item (under ``as``, default ``item``) and ``i``, ``row`` and ``col``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...errors import RenderError
from ...limits import limit, past
from ...units import mm
from ..expressions import Scope, evaluate
from .kind import BOX, ElementType

if TYPE_CHECKING:
    from ..painter import Painter


def draw(p: Painter, element: Mapping[str, Any], context: dict[str, Any], w: float, h: float,
         bleed: float, where: str) -> None:
    items = evaluate(element.get("items", "[]"), context, f"{where}.items")
    if items is None:
        return
    copies = p.repeats[-1] * len(items)  # nested repeats multiply: 1000 × 1000 × 1000
    if copies > limit("repeat_copies"):
        raise RenderError(f"{where}.items: " + past("repeat_copies", f"{copies:,} copies "
                                                    "of the repeated elements"))
    p.repeats.append(copies)
    try:
        _copies(p, element, items, context, w, h, where)
    finally:
        p.repeats.pop()


def _copies(p: Painter, element: Mapping[str, Any], items: Any, context: dict[str, Any],
            w: float, h: float, where: str) -> None:
    name = element.get("as", "item")
    cols = max(1, int(p.num(element, "cols", context, where, len(items), plain=True)))
    dx = p.num(element, "dx", context, where, 0.0)
    dy = p.num(element, "dy", context, where, 0.0)
    x0 = p.num(element, "x", context, where, 0.0)
    y0 = p.num(element, "y", context, where, 0.0)
    for index, item in enumerate(items):
        row, col = divmod(index, cols)
        inner = Scope(context, **{name: item, "i": index, "row": row, "col": col})
        p.canvas.saveState()
        p.canvas.translate(mm(x0 + col * dx), -mm(y0 + row * dy))
        p.elements(element.get("elements", ()), inner, w, h, 0.0, where)
        p.canvas.restoreState()


# w and h only place the centre a ``rotate`` turns about
ELEMENT = ElementType("repeat", BOX | {"items", "as", "cols", "dx", "dy", "elements"}, draw,
                      replayed=True)
