"""How far one language of one game is translated, as a translator quotes a job: strings and
source words, per part of the game (a component, a layout file, the rule summary, the
engine's shared strings), missing and fuzzy, and the problems its catalogs have."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .catalog import Translator
from .engine_messages import GENDER_CONTEXT, gender_context
from .extract import ENGINE, Message, Messages

WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
PLACEHOLDER = re.compile(r"%\(\w+\)[sdif]|\{[^{}]*\}")
SHARED = "engine (shared by every game)"


def words(text: str) -> int:
    """Source words of a text, placeholders left out (what a translation job is priced by)."""
    return len(WORD.findall(PLACEHOLDER.sub(" ", text)))


@dataclass
class Part:
    """One part's strings and words: all, and those missing or fuzzy."""

    strings: int = 0
    words: int = 0
    missing: int = 0
    missing_words: int = 0
    fuzzy: int = 0
    fuzzy_words: int = 0


@dataclass(frozen=True)
class Status:
    """How far one language of one game is translated: of ``total`` messages, the ids with
    no translation and those whose only translation is fuzzy; the same by part, in words
    too; and the catalogs' problems (placeholders, markup), each with its file and line."""

    total: int
    missing: tuple[str, ...]
    fuzzy: tuple[str, ...]
    parts: dict[str, Part] = field(default_factory=dict)
    problems: tuple[str, ...] = ()
    optional_empty: int = 0  # optional entries left empty: not counted, but msgfmt counts them

    @property
    def translated(self) -> int:
        return self.total - len(self.missing) - len(self.fuzzy)

    @property
    def percent(self) -> float:
        return round(100.0 * self.translated / self.total, 1) if self.total else 100.0

    @property
    def words(self) -> int:
        return sum(p.words for p in self.parts.values())

    @property
    def words_left(self) -> int:
        return sum(p.missing_words + p.fuzzy_words for p in self.parts.values())


def optional(message: Message) -> bool:
    """An entry a language fills in only when it needs it: a part's grammatical gender and
    the forms of a step said of a part of each gender."""
    context = message.context or ""
    return context == GENDER_CONTEXT or context.startswith(gender_context(""))


def part_of(message: Message) -> str:
    """The part of the game a message belongs to: the component whose data holds it, the
    layout file or template it is written in, or the data file."""
    where = message.locations[0][0] if message.locations else ""
    note = message.notes[0] if message.notes else ""
    component = re.search(r"game\.yaml › components › ([^ ›;]+)", note)
    if component:
        return f"component {component.group(1)}"
    where = where.removeprefix(ENGINE)
    if where.startswith("savvy/"):
        return "Savvy's page"
    return "rule summary" if where.startswith("rules/") else where


def count(own: Messages, shared: Messages, tr: Translator | None,
          problems: list[str]) -> Status:
    """The status of a game's messages (``own``, then the engine's ``shared`` ones not
    already among them) under ``tr`` (None: the source language, all translated)."""
    parts: dict[str, Part] = {}
    missing: list[str] = []
    fuzzy: list[str] = []
    everything = [*((part_of(m), m) for m in own.values() if not optional(m)),
                  *((SHARED, m) for key, m in shared.items()
                    if key not in own and not optional(m))]
    for name, message in everything:
        part = parts.setdefault(name, Part())
        size = words(message.id)
        part.strings += 1
        part.words += size
        if tr is None or tr.has(message.key):
            continue
        if message.key in tr.fuzzy:
            fuzzy.append(message.key)
            part.fuzzy, part.fuzzy_words = part.fuzzy + 1, part.fuzzy_words + size
        else:
            missing.append(message.key)
            part.missing, part.missing_words = part.missing + 1, part.missing_words + size
    empty = sum(1 for key, m in {**shared, **own}.items()
                if optional(m) and tr is not None and not tr.has(key))
    return Status(len(everything), tuple(missing), tuple(fuzzy), parts, tuple(problems), empty)
