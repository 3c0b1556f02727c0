"""Translate message ids through .po catalogs: the user's catalogs of a built-in game, the
game's own ``locales/<lang>.po`` and the engine's ``generator/locales/<lang>.po``, in that
order (see :mod:`.places`). English is the source language."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from babel.messages.catalog import Catalog
from babel.messages.pofile import PoFileError

from ..content.wording import agreeing, counted
from ..content.yamlio import Msg
from ..errors import ContentError, Problem
from ..limits import limit, refuse
from ..resources import file_version
from .checks import catalog_problems
from .places import (
    catalog_folders,
    catalog_home,
    game_catalog_folders,
    init_command,
    is_builtin,
    shown,
)
from .plural_forms import plural_function, plural_index
from .po_reading import catalog_text, read_po_text
from .po_syntax import syntax_problems

SOURCE_LANG = "en"
LANGUAGES = ("fr", "en", "de")
SAVE_PO_AS = "save it as UTF-8 (in Poedit or a text editor: Save as, encoding UTF-8)"
CONTEXT_SEP = "\x04"  # gettext's separator of msgctxt and msgid in one key


def message_key(message: str, context: str | None = None) -> str:
    """The key of one message in a translator and in the extracted messages: the msgid, after
    its msgctxt and gettext's separator when it has one."""
    return f"{context}{CONTEXT_SEP}{message}" if context else str(message)


def readable_key(key: str, width: int = 80) -> str:
    """A message key as a translator reads it: ``'Red' [context: pawn colour]``, not the
    msgctxt glued to the msgid by gettext's invisible separator."""
    context, sep, message = key.rpartition(CONTEXT_SEP)
    return f"{message[:width]!r}" + (f" [context: {context}]" if sep else "")


# within ``entries_set_aside``: a catalog is read without the entries its checks refuse
_SET_ASIDE: ContextVar[bool] = ContextVar("catalog_entries_set_aside", default=False)


@contextmanager
def entries_set_aside() -> Iterator[None]:
    """Read catalogs without the entries their checks refuse (placeholders, markup, icons),
    which then count as untranslated: ``pnp check`` reports those entries, then goes on to
    fit and draw the rest in the same run. A build never reads a catalog so."""
    token = _SET_ASIDE.set(True)
    try:
        yield
    finally:
        _SET_ASIDE.reset(token)


@lru_cache(maxsize=64)
def _read_catalog(path: Path, version: tuple[int, int]) -> tuple[Catalog, tuple[Problem, ...]]:
    # what a .po is instead, when not UTF-8 text (UTF-16 from a Windows editor), and the fix
    text = catalog_text(path, SAVE_PO_AS)
    try:
        problems = syntax_problems(path, text)
        if problems:
            raise ContentError(problems)
        catalog = read_po_text(path, text, abort_invalid=True)
    except (PoFileError, ValueError) as exc:
        raise ContentError(Problem(str(path), "", f"broken translation catalog: {exc}; "
                                   "check quoting and msgid/msgstr pairs")) from None
    return catalog, tuple(catalog_problems(path, catalog))


def read_catalog(path: Path) -> Catalog | None:
    """The catalog at ``path`` (None: no such file); a ContentError with every entry its
    checks refuse, unless within :func:`entries_set_aside`."""
    if not path.is_file():
        return None
    catalog, problems = _read_catalog(path, file_version(path))
    if problems and not _SET_ASIDE.get():
        raise ContentError(list(problems))
    return catalog


def set_aside() -> bool:
    """Whether catalogs are read without their refused entries (see ``entries_set_aside``):
    what is worked out then is no result to keep for a build."""
    return _SET_ASIDE.get()


def _refused_lines(path: Path) -> set[int | None]:
    """The lines of the entries of ``path`` its checks refuse, when they are set aside."""
    if not _SET_ASIDE.get():
        return set()
    return {problem.line for problem in _read_catalog(path, file_version(path))[1]}


def catalog_paths(lang: str, game_folder: Path | None) -> list[Path]:
    """Catalogs for one language, most specific first: in each folder of the search path
    (the user's, the game's, the engine's) ``<lang>.po`` and any ``<lang>.<topic>.po``."""
    paths: list[Path] = []
    for folder in catalog_folders(game_folder):
        paths.append(folder / f"{lang}.po")
        paths.extend(folder / name for name in _po_names(folder).get(lang.split(".")[0], ())
                     if name.startswith(f"{lang}.") and name.endswith(".po")
                     and len(name) > len(lang) + 3)
    return paths


def _po_names(folder: Path) -> dict[str, list[str]]:
    """The names of the folder's ``*.po`` files by their first dotted part (the language),
    sorted; listed once per version of the folder, so finding each of many languages' files
    is not a walk of the whole folder each time."""
    try:
        version = file_version(folder)
    except OSError:
        return {}
    return _listed(folder, version)


@lru_cache(maxsize=16)
def _listed(folder: Path, version: tuple[int, int]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    try:
        with os.scandir(folder) as entries:
            names = sorted(entry.name for entry in entries if entry.name.endswith(".po"))
    except OSError:  # not a folder, or not one pnp may read: no catalogs
        return {}
    for name in names:
        found.setdefault(name.split(".")[0], []).append(name)
    return found


def languages_for(game_folder: Path) -> list[str]:
    """The one answer to "which languages does this game have": the languages it is built
    in without ``--lang`` and whose text must fit. A built-in game has French, English and
    German; a designer's own game has English. Either adds every ``<lang>.po`` (or
    ``<lang>.<topic>.po``) of its search path: the user's folder, then its ``locales/``;
    refused past ``languages`` of them (each is a build, a fit, a status of its own)."""
    found = {lang for folder in game_catalog_folders(game_folder)
             for lang in _po_names(folder)}
    first = list(LANGUAGES) if is_builtin(game_folder) else [SOURCE_LANG]
    langs = [*first, *sorted(found - set(first))]
    if len(langs) > limit("languages"):
        raise refuse(shown(game_catalog_folders(game_folder)[-1]), "languages",
                     f"{len(langs):,} languages, one for each catalog name")
    return langs


@dataclass
class Translator:
    """gettext for one language; records every id it could not translate."""

    lang: str
    folder: Path | None = None  # the game's folder: what an error about a missing language names
    messages: dict[str, str | tuple[str, ...]] = field(default_factory=dict)  # filled in only
    fuzzy: set[str] = field(default_factory=set)
    fallback: bool = False
    missing: set[str] = field(default_factory=set)
    plural_expr: str = "(n != 1)"  # from the most specific catalog's Plural-Forms header
    plural_source: str = ""  # that catalog, as shown to the user
    lines: dict[str, tuple[Path, int]] = field(default_factory=dict)  # id → its .po and line
    refused: set[str] = field(default_factory=set)  # set aside: see ``entries_set_aside``
    misses: int = 0  # look-ups of untranslated ids, repeats too: what a drawing fell back on

    def source_of(self, excerpt: str) -> str | None:
        """The message id whose translation holds ``excerpt`` (an error quotes the text it
        could not fit, in this language), the shortest such translation first."""
        wanted = excerpt.casefold()  # as printed: a name set in capitals quotes them
        found = [(len(text), key) for key, value in self.messages.items()
                 for text in (value if isinstance(value, tuple) else (value,))
                 if wanted in text.casefold()]
        return min(found)[1] if found else None

    def place(self, message: str) -> str | None:
        """``locales/de.po:38``: where the translation of ``message`` is written, so an error
        about it names the line a translator opens (None: not translated)."""
        found = self.lines.get(message)
        return None if found is None else f"{shown(found[0])}:{found[1]}"

    def _miss(self, key: str) -> None:
        self.missing.add(key)
        self.misses += 1

    def gettext(self, message: str) -> str:
        context = getattr(message, "context", None)
        if context:
            return self.pgettext(context, message)
        if self.lang == SOURCE_LANG or not message:
            return str(message)
        found = self.messages.get(message)
        if found is not None:
            return found[0] if isinstance(found, tuple) else found
        self._miss(str(message))
        return str(message)

    def pgettext(self, context: str, message: str) -> str:
        """The translation of ``message`` in one use of it (its msgctxt)."""
        if self.lang == SOURCE_LANG or not message:
            return str(message)
        key = message_key(message, context)
        found = self.messages.get(key)
        if found is not None:
            return found[0] if isinstance(found, tuple) else found
        self._miss(key)
        return str(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The plural form the catalog's ``Plural-Forms`` expression picks for ``count``."""
        if self.lang == SOURCE_LANG:
            return singular if count == 1 else plural
        found = self.messages.get(singular)
        if isinstance(found, tuple):
            index = plural_index(self.plural_expr, self.plural_source, int(count))
            return found[min(index, len(found) - 1)]
        self._miss(singular)
        return singular if count == 1 else plural

    def drawing_identity(self) -> tuple[Any, ...] | None:
        """What two translators of one game and language share (their catalogs are the
        game's, which its fingerprint covers), so a card drawn with one draws alike with the
        other; none with ``fallback``, where what each marks as missing flags the cards of its
        own document."""
        return None if self.fallback else (self.lang, str(self.folder), self.plural_expr)

    def has(self, message: str) -> bool:
        return self.lang == SOURCE_LANG or message in self.messages


def _filled(value: Any) -> str | tuple[str, ...] | None:
    """A translation with every form written, else None: an empty msgstr (or one empty plural
    form) translates nothing, so it neither counts as done nor hides a catalog further down."""
    forms = tuple(str(v or "") for v in value) if isinstance(value, (list, tuple)) \
        else (str(value or ""),)
    if not all(forms):
        return None
    return forms if isinstance(value, (list, tuple)) else forms[0]


def translator(lang: str, game_folder: Path | None, fallback: bool = False) -> Translator:
    """A translator merging the catalogs of the search path, the most specific on top."""
    result = Translator(lang, game_folder, fallback=fallback)
    paths = catalog_paths(lang, game_folder)
    _check_total(paths, lang)
    for path in reversed(paths):
        catalog = read_catalog(path)
        if catalog is None:
            continue
        result.plural_expr, result.plural_source = catalog.plural_expr, shown(path)
        plural_function(result.plural_expr, result.plural_source)  # refused as it is read
        refused = _refused_lines(path)
        for message in catalog:
            if not message.id:
                continue
            key = message_key(str(message.id[0] if isinstance(message.id, (list, tuple))
                                  else message.id), message.context)
            if message.lineno:
                result.lines[key] = (path, message.lineno)
            if message.lineno in refused:
                result.refused.add(key)
                continue
            if message.fuzzy:
                result.fuzzy.add(key)
                continue
            value = _filled(message.string)
            if value is not None:
                result.messages[key] = value
    return result


def _check_total(paths: list[Path], lang: str) -> None:
    """Refuse catalogs of one language that add up past ``catalog_bytes`` before any is
    parsed: babel takes about 30 bytes of memory and a microsecond and a half for each byte
    of a catalog, and a folder may hold any number of ``<lang>.<topic>.po``, each within
    ``file_bytes``."""
    total = 0
    for path in paths:
        with contextlib.suppress(OSError):
            total += path.stat().st_size if path.is_file() else 0
    if total > limit("catalog_bytes"):
        raise refuse(str(paths[0].parent), "catalog_bytes",
                     f"the '{lang}' catalogs, {total:,} bytes together")


def lacking_language(folder: Path, lang: str) -> str | None:
    """One line for a language the game has no catalog for: the languages it has and how to
    start this one. None when the game has the language."""
    langs = languages_for(folder)
    if lang in langs:
        return None
    return (f"{folder.name} has no '{lang}' translation; its languages are {', '.join(langs)}. "
            f"Start one with `{init_command(folder, lang)}` (it writes "
            f"{shown(catalog_home(folder) / f'{lang}.po')})")


def require_translations(tr: Translator, ids: Iterable[str]) -> None:
    """Fail with the list of ids that have no translation (unless falling back); for a
    language the game does not have, with the languages it has instead."""
    missing = sorted({i for i in ids if i and not tr.has(i)})
    if not missing or tr.fallback:
        return
    lacking = lacking_language(tr.folder, tr.lang) if tr.folder is not None else None
    if lacking:
        raise ContentError(Problem("<command line>", "--lang",
                                   f"{lacking}, or build with --fallback en"))
    listed = "\n  ".join(_untranslated(tr, m) for m in missing[:40])
    more = f"\n  … and {len(missing) - 40} more" if len(missing) > 40 else ""
    fuzzy = sum(1 for m in missing if m in tr.fuzzy)
    fuzzy_said = f"; {fuzzy} of them only fuzzy, as i18n status counts" if fuzzy else ""
    file = catalog_home(tr.folder) / f"{tr.lang}.po" if tr.folder else Path(f"{tr.lang}.po")
    raise ContentError(Problem(shown(file), "",
                               f"{counted(len(missing), 'message')} "
                               f"{agreeing(len(missing), 'has', 'have')} no '{tr.lang}' "
                               f"translation (add {agreeing(len(missing), 'it', 'them')}, or "
                               f"build with --fallback en{fuzzy_said}):\n  {listed}{more}"))


def _untranslated(tr: Translator, message: str) -> str:
    """One id without a translation: where the translator finds it and what to do there."""
    place = tr.place(message)
    if place is None:
        return f"{readable_key(message)} (not in the catalog yet)"
    if message in tr.refused:
        return f"{readable_key(message)} at {place} (refused: see that line's error)"
    if message in tr.fuzzy:
        return (f"{readable_key(message)} at {place} (fuzzy: check the translation, then "
                "remove the '#, fuzzy' line)")
    return f"{readable_key(message)} at {place} (empty)"


class Gettext(Protocol):
    def gettext(self, message: str) -> str: ...


def strings_in(value: Any) -> Iterator[str]:
    """Every string inside a value (mappings, sequences), as ``localize`` left them."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from strings_in(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from strings_in(item)


def localize(value: Any, tr: Gettext) -> Any:
    """Translate every Msg inside a value (mappings, sequences) for one language."""
    if isinstance(value, Msg):
        return tr.gettext(value)
    if isinstance(value, Mapping):
        return {k: localize(v, tr) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [localize(v, tr) for v in value]
    return value
