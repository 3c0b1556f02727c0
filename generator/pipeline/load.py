"""Stage 1, load: a game folder → a validated :class:`Game` whose rule data is checked by its
rules module and whose rules components are expanded into rule cards, marked with the
fingerprint of every file it was read from. A process loads each version of a game once."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from ..content import loader, remote
from ..content.model import Game
from ..content.spreadsheet import open_elsewhere
from ..i18n.places import user_catalog_folders
from ..render.elements import SCHEMA
from ..rules import rule_data
from ..summary.component import rule_cards
from .fingerprint import inputs_hash


def game_source(spec: str | Path) -> Path:
    """A built-in game id or a path → the game's folder (or file), resolved."""
    return (Path(spec) if isinstance(spec, Path) else loader.game_folder(spec)).resolve()


def load_game(folder: Path, layout_dirs: list[Path] | None = None,
              fingerprint: str | None = None) -> Game:
    """Read and validate one game folder, every problem reported together; ``fingerprint``
    when the caller has hashed the game's files already."""
    if fingerprint is None:
        remote.refresh(folder)
    dirs = [Path(d) for d in layout_dirs or ()]
    game = loader.read_game(folder, SCHEMA, dirs,
                            (rule_data(_root(folder.resolve())),
                             rule_cards(_root(folder.resolve()))))
    return replace(game, fingerprint=fingerprint or game_inputs_hash(game.folder, dirs))


def load_builtin(game_id: str) -> Game:
    return load_game(loader.game_folder(game_id))


def resolve_game(spec: str | Path, layout_dirs: tuple[Path, ...] = (),
                 fingerprint: str | None = None) -> Game:
    """The validated game; a process building one game in several languages and papers
    loads it once, and again only when a file of the game or its layouts changes.
    ``fingerprint``: the game's, when the caller has taken it (``game_fingerprint``)."""
    folder = game_source(spec)
    return _load(folder, tuple(layout_dirs),
                 fingerprint or game_fingerprint(spec, tuple(layout_dirs)))


def game_fingerprint(spec: str | Path, layout_dirs: tuple[Path, ...] = ()) -> str:
    """The hash of every file the game is read from, its published sheet fetched first (the
    copy of it is one of them)."""
    folder = game_source(spec)
    remote.refresh(folder)
    for line in open_elsewhere(_root(folder)):  # (a run takes a game's fingerprint once)
        print(f"warning: {line}", file=sys.stderr)
    return game_inputs_hash(_root(folder), layout_dirs)


@lru_cache(maxsize=8)
def _load(folder: Path, layout_dirs: tuple[Path, ...], fingerprint: str) -> Game:
    return load_game(folder, list(layout_dirs), fingerprint)


def game_inputs_hash(folder: Path, layout_dirs: Sequence[Path]) -> str:
    """The fingerprint of a game: its folder, the layout folders it is read with and the
    user's catalogs of it (for a built-in game, ``pnp-locales/<game>/`` of the working
    directory), so a changed translation anywhere on its search path is measured again."""
    return inputs_hash([folder, *layout_dirs, *user_catalog_folders(folder)])


def _root(folder: Path) -> Path:
    return folder if folder.is_dir() else folder.parent
