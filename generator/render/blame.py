"""What an error met while drawing a card names: the cell of the card's spreadsheet (or the
line of its YAML) that the failing value came from, and the card, rather than an element of a
layout, which is no line a designer can find for one card's picture or text."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..content.model import Deck, Game
from ..errors import PnpError, RenderError

# the element an error names first: ``layouts/cards.yaml:card.elements[5].elements[0]: ``
_ELEMENT = re.compile(r"^\S*?:[\w.-]+(?:\.elements\[\d+\])+: ")
_QUOTED = re.compile(r"'([^']{8,})'")
_TOKENS = re.compile(r"[;,\s]+")


def blamed(error: PnpError, game: Game, component_id: str, item: int) -> PnpError:
    """``error`` named by the card's cell when a field of the card it was drawing holds the
    value that failed (an image's file, an icon's name, a text too long); as it was else."""
    if not isinstance(error, RenderError):
        return error
    component = next((c for c in game.components if c.id == component_id), None)
    if not isinstance(component, Deck) or not 0 <= item < len(component.cards):
        return error
    card = component.cards[item]
    said = _ELEMENT.sub("", str(error), count=1)
    name = _field(card.fields, said)
    if card.origin is None or name is None:
        return error
    return RenderError(f"{card.origin.cell(name)} ({card.origin.card(component.id)}): {said}")


def _field(fields: Mapping[str, Any], message: str) -> str | None:
    """The field whose value the message quotes: whole (a file name), as the start of a text
    it quotes, or as one name of a list of them (``heart; star``)."""
    values = {name: str(value) for name, value in fields.items()
              if isinstance(value, (str, int, float)) and len(str(value).strip()) > 2}
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
