"""What Save Patient Zero's kit carries for the referee, so a buyer with only the PDF can play:
printed answer keys (one page each, after the other parts) and the offline referee page
embedded in the PDF as a file. How many keys, their games and the page's game are data
(``vars.referee`` in game.yaml); importing this module registers them with the pipeline."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..content.model import Game
from ..i18n.catalog import Translator
from ..pipeline.extras import ExtraSheet, KitExtras, register
from . import answers
from .key import LAYOUT, key_context
from .page import render_page

# Defaults when game.yaml's vars.referee leaves them out (documented there; the game's code,
# generator.rules.save_patient_zero, checks the settings and their budget at load).
DEFAULTS: Mapping[str, Any] = {"keys": 4, "first_key_game": 1, "page_game": 42,
                               "page_file": "savvy.html"}


def settings(game: Game) -> dict[str, Any]:
    """The kit's referee settings: vars.referee over the defaults."""
    return {**DEFAULTS, **(game.vars.get("referee") or {})}


def key_games(game: Game) -> list[int]:
    """The games (seeds) whose answer keys the kit prints."""
    conf = settings(game)
    return list(range(int(conf["first_key_game"]), int(conf["first_key_game"]) + int(conf["keys"])))


def key_sheets(game: Game, tr: Translator, base: Mapping[str, Any]) -> Sequence[ExtraSheet]:
    """One answer-key page per printed game, drawn with the build's context."""
    grid = answers.lab_grid_from_game(game)
    title = tr.gettext("Answer key")
    return [ExtraSheet(f"answer-key-{seed}", f"{title} · {tr.gettext('Game')} {seed}", LAYOUT,
                       {**key_context(game, grid, answers.secret_for_seed(seed), seed,
                                      dict(base)), "in_kit": True})
            for seed in key_games(game)]


def page_files(game: Game, lang: str) -> Mapping[str, bytes]:
    """The offline referee page, opening in the kit's language."""
    conf = settings(game)
    return {str(conf["page_file"]): render_page(int(conf["page_game"]), lang).encode("utf-8")}


register("save-patient-zero", KitExtras(key_sheets, page_files))
