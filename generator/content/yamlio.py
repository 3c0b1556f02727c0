"""YAML reading that remembers lines, so every error can point at the place to fix.

``!t "text"`` marks a player-visible string: a :class:`Msg`, translated through gettext.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from itertools import islice
from pathlib import Path
from typing import Any

import yaml

from ..errors import ContentError, Problem, excerpt
from ..limits import limit, refuse
from ..resources import file_version
from .textfile import read_text


class Msg(str):
    """A translatable message id (English source text)."""

    __slots__ = ()
    context: str | None = None  # a msgctxt: which use of a short or ambiguous word this is
    note: str | None = None     # a word for the translator (keep a name, say what it means)


class NotedMsg(Msg):
    """A message written ``!t {text: …, context: …, note: …}``: the same English word may
    need another translation in another use (a msgctxt), or a note for the translator."""

    def __new__(cls, text: str, context: str | None = None, note: str | None = None
                ) -> NotedMsg:
        made = super().__new__(cls, text)
        made.context, made.note = context, note
        return made


class LineDict(dict):
    """A mapping that knows the line of each of its keys."""

    __slots__ = ("lines", "line")

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.lines: dict[str, int] = {}
        self.line: int | None = None


class LineList(list):
    """A sequence that knows the line of each of its items."""

    __slots__ = ("lines", "line")

    def __init__(self, *args: Any):
        super().__init__(*args)
        self.lines: list[int] = []
        self.line: int | None = None


_BaseLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser if built


class _Loader(_BaseLoader):
    """SafeLoader (no object construction) plus line-aware containers and ``!t``."""


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    result = LineDict()
    result.line = node.start_mark.line + 1
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if not isinstance(key, (str, int)):
            raise yaml.constructor.ConstructorError(
                None, None, f"keys must be text or numbers, got {excerpt(key)}", key_node.start_mark
            )
        if key in result:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {excerpt(key)}", key_node.start_mark
            )
        result[key] = loader.construct_object(value_node, deep=True)
        result.lines[str(key)] = key_node.start_mark.line + 1
    return result


class _TooLong(Exception):
    """A text past ``text_chars``, at its line: told by ``load_yaml_text``, which knows the
    file."""

    def __init__(self, chars: int, line: int):
        super().__init__(chars, line)
        self.chars, self.line = chars, line


def _text(loader: _Loader, node: yaml.ScalarNode) -> str:
    """A scalar's text, refused past ``text_chars``: a ruling of megabytes in ``edition:``
    (or any text) would be fitted, hyphenated and quoted whole before it overflows."""
    text = loader.construct_scalar(node)
    if len(text) > limit("text_chars"):
        raise _TooLong(len(text), node.start_mark.line + 1)
    return text


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> LineList:
    result = LineList(loader.construct_object(child, deep=True) for child in node.value)
    result.lines = [child.start_mark.line + 1 for child in node.value]
    result.line = node.start_mark.line + 1
    return result


MSG_KEYS = {"text", "context", "note"}


def _construct_msg(loader: _Loader, node: yaml.Node) -> Msg:
    if isinstance(node, yaml.MappingNode):
        raw = loader.construct_mapping(node)
        if set(raw) - MSG_KEYS or not isinstance(raw.get("text"), str) or not all(
                isinstance(raw.get(k), (str, type(None))) for k in MSG_KEYS):
            raise yaml.constructor.ConstructorError(
                None, None, "!t {text: …, context: …, note: …} takes a text and, for the "
                "translator, a context and a note, each a string", node.start_mark)
        return NotedMsg(raw["text"], raw.get("context"), raw.get("note"))
    if not isinstance(node, yaml.ScalarNode):
        raise yaml.constructor.ConstructorError(
            None, None, "!t marks one piece of text", node.start_mark
        )
    return Msg(_text(loader, node))


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)
_Loader.add_constructor("!t", _construct_msg)
_Loader.add_constructor("tag:yaml.org,2002:str", _text)


WORDS = {"int": "whole number", "float": "number", "timestamp": "date"}


def _scalar_or_error(kind: str) -> Any:
    """SafeLoader's constructor of ``kind``, with a value it cannot make (a whole number of
    5,000 digits, the date 2001-02-30) told as a YAML error at its line."""
    construct = getattr(yaml.constructor.SafeConstructor, f"construct_yaml_{kind}")

    def checked(loader: _Loader, node: yaml.ScalarNode) -> Any:
        try:
            return construct(loader, node)
        except (ValueError, OverflowError) as exc:
            raise yaml.constructor.ConstructorError(
                None, None, f"{str(node.value)[:40]!r} is not a {WORDS[kind]} pnp can read "
                f"({str(exc).split(';')[0][:60]}); quote it to keep it as text",
                node.start_mark) from None

    return checked


for _kind in WORDS:
    _Loader.add_constructor(f"tag:yaml.org,2002:{_kind}", _scalar_or_error(_kind))


def load_yaml_text(text: str, source: str) -> Any:
    """Parse YAML text; a syntax error becomes a ContentError with the line."""
    return _counted(text, source)[0]


def _counted(text: str, source: str) -> tuple[Any, int]:
    """The data of YAML text and the values it builds, aliases expanded."""
    try:
        data = yaml.load(text, Loader=_Loader)  # noqa: S506 - _Loader derives from SafeLoader
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        reason = exc.problem or str(exc)
        raise ContentError(
            Problem(source, "", f"invalid YAML: {reason}; fix the syntax there", line)
        ) from None
    except yaml.YAMLError as exc:
        raise ContentError(Problem(source, "", f"invalid YAML: {exc}")) from None
    except RecursionError:
        raise ContentError(Problem(source, "", "invalid YAML: nested too deeply")) from None
    except _TooLong as exc:
        raise refuse(source, "text_chars", f"a text of {exc.chars:,} characters",
                     exc.line) from None
    return data, _count_values(data, source)


def _count_values(data: Any, source: str) -> int:
    """Refuse a file whose values, every alias (``*name``) expanded, number more than
    ``yaml_nodes``: PyYAML shares an alias's value, but every later step (freezing, drawing,
    hashing) walks each copy, so ten nested aliases of ten make ten billion values of a
    few hundred bytes. Walks no further than the limit; the number of values."""
    budget = limit("yaml_nodes")
    todo, seen = [data], 0
    while todo:
        value = todo.pop()
        seen += 1
        if seen > budget:
            raise refuse(source, "yaml_nodes", "values, with every alias expanded")
        if isinstance(value, dict):
            todo.extend(value.values())
            todo.extend(value.keys())
        elif isinstance(value, list):
            todo.extend(value)
    return seen


# the values the YAML files of the game load under way have built so far (None: no load)
_FOLDER_VALUES: ContextVar[list[int] | None] = ContextVar("folder_yaml_values", default=None)


@contextmanager
def folder_values() -> Iterator[None]:
    """One game load: every YAML file it reads counts against ``folder_yaml_nodes``
    together, each within ``yaml_nodes`` on its own (900 layout files of 990,000 values
    each took a minute, one at a time)."""
    token = _FOLDER_VALUES.set([0])
    try:
        yield
    finally:
        _FOLDER_VALUES.reset(token)


def _spend(values: int, source: str) -> None:
    spent = _FOLDER_VALUES.get()
    if spent is None:
        return
    spent[0] += values
    if spent[0] > limit("folder_yaml_nodes"):
        raise refuse(source, "folder_yaml_nodes", f"{spent[0]:,} values in the YAML files "
                     "of this game read so far, this one's counted, aliases expanded")


def yaml_files(folder: Path) -> list[Path]:
    """The ``*.yaml`` files of ``folder``, sorted; refused past ``yaml_files`` before any
    is read or the rest is listed."""
    most = limit("yaml_files")
    found = list(islice(folder.glob("*.yaml"), most + 1))
    if len(found) > most:
        raise refuse(str(folder), "yaml_files", "YAML files in this folder")
    return sorted(found)


def load_yaml(path: Path, roots: tuple[Path, ...] | None = None) -> Any:
    """Read and parse a YAML file, with errors that name it (and what it is when it is not
    text); ``roots``: the folders it may lie in (see ``paths``)."""
    data, values = _read(path, roots)
    _spend(values, str(path))
    return data


def _read(path: Path, roots: tuple[Path, ...] | None) -> tuple[Any, int]:
    return _counted(read_text(path, "YAML text", "save it as UTF-8 in a text editor",
                              roots=roots), str(path))


def load_yaml_shared(path: Path, roots: tuple[Path, ...] | None = None) -> Any:
    """``load_yaml`` for files read on every game load (layout files, the built-in ones above
    all): parsed once per process and version of the file. The result is shared, so callers
    must not change it."""
    try:
        version = file_version(path)
    except OSError:
        return load_yaml(path, roots)  # names the problem
    data, values = _parsed(path, version, roots)
    _spend(values, str(path))
    return data


@lru_cache(maxsize=64)
def _parsed(path: Path, version: tuple[int, int], roots: tuple[Path, ...] | None
            ) -> tuple[Any, int]:
    return _read(path, roots)


def line_of(container: Any, key: str | int | None = None) -> int | None:
    """The line of ``container[key]`` (or of the container itself) when it is known."""
    if key is not None:
        lines = getattr(container, "lines", None)
        if isinstance(lines, dict):
            return lines.get(str(key))
        if isinstance(lines, list) and isinstance(key, int) and 0 <= key < len(lines):
            return lines[key]
    return getattr(container, "line", None)
