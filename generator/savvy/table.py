"""What table mode needs beyond the answers: the phone lies on the table and is Savvy, so the
page keeps each lab's cards and draws the interruption cards. Everything here is data for the
page's bookkeeping (``templates/savvy/page.js``): the tool counts, the order in which this game
draws its interruption cards and what each does, the level each count of tools earns, and how
long an answer stays on screen. The rules themselves are the terminal game's constants
(``play_state``), read here so the page and ``pnp savvy play`` cannot drift apart.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..content.model import Deck, Game
from ..rules.save_patient_zero import MOLECULES
from . import answers
from .play_state import (
    ELEKTROPANEO_TURNS,
    INTERRUPTION_AFTER,
    KRIZO_TURNS,
    PLANADO_TOOLS,
    REMOVED_BY,
    level_index,
)
from .queries import Tool

HIDE_AFTER_MS = 15000  # default: an answer shown to the lab that asked hides after this long
# (or a tap); a game's data may set its own as ``savvy_hide_after_ms``
MOST_TOOLS = 40  # more tools than a lab holds: the level table covers every count
BLOCKED_BY_ELEKTROPANEO = (Tool.SCANPAD, Tool.ESTUGAMO, Tool.CENTRIFUGO)
PLAY_SIZE = {Tool.SAMPLY: 3, Tool.MIKROSKOPO: 2, Tool.ANALYZER: 3}  # cards one play sorts
UP_TO = (Tool.ANALYZER,)  # tools that take at most PLAY_SIZE cards (the others: exactly that)


def effect(name: str) -> dict[str, Any]:
    """What one interruption card does to each lab, as the page applies it."""
    key = name.lower()
    found: dict[str, Any] = {"name": key}
    if key in REMOVED_BY:
        found["remove"] = [str(t) for t in REMOVED_BY[key]]
    extra: dict[str, dict[str, Any]] = {
        "limigo": {"cap": 1},
        "elektropaneo": {"block": [str(t) for t in BLOCKED_BY_ELEKTROPANEO],
                         "turns": ELEKTROPANEO_TURNS},
        "krizo": {"deadline": KRIZO_TURNS},
        "premo": {"premo": True},
        "misfunkcio": {"misfunkcio": True},
        "kolapso": {"discard": 1},
        "mikroadministrado": {"impose": True},
        "planado": {"plan": PLANADO_TOOLS},
    }
    found.update(extra.get(key, {}))
    return found


def interruption_order(game: Game, seed: int) -> list[int]:
    """This game's interruption deck, shuffled once from its seed (the page draws the top)."""
    deck = game.component("interruptions")
    assert isinstance(deck, Deck)
    order = list(range(len(deck.cards)))
    random.Random(f"{seed}:table").shuffle(order)
    return order


def table_data(game: Game, grid: answers.LabGrid, secret: answers.Secret,
               seed: int) -> dict[str, Any]:
    """The language-free part of table mode's data."""
    deck = game.component("interruptions")
    assert isinstance(deck, Deck)
    levels = len(game.data["levels"])
    return {
        "secret": list(secret),
        "labs": [str(lab["code"]) for lab in game.data["labs"]],
        "qty": {str(t["name"]).lower(): int(t["qty"]) for t in game.data["tools"]},
        "play_size": {str(t): n for t, n in PLAY_SIZE.items()},
        "up_to": [str(t) for t in UP_TO],
        "interruption_after": INTERRUPTION_AFTER,
        "interruptions": [effect(str(deck.cards[i].fields["name"]))
                          for i in interruption_order(game, seed)],
        "level": [level_index(n, levels) for n in range(MOST_TOOLS + 1)],
        "hide_after_ms": int(game.data.get("savvy_hide_after_ms", HIDE_AFTER_MS)),
        "hits": {str(m): answers.count_in((m,), secret) for m in MOLECULES},
        "samples": {card: list(mols) for card, mols in grid.lab.samples.items()},
    }


def table_words(game: Game, localized_deck: list[Mapping[str, Any]], seed: int,
                levels: list[Mapping[str, Any]]) -> dict[str, Any]:
    """The words of table mode in one language: the interruption cards in draw order and the
    titles of the level table."""
    return {"interruptions": [{"name": localized_deck[i]["name"],
                               "effect": localized_deck[i]["effect"]}
                              for i in interruption_order(game, seed)],
            "levels": [{"tools": lv["tools"], "title": lv["title"]} for lv in levels]}
