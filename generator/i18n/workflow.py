"""The translator's workflow: a template (.pot) of what a game needs, a new catalog per
language, and how much of each language is done.

A game's catalog may hold every string its build needs, the engine's rule-card strings
included, so a translator edits one file per game and language, never Python or layouts.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from ..errors import UsageError
from .catalog import SOURCE_LANG, languages_for, translator
from .extract import Messages, needed_messages

POT_NAME = "messages.pot"


def _catalog(messages: Messages, project: str, locale: str | None = None) -> Catalog:
    catalog = Catalog(locale=locale, project=project, version="0.1", fuzzy=False)
    for message in messages.values():
        msgid = (message.id, message.plural) if message.plural else message.id
        catalog.add(msgid, locations=message.locations)
    return catalog


def _write(catalog: Catalog, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=0, sort_output=False)
    return path


def extract(folder: Path) -> Path:
    """Write ``locales/messages.pot``: every message the game's build translates."""
    return _write(_catalog(needed_messages(folder), f"pnp {folder.name}"),
                  folder / "locales" / POT_NAME)


def init(folder: Path, lang: str, force: bool = False) -> Path:
    """Start ``locales/<lang>.po`` with every message untranslated (refuses to overwrite)."""
    try:
        Locale.parse(lang)
    except (UnknownLocaleError, ValueError):
        raise UsageError(f"'{lang}' is not a language Babel knows (try fr, de, zh, pt_BR)") \
            from None
    path = folder / "locales" / f"{lang}.po"
    if path.exists() and not force:
        raise UsageError(f"{path} exists; translate it, or pass --force to start it again")
    return _write(_catalog(needed_messages(folder), f"pnp {folder.name}", lang), path)


@dataclass(frozen=True)
class Status:
    """How far one language of one game is translated."""

    percent: float
    missing: tuple[str, ...]
    fuzzy: tuple[str, ...]


def status(folder: Path, lang: str) -> Status:
    """The share of the game's messages with a translation that is not fuzzy."""
    messages = list(needed_messages(folder))
    if lang == SOURCE_LANG or not messages:
        return Status(100.0, (), ())
    tr = translator(lang, folder)
    fuzzy = tuple(m for m in messages if not tr.has(m) and m in tr.fuzzy)
    missing = tuple(m for m in messages if not tr.has(m) and m not in tr.fuzzy)
    done = len(messages) - len(missing) - len(fuzzy)
    return Status(round(100.0 * done / len(messages), 1), missing, fuzzy)


def languages(folders: list[Path]) -> list[str]:
    """Every language of these game folders, in order of first appearance."""
    return list(dict.fromkeys(lang for folder in folders for lang in languages_for(folder)))
