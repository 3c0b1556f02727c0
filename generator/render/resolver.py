"""An element's values in a context: lengths, colours, type sizes and boxes.

Measuring needs these and nothing else, so a fit check resolves a layout without a canvas;
the painter is a resolver that also draws.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color

from ..content.legibility import text_floor
from ..content.markup import Symbol, icon_source, missing_icon
from ..content.model import Game, Layout
from ..errors import RenderError, excerpt
from ..limits import limit, past
from ..units import parse_length
from . import colours
from .blocks import Icon
from .budget import CardBudget
from .expressions import render_value
from .fonts import STYLES, font_name
from .game_icons import ratio
from .images import aspect

Box = tuple[float, float, float, float]  # x, y, w, h in mm from the layout's top-left


class Resolver:
    """Resolves the elements of one game's layouts (palette names are looked up once)."""

    def __init__(self, game: Game):
        self.game = game
        self._colours: dict[str, Color | None] = {}
        self.budget: CardBudget | None = None  # a painter's, of the card it draws
        # the size a rule deck's flow is set at: (element, rules, size) by their ids and box
        self.deck_sizes: dict[tuple[Any, ...], tuple[Any, Any, float]] = {}

    def layout(self, name: str) -> Layout:
        try:
            return self.game.layouts[name]
        except KeyError:
            raise RenderError(f"no layout named '{name}' for game '{self.game.id}'") from None

    def icon_ratio(self, name: str) -> float:
        """Width / height of a sized layout drawn inline as an icon (1 for a sizeless one)."""
        size = self.layout(name).size
        return size.w / size.h if size else 1.0

    def picture_ratio(self, picture: Icon | Symbol, where: str) -> float:
        """Width / height of an inline picture: a layout icon of rule text, or the file (or
        bundled icon) of a ``:name:`` icon."""
        if isinstance(picture, Icon):
            return self.icon_ratio(picture.layout)
        source = self.icon_source(picture.name, where)
        return ratio() if isinstance(source, str) else aspect(source, self.game.folder, where)

    def icon_source(self, name: str, where: str) -> Path | str:
        """The file of the ``:name:`` icon ``name`` or the bundled icon's name, or a
        RenderError saying what to add."""
        source = icon_source(self.game.folder, name)
        if source is None:
            raise RenderError(f"{where}: {missing_icon(name)}")
        return source

    def font(self, style: str, where: str = "") -> str:
        """The registered font of a role (``regular``, ``display``…) in this game's faces;
        a RenderError naming the roles for any other word."""
        if style not in STYLES:
            raise RenderError(f"{where}.font: '{style}' is not a font role; use one of "
                              f"{', '.join(STYLES)}")
        return font_name(style, self.game.fonts.get("display"))

    def num(self, element: Mapping[str, Any], key: str, context: dict[str, Any], where: str,
            default: float, plain: bool = False) -> float:
        """A length in mm (``plain``: a bare number), from a number or an expression."""
        value = element.get(key, default)
        if type(value) not in (float, int):  # most values are plain numbers
            value = render_value(value, context, where, key)
            try:
                value = float(value) if plain else parse_length(value)
            except (TypeError, ValueError) as exc:
                raise RenderError(f"{where}.{key}: {exc}") from None
        if not math.isfinite(value):  # YAML's .inf and .nan: no place on a page
            raise RenderError(f"{where}.{key}: {excerpt(value)} is not a finite number; give a "
                              "number such as 12 (or a length such as '12mm')")
        return float(value)

    def box(self, element: Mapping[str, Any], context: dict[str, Any], where: str, w: float,
            h: float) -> Box:
        """x, y, w, h; a missing size runs to the right and bottom of the enclosing box."""
        x = self.num(element, "x", context, where, 0.0)
        y = self.num(element, "y", context, where, 0.0)
        bw = self.num(element, "w", context, where, w - x)
        bh = self.num(element, "h", context, where, h - y)
        return x, y, bw, bh

    def bleed_box(self, element: Mapping[str, Any], context: dict[str, Any], where: str,
                  w: float, h: float, bleed: float) -> Box:
        """The box, grown by ``bleed`` on each side it touches when the element bleeds."""
        x, y, bw, bh = self.box(element, context, where, w, h)
        if element.get("bleed") and bleed:
            eps = 1e-6
            left, top = x <= eps, y <= eps
            right, bottom = x + bw >= w - eps, y + bh >= h - eps
            x, bw = (x - bleed, bw + bleed) if left else (x, bw)
            y, bh = (y - bleed, bh + bleed) if top else (y, bh)
            bw += bleed if right else 0
            bh += bleed if bottom else 0
        return x, y, bw, bh

    def colour(self, element: Mapping[str, Any], key: str, context: dict[str, Any],
               where: str, default: Any = None) -> Color | None:
        value = render_value(element.get(key, default), context, where, key)
        if not isinstance(value, str):
            return colours.resolve(value, self.game.palette, f"{where}.{key}")
        if value not in self._colours:  # palette names repeat on every card
            self._colours[value] = colours.resolve(value, self.game.palette, f"{where}.{key}")
        return self._colours[value]

    def type_sizes(self, element: Mapping[str, Any], context: dict[str, Any], where: str,
                   default: float) -> tuple[float, float]:
        """``size`` and ``min_size`` (default: the floor), neither under the text floor."""
        floor = text_floor()
        size = self.num(element, "size", context, where, default, plain=True)
        min_size = self.num(element, "min_size", context, where, floor, plain=True)
        if max(size, min_size) > limit("type_points"):  # shrunk step by step: for ever
            raise RenderError(f"{where}: text size " + past(
                "type_points", f"{max(size, min_size):g} pt") + "; give a size a page can hold")
        if min(size, min_size) < floor - 1e-9:
            raise RenderError(f"{where}: text size {min(size, min_size):g} pt is under the "
                              f"{floor:g} pt floor players can read; give the text more room")
        return size, min(size, min_size)
