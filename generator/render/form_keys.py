"""Drawings that repeat (a deck's backs, the copies of one card) drawn once as a PDF form
and placed wherever they recur: smaller files and faster builds, the same pages.

Whether two placements draw the same thing is read from the layouts themselves: every name a
layout (or any layout it uses) could look up in its variables, and the values of those names.
The names are over-approximated (a template, or any string under a key that is read as an
expression, counts), which can only miss a repeat, never merge two different drawings. A
plain word elsewhere (``fill: paper``, a palette colour) is a constant, not a name.

The keys also say which drawings of two documents are alike (``recording``): a value that
draws the same in every document without being the same object (a language's translator)
says what it is with ``drawing_identity()``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Mapping
from functools import lru_cache
from itertools import count
from typing import Any

from jinja2 import TemplateSyntaxError, nodes

from ..content.model import Game
from .elements import ELEMENTS
from .expressions import DICT_ATTRIBUTES, NamePattern, environment, is_template, name_matches

_UNKNOWN = object()  # a value that cannot be compared: the placement is drawn as it is
# element keys whose strings are read as expressions (``items: card.molecules``), also in what
# they hold (each value of ``vars``)
EXPRESSION_KEYS = frozenset({"if", "items", "blocks", "points", "vars"})


Read = tuple[str, ...]  # a variable, and the keys read from it: ``data.grid`` → (data, grid)


def _value_names(value: Any, names: set[Read], layouts: set[NamePattern],
                 expression: bool = False) -> None:
    """Collect the variables a layout value may read (each with the keys read from it, when
    it is only read through them), and the layouts (or, for a name chosen at draw time, the
    patterns of layout names) it may draw."""
    if isinstance(value, Mapping):
        kind = ELEMENTS.get(value["type"]) if isinstance(value.get("type"), str) else None
        if kind is not None and kind.draws is not None:
            layouts.add(kind.draws(value))
        for key, item in value.items():
            _value_names(item, names, layouts, expression or key in EXPRESSION_KEYS)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _value_names(item, names, layouts, expression)
    elif isinstance(value, str) and (expression or is_template(value)):
        names |= _string_names(value)


@lru_cache(maxsize=8192)
def _string_names(value: str) -> frozenset[Read]:
    """Every name a template, or a string read as an expression, mentions; a name read only
    through fixed keys (``data.grid``) with those keys, so a key changes only when what is
    read changes (the grid, not a translated label elsewhere in ``data``)."""
    source = value if is_template(value) else "{{ (" + value + ") }}"
    try:
        tree = environment().parse(source)
    except TemplateSyntaxError:
        return frozenset()  # plain text, not an expression: reads nothing
    except RecursionError:  # nested too deeply to parse: drawing it names the box and why
        return frozenset()
    found: set[Read] = set()
    _reads(tree, found)
    return frozenset(found)


def _reads(node: nodes.Node, found: set[Read]) -> None:
    if isinstance(node, nodes.Getattr):
        keys = []
        inner: nodes.Node = node
        while isinstance(inner, nodes.Getattr):
            keys.append(inner.attr)
            inner = inner.node
        if isinstance(inner, nodes.Name):
            found.add((inner.name, *reversed(keys)))
            return
    if isinstance(node, nodes.Name):
        found.add((node.name,))
        return
    for child in node.iter_child_nodes():
        _reads(child, found)


def layout_names(game: Game, name: str) -> frozenset[str]:
    """The variables layout ``name`` may read, through every layout it may draw."""
    return frozenset(read[0] for read in _memo(game).layout_reads(name))


class _GameMemo:
    """What one game's layouts read, worked out once for the game object, in any document:
    each layout's own reads and the layouts it may draw, and what each reads through them."""

    def __init__(self, game: Game):
        self.game = game  # kept alive, so its id cannot pass to another
        self.reads: dict[Hashable, tuple[Read, ...]] = {}  # sorted, by layout or element
        self._own: dict[str, tuple[frozenset[Read], tuple[str, ...]]] = {}

    def layout_reads(self, name: str) -> tuple[Read, ...]:
        """What layout ``name`` may read, through every layout it may draw."""
        found = self.reads.get(name)
        if found is None:
            reads: set[Read] = set()
            seen: set[str] = set()
            todo = [name]
            while todo:
                current = todo.pop()
                if current in seen or current not in self.game.layouts:
                    continue
                seen.add(current)
                own, drawn = self._own_reads(current)
                reads |= own
                todo.extend(drawn)
            found = self.reads[name] = tuple(sorted(reads))
        return found

    def element_reads(self, element: Mapping[str, Any]) -> tuple[Read, ...]:
        """What one element may read: its own values, and what each layout it may draw
        reads."""
        reads: set[Read] = set()
        patterns: set[NamePattern] = set()
        _value_names(element, reads, patterns)
        for layout in _matching(self.game, patterns):
            reads.update(self.layout_reads(layout))
        return tuple(sorted(reads))

    def _own_reads(self, layout: str) -> tuple[frozenset[Read], tuple[str, ...]]:
        own = self._own.get(layout)
        if own is None:
            reads: set[Read] = set()
            patterns: set[NamePattern] = set()
            _value_names(self.game.layouts[layout].elements, reads, patterns)
            own = self._own[layout] = (frozenset(reads),
                                       tuple(_matching(self.game, patterns)))
        return own


def _matching(game: Game, patterns: set[NamePattern]) -> list[str]:
    return [layout for layout in game.layouts
            if any(name_matches(pattern, layout) for pattern in patterns)]


_GAMES: OrderedDict[int, _GameMemo] = OrderedDict()
GAMES_REMEMBERED = 8  # a worker builds a few games, each in several languages and papers


def _memo(game: Game) -> _GameMemo:
    memo = _GAMES.get(id(game))
    if memo is None or memo.game is not game:
        memo = _GAMES[id(game)] = _GameMemo(game)
        while len(_GAMES) > GAMES_REMEMBERED:
            _GAMES.popitem(last=False)
    return memo


ELEMENT = "element"  # marks the key of one element (not of a whole layout)
_TOKEN = "token"  # marks a container's stand-in
_TOKENS: dict[Hashable, int] = {}  # a container's frozen form → its number in this process
_next_token = count()
TOKENS_KEPT = 100_000


def _token(frozen: Hashable) -> int:
    """A number that stands for ``frozen``: equal for equal containers, and never given to
    another (numbers are not reused when the table is emptied; the keys that held the old
    ones just stop matching)."""
    number = _TOKENS.get(frozen)
    if number is None:
        if len(_TOKENS) >= TOKENS_KEPT:
            _TOKENS.clear()
        number = _TOKENS[frozen] = next(_next_token)
    return number


class FormKeys:
    """Keys of placements: equal keys draw the same marks on the page."""

    def __init__(self, game: Game):
        self.game = game
        self._memo = _memo(game)
        self._frozen: dict[int, tuple[Any, Any]] = {}  # id → (value kept alive, frozen)

    def key(self, layout: str, context: Mapping[str, Any], w: float, h: float,
            bleed: float) -> tuple | None:
        values = self._values(self._memo.layout_reads(layout), context)
        return None if values is None else (layout, w, h, bleed, *values)

    def element_key(self, element: Mapping[str, Any], where: str, context: Mapping[str, Any],
                    w: float, h: float, bleed: float) -> tuple | None:
        """The key of one element drawn in a w×h box: ``where`` names it in its game."""
        reads = self._memo.reads.get((ELEMENT, where))
        if reads is None:
            reads = self._memo.reads[(ELEMENT, where)] = self._memo.element_reads(element)
        values = self._values(reads, context)
        return None if values is None else (ELEMENT, where, w, h, bleed, *values)

    def read_values(self, layout: str, context: Mapping[str, Any]) -> list[Any]:
        """The values layout ``layout`` may read from ``context`` (each as deep as its keys
        are followed), such as a card's fields or the game data a card shows."""
        found = []
        for read in self._memo.layout_reads(layout):
            value = context.get(read[0])
            for key in read[1:]:
                if type(value) is not dict or key not in value or key in DICT_ATTRIBUTES:
                    break
                value = value[key]
            found.append(value)
        return found

    def _values(self, reads: tuple[Read, ...], context: Mapping[str, Any]) -> list | None:
        values = []
        for read in reads:
            name = read[0]
            value = context.get(name, _UNKNOWN)
            depth = 0  # how many keys were followed: a plain dict's, as templates read them
            for key in read[1:]:
                if type(value) is not dict or key not in value or key in DICT_ATTRIBUTES:
                    break
                value = value[key]
                depth += 1
            frozen = self._freeze(value)
            if frozen is _UNKNOWN and name in context:
                return None
            values.append((depth, frozen) if depth else frozen)
        return values

    def _freeze(self, value: Any) -> Any:
        """A hashable stand-in equal only for values that draw alike."""
        if value is _UNKNOWN:
            return None
        if isinstance(value, (str, int, float, bool, type(None))):
            return type(value), value
        owner = getattr(value, "__self__", None)  # a bound method: ``_`` is a translator's
        identity = getattr(owner, "drawing_identity", lambda: None)()
        if identity is not None:
            return getattr(value, "__func__", value), identity
        known = self._frozen.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
        frozen = self._freeze_container(value)
        if frozen is not _UNKNOWN:  # a short stand-in: keys are hashed at every element
            frozen = (_TOKEN, _token(frozen))
        self._frozen[id(value)] = (value, frozen)
        return frozen

    def _freeze_container(self, value: Any) -> Any:
        if isinstance(value, Mapping):
            items = [(self._freeze(k), self._freeze(v)) for k, v in value.items()]
            return _UNKNOWN if any(v is _UNKNOWN for _, v in items) else ("map", *items)
        if isinstance(value, (list, tuple)):
            items = [self._freeze(v) for v in value]
            return _UNKNOWN if any(v is _UNKNOWN for v in items) else ("seq", *items)
        try:
            hash(value)
        except TypeError:
            return _UNKNOWN
        return type(value), value
