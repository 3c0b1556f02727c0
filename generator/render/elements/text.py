"""``text``: one string wrapped in its box, shrunk (down to ``min_size``) until it fits."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from ...units import mm
from .. import colours
from ..expressions import render_value
from ..fonts import draw_text, font_name
from ..resolver import Box
from ..text import FittedText, TextOverflow, fit_or_fail
from .kind import BOX, ElementType

if TYPE_CHECKING:
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
    box and the language when it does not fit even at ``min_size``."""
    text = str(render_value(element.get("text", ""), context, where, "text"))
    if not text.strip():
        return None
    box = r.box(element, context, where, w, h)
    font = font_name(render_value(element.get("font", "regular"), context, where))
    size, min_size = r.type_sizes(element, context, where, DEFAULT_SIZE)
    leading = r.num(element, "leading", context, where, DEFAULT_LEADING, plain=True)
    try:
        fitted = fit_or_fail(text, font, box[2], box[3], size, min_size, leading, where,
                             str(context.get("lang", "")))
    except TextOverflow as exc:
        raise TextOverflow(f"{exc} (box '{element.get('id', 'text')}', language "
                          f"'{context.get('lang', '?')}')") from None
    return PlacedText(box, font, fitted)


def draw(p: Painter, element: Mapping[str, Any], context: dict[str, Any], w: float, h: float,
         bleed: float, where: str) -> None:
    placed = measure(p, element, context, w, h, where)
    if placed is None:
        return
    (x, y, bw, bh), font, fitted = placed
    colour = p.colour(element, "color", context, where, "black")
    if p.ink_saver and colour is not None and colours.luminance(colour) > 0.8:
        colour = colours.resolve("black", {}, where)
    align = element.get("align", "left")
    valign = element.get("valign", "top")
    block = fitted.leading * (len(fitted.lines) - 1) + fitted.size
    top = -mm(y)
    if valign == "middle":
        top -= (mm(bh) - block) / 2
    elif valign == "bottom":
        top -= mm(bh) - block
    canvas = p.canvas
    canvas.saveState()
    colours.set_fill(canvas, colour)
    baseline = top - fitted.size * 0.8
    anchor = {"center": x + bw / 2, "right": x + bw}.get(align, x)
    for line in fitted.lines:
        draw_text(canvas, mm(anchor), baseline, line, font, fitted.size, align)
        baseline -= fitted.leading
    canvas.restoreState()


ELEMENT = ElementType("text", BOX | {"text", "size", "min_size", "font", "align", "valign",
                                     "color", "leading"}, draw, measure)
