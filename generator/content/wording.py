"""Counts in what pnp prints, in words that agree with them: "1 card", "2 cards", never
"1 cards" nor "card(s)". Here, below every layer that prints, so that one rule serves the
loader's problems, the pipeline's checks, Savvy's game and the commands."""

from __future__ import annotations

import re
from collections.abc import Sequence


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """``count`` and its noun in the number it takes (``plural`` for an irregular one, such
    as "copies"; otherwise an added "s")."""
    return f"{count} {singular if count == 1 else plural or singular + 's'}"


def numbered(singular: str, numbers: Sequence[object], plural: str | None = None) -> str:
    """A noun and the numbers it names, in the number they make: "round 2", "rounds 1, 3"
    (where "round(s) [1, 3]" would hedge and print Python's list)."""
    noun = singular if len(numbers) == 1 else plural or singular + "s"
    return f"{noun} {', '.join(map(str, numbers))}"


NAMED = 5  # how many names of a long list a message writes before "and N more"


def some(names: Sequence[object], named: int = NAMED) -> str:
    """The first ``named`` of ``names``, then how many more: a message naming a stranger's
    list stays one short line however long the list is."""
    more = len(names) - named
    return ", ".join(map(str, names[:named])) + (f" and {more} more" if more > 0 else "")


def agreeing(count: int, singular: str, plural: str) -> str:
    """The verb that agrees with ``count`` things: "1 message has", "2 messages have"."""
    return singular if count == 1 else plural


# a placeholder of a message: {name}, {{ name }}, %(name)s, %s
PLACEHOLDER = re.compile(r"\{\{?\s*[A-Za-z_][\w.]*\s*\}?\}|%\(\w+\)[sdif]|%[sdif]")


def shortened(text: str, room: int = 60) -> str:
    """``text`` cut to at most ``room`` characters for an error message, after a word and
    never inside a placeholder, ``…`` telling that it goes on."""
    if len(text) <= room:
        return text
    cut = room
    for found in PLACEHOLDER.finditer(text):
        if found.start() < cut < found.end():
            cut = found.start()
    space = text.rfind(" ", 0, cut + 1)
    if space > cut // 2:
        cut = space
    return text[:cut].rstrip() + "…"
