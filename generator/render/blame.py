"""What an error met while drawing a card names: the cell of the card's spreadsheet (or the
line of its YAML) that the failing value came from, and the card, rather than an element of a
layout, which is no line a designer can find for one card's picture or text."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..content.model import Card, Deck, Game
from ..content.wording import shortened
from ..errors import PnpError, RenderError

# the element an error names first: ``layouts/cards.yaml:card.elements[5].elements[0]: ``
_ELEMENT = re.compile(r"^\S*?:[\w.-]+(?:\.elements\[\d+\])+: ")
_MESSAGE_ID = re.compile(r"message id (['\"])(.+?)\1[;:]")  # as repr quotes it
_QUOTED = re.compile(r"'([^']{8,})'")
_TOKENS = re.compile(r"[;,\s]+")
_DESIGNER_FIX = re.compile(r"; shorten it or enlarge the box")


def blamed(error: PnpError, game: Game, component_id: str, item: int,
           context: Mapping[str, Any]) -> PnpError:
    """``error`` named by what its writer opens: the .po line of the translation it quotes
    (an overflow in a language names its own message), or the card's cell when a field of
    the card holds the value that failed (an image's file, an icon's name, a text too long);
    as it was else. ``context``: the placement's, whose ``_`` is its language's gettext."""
    if not isinstance(error, RenderError):
        return error
    said = _ELEMENT.sub("", str(error), count=1)
    card, deck = _card(game, component_id, item)
    tr = getattr(context.get("_"), "__self__", None)
    named = at_its_line(error, tr)
    if named is not error:
        return named
    translated = _translated(tr, said)
    if translated is not None:  # its line is the fix, however many cards print it
        msgid, place = translated
        return RenderError(f"{place} at msgid {shortened(msgid)!r}: {translators(said)}")
    if card is None or card.origin is None:
        return error
    values = {name: str(value) for name, value in card.fields.items()
              if isinstance(value, (str, int, float)) and len(str(value).strip()) > 2}
    name = _field(values, said)
    if name is None:
        return error
    return RenderError(f"{card.origin.cell(name)} ({card.origin.card(deck)}): {said}")


def at_its_line(error: RenderError, tr: Any) -> RenderError:
    """An error that names a message id (a rule text's overflow) named by the .po line of
    that message, which is what the translator opens, not the engine's layout (a path inside
    the installed package); as it was when the id has no line (``tr``: the translator)."""
    found = _MESSAGE_ID.search(str(error))
    place = tr.place(found.group(2)) if found and hasattr(tr, "place") else None
    if found is None or place is None:
        return error
    said = _ELEMENT.sub("", str(error), count=1)
    return RenderError(f"{place} at msgid {shortened(found.group(2))!r} (rule text): "
                       f"{translators(said)}")


def translators(said: str) -> str:
    """An overflow's advice for a translation: a shorter translation, in the room the
    message names (a box is the same in every language, so enlarging it is no fix)."""
    return _DESIGNER_FIX.sub("; write a shorter translation: the box is the same in every "
                             "language", said)


def _card(game: Game, component_id: str, item: int) -> tuple[Card | None, str]:
    component = next((c for c in game.components if c.id == component_id), None)
    if not isinstance(component, Deck) or not 0 <= item < len(component.cards):
        return None, component_id
    return component.cards[item], component.id


def _translated(tr: Any, message: str) -> tuple[str, str] | None:
    """The message id whose translation the error quotes and its .po line (``tr``:
    the language's translator, read through its gettext: drawing knows no catalogs)."""
    if not hasattr(tr, "source_of"):
        return None
    for quoted in _QUOTED.findall(message):
        msgid = tr.source_of(quoted.rstrip(". …"))
        place = None if msgid is None else tr.place(msgid)
        if place is not None:
            return str(msgid), str(place)
    return None


def _field(values: Mapping[str, str], message: str) -> str | None:
    """The field whose value the message quotes: whole (a file name), as the start of a text
    it quotes, or as one name of a list of them (``heart; star``)."""
    for quoted in _QUOTED.findall(message):
        found = [name for name, value in values.items() if quoted.rstrip(". …") in value]
        if found:
            return min(found, key=lambda name: len(values[name]))
    whole = [name for name, value in values.items()
             if re.search(rf"(?<![\w]){re.escape(value)}(?![\w])", message)]
    if whole:
        return max(whole, key=lambda name: len(values[name]))
    for name, value in values.items():
        for token in _TOKENS.split(value):
            if len(token) > 1 and re.search(rf"[/'\s]{re.escape(token)}\b", message):
                return name
    return None
