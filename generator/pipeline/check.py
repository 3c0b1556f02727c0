"""``pnp check``: every problem of a game folder (data, layouts, catalogs, missing
translations) found without drawing anything, so a designer fixes them all in one pass."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from ..content.loader import game_folder
from ..errors import ContentError, PnpError, Problem
from ..i18n.catalog import (
    catalog_paths,
    entries_set_aside,
    languages_for,
    read_catalog,
    require_translations,
)
from ..render.document import Report
from ..render.safe_zone import SafeWatch
from ..render.sandbox import pdf_templates
from .build import draw_document, plan_document
from .load import game_fingerprint, resolve_game
from .request import BuildRequest


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


def check_game(spec: str | Path, langs: list[str] | None = None,
               layout_dirs: tuple[Path, ...] = ()) -> list[str]:
    """Every problem of one game, each a line as ``pnp build`` words it: the build's own
    stages (load, catalogs, fit, every card and page drawn on A4, translations), run in each
    language checked, but going on past each problem to the next; then every card drawn
    once more as a print shop's one-up file takes it, naming each element that carries
    meaning across the safe zone (``render.safe_zone``). Nothing is written; an
    empty list means the game builds in every language checked."""
    folder = resolve_folder(spec)
    found: list[str] = []

    def report(error: PnpError) -> None:
        found.extend(lines(error))

    try:
        fingerprint = game_fingerprint(folder, layout_dirs)  # once: as a build takes it
        resolve_game(folder, layout_dirs, fingerprint)
    except ContentError as exc:
        return lines(exc)  # the rest is meaningful only for data that loads
    checked = langs or languages_for(folder)
    for lang in dict.fromkeys([*checked, *languages_for(folder)]):  # a build fits them all
        for path in catalog_paths(lang, folder):
            try:
                read_catalog(path)
            except ContentError as exc:
                report(exc)  # then the rest, without the entries refused
    for lang in checked:
        request = BuildRequest(folder, lang, layout_dirs=layout_dirs)
        try:
            with entries_set_aside(), pdf_templates():
                planned = plan_document(request, fingerprint, report)
                draw_document(planned, request, report)
                require_translations(planned.tr, planned.tr.missing | planned.tr.refused)
            found.extend(safe_zone_crossings(request, fingerprint, report))
        except PnpError as exc:
            report(exc)
    return list(dict.fromkeys(found))  # a box too small in every language is said once


def safe_zone_crossings(request: BuildRequest, fingerprint: str,
                        report: Report) -> list[str]:
    """Every card element that carries meaning and crosses its safe zone, drawn as
    ``pnp build --one-up`` draws the decks (one card a page, no marks)."""
    one_up = replace(request, options=replace(request.options, one_up=True))
    planned = plan_document(one_up, fingerprint, report)
    if not any(component.pages for component in planned.guided.plans):
        return []
    watch = SafeWatch()
    draw_document(planned, one_up, report, safe=watch)
    return [str(crossing) for crossing in watch.found.values()]


def lines(error: PnpError) -> list[str]:
    """The lines ``pnp build`` prints after ``error:`` for ``error``, one a problem."""
    if isinstance(error, ContentError):
        return [str(problem) for problem in error.problems]
    return [str(error)]
