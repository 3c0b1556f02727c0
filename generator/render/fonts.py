"""Bundled fonts registered by absolute path; reportlab embeds only the glyphs used."""

from __future__ import annotations

from functools import lru_cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..resources import fonts_dir

FONT_FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf"}
FONT_NAMES = {"regular": "PnpSans", "bold": "PnpSans-Bold"}


@lru_cache(maxsize=1)
def register_fonts() -> dict[str, str]:
    """Register the bundled fonts once per process; return style → reportlab font name."""
    folder = fonts_dir()
    for style, file_name in FONT_FILES.items():
        pdfmetrics.registerFont(TTFont(FONT_NAMES[style], str(folder / file_name)))
    return dict(FONT_NAMES)


def font_name(style: str) -> str:
    names = register_fonts()
    return names.get(style, names["regular"])
