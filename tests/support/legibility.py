"""What a player reads, read back from a PDF: letters and digits under the 6 pt floor.

The effective size of a glyph is its font size times the scale of the drawing (a card turned
on the sheet, a form placed smaller), as pdfminer reports it; the page footer (the band at the
bottom of the page, under 4 mm) is a printer's note and may be smaller.

    python3 tests/support/legibility.py output/*-de-a4.pdf     # every small text, page by page
"""

from __future__ import annotations

import ctypes
import sys
from collections import Counter, defaultdict
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw

if __name__ == "__main__":  # run by hand, as above: tests/ is not on the path then
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from support.units import PT_PER_MM  # noqa: E402

FLOOR_PT = 6.0
FOOTER_BAND_MM = 8.0  # the page footer (5.5 pt): in the 3 mm band above the 5 mm margin
INVISIBLE = 0.97  # a box this much one colour shows no glyph


def glyph_size(char: dict) -> float:
    """The size a reader sees: the glyph's height, or its width on a page turned a quarter."""
    _a, b, _c, _d, _e, _f = char["matrix"]
    return float(char["width"] if abs(b) > 1e-6 else char["size"])


def small_text(path: Path, floor: float = FLOOR_PT,
               signs: bool = False) -> dict[tuple[int, float], str]:
    """(1-based page, size rounded to 0.1 pt) → the letters and digits drawn that small; with
    ``signs`` every glyph that is not blank (an icon's '+' or '✓' set as text shrinks too)."""
    found: dict[tuple[int, float], list[str]] = defaultdict(list)
    with pdfplumber.open(str(path)) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            footer_top = float(page.height) - FOOTER_BAND_MM * PT_PER_MM
            for char in page.chars:
                seen = char["text"].strip() if signs else char["text"].isalnum()
                if not seen or char["top"] >= footer_top:
                    continue
                size = glyph_size(char)
                if size < floor - 0.05:
                    found[(number, round(size, 1))].append(char["text"])
    return {key: "".join(chars) for key, chars in sorted(found.items())}


if __name__ == "__main__":
    for name in sys.argv[1:]:
        small = small_text(Path(name))
        print(f"{name}: {len(small)} small runs")
        for (page, size), text in small.items():
            print(f"  page {page} {size} pt: {text[:110]}")


def letter_heights(path: Path, page: int, font_part: str) -> list[tuple[str, float]]:
    """(letter, drawn height in pt) of each letter of one page (0-based) set in a font whose
    name holds ``font_part``: the tight box of its ink, as pdfium reads it. A caps-only display
    face is read by its capitals, so this is the size a player sees of such a label (Bebas
    Neue set at 7 pt draws capitals 4.9 pt tall)."""
    doc = pdfium.PdfDocument(str(path))
    try:
        textpage = doc[page].get_textpage()
        name = ctypes.create_string_buffer(256)
        flags = ctypes.c_int()
        found = []
        for index in range(textpage.count_chars()):
            letter = textpage.get_text_range(index, 1)
            if not letter.isalpha():
                continue
            pdfium_raw.FPDFText_GetFontInfo(textpage.raw, index, name, len(name),
                                            ctypes.byref(flags))
            if font_part.encode() in name.value:
                _left, bottom, _right, top = textpage.get_charbox(index, loose=False)
                found.append((letter, top - bottom))
        return found
    finally:
        doc.close()


def _luminance(rgb: tuple[float, float, float]) -> float:
    """WCAG relative luminance of an sRGB colour with channels in 0..1."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: tuple[float, float, float], second: tuple[float, float, float]) -> float:
    """WCAG contrast ratio, 1 to 21."""
    light, dark = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _rgb(colour) -> tuple[float, float, float] | None:
    if colour is None:
        return (0.0, 0.0, 0.0)
    values = tuple(float(c) for c in (colour if isinstance(colour, (list, tuple)) else [colour]))
    if len(values) == 1:
        return (values[0],) * 3
    if len(values) == 3:
        return values  # type: ignore[return-value]
    if len(values) == 4:  # CMYK
        c, m, y, k = values
        return ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))
    return None


def low_contrast(path: Path, pages: list[int] | None = None,
                 px_per_mm: float = 6.0) -> list[tuple[int, str, float]]:
    """(1-based page, word, ratio) for words whose colour stands out from the paper or
    fill behind them by less than WCAG asks: 4.5:1, or 3:1 from 14 pt bold or 18 pt.

    The background is read from the rendered page: the commonest colour in the word's box
    among the pixels that are not the text's own colour. A word whose box is one flat colour
    on the page is not seen at all (clipped away, as on a board tile) and is skipped."""
    found = []
    doc = pdfium.PdfDocument(str(path))
    try:
        with pdfplumber.open(str(path)) as pdf:
            for index in pages if pages is not None else range(len(pdf.pages)):
                page = pdf.pages[index]
                image = doc[index].render(scale=px_per_mm / PT_PER_MM).to_pil().convert("RGB")
                scale = px_per_mm / PT_PER_MM
                words = page.extract_words(extra_attrs=["non_stroking_color", "size",
                                                        "fontname"])
                for word in words:
                    ink = _rgb(word["non_stroking_color"])
                    if ink is None or not any(ch.isalnum() for ch in word["text"]):
                        continue
                    box = tuple(int(v * scale) for v in
                                (word["x0"], word["top"], word["x1"], word["bottom"]))
                    if box[2] - box[0] < 2 or box[3] - box[1] < 2:
                        continue
                    ink255 = tuple(round(c * 255) for c in ink)
                    crop = image.crop(box)
                    pixels = Counter({colour: count for count, colour
                                      in crop.getcolors(crop.width * crop.height)})
                    if pixels.most_common(1)[0][1] >= INVISIBLE * sum(pixels.values()):
                        continue  # the word leaves no mark: drawn outside its clip (a board tile)
                    far = [(n, px) for px, n in pixels.items()
                           if sum(abs(a - b) for a, b in zip(px, ink255, strict=True)) > 90]
                    background = max(far)[1] if far else pixels.most_common(1)[0][0]
                    ratio = contrast(ink, tuple(c / 255 for c in background))  # type: ignore[arg-type]
                    large = word["size"] >= 18 or (word["size"] >= 14
                                                   and "Bold" in word["fontname"])
                    if ratio < (3.0 if large else 4.5):
                        found.append((index + 1, word["text"], round(ratio, 2)))
    finally:
        doc.close()
    return found
