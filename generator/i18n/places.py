"""Where a game's catalogs are read from and written to.

A built-in game lives inside the installed package, which the next ``pip install`` replaces:
translations written there would be lost. So a built-in game's catalogs are written to a
folder of the user's, ``./pnp-locales/<game>/`` (or ``$PNP_LOCALES/<game>/``), and read from
there first, then from the game's own ``locales/``, then from the engine's — the same search
order as layouts (the user's folders, the game's, the engine's). A game folder of one's own
(``--game-dir``) keeps its catalogs in its own ``locales/``, where they already are the user's.
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path

from ..paths import found_folder, inside
from ..resources import games_dir, locales_dir

LOCALES_ENV = "PNP_LOCALES"   # names the user's catalog folder instead of ./pnp-locales
LOCALES_FOLDER = "pnp-locales"
ENGINE_FOLDER = "_engine"  # the user's engine catalogs: the print guide, footers, rule cards


def is_builtin(game_folder: Path) -> bool:
    """A game shipped with the package (its folder is in ``generator/games/``)."""
    return game_folder.resolve().parent == games_dir().resolve()


def user_locales_root() -> Path:
    """``$PNP_LOCALES``, else ``pnp-locales`` in the working directory, made absolute so a
    catalog read under one working directory is never taken for one under another. The
    working folder's ``pnp-locales`` may have come with a download, so it is never a link
    (``paths.found_folder``); a link inside it is refused where it is read."""
    named = os.environ.get(LOCALES_ENV)
    if named:
        return Path(named).absolute()  # a folder the user named
    return found_folder(LOCALES_FOLDER, f"copy the catalogs into ./{LOCALES_FOLDER}, or "
                        f"name their folder with {LOCALES_ENV}=DIR")


def user_engine_folder() -> Path:
    """The user's engine catalogs (``pnp-locales/_engine/<lang>.po``): the strings every game
    shares (the print guide, footers, rule cards), translated once for all games."""
    return user_locales_root() / ENGINE_FOLDER


def user_catalog_folders(game_folder: Path) -> list[Path]:
    """The folders outside the game folder that hold the user's catalogs of this game: its
    folder under :func:`user_locales_root` for a built-in game (none for one's own game),
    then the user's engine catalogs. A game's fingerprint hashes them with the game folder."""
    own = [user_locales_root() / game_folder.name] if is_builtin(game_folder) else []
    return [*own, user_engine_folder()]


def game_catalog_folders(game_folder: Path) -> list[Path]:
    """The folders of this game's own catalogs, most specific first: the user's (a built-in
    game's) and the game's ``locales/``; what says which languages a game has."""
    own = [user_locales_root() / game_folder.name] if is_builtin(game_folder) else []
    return [*own, own_locales(game_folder)]


def catalog_folders(game_folder: Path | None) -> list[Path]:
    """The search path of one game's catalogs, most specific first: the user's, the game's
    ``locales/``, then the engine's: the user's, the shipped ones."""
    engine = [user_engine_folder(), locales_dir()]
    return engine if game_folder is None else [*game_catalog_folders(game_folder), *engine]


def own_locales(game_folder: Path) -> Path:
    """The game's ``locales/``, resolved: a link by that name must not lead out of the game
    folder, to be read or written through (see ``paths``)."""
    return inside(game_folder / "locales", [game_folder], "the locales folder")


def catalog_home(game_folder: Path) -> Path:
    """Where this game's template and new catalogs are written: the user's folder for a
    built-in game, the game's own ``locales/`` otherwise (the writer refuses a folder inside
    the package, see ``resources.shipped``)."""
    return game_catalog_folders(game_folder)[0]


def shown(path: Path) -> str:
    """A path as a user would type it here: relative to the working directory when under it."""
    absolute = path.absolute()
    return str(absolute.relative_to(Path.cwd())) if absolute.is_relative_to(Path.cwd()) \
        else str(absolute)


def init_command(game_folder: Path, lang: str) -> str:
    """The command that starts ``lang`` for this game, as it would be typed here."""
    if is_builtin(game_folder):
        return f"pnp i18n init {lang} {game_folder.name}"
    return f"pnp i18n init {lang} --game-dir {shlex.quote(shown(game_folder))}"
