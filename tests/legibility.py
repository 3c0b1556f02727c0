"""What a player reads, read back from a PDF: letters and digits under the 6 pt floor.

The effective size of a glyph is its font size times the scale of the drawing (a card turned
on the sheet, a form placed smaller), as pdfminer reports it; the page footer (the band at the
bottom of the page, under 4 mm) is a printer's note and may be smaller.

    python3 tests/legibility.py output/*-de-a4.pdf     # every small text, page by page
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

import pdfplumber

FLOOR_PT = 6.0
FOOTER_BAND_MM = 4.0
PT = 72 / 25.4


def glyph_size(char: dict) -> float:
    """The size a reader sees: the glyph's height, or its width on a page turned a quarter."""
    _a, b, _c, _d, _e, _f = char["matrix"]
    return float(char["width"] if abs(b) > 1e-6 else char["size"])


def small_text(path: Path, floor: float = FLOOR_PT) -> dict[tuple[int, float], str]:
    """(1-based page, size rounded to 0.1 pt) → the letters and digits drawn that small."""
    found: dict[tuple[int, float], list[str]] = defaultdict(list)
    with pdfplumber.open(str(path)) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            footer_top = float(page.height) - FOOTER_BAND_MM * PT
            for char in page.chars:
                if not char["text"].isalnum() or char["top"] >= footer_top:
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
