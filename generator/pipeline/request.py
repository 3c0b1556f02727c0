"""What one PDF is asked for and what its build reports."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import UsageError
from ..imposition.plan import PrintOptions

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


@dataclass(frozen=True)
class BuildResult:
    path: Path
    pages: int
    cards: int
    seconds: float
    bytes: int
    fallback_ids: tuple[str, ...] = ()  # with --fallback: the ids drawn in the source language
    skipped: bool = False  # inputs unchanged since the PDF on disk was written


def checked_language(lang: str) -> str:
    """A language code, checked before it becomes part of a file name."""
    if not LANG_PATTERN.match(lang):
        raise UsageError(f"'{lang}' is not a language code such as fr, en or de")
    return lang
