"""``pnp check``: every problem of a game folder (data, layouts, catalogs, missing
translations) found without drawing anything, so a designer fixes them all in one pass."""

from __future__ import annotations

from pathlib import Path

from ..content.loader import game_folder
from ..content.wording import counted
from ..errors import ContentError, Problem
from ..i18n.catalog import catalog_paths, lacking_language, languages_for, read_catalog
from ..i18n.places import catalog_home, init_command, shown
from ..i18n.workflow import status
from .load import load_game


def resolve_folder(spec: str | Path) -> Path:
    """A built-in game id, a game folder, or a game.yaml file → its folder."""
    if isinstance(spec, str) and not Path(spec).exists():
        return game_folder(spec)
    path = Path(spec)
    if path.is_file():
        return path.parent
    if not (path / "game.yaml").is_file():
        raise ContentError(Problem(str(path), "", "no game.yaml here: point at a game folder, "
                                   "its game.yaml, or name a built-in game"))
    return path


def check_game(spec: str | Path, langs: list[str] | None = None) -> list[Problem]:
    """All problems of one game; an empty list means it builds in every language checked."""
    folder = resolve_folder(spec)
    problems: list[Problem] = []
    try:
        load_game(folder)
    except ContentError as exc:
        problems.extend(exc.problems)
    for lang in langs or languages_for(folder):
        catalog_broken = False
        for path in catalog_paths(lang, folder):
            try:
                read_catalog(path)
            except ContentError as exc:
                problems.extend(exc.problems)
                catalog_broken = True
        if problems or catalog_broken:
            continue  # missing ids are only meaningful for data and catalogs that load
        lacking = lacking_language(folder, lang)
        if lacking:
            problems.append(Problem("<command line>", "--lang", lacking))
            continue
        missing = status(folder, lang).missing
        if missing:
            listed = ", ".join(repr(m[:50]) for m in missing[:10])
            more = f" … and {len(missing) - 10} more" if len(missing) > 10 else ""
            file = catalog_home(folder) / f"{lang}.po"
            them = "it" if len(missing) == 1 else "them"
            fix = (f"add {them} there" if file.exists() else
                   f"start the file with `{init_command(folder, lang)}`, then translate {them}")
            have = "has" if len(missing) == 1 else "have"
            problems.append(Problem(shown(file), "", f"{counted(len(missing), 'message')} "
                                    f"{have} no '{lang}' translation: {listed}{more} ({fix})"))
    return problems
