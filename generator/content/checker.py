"""Collects every problem in a data file in one pass, each with its file, line and key path."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from ..errors import ContentError, Problem, excerpt
from ..limits import OverBudget, limit, past
from ..units import parse_length
from .yamlio import line_of


def known(value: Any, table: Any) -> bool:
    """``value in table``, but False rather than a crash for an unhashable value (a list
    where a name belongs) or a table that is not a collection."""
    try:
        return value in table
    except TypeError:
        return False


def names(value: Any) -> list[Any]:
    """The entries of a list or the keys of a mapping; nothing for any other value."""
    return list(value) if isinstance(value, (list, dict)) else []


def described(value: Any) -> str:
    """A YAML value as its writer would name it (not Python's LineList or NoneType)."""
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float)):
        return f"the number {value}"
    return f"the text {str(value)[:40]!r}"


PLAIN_KEY = re.compile(r"[\w.-]{1,60}\Z")  # a key a path names as it is written


def join(path: str, key: str | int) -> str:
    """The path of ``key`` in ``path``; a key that is no short plain name is quoted as an
    excerpt (a stranger's key may hold line breaks, escapes or megabytes)."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    shown = key if isinstance(key, str) and PLAIN_KEY.match(key) else excerpt(key)
    return f"{path}.{shown}" if path else shown


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


MAPPING, LIST = "a mapping of keys", "a list"
# the shapes a game's own Python reads its settings and rule data in, by the words a problem
# names them with
SHAPES: dict[str, Callable[[Any], bool]] = {
    MAPPING: lambda value: isinstance(value, dict),
    LIST: lambda value: isinstance(value, list),
    "a mapping of mappings": lambda value: isinstance(value, dict) and all(
        isinstance(item, dict) for item in value.values()),
    "a list of mappings": lambda value: isinstance(value, list) and all(
        isinstance(item, dict) for item in value),
    "a list of texts": lambda value: isinstance(value, list) and all(
        isinstance(item, str) for item in value),
    "a list of [row, column] pairs": lambda value: isinstance(value, list) and all(
        isinstance(item, list) and len(item) == 2 and all(map(_whole, item))
        for item in value),
}


class Problems(list):
    """The problems of one file's check, at most ``problems`` of templates/limits.yaml: the
    one past it ends the check with them and a last line saying there are more (a file of
    200,000 unknown keys is not 200,000 lines, nor 9 million pairs kept in memory)."""

    def __init__(self, file: str):
        super().__init__()
        self.file = file

    def append(self, problem: Problem) -> None:
        if len(self) >= limit("problems"):
            raise OverBudget([*self, Problem(self.file, "", past("problems",
                                                                 "… and more problems"))])
        super().append(problem)

    def extend(self, problems: Iterable[Problem]) -> None:
        for problem in problems:
            self.append(problem)


class Checker:
    """A problem list for one file; helpers return a usable value or None after recording why."""

    def __init__(self, file: str):
        self.file = file
        self.problems: list[Problem] = Problems(file)

    def add(self, path: str, message: str, container: Any = None, key: Any = None) -> None:
        self.problems.append(Problem(self.file, path, message, line_of(container, key)))

    def mapping(self, value: Any, path: str, parent: Any = None, key: Any = None) -> dict | None:
        if isinstance(value, dict):
            return value
        self.add(path, f"expected a mapping of keys (key: value lines), got {described(value)}",
                 parent, key)
        return None

    def setting(self, raw: Mapping[str, Any], key: str, kind: type[dict] | type[list],
                example: str) -> Any:
        """``vars.<key>`` of a game file, which a game's own Python reads: its value when set
        and a mapping (``kind`` dict) or a list; None when unset, or after recording a
        problem naming it and ``example``, the fix. The one check of every such setting."""
        game_vars = raw.get("vars")
        if not isinstance(game_vars, Mapping) or game_vars.get(key) is None:
            return None  # unset, or vars itself not a mapping (the loader says so)
        shape = MAPPING if kind is dict else LIST
        return game_vars[key] if self.shaped(game_vars, "vars", {key: (shape, example)}) \
            else None

    def shaped(self, table: Mapping[str, Any], path: str,
               shapes: Mapping[str, tuple[str, str]]) -> bool:
        """Each key of ``table`` (at ``path``: ``vars`` or ``data`` of a game file) that a
        game's own Python reads, when set, of the shape it reads there (a name of
        :data:`SHAPES`); each that is not recorded with its example, the fix (``shapes``:
        key → (shape, example)). True when every one is: the game's code may read them."""
        fine = True
        for key, (shape, example) in shapes.items():
            value = table.get(key)
            if value is not None and not SHAPES[shape](value):
                self.add(join(path, key), f"expected {shape}, got {described(value)}; write it "
                         f"as e.g. {example}", table, key)
                fine = False
        return fine

    def entries(self, container: Any, path: str) -> Iterator[tuple[Any, str, dict]]:
        """(key, path, entry) for each entry of a list (key: its index) or a mapping that is
        itself a mapping; one that is not is reported where it is written and skipped."""
        pairs = container.items() if isinstance(container, Mapping) else enumerate(container)
        for key, item in pairs:
            where = join(path, key)
            entry = self.mapping(item, where, container, key)
            if entry is not None:
                yield key, where, entry

    def keys(self, value: Mapping[str, Any], path: str, allowed: Iterable[str],
             required: Iterable[str] = ()):
        allowed = set(allowed)
        for key in value:
            if key not in allowed:
                hint = ", ".join(sorted(allowed))
                self.add(join(path, key), f"unknown key {excerpt(key)}; allowed keys: {hint}",
                         value, key)
        for key in required:
            if key not in value:
                self.add(path, f"missing key '{key}'", value)

    def text(self, value: Mapping[str, Any], key: str, path: str,
             default: Any = None) -> str | None:
        item = value.get(key, default)
        if item is None or isinstance(item, str):
            return item
        self.add(join(path, key), f"expected text, got {excerpt(item)}", value, key)
        return None

    def integer(self, value: Mapping[str, Any], key: str, path: str, default: Any = None,
                low: int | None = None,
                high: int | None = None) -> int | None:
        item = value.get(key, default)
        if item is None:
            return None
        if not isinstance(item, int) or isinstance(item, bool):
            self.add(join(path, key), f"expected a whole number, got {excerpt(item)}", value, key)
            return None
        if (low is not None and item < low) or (high is not None and item > high):
            span = f"{low if low is not None else '…'}..{high if high is not None else '…'}"
            self.add(join(path, key), f"{item} is out of range {span}", value, key)
            return None
        return item

    def length(self, value: Mapping[str, Any], key: str, path: str,
               default: Any = None) -> float | None:
        item = value.get(key, default)
        if item is None:
            return None
        try:
            return parse_length(item)
        except ValueError as exc:
            self.add(join(path, key), str(exc), value, key)
            return None

    def house(self, data: Mapping[str, Any], choices: Mapping[str, tuple[str, ...]]) -> None:
        """A game's ``data.house``, the kit's answers where its source is silent: only the
        keys of ``choices``, each one of its options (the first is the default)."""
        house = self.mapping(data.get("house", {}), "data.house", data, "house")
        if house is None:
            return
        self.keys(house, "data.house", choices)
        for key, options in choices.items():
            self.choice(house, key, "data.house", options, default=options[0])

    def choice(self, value: Mapping[str, Any], key: str, path: str, options: Iterable[str],
               default: Any = None):
        item = value.get(key, default)
        options = list(options)
        if item is None or item in options:
            return item
        self.add(join(path, key), f"'{item}' is not one of: {', '.join(options)}", value, key)
        return None

    def raise_if_any(self) -> None:
        if self.problems:
            raise ContentError(self.problems)
