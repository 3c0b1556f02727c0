"""Bundled fonts registered by absolute path; reportlab embeds only the glyphs used.

DejaVu Sans draws Latin, Greek, Cyrillic and symbols. A character it lacks (Chinese, Japanese,
Korean) is drawn in Droid Sans Fallback instead, one run of characters at a time, so a card in
any of those scripts shows its glyphs rather than empty boxes. Its oblique faces (italic and
bold italic, for card text markup) are registered on first use: most builds never draw them.
"""

from __future__ import annotations

from functools import lru_cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from ..resources import fonts_dir

FONT_FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf"}
FONT_NAMES = {"regular": "PnpSans", "bold": "PnpSans-Bold"}
SLANTED_FILES = {"italic": "DejaVuSans-Oblique.ttf", "bold-italic": "DejaVuSans-BoldOblique.ttf"}
SLANTED_NAMES = {"italic": "PnpSans-Oblique", "bold-italic": "PnpSans-BoldOblique"}
STYLES = (*FONT_NAMES, *SLANTED_NAMES)  # what a text element's ``font`` may name
FALLBACK_FILE, FALLBACK_NAME = "DroidSansFallbackFull.ttf", "PnpFallback"


@lru_cache(maxsize=1)
def register_fonts() -> dict[str, str]:
    """Register the bundled fonts once per process; return style → reportlab font name."""
    folder = fonts_dir()
    for style, file_name in FONT_FILES.items():
        pdfmetrics.registerFont(TTFont(FONT_NAMES[style], str(folder / file_name)))
    return dict(FONT_NAMES)


def font_name(style: str) -> str:
    if style in SLANTED_NAMES:
        return _slanted(style)
    names = register_fonts()
    return names.get(style, names["regular"])


def styled(font: str, bold: bool, italic: bool) -> str:
    """The face of ``font`` made bold and/or italic (markup adds to the element's own style)."""
    bold = bold or font in (FONT_NAMES["bold"], SLANTED_NAMES["bold-italic"])
    italic = italic or font in SLANTED_NAMES.values()
    if not italic:
        return font_name("bold" if bold else "regular")
    return _slanted("bold-italic" if bold else "italic")


@lru_cache(maxsize=2)
def _slanted(style: str) -> str:
    register_fonts()
    pdfmetrics.registerFont(TTFont(SLANTED_NAMES[style], str(fonts_dir() / SLANTED_FILES[style])))
    return SLANTED_NAMES[style]


@lru_cache(maxsize=1)
def _fallback() -> str:
    """Registered on first need: most builds never draw a CJK character."""
    pdfmetrics.registerFont(TTFont(FALLBACK_NAME, str(fonts_dir() / FALLBACK_FILE)))
    return FALLBACK_NAME


@lru_cache(maxsize=8)
def _glyphs(font: str) -> frozenset[int]:
    return frozenset(pdfmetrics.getFont(font).face.charToGlyph)


def runs(text: str, font: str) -> list[tuple[str, str]]:
    """Split text into (font, piece) runs: the font's own glyphs, the fallback for the rest."""
    if text.isascii():
        return [(font, text)]
    own = _glyphs(font)
    result: list[tuple[str, str]] = []
    for char in text:
        chosen = font
        if ord(char) not in own and not char.isspace():
            fallback = _fallback()
            chosen = fallback if ord(char) in _glyphs(fallback) else font
        if result and result[-1][0] == chosen:
            result[-1] = (chosen, result[-1][1] + char)
        else:
            result.append((chosen, char))
    return result


@lru_cache(maxsize=8)
def letter_height(font: str) -> float:
    """How far the font's tall letters rise above the baseline, in ems: the cap height the
    font declares, or its typographic ascender when it declares none (DejaVu: 0.76)."""
    return float(pdfmetrics.getFont(font).face.capHeight) / 1000


@lru_cache(maxsize=65536)
def text_width(text: str, font: str, size: float) -> float:
    """Width in pt, measuring each run in the font that will draw it (remembered: text
    fitting measures the same words at the same sizes over and over)."""
    return sum(pdfmetrics.stringWidth(piece, name, size) for name, piece in runs(text, font))


def draw_text(canvas: Canvas, x: float, y: float, text: str, font: str, size: float,
              align: str = "left") -> None:
    """Draw one line at (x, y) pt, anchored left, centre or right, with glyph fallback."""
    if align == "center":
        x -= text_width(text, font, size) / 2
    elif align == "right":
        x -= text_width(text, font, size)
    for name, piece in runs(text, font):
        canvas.setFont(name, size)
        canvas.drawString(x, y, piece)
        x += text_width(piece, name, size)  # remembered: the same pieces recur on every card
