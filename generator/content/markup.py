"""Card text markup: ``**bold**``, ``*italic*`` and ``:name:`` (the picture ``icons/name.svg``
or ``.png`` of the game folder, drawn inline; failing that, ``:gi-name:`` is the icon ``name``
of the bundled game-icons.net set, drawn in the text's colour). Read here, free of any drawing
library, so the loader can report a broken card when it reads it, and drawing reads the same
pieces.

An ordinary colon stays text: ``:name:`` is an icon only when nothing alphanumeric touches its
outer colons ("Wrong: draw one", "10:30", "10:30:45" are text). An icon takes a size and a
shift after an ``@``: ``:virus@1.4:`` is 1.4 times its usual height (as tall as the text's
capitals), ``:virus@1.2,+0.5:`` also sits 0.5 mm above the baseline (``-0.5`` below; a unit
may follow: ``+1pt``). A size is at most ``ICON_SCALE_MOST`` and a shift at most
``ICON_SHIFT_MOST_MM`` either way: a number of 400 digits is no size (it reads as infinity).

``{red}words{/}`` prints the words in a colour: a palette name or ``#rrggbb``; colours nest,
each ``{/}`` closing the last one opened. ``{name}`` is a colour only when a ``{/}`` follows
it, so a brace in ordinary text stays text; a ``{/}`` with no colour open is an error.

A backslash keeps the next ``*``, ``:``, ``{`` or ``\\`` as it is written.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import CELL, Problem, excerpt
from ..units import parse_length
from .checker import Checker, join
from .icon_set import MARKUP_PREFIX, bundled_name, known, unknown_icon
from .model import Origin
from .wording import some
from .yamlio import line_of

ICON_FOLDER = "icons"
TEXT_KEY = "text"  # the key of a layout element that holds card text, in any element type
ICON_SUFFIXES = (".svg", ".png")  # the order in which an icon's file is looked for
_ICON = re.compile(r":([A-Za-z0-9][A-Za-z0-9-]*)"
                   r"(?:@(\d+(?:\.\d+)?)(?:,([+-]?\d+(?:\.\d+)?(?:mm|pt)?))?)?:")
_COLOUR = re.compile(r"\{(#[0-9A-Fa-f]{6}|[A-Za-z][\w-]*)\}")
CLOSE = "{/}"
_CLOSER = re.compile(r"(?<!\\)\{/\}")  # a {/} not written \{/}
_SPECIAL = frozenset("*:\\{")
_NEXT = re.compile(r"[*:\\{]")
ESCAPE_HINT = "write \\* for a literal asterisk (\\{ for a brace)"
ICON_SCALE_MOST = 10.0  # an inline icon at most ten times its usual height
ICON_SHIFT_MOST_MM = 50.0  # and moved at most 50 mm above or below the baseline


@dataclass(frozen=True)
class Span:
    """Text in one style."""

    text: str
    bold: bool = False
    italic: bool = False
    colour: str | None = None  # a palette name or #rrggbb; None: the element's colour


@dataclass(frozen=True)
class Symbol:
    """An inline icon: ``icons/<name>.svg`` (or ``.png``) of the game folder, or for a
    ``gi-`` name without such a file, an icon of the bundled set."""

    name: str
    scale: float = 1.0  # × its usual height
    shift: float = 0.0  # mm above the baseline


class MarkupError(ValueError):
    """Markup that cannot be read: an emphasis never closed. The message says the fix."""


def plain(text: str) -> bool:
    """Whether ``text`` has nothing markup could read (most text: read no further)."""
    return _SPECIAL.isdisjoint(text)


@lru_cache(maxsize=8192)
def parse(text: str) -> tuple[Span | Symbol, ...]:
    """The spans and icons of ``text``; MarkupError when a ``*``, ``**`` or colour does not
    close, or a ``{/}`` closes nothing."""
    if plain(text):
        return (Span(text),) if text else ()
    pieces: list[Span | Symbol] = []
    buffer: list[str] = []
    opened: dict[str, int] = {}  # marker → where it opened
    colours: list[tuple[str, int]] = []  # the colours open, with where each opened
    index = 0

    def flush() -> None:
        text = "".join(buffer)
        buffer.clear()
        if text:
            pieces.append(Span(text, "**" in opened, "*" in opened,
                               colours[-1][0] if colours else None))

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
        if char == "{":
            step = _colour_at(text, index, colours)
            if step:
                flush()
                _colour_step(text, index, colours)
                index += step
                continue
        icon = _icon_at(text, index) if char == ":" else None
        if icon is not None:
            flush()
            pieces.append(icon[0])
            index += icon[1]
            continue
        buffer.append(char)
        index += 1
    flush()
    if opened or colours:
        marks = [*opened.items(), *((f"{{{name}}}", at) for name, at in colours)]
        marker, where = min(marks, key=lambda item: item[1])
        kind = {"**": "bold", "*": "italic"}.get(marker, "colour")
        close = CLOSE if kind == "colour" else marker
        raise MarkupError(f"the {kind} mark '{marker}' at character {where + 1} of "
                          f"{excerpt(text)} is never closed; close it with '{close}' or "
                          f"{ESCAPE_HINT}")
    return tuple(pieces)


def _colour_at(text: str, index: int, colours: list[tuple[str, int]]) -> int:
    """How many characters the colour mark at ``index`` takes (0: a brace of the text): a
    ``{/}`` always, a ``{name}`` when a ``{/}`` follows it."""
    if text.startswith(CLOSE, index):
        if not colours:
            raise MarkupError(f"'{CLOSE}' at character {index + 1} of {excerpt(text)} closes "
                              f"no colour; open one with {{red}} before it, or write \\{{/}} "
                              "for the text")
        return len(CLOSE)
    match = _COLOUR.match(text, index)
    return match.end() - index if match and _CLOSER.search(text, match.end()) else 0


def _colour_step(text: str, index: int, colours: list[tuple[str, int]]) -> None:
    """Open the colour named at ``index``, or close the last one."""
    if text.startswith(CLOSE, index):
        colours.pop()
    else:
        match = _COLOUR.match(text, index)
        assert match is not None
        colours.append((match.group(1), index))


def _icon_at(text: str, index: int) -> tuple[Symbol, int] | None:
    """The icon of a ``:name:`` (or ``:name@size,shift:``) starting at ``index`` and its
    length, unless a letter or digit touches its outer colons (then it is a time, a ratio or
    a word followed by a colon)."""
    match = _ICON.match(text, index)
    if match is None or (index and text[index - 1].isalnum()):
        return None
    end = match.end()
    if end < len(text) and text[end].isalnum():
        return None
    name, scale, shift = match.groups()
    size = float(scale) if scale else 1.0
    try:
        lift = 0.0 if not shift else (-1 if shift[0] == "-" else 1) * parse_length(
            shift.lstrip("+-"))
    except ValueError:  # digits past any number
        lift = math.inf
    if not 0 < size <= ICON_SCALE_MOST or not abs(lift) <= ICON_SHIFT_MOST_MM:
        raise MarkupError(f"the icon {excerpt(match.group(0))} asks for a size of {size:g} "
                          f"and a shift of {lift:g} mm; an icon's size is above 0 and at most "
                          f"{ICON_SCALE_MOST:g}, its shift at most {ICON_SHIFT_MOST_MM:g} mm "
                          "up (+) or down (-)")
    return Symbol(name, size, lift), end - index


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
    missing = [name for name in names if icon_source(folder, name) is None]
    return [_missing_icons(missing)] if missing else []


def _missing_icons(names: list[str]) -> str:
    """One problem for the icons of one text that cannot be drawn: the first explained (and
    its nearest names looked up), the next few named, the rest counted (a cell of 800 wrong
    names is one line, not 800 lines of 2 ms look-ups each)."""
    if len(names) == 1:
        return missing_icon(names[0])
    shown = some([f"':{name}:'" for name in names])
    return f"{len(names)} icons cannot be drawn ({shown}); the first: {missing_icon(names[0])}"


def card_origin(row: Mapping[str, Any], number: int, columns: Mapping[str, Any],
                file: str) -> Origin:
    """Where the card of ``row`` (the ``number``-th of its deck) is written: ``file``, its
    row, its title (the first of title, name, id it has) and the column of each field."""
    title = next((row[key] for key in ("title", "name", "Name", "Title", "id")
                  if isinstance(row.get(key), str) and row.get(key)), "")
    return Origin(file, line_of(row), number, title,
                  {name: column for name, column in columns.items() if isinstance(column, str)})


def check_card(check: Checker, row: Mapping[str, Any], where: str, folder: Path, deck: str,
               origin: Origin, in_cards_file: bool) -> None:
    """Report every text of a card (one row) whose markup is broken or names an icon the
    game folder lacks, naming the deck, the card and the field: when the game loads (and in
    ``pnp check``), not halfway through drawing it. A spreadsheet's cell is named by its row
    and column, one row number (the spreadsheet's)."""
    card = origin.card(deck)
    for key, value in row.items():
        if not isinstance(value, str):
            continue
        for message in problems(value, folder):
            if in_cards_file:
                check.problems.append(Problem(origin.file, f"{CELL}'{key}'", f"{card}: {message}",
                                              line_of(row, key) or origin.row))
            else:
                check.add(join(where, str(key)), f"{card}, field '{key}': {message}", row, key)


def check_layouts(check: Checker, layouts: Mapping[str, Any], folder: Path) -> None:
    """Report the written-out text of a layout's text boxes (no ``{{ }}`` in it) whose markup
    is broken or names an icon the game folder lacks: it would fail on every card."""
    for name, layout in layouts.items():
        for where, element in _text_boxes(layout.elements, str(name)):
            text = element.get(TEXT_KEY)
            if isinstance(text, str) and "{{" not in text and "{%" not in text:
                check.problems.extend(
                    Problem(layout.source, join(where, TEXT_KEY),
                            f"text box '{element.get('id', 'text')}': {message}",
                            line_of(element, TEXT_KEY))
                    for message in problems(text, folder))


def _text_boxes(elements: Any, where: str) -> list[tuple[str, Mapping[str, Any]]]:
    found = []
    for index, element in enumerate(elements):
        here = f"{where}.elements[{index}]"
        if TEXT_KEY in element:  # whatever its type: the model knows no element types
            found.append((here, element))
        found.extend(_text_boxes(element.get("elements", ()), here))
    return found
