"""What one PDF is asked for, what its file is called, and what its build reports."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from ..content.model import Game
from ..errors import UsageError
from ..imposition.plan import Backs, Duplex, PrintOptions

LANG_PATTERN = re.compile(r"^[a-z]{2,3}(_[A-Z]{2})?$")


@dataclass(frozen=True)
class BuildRequest:
    """Everything one PDF depends on."""

    game: str | Path
    lang: str = "en"
    options: PrintOptions = field(default_factory=PrintOptions)
    only: tuple[str, ...] = ()
    copies: int | None = None
    out_dir: Path = Path("output")
    fallback: str | None = None
    layout_dirs: tuple[Path, ...] = ()
    rules_url: str | None = None  # the rule cards' QR address, with {game} and {lang}
    guide: bool = True  # page 1 is the print guide (--no-guide: left out)


@dataclass(frozen=True)
class BuildResult:
    """One PDF written (or found unchanged): what it holds and what printing it takes."""

    path: Path
    pages: int
    sheets: int  # sheets of paper to print it: see sheets_of
    cards: int
    seconds: float
    bytes: int
    lang: str = ""  # the PDF's language; none for the alignment page
    fallback_ids: tuple[str, ...] = ()  # with --fallback: the ids drawn in the source language
    skipped: bool = False  # inputs unchanged since the PDF on disk was written


def checked_language(lang: str) -> str:
    """A language code, checked before it becomes part of a file name."""
    if not LANG_PATTERN.match(lang):
        raise UsageError(f"'{lang}' is not a language code such as fr, en or de")
    return lang


def sheets_of(pages: int, options: PrintOptions) -> int:
    """Sheets of paper a PDF of ``pages`` pages takes: two pages a sheet when printed
    double-sided, one when not (``--duplex none``: backs at the end, or fold-and-glue)."""
    return pages if options.duplex == Duplex.NONE else (pages + 1) // 2


class Named(NamedTuple):
    """What of a request its PDF's name says (``pdf_name`` reads nothing else of it): the
    build records are keyed by it too, so whatever picks a file picks its record."""

    lang: str
    only: tuple[str, ...]
    copies: int | None
    options: PrintOptions
    guide: bool


def named(request: BuildRequest) -> Named:
    return Named(request.lang, tuple(request.only), request.copies, request.options,
                 request.guide)


def pdf_name(game: Game, request: BuildRequest) -> str:
    """A name that says what the PDF holds. ``<game>-<lang>-<paper>.pdf`` is the full kit at
    the default settings and nothing else; the components chosen (``+`` between ids), the
    copies (``x20``), each print setting that differs from the default and a kit without
    its print guide (``no-guide``) add a word, so a partial or variant build never replaces
    the full kit, nor another variant. One card a page (``one-up``) has no paper word."""
    said = named(request)
    ids = [c.id for c in game.components]
    chosen = [i for i in ids if i in said.only]
    one_up = said.options.one_up  # pages of the card's own size: no paper, no guide
    words = [game.id, said.lang, *([] if one_up else [said.options.paper])]
    if chosen and len(chosen) < len(ids):
        words.append("+".join(chosen))
    if said.copies:
        words.append(f"x{said.copies}")
    guide = [] if said.guide or one_up else ["no-guide"]
    return "-".join([*words, *setting_words(said.options), *guide]) + ".pdf"


def setting_words(options: PrintOptions) -> list[str]:
    """A word for each print setting (but the paper) that differs from the default."""
    plain = PrintOptions(paper=options.paper)
    words = []
    if options.duplex == Duplex.SHORT:
        words.append("short-edge")
    elif options.duplex == Duplex.NONE:
        words.append("fold" if options.backs == Backs.FOLD else "single-sided")
    for name in ("bleed", "gutter", "margin", "footer_band", "mark_length", "mark_gap"):
        if name == "gutter" and not options.shared_cuts:  # cards apart: --gutter, even 0
            words.append(f"gutter{options.gutter:g}")
        elif name != "gutter" and (value := getattr(options, name)) != getattr(plain, name):
            words.append(f"{name.replace('_', '-')}{value:g}")
    if options.back_offset != plain.back_offset:
        words.append(_offset_word(options))
    if options.back_rotation:
        words.append(_rotation_word(options))
    if options.registration:
        words.append(options.registration)
    if options.ink_saver:
        words.append("ink-saver")
    if not options.crop_marks:
        words.append("no-crop-marks")
    if options.one_up:
        words.append("one-up")
    if options.back_first:
        words.append("back-first")
    if options.pdfx:
        words.append("pdfx")
    if options.ink_limit:
        words.append(f"ink{options.ink_limit}")
    return words


def alignment_name(options: PrintOptions) -> str:
    """The calibration sheet's file: its paper, the edge it flips on, and the back offset it
    was drawn with, if any."""
    flip = Duplex.SHORT if options.duplex == Duplex.SHORT else Duplex.LONG
    words = ["alignment", options.paper, str(flip)]
    if options.back_offset != (0.0, 0.0):
        words.append(_offset_word(options))
    if options.back_rotation:
        words.append(_rotation_word(options))
    return "-".join(words) + ".pdf"


def _rotation_word(options: PrintOptions) -> str:
    return f"turn{options.back_rotation:g}"


def _offset_word(options: PrintOptions) -> str:
    x, y = options.back_offset
    return f"offset{x:g},{y:g}"
