"""Read a kit's print guide (page 1, and page 2 when a long guide takes it) back: its page
ranges, each checked against the PDF itself
(page count, blank pages, where the outline says each part starts)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pypdf

from generator.i18n import engine_messages as m
from generator.i18n.catalog import Translator, translator
from generator.pipeline.load import game_source
from support.pdf_text import fold, page_lines

PAGE_LIST = r"\w+ ((?:\d+(?:–\d+)?)(?:, \d+(?:–\d+)?)*)"  # "pages 3–10, 15"


@dataclass(frozen=True)
class Guide:
    """The guide's pages of a kit as its reader sees them, and the PDF it opens."""

    text: str
    pages: int                          # pages of the whole PDF
    outline: dict[str, int]             # bookmark title → its 1-based page
    blank_pages: set[int]               # pages that hold only the blank-back note
    tr: Translator


def numbers(listed: str) -> set[int]:
    """``3–5, 8`` → {3, 4, 5, 8}."""
    found: set[int] = set()
    for run in listed.split(", "):
        first, _, last = run.partition("–")
        found |= set(range(int(first), int(last or first) + 1))
    return found


def read_guide(path: Path, game: str | Path, lang: str) -> Guide:
    reader = pypdf.PdfReader(str(path))
    lines = page_lines(path)
    tr = translator(lang, game_source(game))
    note = fold(tr.gettext(m.BLANK_BACK).split())
    blank = {n for n, page in enumerate(lines, 1) if page and fold(page).startswith(note)}
    outline = {item.title: reader.get_destination_page_number(item) + 1
               for item in reader.outline}
    # the guide's pages: page 1, and page 2 when its footer still names the guide and it is
    # not the blank-back note (a guide too long for one page goes on rather than shrink)
    title = tr.gettext(m.GUIDE_TITLE)
    more = [page for page in lines[1:2]
            if page and title in page[-1] and not fold(page).startswith(note)]
    return Guide(fold([line for page in (lines[0], *more) for line in page]), len(lines),
                 outline, blank, tr)


def listed(guide: Guide, message: str) -> set[int]:
    """The pages the guide lists after one of its lines (``GUIDE_SIMPLEX``…); none when the
    line is not there."""
    head = re.escape(fold(guide.tr.gettext(message).split("{pages}")[0].split()))
    found = re.search(head + " ?" + PAGE_LIST, guide.text)
    return numbers(found.group(1)) if found else set()


def step_pages(guide: Guide, title: str) -> set[int]:
    """The pages the assembly list gives for the part titled ``title``."""
    found = re.search(r"\d+\. " + re.escape(title) + " — " + PAGE_LIST, guide.text)
    assert found, f"no assembly step for {title!r} in {guide.text!r}"
    return numbers(found.group(1))


def says(guide: Guide, message: str) -> bool:
    """Whether the guide prints ``message`` (an English id) in its language."""
    return " ".join(guide.tr.gettext(message).split()) in guide.text
