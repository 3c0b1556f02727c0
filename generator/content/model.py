"""Frozen, typed objects for games, components and layouts. Knows nothing of drawing."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..errors import excerpt
from .credits_spec import Credit
from .guide_spec import AssemblyStep
from .yamlio import Msg


def freeze(value: Any) -> Any:
    """Deep read-only copy: mappings become proxies, lists tuples, so data cannot drift."""
    if isinstance(value, Mapping):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """Plain dicts and lists again, for JSON output."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


@dataclass(frozen=True)
class Size:
    """A width and height in mm."""

    w: float
    h: float


@dataclass(frozen=True)
class Layout:
    """A named drawing recipe in mm, y downwards from the top-left of its box."""

    name: str
    size: Size | None
    elements: tuple[Mapping[str, Any], ...]
    source: str


@dataclass(frozen=True)
class Origin:
    """Where a card is written, so an error drawing it names what its designer can open: the
    file (a cards file, or game.yaml), the row (a spreadsheet's row number, or a YAML line),
    its number in the deck, its title, and the column each field is read from."""

    file: str
    row: int | None
    number: int
    title: str = ""
    columns: Mapping[str, str] = field(default_factory=dict)

    def cell(self, name: str | None = None) -> str:
        """``cards.csv at row 4, column 'Art'`` (no column without ``name``), as a
        :class:`~generator.errors.Problem` names a place."""
        where = self.file + (f" at row {self.row}" if self.row else "")
        return where + (f", column '{self.columns.get(name, name)}'" if name else "")

    def card(self, deck: str) -> str:
        """``deck 'cards', card 2 ('Scout')``: the same words wherever a card is named."""
        named = f" ({excerpt(self.title)})" if self.title else ""
        return f"deck '{deck}', card {self.number}{named}"


@dataclass(frozen=True)
class Card:
    """One printed card (after ``qty`` expansion): its fields and which layouts draw it."""

    fields: Mapping[str, Any]
    front: str
    back: str | None
    copy: int = 1
    origin: Origin | None = field(default=None, compare=False)


# What a deck's pieces may be called in the print guide (``pieces:`` on a deck; default
# cards): tiles and pawns are cut from card stock and never sleeved like cards.
DECK_PIECES = ("cards", "tiles", "pawns")


@dataclass(frozen=True)
class Deck:
    """Cards of one size imposed on sheets, with crop marks and optional backs."""

    id: str
    title: Msg
    size: Size
    cards: tuple[Card, ...]
    vars: Mapping[str, Any] = field(default_factory=dict)
    kind: str = "deck"
    share: bool = False         # packed onto pages shared with the game's other sharers
    gang_cut: bool = False      # each page prints its cut count (every deck shares cut lines)
    pieces: str = "cards"       # what the print guide calls them: one of DECK_PIECES


@dataclass(frozen=True)
class Sheet:
    """A page-sized layout printed at true scale (lab sheet, mat, screen, score pad)."""

    id: str
    title: Msg
    layout: str
    copies: int
    landscape: bool
    vars: Mapping[str, Any] = field(default_factory=dict)
    kind: str = "sheet"
    share: bool = False         # packed onto pages shared with the game's other sharers


@dataclass(frozen=True)
class Board:
    """A layout larger than a page, tiled over pages with glue overlaps."""

    id: str
    title: Msg
    layout: str
    overlap: float
    vars: Mapping[str, Any] = field(default_factory=dict)
    kind: str = "board"


Component = Deck | Sheet | Board


@dataclass(frozen=True)
class Game:
    """One game's whole content: components, layouts, palette and rule data."""

    id: str
    title: Msg
    folder: Path
    source: str
    rules: str | None
    palette: Mapping[str, str]
    data: Mapping[str, Any]
    components: tuple[Component, ...]
    layouts: Mapping[str, Layout]
    vars: Mapping[str, Any] = field(default_factory=dict)
    # group → palette colour → the non-colour cue printed with it (symbol, letter or word)
    colour_cues: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    # a content hash of every file the game was read from: the key of every cache about it
    fingerprint: str = ""
    # the print guide's data (content.guide_spec): what players bring (None: not said) and
    # the assembly order
    bring: tuple[Msg, ...] | None = None
    assembly: tuple[AssemblyStep, ...] = ()
    # its "About this edition": each ruling the kit made where the published rules are silent
    edition: tuple[Msg, ...] = ()
    # the print guide's credits (content.credits_spec): authors as the source names them
    credits: tuple[Credit, ...] = ()
    # the face behind each chosen font role (content.typefaces): {"display": "comfortaa"}
    fonts: Mapping[str, str] = field(default_factory=dict)

    def component(self, component_id: str) -> Component:
        for component in self.components:
            if component.id == component_id:
                return component
        raise KeyError(component_id)
