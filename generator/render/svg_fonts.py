"""The faces an SVG's text is drawn in: pnp's bundled ones, never a file the SVG names.

svglib turns a ``font-family`` it does not know into a file name (``x`` → ``x.ttf``, relative
to the working folder, or an absolute path) and asks reportlab to load it, or asks fontconfig
for the machine's fonts: a stranger's SVG could embed any font file in the PDF, or read
``/dev/zero`` until memory ran out. Here a family is one of the PDF's standard fonts
(Helvetica, serif…: no file, and ``--pdfx`` refuses them as unembedded), a bundled face of
``templates/fonts.yaml`` by its id or name, or else DejaVu Sans of the weight and style
asked; a family that names a file is refused with the SVG named."""

from __future__ import annotations

from svglib.fonts import STANDARD_FONT_NAMES, FontMap

from ..content.typefaces import faces
from .fonts import font_name

FONT_FILE_SUFFIXES = (".ttf", ".otf", ".ttc", ".pfb", ".afm", ".woff", ".woff2")


def names_a_file(family: str) -> bool:
    """Whether a ``font-family`` is a path rather than a family name."""
    family = family.strip().lower()
    return "/" in family or "\\" in family or family.endswith(FONT_FILE_SUFFIXES)


class BundledFonts(FontMap):
    """svglib's font map for one SVG, which finds fonts among the bundled faces only and
    remembers a family that names a file (:attr:`refused`) for the caller to report: svglib
    logs and swallows what a font lookup raises."""

    def __init__(self) -> None:
        super().__init__()
        self.refused: str | None = None

    def find_font(self, font_name_: str, weight: str = "normal",
                  style: str = "normal") -> tuple[str, bool]:
        if names_a_file(font_name_):
            self.refused = self.refused or font_name_
        family = self._family_index.get(font_name_.lower(), font_name_)
        if FontMap.build_internal_name(family, weight, style) in {*STANDARD_FONT_NAMES,
                                                                  *self._map}:
            return super().find_font(font_name_, weight, style)  # a PDF's own, no file read
        wanted = font_name_.strip().strip("'\"").lower()
        for face_id, face in faces().items():
            if wanted in (face_id, face.name.lower()):
                role = "display-bold" if _bold(weight) else "display"
                return font_name(role, face_id), True
        bold, italic = _bold(weight), style.strip().lower() in ("italic", "oblique")
        role = {(False, False): "regular", (True, False): "bold", (False, True): "italic",
                (True, True): "bold-italic"}[(bold, italic)]
        return font_name(role), False

    def use_fontconfig(self, font_name_: str, weight: str = "normal",
                       style: str = "normal") -> tuple[str | None, bool]:
        return None, False  # never the machine's fonts

    def refusal(self) -> str | None:
        """What to tell the designer when the SVG named a font file (None: it did not)."""
        if self.refused is None:
            return None
        return (f"its font-family {self.refused[:80]!r} names a font file; pnp draws an SVG's "
                "text in its bundled fonts only (templates/fonts.yaml): name a family "
                "instead, or convert the text to paths")


def _bold(weight: str) -> bool:
    """Whether an SVG ``font-weight`` ("bold", "700") asks for a bold face."""
    weight = str(weight).strip().lower()
    return weight in ("bold", "bolder") or (weight.isdigit() and int(weight) >= 600)
