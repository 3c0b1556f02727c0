"""``flow``: rich text (headings, paragraphs, bullets, inline icons) from rule text ``blocks``,
in ``columns``, shrunk as one piece until it fits."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from ...content.markup import MarkupError
from ...content.typography import one_size_decks
from ...errors import RenderError, excerpt
from ..blocks import Block, Icon
from ..expressions import ANY_NAME, evaluate
from ..flow import Flowed, FlowOverflow, FlowStyle, Run, draw_flow, fitted_flow
from ..inline import Picture, pictures
from ..recording import by_language
from .kind import BOX_KEYS, COLOUR, LENGTH, ElementType, Key
from .text import inline_colour
from .use import ELEMENT as USE

if TYPE_CHECKING:
    from ..painter import Painter
    from ..resolver import Resolver

DEFAULT_SIZE = 7.0  # pt
_PLACEHOLDER = re.compile(r"%\(\w+\)[sdif]|\{\{?[^{}]*\}?\}")  # a message's slots, not its words


class PlacedFlow(NamedTuple):
    x: float
    y: float
    runs: tuple[Run, ...]
    by_language: bool  # laid out with the language's hyphenation tried


def measure(r: Resolver, element: Mapping[str, Any], context: dict[str, Any], w: float,
            h: float, where: str) -> PlacedFlow:
    """The flow's top-left and its runs, or a RenderError naming the message id, the language
    and the box that overflows. On a face of a rule-card deck (``side`` of ``rules.faces``),
    every face is fitted and this one set at the smallest size they fit at, so the deck reads
    at one size (``one_size_decks`` in templates/typography.yaml)."""
    sides = _deck_sides(context)
    cap = _deck_size(r, element, context, w, h, where, sides) if sides > 1 else None
    x, y, flowed = _fit(r, element, context, w, h, where, cap)
    return PlacedFlow(x, y, flowed.runs, flowed.by_language)


def _deck_size(r: Resolver, element: Mapping[str, Any], context: dict[str, Any], w: float,
               h: float, where: str, sides: int) -> float:
    """The smallest size the deck's faces fit at, worked out once per deck, element and box
    for all its faces (``r.deck_sizes``): each face fitting every face again is 4 million
    fits for 2,000 faces, more than the fitted flows remembered, so each one fitted anew."""
    rules = context.get("rules")
    key = (id(element), id(rules), w, h, where)
    known = r.deck_sizes.get(key)
    if known is None or known[0] is not element or known[1] is not rules:
        size = min(_fit(r, element, {**context, "side": side}, w, h, where, None)[2].size
                   for side in range(sides))
        known = r.deck_sizes[key] = (element, rules, size)
    return known[2]


def _deck_sides(context: Mapping[str, Any]) -> int:
    """How many faces share this flow's size: those of its rule-card deck, or 1."""
    faces = getattr(context.get("rules"), "faces", None)
    if not isinstance(context.get("side"), int) or not faces:
        return 1
    return len(faces) if one_size_decks(str(context.get("lang", ""))) else 1


def _fit(r: Resolver, element: Mapping[str, Any], context: dict[str, Any], w: float,
         h: float, where: str, cap: float | None) -> tuple[float, float, Flowed]:
    """The flow's top-left and its text fitted from its ``size`` (or ``cap``, if smaller)."""
    blocks = evaluate(element.get("blocks", "[]"), context, f"{where}.blocks") or []
    x, y, bw, bh = r.box(element, context, where, w, h)
    size, min_size = r.type_sizes(element, context, where, DEFAULT_SIZE)
    style = FlowStyle(size if cap is None else max(min(size, cap), min_size), min_size,
                      r.num(element, "leading", context, where, 1.22, plain=True),
                      int(r.num(element, "columns", context, where, 1, plain=True)),
                      r.num(element, "gap", context, where, 4.0),
                      str(context.get("lang", "")))
    try:
        blocks = tuple(blocks)
        if not all(isinstance(block, Block) for block in blocks):
            raise RenderError(f"{where}.blocks: expected rule text blocks (such as "
                              f"rules.faces[side].blocks), got {blocks[:1]!r}…")
        ratios = {icon: r.picture_ratio(icon, where) for block in blocks
                  for icon in _pictures(block, where)}
        return x, y, fitted_flow(blocks, bw, bh, style, tuple(ratios.items()))
    except FlowOverflow as exc:
        ids = _worded(exc.block)
        raise RenderError(
            f"{where}: text overflows box '{element.get('id', 'flow')}' ({bw:g}×{bh:g} mm) "
            f"in language '{context.get('lang', '?')}' even at {style.min_size:g} pt, at "
            f"message id {excerpt(ids[0])}; shorten that translation or enlarge the box") from None


def draw(p: Painter, element: Mapping[str, Any], context: dict[str, Any], w: float, h: float,
         bleed: float, where: str) -> None:
    x, y, runs, hyphenated = measure(p, element, context, w, h, where)
    if hyphenated:
        by_language(p.canvas)
    colour = p.colour(element, "color", context, where, "black")
    accent = p.colour(element, "accent", context, where, "black")

    def icon(picture: Picture, ix: float, iy: float, iw: float, ih: float) -> None:
        if isinstance(picture, Icon):
            icon_element = {"layout": picture.layout, "x": ix, "y": iy, "w": iw, "h": ih}
            USE.draw(p, icon_element, context, w, h, 0.0, f"{where}.icon")
        else:
            p.draw_picture(picture, ix, iy, iw, ih, f"{where}.icon")

    draw_flow(p.canvas, runs, x, y, colour, accent, icon,
              lambda name: inline_colour(p, name, where))


def _worded(block: Block) -> tuple[str, ...]:
    """The message ids of a block that hold words of their own, the longest first: a wrapper
    such as '%(name)s: %(text)s' is not what a translator shortens or mends."""
    worded = sorted((i for i in block.ids if re.search(r"[^\W\d_]", _PLACEHOLDER.sub("", i))),
                    key=len, reverse=True)
    return tuple(worded) or block.ids or (block.text[:60],)


def _pictures(block: Block, where: str) -> list[Picture]:
    """The block's pictures; a RenderError naming the message id when its markup is broken."""
    try:
        return pictures(block.pieces)
    except MarkupError as exc:
        ids = _worded(block)
        raise RenderError(f"{where}: the rule text at message id {excerpt(ids[0])}: "
                          f"{exc}") from None


ELEMENT = ElementType("flow", {
    **BOX_KEYS,
    "blocks": Key("expression", "(required)", "Rule text blocks: in a `kind: rules` "
                  "component's layouts, `rules.faces[side].blocks` or `rules.pages[i]`."),
    "size": Key("pt", "7", "The largest type size tried. On a rule card's face every face "
                "of the deck is set at the size of its smallest (templates/typography.yaml, "
                "`one_size_decks`)."),
    "min_size": Key("pt", "6 (the floor)", "The smallest type size allowed; a text that does "
                    "not fit even then stops the build, naming the message id."),
    "leading": Key("number", "1.22", "Line height in ems."),
    "columns": Key("number", "1", "Columns the text flows through."),
    "gap": Key(LENGTH, "4", "Space between columns."),
    "color": Key(COLOUR, "black", "Colour of the text."),
    "accent": Key(COLOUR, "black", "Colour of headings and bullets."),
}, draw, measure, draws=lambda element: ANY_NAME, example="""\
size: [60, 40]
elements:
  - {type: flow, x: 3, y: 3, w: 54, h: 34, blocks: "rules.faces[0].blocks", size: 8,
     columns: 2, gap: 3, accent: accent}
""")
