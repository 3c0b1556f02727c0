"""What a ``pnp build`` asks for, expanded: every game × language × paper becomes one
:class:`BuildRequest`. A game's languages are the one answer of ``languages_for``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from ..content.loader import builtin_games
from ..errors import UsageError
from ..i18n.catalog import languages_for
from ..imposition.plan import PrintOptions
from .load import game_source, resolve_game
from .request import BuildRequest

GameSpec = str | Path  # a built-in game id, or a game folder


def games_or_all(games: Sequence[str], game_dir: str | None) -> list[GameSpec]:
    """The games named (and the folder given); every built-in game when none is."""
    targets: list[GameSpec] = [Path(game_dir)] if game_dir else []
    return [*targets, *(games or ([] if game_dir else builtin_games()))]


def with_components(games: Sequence[GameSpec], only: Sequence[str],
                    layout_dirs: Sequence[Path] = ()) -> list[tuple[GameSpec, tuple[str, ...]]]:
    """Each game with the components of ``only`` it has, in the game's order (all of them when
    ``only`` is empty); a game with none is left out. A component that no game has is refused
    before anything is built, naming which game has which."""
    if not only:
        return [(spec, ()) for spec in games]
    loaded = {spec: resolve_game(spec, tuple(layout_dirs)) for spec in games}
    has = {spec: tuple(c.id for c in game.components if c.id in only)
           for spec, game in loaded.items()}
    missing = [c for c in dict.fromkeys(only) if not any(c in ids for ids in has.values())]
    if missing:
        table = "; ".join(f"{game.id}: {', '.join(c.id for c in game.components)}"
                          for game in loaded.values())
        raise UsageError(f"--only {', '.join(missing)}: none of the games built has "
                         f"{'this component' if len(missing) == 1 else 'these components'}; "
                         f"components by game: {table}")
    return [(spec, ids) for spec, ids in has.items() if ids]


def expand(games: Sequence[GameSpec], langs: Sequence[str] | None, papers: Sequence[str],
           options: PrintOptions, template: BuildRequest) -> list[BuildRequest]:
    """One request per game, language and paper, paper by paper; ``template`` carries what
    every request shares (components, copies, output folder…). With ``template.only``, each
    game builds the components of it that it has (see ``with_components``)."""
    chosen = with_components(games, template.only, template.layout_dirs)
    requests = []
    for paper in papers:
        for game, only in chosen:
            folder = game_source(game)
            for lang in langs or languages_for(folder if folder.is_dir() else folder.parent):
                requests.append(replace(template, game=game, lang=lang, only=only,
                                        options=replace(options, paper=paper)))
    return requests
