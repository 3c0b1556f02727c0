"""The translator's workflow: a template (.pot) of what a game needs, a new catalog per
language, and how much of each language is done.

A game's catalog may hold every string its build needs, the engine's rule-card strings
included, so a translator edits one file per game and language, never Python or layouts.
Both are written where :func:`.places.catalog_home` says (for a built-in game a folder of the
user's, never the installed package), and read from there first.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog

from ..errors import UsageError
from ..files import write_atomically
from ..resources import shipped
from .catalog import SOURCE_LANG, Translator, catalog_paths, languages_for, translator
from .extract import Messages, needed_messages
from .places import LOCALES_ENV, catalog_home, is_builtin
from .po_files import dumps, fill_header, header_comment, load

POT_NAME = "messages.pot"


def _plural_forms(folder: Path, lang: str) -> Catalog | None:
    """The game's most specific catalog of ``lang``, whose plural forms a new one keeps (a
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
        found = known.messages.get(message.id) if known is not None else None
        if isinstance(found, tuple) != bool(message.plural) or (
                isinstance(found, tuple) and len(found) != catalog.num_plurals):
            found = None  # a singular for a plural id, or other plural forms: start it afresh
        catalog.add(msgid, string=found or "", locations=message.locations,
                    auto_comments=message.notes, context=message.context)
    return catalog


def _write(catalog: Catalog, folder: Path, name: str) -> Path:
    """Write ``name`` into the catalog folder of the game in ``folder``, whole or not at all."""
    path = catalog_home(folder) / name
    if shipped(path):
        raise UsageError(f"{path.parent.absolute()} is inside the installed pnp package, where "
                         "a reinstall would lose the translations; for a built-in game run "
                         f"from another folder or set {LOCALES_ENV}=DIR (catalogs go to "
                         "DIR/<game>/), for a game folder of your own copy it out first")
    elsewhere = (f"set {LOCALES_ENV}=DIR to write the catalogs into DIR/<game>/"
                 if is_builtin(folder) else
                 "copy the game folder to a place you can write to")
    write_atomically(path, dumps(catalog), elsewhere)  # a full disk never cuts a catalog short
    return path.absolute()


def extract(folder: Path) -> Path:
    """Write ``messages.pot`` (every message the game's build translates) into the game's
    catalog folder, and nowhere else."""
    return _write(_catalog(needed_messages(folder), f"pnp {folder.name}"), folder, POT_NAME)


def _known_language(lang: str) -> None:
    try:
        Locale.parse(lang)
    except (UnknownLocaleError, ValueError):
        raise UsageError(f"'{lang}' is not a language Babel knows (try fr, de, zh, pt_BR)") \
            from None


def init(folder: Path, lang: str, force: bool = False, who: str | None = None) -> Path:
    """Start ``<lang>.po`` in the game's catalog folder with every message, translated where
    the game already has the text (refuses to overwrite: ``update`` keeps a catalog's work)."""
    _known_language(lang)
    path = catalog_home(folder) / f"{lang}.po"
    if path.exists() and not force:
        raise UsageError(f"{path} exists; bring it up to date with `pnp i18n update {lang}` "
                         "(it keeps every translation), or pass --force to start it again")
    catalog = _catalog(needed_messages(folder), f"pnp {folder.name}", lang,
                       translator(lang, folder), _plural_forms(folder, lang))
    fill_header(catalog, lang, who)
    return _write(catalog, folder, path.name)


def update(folder: Path, lang: str, who: str | None = None) -> Path:
    """Merge what the game needs now into its ``<lang>.po`` as msgmerge would, through
    Babel's ``Catalog.update``: an unchanged text keeps its translation, a changed one keeps
    it marked fuzzy with the previous msgid (``#|``), a removed one becomes obsolete (``#~``),
    translator comments and the header stay. Starts the catalog when there is none."""
    _known_language(lang)
    path = catalog_home(folder) / f"{lang}.po"
    template = _catalog(needed_messages(folder), f"pnp {folder.name}")
    if not path.is_file():
        return init(folder, lang, who=who)
    catalog = load(path, lang)
    catalog.update(template, update_creation_date=True)
    fill_header(catalog, lang, who)
    return _write(catalog, folder, path.name)


@dataclass(frozen=True)
class Status:
    """How far one language of one game is translated: of ``total`` messages, the ids with
    no translation and those whose only translation is fuzzy."""

    total: int
    missing: tuple[str, ...]
    fuzzy: tuple[str, ...]

    @property
    def translated(self) -> int:
        return self.total - len(self.missing) - len(self.fuzzy)

    @property
    def percent(self) -> float:
        return round(100.0 * self.translated / self.total, 1) if self.total else 100.0


def status(folder: Path, lang: str) -> Status:
    """The game's messages with a translation (every plural form written, not fuzzy)."""
    messages = list(needed_messages(folder))
    if lang == SOURCE_LANG:
        return Status(len(messages), (), ())
    tr = translator(lang, folder)
    fuzzy = tuple(m for m in messages if not tr.has(m) and m in tr.fuzzy)
    missing = tuple(m for m in messages if not tr.has(m) and m not in tr.fuzzy)
    return Status(len(messages), missing, fuzzy)


def languages(folders: list[Path]) -> list[str]:
    """Every language of these game folders, in order of first appearance."""
    return list(dict.fromkeys(lang for folder in folders for lang in languages_for(folder)))
