"""Card text markup: ``**bold**``, ``*italic*`` and ``:name:`` (the picture ``icons/name.svg``
or ``.png`` of the game folder, drawn inline; failing that, ``:gi-name:`` is the icon ``name``
of the bundled game-icons.net set, drawn in the text's colour). Read here, free of any drawing
library, so the loader can report a broken card when it reads it, and drawing reads the same
pieces.

An ordinary colon stays text: ``:name:`` is an icon only when nothing alphanumeric touches its
outer colons ("Wrong: draw one", "10:30", "10:30:45" are text). A backslash keeps the next
``*``, ``:`` or ``\\`` as it is written.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import Problem
from .checker import Checker, join
from .icon_set import MARKUP_PREFIX, bundled_name, known, unknown_icon
from .yamlio import line_of

ICON_FOLDER = "icons"
ICON_SUFFIXES = (".svg", ".png")  # the order in which an icon's file is looked for
_ICON = re.compile(r":([A-Za-z0-9][A-Za-z0-9-]*):")
_SPECIAL = frozenset("*:\\")
_NEXT = re.compile(r"[*:\\]")
ESCAPE_HINT = "write \\* for a literal asterisk"


@dataclass(frozen=True)
class Span:
    """Text in one style."""

    text: str
    bold: bool = False
    italic: bool = False


@dataclass(frozen=True)
class Symbol:
    """An inline icon: ``icons/<name>.svg`` (or ``.png``) of the game folder, or for a
    ``gi-`` name without such a file, an icon of the bundled set."""

    name: str


class MarkupError(ValueError):
    """Markup that cannot be read: an emphasis never closed. The message says the fix."""


def plain(text: str) -> bool:
    """Whether ``text`` has nothing markup could read (most text: read no further)."""
    return _SPECIAL.isdisjoint(text)


@lru_cache(maxsize=8192)
def parse(text: str) -> tuple[Span | Symbol, ...]:
    """The spans and icons of ``text``; MarkupError when a ``*`` or ``**`` does not close."""
    if plain(text):
        return (Span(text),) if text else ()
    pieces: list[Span | Symbol] = []
    buffer: list[str] = []
    opened: dict[str, int] = {}  # marker → where it opened
    index = 0

    def flush() -> None:
        text = "".join(buffer)
        buffer.clear()
        if text:
            pieces.append(Span(text, "**" in opened, "*" in opened))

    while index < len(text):
        found = _NEXT.search(text, index)
        if found is None:
            buffer.append(text[index:])
            break
        buffer.append(text[index:found.start()])
        index = found.start()
        char = text[index]
        if char == "\\" and index + 1 < len(text) and text[index + 1] in _SPECIAL:
            buffer.append(text[index + 1])
            index += 2
            continue
        if char == "*":
            marker = "**" if text.startswith("**", index) else "*"
            flush()
            if opened.pop(marker, None) is None:
                opened[marker] = index
            index += len(marker)
            continue
        icon = _icon_at(text, index) if char == ":" else None
        if icon is not None:
            flush()
            pieces.append(Symbol(icon))
            index += len(icon) + 2
            continue
        buffer.append(char)
        index += 1
    flush()
    if opened:
        marker, where = min(opened.items(), key=lambda item: item[1])
        kind = "bold" if marker == "**" else "italic"
        raise MarkupError(f"the {kind} mark '{marker}' at character {where + 1} of "
                          f"{_excerpt(text)} is never closed; close it with '{marker}' or "
                          f"{ESCAPE_HINT}")
    return tuple(pieces)


def _icon_at(text: str, index: int) -> str | None:
    """The icon name of a ``:name:`` starting at ``index``, unless a letter or digit touches
    its outer colons (then it is a time, a ratio or a word followed by a colon)."""
    match = _ICON.match(text, index)
    if match is None or (index and text[index - 1].isalnum()):
        return None
    end = match.end()
    if end < len(text) and text[end].isalnum():
        return None
    return match.group(1)


def _excerpt(text: str) -> str:
    return repr(text if len(text) <= 60 else text[:57] + "...")


def icon_file(folder: Path, name: str) -> Path | None:
    """The file of icon ``name`` in the game folder, or None when there is none."""
    return next((path for suffix in ICON_SUFFIXES
                 if (path := folder / ICON_FOLDER / f"{name}{suffix}").is_file()), None)


def missing_icon(name: str) -> str:
    """Why ``:name:`` cannot be drawn, and the ways out."""
    looked = " or ".join(f"{ICON_FOLDER}/{name}{suffix}" for suffix in ICON_SUFFIXES)
    bundled = bundled_name(name)
    if bundled is not None:
        return (f"{unknown_icon(bundled, MARKUP_PREFIX)} (and the game folder has no "
                f"{looked})")
    return (f"':{name}:' names an icon, but the game folder has no {looked}; add the picture, "
            f"use a bundled one (:{MARKUP_PREFIX}virus:), or write \\:{name}: to print the "
            "text as it is")


def icon_source(folder: Path, name: str) -> Path | str | None:
    """Where icon ``name`` comes from: the game folder's file (its own icons win), else the
    bundled set's name; None when neither has it."""
    path = icon_file(folder, name)
    if path is not None:
        return path
    bundled = bundled_name(name)
    return bundled if bundled is not None and known(bundled) else None


def problems(text: str, folder: Path) -> list[str]:
    """What is wrong with the markup of ``text`` in the game ``folder`` (nothing: fine)."""
    if plain(text):
        return []
    try:
        pieces = parse(text)
    except MarkupError as exc:
        return [str(exc)]
    names = dict.fromkeys(p.name for p in pieces if isinstance(p, Symbol))
    return [missing_icon(name) for name in names if icon_source(folder, name) is None]


def check_card(check: Checker, row: Mapping[str, Any], where: str, folder: Path, deck: str,
               number: int, cards_file: Any) -> None:
    """Report every text of a card (one row) whose markup is broken or names an icon the
    game folder lacks, naming the deck, the card and the field: when the game loads (and in
    ``pnp check``), not halfway through drawing it."""
    title = next((row[key] for key in ("title", "name", "Name", "Title", "id")
                  if isinstance(row.get(key), str) and row.get(key)), "")
    card = f"deck '{deck}', card {number}" + (f" ({title!r})" if title else "")
    for key, value in row.items():
        if not isinstance(value, str):
            continue
        for message in problems(value, folder):
            if isinstance(cards_file, str):
                check.problems.append(Problem(str(folder / cards_file),
                                              f"row {number}, column '{key}'",
                                              f"{card}, field '{key}': {message}",
                                              line_of(row, key)))
            else:
                check.add(join(where, str(key)), f"{card}, field '{key}': {message}", row, key)


def check_layouts(check: Checker, layouts: Mapping[str, Any], folder: Path) -> None:
    """Report the written-out text of a layout's text boxes (no ``{{ }}`` in it) whose markup
    is broken or names an icon the game folder lacks: it would fail on every card."""
    for name, layout in layouts.items():
        for where, element in _text_boxes(layout.elements, str(name)):
            text = element.get("text")
            if isinstance(text, str) and "{" not in text:
                check.problems.extend(
                    Problem(layout.source, join(where, "text"),
                            f"text box '{element.get('id', 'text')}': {message}",
                            line_of(element, "text"))
                    for message in problems(text, folder))


def _text_boxes(elements: Any, where: str) -> list[tuple[str, Mapping[str, Any]]]:
    found = []
    for index, element in enumerate(elements):
        here = f"{where}.elements[{index}]"
        if element.get("type") == "text":
            found.append((here, element))
        found.extend(_text_boxes(element.get("elements", ()), here))
    return found
