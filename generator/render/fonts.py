"""Bundled fonts registered by absolute path; reportlab embeds only the glyphs used.

DejaVu Sans draws Latin, Greek, Cyrillic and symbols: the text roles (regular, bold, italic,
bold-italic). A game's display face (``font: display`` or ``display-bold``; the faces and the
default in ``templates/fonts.yaml``, a game's choice in its ``fonts:``) draws titles and names.
A character a face lacks is drawn by the next face that has it, one run of characters at a
time: a display face's missing symbols (✓ ● ▲…) in DejaVu Sans of its weight, and what DejaVu
lacks (Chinese, Japanese, Korean) in Droid Sans Fallback, so no glyph prints as an empty box.
Faces other than DejaVu's upright two are registered on first use: most builds never draw them.
"""

from __future__ import annotations

from functools import lru_cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from ..content.typefaces import DISPLAY_ROLES, default_fonts, faces
from ..resources import fonts_dir

FONT_FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf"}
FONT_NAMES = {"regular": "PnpSans", "bold": "PnpSans-Bold"}
SLANTED_FILES = {"italic": "DejaVuSans-Oblique.ttf", "bold-italic": "DejaVuSans-BoldOblique.ttf"}
SLANTED_NAMES = {"italic": "PnpSans-Oblique", "bold-italic": "PnpSans-BoldOblique"}
STYLES = (*FONT_NAMES, *SLANTED_NAMES, *DISPLAY_ROLES)  # what a text element's ``font`` names
FALLBACK_FILE, FALLBACK_NAME = "DroidSansFallbackFull.ttf", "PnpFallback"
DISPLAY_PREFIX = "PnpDisplay-"


@lru_cache(maxsize=1)
def register_fonts() -> dict[str, str]:
    """Register the bundled fonts once per process; return style → reportlab font name."""
    folder = fonts_dir()
    for style, file_name in FONT_FILES.items():
        pdfmetrics.registerFont(TTFont(FONT_NAMES[style], str(folder / file_name)))
    return dict(FONT_NAMES)


def font_name(style: str, display: str | None = None) -> str:
    """The registered font of a role; ``display``: the game's display face (its id)."""
    if style in DISPLAY_ROLES:
        return _display(display or default_fonts()["display"], style)
    if style in SLANTED_NAMES:
        return _slanted(style)
    names = register_fonts()
    return names.get(style, names["regular"])


@lru_cache(maxsize=32)
def _display(face_id: str, role: str) -> str:
    face = faces()[face_id]
    name = f"{DISPLAY_PREFIX}{face_id}-{role}"
    pdfmetrics.registerFont(TTFont(name, str(fonts_dir() / face.roles[role])))
    _DISPLAY_FILLS[name] = FONT_NAMES["bold" if face.weight == "bold" else "regular"]
    _DISPLAY_BOLD[name] = _display(face_id, "display-bold") if role == "display" else name
    return name


_DISPLAY_FILLS: dict[str, str] = {}  # display font → the DejaVu face for what it lacks
_DISPLAY_BOLD: dict[str, str] = {}  # display font → its bold role (markup's **bold**)


def styled(font: str, bold: bool, italic: bool) -> str:
    """The face of ``font`` made bold and/or italic (markup adds to the element's own style):
    a display face has no italic, and its bold is its ``display-bold``."""
    if font in _DISPLAY_BOLD:
        return _DISPLAY_BOLD[font] if bold else font
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


@lru_cache(maxsize=32)
def _glyphs(font: str) -> frozenset[int]:
    return frozenset(pdfmetrics.getFont(font).face.charToGlyph)


def _filled_by(font: str, code: int) -> str:
    """The font that draws a character ``font`` lacks: for a display face, DejaVu Sans of
    its weight; then Droid Sans Fallback; else ``font`` itself (its empty box)."""
    fill = _DISPLAY_FILLS.get(font)
    if fill is not None and code in _glyphs(fill):
        return fill
    fallback = _fallback()
    return fallback if code in _glyphs(fallback) else font


def runs(text: str, font: str) -> list[tuple[str, str]]:
    """Split text into (font, piece) runs: the font's own glyphs, the fallbacks for the rest."""
    if text.isascii() and font not in _DISPLAY_FILLS:
        return [(font, text)]
    own = _glyphs(font)
    if text.isascii() and all(ord(c) in own for c in text):
        return [(font, text)]
    result: list[tuple[str, str]] = []
    for char in text:
        chosen = font
        if ord(char) not in own and not char.isspace():
            chosen = _filled_by(font, ord(char))
        if result and result[-1][0] == chosen:
            result[-1] = (chosen, result[-1][1] + char)
        else:
            result.append((chosen, char))
    return result


@lru_cache(maxsize=32)
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
