"""Read built PDFs back the way a user sees them: text lines per page, word boxes in mm."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pdfplumber
import pypdf

from support.units import PT_PER_MM


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
    return [{**w, **{k: w[k] / PT_PER_MM for k in ("x0", "x1", "top", "bottom")}} for w in words]


def page_size_mm(path: Path, page: int = 0) -> tuple[float, float]:
    box = pypdf.PdfReader(str(path)).pages[page].mediabox
    return float(box.width) / PT_PER_MM, float(box.height) / PT_PER_MM


def fold(lines: list[str]) -> str:
    """Lines joined as a reader reads them: a word hyphenated at a line end is whole again."""
    text = ""
    for line in lines:
        if re.search(r"\w-$", text) and line[:1].islower():
            text = text[:-1] + line
        else:
            text = f"{text} {line}" if text else line
    return re.sub(r"[\s\u00a0\u202f]+", " ", text)


def rule_parts(pages: list[list[str]], faces: int) -> tuple[str, str]:
    """(text of the rule cards, text of the summary page) of a kit whose rule cards fill one
    sheet of fronts and one of backs, numbered 1/faces … faces/faces."""
    numbered = re.compile(rf"\d+/{faces}")
    cards = [i for i, lines in enumerate(pages) if any(numbered.fullmatch(x) for x in lines)]
    assert cards == [cards[0], cards[0] + 1]  # fronts, then backs
    summary = pages[cards[1] + 1]              # the summary page follows the cards
    assert len(summary) > 40
    return fold([x for i in cards for x in pages[i]]), fold(summary)


def filled(page: Any, hex_colour: str) -> list[dict]:
    """The filled paths of a pdfplumber page painted in ``#rrggbb`` (icons, art)."""
    wanted = tuple(int(hex_colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return [c for c in page.curves if c["fill"] and len(c["non_stroking_color"] or ()) == 3
            and all(abs(a - b) < 0.01
                    for a, b in zip(c["non_stroking_color"], wanted, strict=True))]
