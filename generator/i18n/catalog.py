"""Translate message ids through .po catalogs: a game's own ``locales/<lang>.po`` and the
engine's ``generator/locales/<lang>.po``. English is the source language."""

from __future__ import annotations

import gettext
import io
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from babel.messages.catalog import Catalog
from babel.messages.pofile import PoFileError, read_po

from ..content.yamlio import Msg
from ..errors import ContentError, Problem
from ..resources import file_version, games_dir, locales_dir
from .checks import catalog_problems, syntax_problems

SOURCE_LANG = "en"
LANGUAGES = ("fr", "en", "de")


@lru_cache(maxsize=64)
def _read_catalog(path: Path, version: tuple[int, int]) -> Catalog:
    try:
        raw = path.read_bytes()
        problems = syntax_problems(path, raw.decode("utf-8"))
        if problems:
            raise ContentError(problems)
        catalog = read_po(io.BytesIO(raw), abort_invalid=True)
    except (PoFileError, ValueError, UnicodeDecodeError) as exc:
        raise ContentError(Problem(str(path), "", f"broken translation catalog: {exc}; "
                                   "check quoting and msgid/msgstr pairs")) from None
    problems = catalog_problems(path, catalog)
    if problems:
        raise ContentError(problems)
    return catalog


def read_catalog(path: Path) -> Catalog | None:
    if not path.is_file():
        return None
    return _read_catalog(path, file_version(path))


def catalog_paths(lang: str, game_folder: Path | None) -> list[Path]:
    """Catalogs for one language, most specific first: the game's ``<lang>.po`` and any
    ``<lang>.<topic>.po`` beside it, then the engine's own catalogs."""
    folders = [game_folder / "locales"] if game_folder is not None else []
    folders.append(locales_dir())
    paths: list[Path] = []
    for folder in folders:
        paths.append(folder / f"{lang}.po")
        paths.extend(sorted(folder.glob(f"{lang}.*.po")))
    return paths


def languages_for(game_folder: Path) -> list[str]:
    """The one answer to "which languages does this game have": the languages it is built
    in without ``--lang`` and whose text must fit. A built-in game has French, English and
    German; a designer's own game has English. Either adds every ``locales/<lang>.po`` (or
    ``<lang>.<topic>.po``) it holds."""
    found = {p.name.split(".")[0] for p in (game_folder / "locales").glob("*.po")}
    builtin = game_folder.resolve().parent == games_dir().resolve()
    first = list(LANGUAGES) if builtin else [SOURCE_LANG]
    return [*first, *sorted(found - set(first))]


@dataclass
class Translator:
    """gettext for one language; records every id it could not translate."""

    lang: str
    messages: dict[str, str | tuple[str, ...]] = field(default_factory=dict)
    fuzzy: set[str] = field(default_factory=set)
    fallback: bool = False
    missing: set[str] = field(default_factory=set)
    plural_expr: str = "(n != 1)"  # from the most specific catalog's Plural-Forms header

    def gettext(self, message: str) -> str:
        if self.lang == SOURCE_LANG or not message:
            return str(message)
        found = self.messages.get(message)
        if isinstance(found, tuple):
            found = found[0]
        if found:
            return found
        self.missing.add(str(message))
        return str(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The plural form the catalog's ``Plural-Forms`` expression picks for ``count``."""
        if self.lang == SOURCE_LANG:
            return singular if count == 1 else plural
        found = self.messages.get(singular)
        if isinstance(found, tuple) and all(found):
            index = _plural_function(self.plural_expr)(int(count))
            return found[min(index, len(found) - 1)]
        self.missing.add(singular)
        return singular if count == 1 else plural

    def has(self, message: str) -> bool:
        return self.lang == SOURCE_LANG or bool(self.messages.get(message))


@lru_cache(maxsize=32)
def _plural_function(expr: str) -> Callable[[int], int]:
    """A catalog's C plural expression, such as ``(n > 1)``, as a Python function."""
    return gettext.c2py(expr)


def translator(lang: str, game_folder: Path | None, fallback: bool = False) -> Translator:
    """A translator merging the game's catalog over the engine's catalog."""
    result = Translator(lang, fallback=fallback)
    for path in reversed(catalog_paths(lang, game_folder)):
        catalog = read_catalog(path)
        if catalog is None:
            continue
        result.plural_expr = catalog.plural_expr
        for message in catalog:
            if not message.id:
                continue
            key = str(message.id[0] if isinstance(message.id, (list, tuple)) else message.id)
            if message.fuzzy:
                result.fuzzy.add(key)
                continue
            value = message.string
            result.messages[key] = (tuple(value) if isinstance(value, (list, tuple))
                                    else str(value or ""))
    return result


def require_translations(tr: Translator, ids: Iterable[str], where: str) -> None:
    """Fail with the list of ids that have no translation (unless falling back)."""
    missing = sorted({i for i in ids if i and not tr.has(i)})
    if missing and not tr.fallback:
        shown = "\n  ".join(repr(m[:80]) for m in missing[:40])
        more = f"\n  … and {len(missing) - 40} more" if len(missing) > 40 else ""
        raise ContentError(Problem(where, f"locales/{tr.lang}.po",
                                   f"{len(missing)} message(s) have no '{tr.lang}' translation "
                                   f"(add them, or build with --fallback en):\n  {shown}{more}"))


class Gettext(Protocol):
    def gettext(self, message: str) -> str: ...


def localize(value: Any, tr: Gettext) -> Any:
    """Translate every Msg inside a value (mappings, sequences) for one language."""
    if isinstance(value, Msg):
        return tr.gettext(value)
    if isinstance(value, Mapping):
        return {k: localize(v, tr) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [localize(v, tr) for v in value]
    return value
