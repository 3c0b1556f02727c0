"""Read built PDFs back the way a user sees them: text lines per page, word boxes in mm."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pdfplumber
import pypdf

PT = 72 / 25.4  # points per mm


def page_lines(path: Path, only: list[int] | None = None) -> list[list[str]]:
    """The text lines of every page (or of the 0-based pages ``only``), footer included."""
    reader = pypdf.PdfReader(str(path))
    pages = reader.pages if only is None else [reader.pages[i] for i in only]
    return [[line.strip() for line in page.extract_text().splitlines() if line.strip()]
            for page in pages]


def line_counts(path: Path) -> Counter:
    """How often each exact text line occurs in the whole document."""
    return Counter(line for page in page_lines(path) for line in page)


def words_mm(path: Path, page: int) -> list[dict]:
    """Words of one page (0-based) with x0, top, x1, bottom in mm from the top-left corner."""
    with pdfplumber.open(str(path)) as pdf:
        words = pdf.pages[page].extract_words()
    return [{**w, **{k: w[k] / PT for k in ("x0", "x1", "top", "bottom")}} for w in words]


def page_size_mm(path: Path, page: int = 0) -> tuple[float, float]:
    box = pypdf.PdfReader(str(path)).pages[page].mediabox
    return float(box.width) / PT, float(box.height) / PT
