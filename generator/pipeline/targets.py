"""What a ``pnp build`` asks for, expanded: every game × language × paper becomes one
:class:`BuildRequest`. A game's languages are the one answer of ``languages_for``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from ..content.loader import builtin_games
from ..i18n.catalog import languages_for
from ..imposition.plan import PrintOptions
from .load import game_source
from .request import BuildRequest


def games_or_all(games: Sequence[str], game_dir: str | None) -> list[str | Path]:
    """The games named (and the folder given); every built-in game when none is."""
    targets: list[str | Path] = [Path(game_dir)] if game_dir else []
    return [*targets, *(games or ([] if game_dir else builtin_games()))]


def expand(games: Sequence[str | Path], langs: Sequence[str] | None, papers: Sequence[str],
           options: PrintOptions, template: BuildRequest) -> list[BuildRequest]:
    """One request per game, language and paper, paper by paper; ``template`` carries what
    every request shares (components, copies, output folder…)."""
    requests = []
    for paper in papers:
        for game in games:
            folder = game_source(game)
            for lang in langs or languages_for(folder if folder.is_dir() else folder.parent):
                requests.append(replace(template, game=game, lang=lang,
                                        options=replace(options, paper=paper)))
    return requests
