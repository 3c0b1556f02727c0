"""What an element type is: the keys it reads (each with its type, default and meaning, which
the loader's schema and the documentation's element reference are both made from), how it
draws, and (for text) how it measures."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..painter import Painter
    from ..resolver import Resolver


@dataclass(frozen=True)
class Key:
    """One key an element reads: what kind of value it takes (``length``, ``colour``…), its
    default as a layout would write it, and what it does, in a sentence for the reference."""

    type: str
    default: str
    meaning: str


Keys = Mapping[str, Key]

LENGTH = "length"  # a number in mm, or a string with a unit: '12mm', '1.2cm', '0.5in', '9pt'
COLOUR = "colour"  # '#rrggbb', a palette name, white, black, grey, or none

# keys every element may carry: the walker reads if/rotate, layouts' override/remove read id
COMMON_KEYS: Keys = {
    "type": Key("name", "(required)", "The element type: one of the types below."),
    "id": Key("name", "(none)", "A name that `override:` and `remove:` of a layout that "
              "`extends` this one find the element by; errors name it too."),
    "if": Key("expression", "(always drawn)", "Drawn only when this expression is true, "
              "e.g. `card.cost`, `number > 1`, `side == 0`."),
    "rotate": Key("degrees", "0", "Turns the element clockwise about the centre of its box "
                  "(x, y, w, h)."),
}
BOX_KEYS: Keys = {
    "x": Key(LENGTH, "0", "Left edge, from the layout's left edge."),
    "y": Key(LENGTH, "0", "Top edge, from the layout's top edge (y runs downwards)."),
    "w": Key(LENGTH, "(to the right edge)", "Width."),
    "h": Key(LENGTH, "(to the bottom edge)", "Height."),
}
# the box of an element drawn by its points: only the centre a ``rotate`` turns about
PIVOT_KEYS: Keys = {key: Key(LENGTH, BOX_KEYS[key].default, f"{BOX_KEYS[key].meaning} The "
                             "points do not move with it: the box only places the centre "
                             "`rotate` turns about.") for key in BOX_KEYS}
STROKE_KEYS: Keys = {
    "stroke": Key(COLOUR, "none", "Colour of the outline; `none` draws no outline."),
    "stroke_width": Key(LENGTH, "0.3", "Width of the outline."),
    "dash": Key("list of lengths", "(solid)", "A dashed outline: `[dash, gap, …]`, "
                "e.g. `[1, 0.5]`."),
}
FILL_KEYS: Keys = {
    "fill": Key(COLOUR, "none", "Colour inside the shape; `none` leaves it empty."),
    "opacity": Key("number 0–1", "1", "How much of the fill shows (0 invisible, 1 solid); "
                   "refused by `--pdfx`, which forbids transparency."),
    **STROKE_KEYS,
}
BLEED_KEY: Keys = {
    "bleed": Key("true/false", "false", "Grow the shape over the bleed on each side where "
                 "it touches the card's edge, so a colour runs off the cut."),
}
COMMON = frozenset(COMMON_KEYS)
BOX = frozenset(BOX_KEYS)

Draw = Callable[["Painter", Mapping[str, Any], dict[str, Any], float, float, float, str], None]
Measure = Callable[["Resolver", Mapping[str, Any], dict[str, Any], float, float, str], Any]


@dataclass(frozen=True)
class ElementType:
    """One element type. ``draw(painter, element, context, w, h, bleed, where)`` paints it in
    the w×h mm box of its layout; ``measure(resolver, element, context, w, h, where)`` lays it
    out without a canvas and raises :class:`~generator.errors.RenderError` when it overflows.
    ``declared`` are its keys with their meaning; ``example`` a layout (YAML, as a designer
    writes it) that uses it, which the documentation prints and draws."""

    name: str
    declared: Keys
    draw: Draw
    measure: Measure | None = None
    # drawn whole from an earlier drawing of it with the same values, when it can be: worth
    # it for elements that draw many others (for one shape, the key costs what drawing does)
    replayed: bool = False
    example: str = field(default="", compare=False)
    # the names of the layouts an element of this type may draw besides its own, as the
    # literal parts of a name (a ``use`` its ``layout``; a ``flow`` any, for its inline
    # icons): what a drawing's replay key must cover (``form_keys``)
    draws: Callable[[Mapping[str, Any]], tuple[str, ...]] | None = field(default=None,
                                                                         compare=False)
    # the element as SVG (its outline, filled by the page's colour), for a page that shows a
    # layout in HTML (the Savvy page's colour cues); plain numbers only
    svg: Callable[[Mapping[str, Any]], str] | None = field(default=None, compare=False)

    @property
    def keys(self) -> frozenset[str]:
        """The keys of this type besides the common ones: the loader's schema."""
        return frozenset(self.declared)
