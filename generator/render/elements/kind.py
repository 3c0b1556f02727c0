"""What an element type is: the keys it reads, how it draws, and (for text) how it measures."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..painter import Painter
    from ..resolver import Resolver

# keys every element may carry: the walker reads if/rotate, layouts' override/remove read id
COMMON = frozenset({"type", "id", "if", "rotate"})
BOX = frozenset({"x", "y", "w", "h"})

Draw = Callable[["Painter", Mapping[str, Any], dict[str, Any], float, float, float, str], None]
Measure = Callable[["Resolver", Mapping[str, Any], dict[str, Any], float, float, str], Any]


@dataclass(frozen=True)
class ElementType:
    """One element type. ``draw(painter, element, context, w, h, bleed, where)`` paints it in
    the w×h mm box of its layout; ``measure(resolver, element, context, w, h, where)`` lays it
    out without a canvas and raises :class:`~generator.errors.RenderError` when it overflows."""

    name: str
    keys: frozenset[str]
    draw: Draw
    measure: Measure | None = None
    # drawn whole from an earlier drawing of it with the same values, when it can be: worth
    # it for elements that draw many others (for one shape, the key costs what drawing does)
    replayed: bool = False
