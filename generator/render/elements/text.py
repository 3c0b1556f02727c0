"""``text``: one string wrapped in its box, shrunk (down to ``min_size``) until it fits. Its
markup — ``**bold**``, ``*italic*``, ``:name:`` icons (``:name@1.4,+0.5:``: larger, raised),
``{red}colour{/}`` (see :mod:`generator.content.markup`) — is laid out by the same line breaker
as rule text, so a bold word or an icon counts its own width when the text shrinks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from ...content.markup import MarkupError, Symbol, plain
from ...errors import RenderError, excerpt
from ...limits import limit, past
from ...units import PT_PER_MM, mm
from .. import colours
from ..expressions import render_value
from ..fonts import draw_text
from ..inline import BASELINE, Bits, Picture, picture_box, pictures, placed, width
from ..recording import by_language
from ..resolver import Box
from ..text import FittedText, TextOverflow, fit_or_fail
from .kind import BOX_KEYS, COLOUR, ElementType, Key

if TYPE_CHECKING:
    from reportlab.lib.colors import Color

    from ..painter import Painter
    from ..resolver import Resolver

DEFAULT_SIZE = 10.0  # pt
DEFAULT_LEADING = 1.2  # line height in ems


class PlacedText(NamedTuple):
    box: Box
    font: str
    fitted: FittedText


def measure(r: Resolver, element: Mapping[str, Any], context: dict[str, Any], w: float,
            h: float, where: str) -> PlacedText | None:
    """The text's lines at the size that fits (None for blank text); a RenderError naming the
    box and the language when it does not fit even at ``min_size``, and the card and box
    when its markup is broken or names an icon the game folder lacks."""
    text = str(render_value(element.get("text", ""), context, where, "text"))
    if len(text) > limit("text_chars"):  # fitting megabytes of text to a box takes minutes
        raise RenderError(f"{where}.text: " + past("text_chars", f"{len(text):,} characters"))
    if not text.strip():
        return None
    if r.budget is not None:  # drawing a card, not measuring a fixed text for the fit
        r.budget.spend("card_text_chars", len(text), f"{where}.text")
        r.budget.spend("pdf_text_chars", len(text), f"{where}.text")
    box = r.box(element, context, where, w, h)
    font = r.font(str(render_value(element.get("font", "regular"), context, where)), where)
    size, min_size = r.type_sizes(element, context, where, DEFAULT_SIZE)
    leading = r.num(element, "leading", context, where, DEFAULT_LEADING, plain=True)
    icons = _icon_ratios(r, element, context, text, where)
    try:
        fitted = fit_or_fail(text, font, box[2], box[3], size, min_size, leading, where,
                             str(context.get("lang", "")), icons)
    except TextOverflow as exc:
        raise TextOverflow(f"{exc} (box '{element.get('id', 'text')}', language "
                          f"'{context.get('lang', '?')}')") from None
    return PlacedText(box, font, fitted)


def _icon_ratios(r: Resolver, element: Mapping[str, Any], context: dict[str, Any], text: str,
                 where: str) -> tuple[tuple[Picture, float], ...]:
    """Each ``:name:`` icon of the text with its width / height."""
    if plain(text):
        return ()
    here = f"{where} ({whose(element, context)})"
    try:
        return tuple((icon, r.picture_ratio(icon, here))
                     for icon in dict.fromkeys(pictures((text,))))
    except MarkupError as exc:
        raise RenderError(f"{here}: {exc}") from None


def whose(element: Mapping[str, Any], context: dict[str, Any]) -> str:
    """The box, and the card it is drawn for: what a designer looks for in the spreadsheet."""
    box = f"text box '{element.get('id', 'text')}'"
    card = context.get("card")
    if not isinstance(card, Mapping) or "number" not in context:
        return f"{box}, language '{context.get('lang', '?')}'"
    component = context.get("component", {}).get("id", "?")
    title = card.get("title") or card.get("name") or card.get("id")
    named = f" {excerpt(str(title))}" if title else ""
    return f"deck '{component}', card {context['number']}{named}, {box}"


def draw(p: Painter, element: Mapping[str, Any], context: dict[str, Any], w: float, h: float,
         bleed: float, where: str) -> None:
    placed = measure(p, element, context, w, h, where)
    if placed is None:
        return
    (x, y, bw, bh), font, fitted = placed
    if fitted.by_language:
        by_language(p.canvas)
    colour = p.colour(element, "color", context, where, "black")
    if p.ink_saver and colour is not None and colours.luminance(colour) > 0.8:
        colour = colours.resolve("black", {}, where)
    align = element.get("align", "left")
    valign = element.get("valign", "top")
    block = fitted.leading * (len(fitted.rows) - 1) + fitted.size
    top = -mm(y)
    if valign == "middle":
        top -= (mm(bh) - block) / 2
    elif valign == "bottom":
        top -= mm(bh) - block
    canvas = p.canvas
    canvas.saveState()
    colours.set_fill(canvas, colour)
    baseline = top - fitted.size * BASELINE
    anchor = {"center": x + bw / 2, "right": x + bw}.get(align, x)
    for row in fitted.rows:
        if len(row) <= 1 and not any(bit.icon is not None or bit.colour for bit in row):
            draw_text(canvas, mm(anchor), baseline, row[0].text if row else "",
                      row[0].font if row else font, fitted.size, align)
        else:
            _draw_rich(p, row, mm(anchor), baseline, fitted.size, align, where)
        baseline -= fitted.leading
    canvas.restoreState()


def _draw_rich(p: Painter, row: Bits, anchor: float, baseline: float, size: float, align: str,
               where: str) -> None:
    """One line of several fonts or with icons, anchored at ``anchor`` pt."""
    x = anchor - {"center": width(row, size) / 2, "right": width(row, size)}.get(align, 0.0)
    for offset, bit in placed(row, size):
        if isinstance(bit.icon, Symbol):
            p.draw_picture(bit.icon, *picture_box(bit.icon, bit.ems, bit.font,
                                                  x / PT_PER_MM + offset,
                                                  -baseline / PT_PER_MM, size), where)
        elif bit.colour:  # an inline {colour}: this bit alone
            p.canvas.saveState()
            colours.set_fill(p.canvas, inline_colour(p, bit.colour, where))
            draw_text(p.canvas, x + mm(offset), baseline, bit.text, bit.font, size)
            p.canvas.restoreState()
        else:
            draw_text(p.canvas, x + mm(offset), baseline, bit.text, bit.font, size)


def inline_colour(p: Painter, name: str, where: str) -> Color:
    """An inline ``{name}`` of card text as a colour: the palette's, a basic one or #rrggbb
    (an unknown name is an error naming the palette)."""
    colour = colours.resolve(name, p.game.palette, where)
    assert colour is not None  # the markup reads no empty name
    return colour


ELEMENT = ElementType("text", {
    **BOX_KEYS,
    "text": Key("text", "(empty)", "What to print, with markup: `**bold**`, `*italic*`, "
                "`:icon:` (`:icon@1.4,+0.5:`: 1.4 times as tall, 0.5 mm up), `{red}colour{/}` "
                "(see docs/layout-markup.md); may be an expression such as "
                "`{{ card.title | upper }}`."),
    "size": Key("pt", "10", "The largest type size; the text shrinks from it until it fits."),
    "min_size": Key("pt", "6 (the floor)", "The smallest type size allowed; a text that does "
                    "not fit even then stops the build, naming the box and language."),
    "font": Key("regular | bold | italic | bold-italic", "regular", "The face; markup adds "
                "bold or italic to it."),
    "align": Key("left | center | right", "left", "Horizontal alignment of each line."),
    "valign": Key("top | middle | bottom", "top", "Vertical place of the lines in the box."),
    "color": Key(COLOUR, "black", "Colour of the text."),
    "leading": Key("number", "1.2", "Line height in ems."),
}, draw, measure, example="""\
size: [60, 30]
elements:
  - {type: text, x: 3, y: 2, w: 54, h: 8, text: "{{ card.title | upper }}", size: 14,
     font: bold, color: accent}
  - {type: text, x: 3, y: 11, w: 54, h: 17, text: "Pay :heart: to **heal** two wounds, then
     *draw* one card.", size: 10, min_size: 7, valign: middle}
""")
