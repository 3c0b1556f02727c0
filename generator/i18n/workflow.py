"""The translator's workflow: a template (.pot) of what a game needs, a new catalog per
language, merging a changed template into it, and how much of each language is done.

A built-in game's catalog holds the game's own strings; the strings every game shares (the
print guide, page notes, rule cards) are in one engine catalog per language, translated once:
the shipped ``generator/locales/<lang>.po`` and the user's ``pnp-locales/_engine/<lang>.po``
(``folder`` None below). A game folder of one's own keeps all its text, shared strings too,
in its own ``locales/``, so the folder travels with its translations. Catalogs are written
where :func:`.places.catalog_home` says (for a built-in game a folder of the user's, never the
installed package), and read from there first.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog

from ..content.textfile import read_bytes
from ..errors import ContentError, UsageError
from ..files import write_atomically
from ..resources import shipped
from .catalog import (
    SOURCE_LANG,
    Translator,
    catalog_paths,
    entries_set_aside,
    languages_for,
    translator,
)
from .extract import (
    Messages,
    engine_messages,
    needed_messages,
    own_messages,
    rules_templates,
    shared_messages,
)
from .merge import merge
from .places import LOCALES_ENV, catalog_home, is_builtin, user_engine_folder
from .po_files import dumps, fill_header, header_comment, load
from .po_reading import CATALOG
from .progress import Status, count

POT_NAME = "messages.pot"
ENGINE_PROJECT = "pnp engine"


def _home(folder: Path | None) -> Path:
    return catalog_home(folder) if folder is not None else user_engine_folder()


def _project(folder: Path | None) -> str:
    return f"pnp {folder.name}" if folder is not None else ENGINE_PROJECT


def template_messages(folder: Path | None) -> Messages:
    """What one catalog translates: a built-in game's own strings (the engine's catalog has
    the shared ones); everything a game folder of one's own needs, which keeps its
    translations in its own folder, shared strings too; or (None) the engine's shared
    strings with the engine layouts'."""
    if folder is None:
        return {**engine_messages(), **shared_messages()}
    return own_messages(folder) if is_builtin(folder) else needed_messages(folder)


def _plural_forms(folder: Path | None, lang: str) -> Catalog | None:
    """The most specific catalog of ``lang`` there is, whose plural forms a new one keeps (a
    language the game has keeps its convention and its translated forms)."""
    for path in catalog_paths(lang, folder):
        if path.is_file():
            return load(path, lang)
    return None


def _catalog(messages: Messages, project: str, locale: str | None = None,
             known: Translator | None = None, plurals: Catalog | None = None) -> Catalog:
    """A catalog of ``messages``, each filled in with what ``known`` already translates (so
    starting a language the game has gives its current text to correct, not a blank), with
    the plural forms of ``plurals`` when given, else CLDR's for the language."""
    catalog = Catalog(locale=locale, project=project, version="0.1", fuzzy=False,
                      header_comment=header_comment(project, locale))
    if plurals is not None:  # Babel reads a catalog's Plural-Forms header into these two
        catalog._num_plurals = plurals.num_plurals  # type: ignore[assignment]
        catalog._plural_expr = plurals.plural_expr  # type: ignore[assignment]
    fill_header(catalog, locale)
    for message in messages.values():
        msgid = (message.id, message.plural) if message.plural else message.id
        found = known.messages.get(message.key) if known is not None else None
        if isinstance(found, tuple) != bool(message.plural) or (
                isinstance(found, tuple) and len(found) != catalog.num_plurals):
            found = None  # a singular for a plural id, or other plural forms: start it afresh
        catalog.add(msgid, string=found or "", locations=message.locations,
                    auto_comments=message.notes, context=message.context)
    return catalog


def _write(catalog: Catalog, folder: Path | None, name: str) -> Path:
    """Write ``name`` into the catalog folder of the game in ``folder`` (None: the user's
    engine catalogs), whole or not at all."""
    path = _home(folder) / name
    if shipped(path):
        raise UsageError(f"{path.parent.absolute()} is inside the installed pnp package, where "
                         "a reinstall would lose the translations; for a built-in game run "
                         f"from another folder or set {LOCALES_ENV}=DIR (catalogs go to "
                         "DIR/<game>/), for a game folder of your own copy it out first")
    elsewhere = (f"set {LOCALES_ENV}=DIR to write the catalogs into DIR/<game>/"
                 if folder is None or is_builtin(folder) else
                 "copy the game folder to a place you can write to")
    write_atomically(path, dumps(catalog), elsewhere)  # a full disk never cuts a catalog short
    return path.absolute()


def extract(folder: Path | None) -> Path:
    """Write ``messages.pot`` (every message the catalog translates) into the catalog
    folder of the game (None: of the engine), and nowhere else."""
    return _write(_catalog(template_messages(folder), _project(folder)), folder, POT_NAME)


def _known_language(lang: str) -> None:
    try:
        Locale.parse(lang)
    except (UnknownLocaleError, ValueError):
        raise UsageError(f"'{lang}' is not a language Babel knows (try fr, de, zh, pt_BR)") \
            from None


def init(folder: Path | None, lang: str, force: bool = False, who: str | None = None,
         named: str = "GAME") -> Path:
    """Start ``<lang>.po`` in the catalog folder with every message, translated where the
    game (or the engine) already has the text (refuses to overwrite: ``update`` keeps a
    catalog's work). ``named`` is how the command line names this catalog (``--game-dir
    PATH``, a game, ``--engine``), so the advice to update it can be run as printed."""
    _known_language(lang)
    path = _home(folder) / f"{lang}.po"
    if path.exists() and not force:
        raise UsageError(f"{path} exists; bring it up to date with "
                         f"`pnp i18n update {lang} {named}` (it keeps every translation), "
                         "or pass --force to start it again")
    catalog = _catalog(template_messages(folder), _project(folder), lang,
                       translator(lang, folder), _plural_forms(folder, lang))
    fill_header(catalog, lang, who)
    return _write(catalog, folder, path.name)


class Updated(NamedTuple):
    """A catalog written (or left as it was) and what the user should hear of it."""

    path: Path
    changed: bool
    note: str | None = None  # fuzzy matching cut short by its budgets (see .fuzzy)


def update(folder: Path | None, lang: str, who: str | None = None) -> Path:
    """:func:`updated`'s catalog path."""
    return updated(folder, lang, who).path


def updated(folder: Path | None, lang: str, who: str | None = None) -> Updated:
    """Merge what the catalog must translate now into ``<lang>.po`` as msgmerge would (see
    :mod:`.merge`): an unchanged or returning text keeps its translation, a changed one
    keeps it marked fuzzy with the previous msgid (``#|``), a removed one becomes obsolete
    (``#~``), translator comments and the header stay. A catalog nothing changed in is left
    byte for byte, its revision date too. Starts the catalog when there is none. The revision
    date (and Last-Translator) change only when an entry did, not for a note or a reference.
    Returns the path, whether the file changed and the note of the fuzzy matching's
    budgets when they left a changed text new."""
    _known_language(lang)
    path = _home(folder) / f"{lang}.po"
    if not path.is_file():
        return Updated(init(folder, lang, who=who), True)
    catalog = load(path, lang)  # judged by its size before a byte of it is read
    before = read_bytes(path, CATALOG)
    entries = _entries(catalog)
    template = _catalog(template_messages(folder), _project(folder))
    note = merge(catalog, template, _engine_ids(folder))
    if dumps(catalog) == before:  # nothing changed: the file stays byte for byte
        return Updated(path.absolute(), False, note)
    catalog.creation_date = template.creation_date
    fill_header(catalog, lang, who, revised=_entries(catalog) != entries)
    return Updated(_write(catalog, folder, path.name), True, note)


def _entries(catalog: Catalog) -> list[tuple]:
    """What a translator's revision date is about: each entry's ids, translation, flags and
    previous msgid, obsolete ones too (not its notes or source references)."""
    return [(m.id, m.context, m.string, sorted(m.flags), m.previous_id, obsolete)
            for obsolete, messages in ((False, catalog), (True, catalog.obsolete.values()))
            for m in messages if m.id]


def _engine_ids(folder: Path | None) -> set[str]:
    """The engine's msgids in a game folder's own catalog, which never take a game text's
    translation as a fuzzy match (none in a built-in game's or the engine's catalog)."""
    if folder is None or is_builtin(folder):
        return set()
    return {m.id for m in shared_messages(bool(rules_templates(folder))).values()}


def engine_catalog(folder: Path, lang: str, action: str, who: str | None = None
                   ) -> Updated | None:
    """The engine's catalog beside a built-in game's: started when no engine catalog of
    ``lang`` exists (shipped or the user's), brought up to date on ``update`` when the user
    has one. None when there is nothing to do (a game folder of one's own holds the shared
    strings in its own catalog)."""
    if lang == SOURCE_LANG or not is_builtin(folder):
        return None
    mine = user_engine_folder() / f"{lang}.po"
    if mine.is_file():
        return updated(None, lang, who) if action == "update" else None
    if any(path.is_file() for path in catalog_paths(lang, None)):
        return None  # the shipped engine catalog translates it
    return Updated(init(None, lang, who=who), True)


def status(folder: Path, langs: list[str]) -> dict[str, Status]:
    """How far each of ``langs`` of a game is: its strings and words by part, missing and
    fuzzy (every plural form written, not fuzzy, counts as translated), and the problems of
    its catalogs, counted past them. The game's texts are collected once for all the
    languages (a folder may hold a catalog for each of hundreds)."""
    own, shared = own_messages(folder), shared_messages(bool(rules_templates(folder)))
    return {lang: _status(folder, lang, own, shared) for lang in langs}


def _status(folder: Path, lang: str, own: Messages, shared: Messages) -> Status:
    if lang == SOURCE_LANG:
        return count(own, shared, None, [])
    problems: list[str] = []
    try:
        tr = translator(lang, folder)
    except ContentError as exc:  # counted past: the refused entries count as untranslated
        problems = [str(p) for p in exc.problems]
        with entries_set_aside():
            tr = translator(lang, folder)
    return count(own, shared, tr, problems)


def languages(folders: list[Path]) -> list[str]:
    """Every language of these game folders, in order of first appearance."""
    return list(dict.fromkeys(lang for folder in folders for lang in languages_for(folder)))
