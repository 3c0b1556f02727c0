"""Card sheets for digital tables: a deck's faces drawn at trim size and pasted into grids of
slots, the form both Tabletop Simulator and Tabletop Playground read a deck in.

Every distinct card (front and back, compared pixel for pixel) gets one slot; copies that
print identically share it, so ``slot_of`` maps each physical card (after ``qty``) to its
slot and a table can hold every copy without repeating the image. Each table's grid and
size limits are data (``templates/digital-tables.yaml``).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image

from ..content.model import Deck
from ..content.yamlio import load_yaml
from ..errors import UsageError
from ..i18n.catalog import localize
from ..resources import templates_dir
from .raster import Rasterizer
from .staging import staged


@dataclass(frozen=True)
class ExportRequest:
    """One game in one language for a digital table; ``out_dir`` None is the table's own
    default folder, ``base_url`` None writes ``file:///`` addresses of the exported files."""

    game: str | Path
    lang: str = "en"
    out_dir: Path | None = None
    decks: tuple[str, ...] = ()
    layout_dirs: tuple[Path, ...] = ()
    fallback: str | None = None
    base_url: str | None = None


@dataclass(frozen=True)
class ExportResult:
    folder: Path
    index: Path | None
    objects: tuple[Path, ...]   # what the user loads: saved objects or templates
    sheets: int
    cards: int
    seconds: float


@dataclass(frozen=True)
class SheetLimits:
    max_cols: int
    max_rows: int
    min_grid: int
    max_side: int
    max_dpi: float
    plain_back: str

    @property
    def per_sheet(self) -> int:
        return self.max_cols * self.max_rows


@lru_cache(maxsize=1)
def table_settings() -> dict[str, Any]:
    return dict(load_yaml(templates_dir() / "digital-tables.yaml"))


def sheet_limits(table: str) -> SheetLimits:
    raw = table_settings()[table]
    return SheetLimits(int(raw["max_cols"]), int(raw["max_rows"]), int(raw["min_grid"]),
                       int(raw["max_side"]), float(raw["max_dpi"]), str(raw["plain_back"]))


def grid(count: int, limits: SheetLimits) -> tuple[int, int]:
    """Columns and rows of a sheet holding ``count`` cards, within the table's limits."""
    rows = max(limits.min_grid, min(limits.max_rows, math.ceil(count / limits.max_cols)))
    return max(limits.min_grid, min(limits.max_cols, math.ceil(count / rows))), rows


def card_pixels(w_mm: float, h_mm: float, cols: int, rows: int,
                limits: SheetLimits) -> tuple[float, int, int]:
    """dpi and cell size in px so that a cols × rows sheet stays within ``max_side``."""
    side = limits.max_side * 25.4
    dpi = min(limits.max_dpi, side / (cols * w_mm), side / (rows * h_mm))
    return dpi, math.floor(w_mm / 25.4 * dpi), math.floor(h_mm / 25.4 * dpi)


@dataclass(frozen=True)
class Sheet:
    """One sheet image (and its back sheet when the backs differ), names relative to the
    export folder."""

    image: str
    back_sheet: str | None
    cols: int
    rows: int
    first_slot: int
    slots: int


@dataclass(frozen=True)
class DeckSheets:
    deck: Deck
    slot_of: tuple[int, ...]        # physical card → its slot, counted over the whole deck
    sheets: tuple[Sheet, ...]
    back: str | None                # the one back image when every back is the same
    card_px: tuple[int, int]
    dpi: float
    per_sheet: int

    def place(self, slot: int) -> tuple[int, int]:
        """(sheet number from 0, index on that sheet) of a slot."""
        return divmod(slot, self.per_sheet)


def write_deck_sheets(raster: Rasterizer, deck: Deck, folder: Path, prefix: str,
                      limits: SheetLimits) -> DeckSheets:
    """Draw ``deck`` and write ``<prefix>-sheet-N.png`` (and ``<prefix>-back.png`` or
    ``<prefix>-backs-N.png``) under ``folder``: each sheet written as its slots fill, so
    memory holds one sheet's cells however many cards the deck has. The cards are drawn for
    a grid of every physical card, then, when copies share slots and the smaller grid
    changes the cell size, drawn again (only then: the distinct ones fill less than a
    sheet, of which nothing is written yet)."""
    count = len(deck.cards)
    dpi, size = _cell(deck, count, limits)
    sheets = _SheetWriter(folder, prefix, limits, size)
    slot_of = _fill(raster, deck, list(range(count)), dpi, sheets)
    if sheets.slots < count:
        dpi_slots, size_slots = _cell(deck, sheets.slots, limits)
        if size_slots != size:
            dpi, size = dpi_slots, size_slots
            firsts = [slot_of.index(slot) for slot in range(sheets.slots)]
            sheets = _SheetWriter(folder, prefix, limits, size)
            _fill(raster, deck, firsts, dpi, sheets, share=False)
    written, back = sheets.finish()
    return DeckSheets(deck, slot_of, written, back, size, dpi, limits.per_sheet)


class _SheetWriter:
    """A deck's slots pasted into sheets as they come, one sheet's cells held at a time.
    Each sheet's back sheet is written too, and removed at the end when every back turned
    out the same (one back image then)."""

    def __init__(self, folder: Path, prefix: str, limits: SheetLimits, size: tuple[int, int]):
        self.folder, self.prefix, self.limits, self.size = folder, prefix, limits, size
        self.fronts: list[Image.Image] = []
        self.backs: list[Image.Image] = []
        self.sheets: list[Sheet] = []
        self.slots = 0
        self.first_back: Image.Image | None = None
        self.backs_differ = False

    def add(self, front: Image.Image, back: Image.Image) -> None:
        if self.first_back is None:
            self.first_back = back
        elif not self.backs_differ and back.tobytes() != self.first_back.tobytes():
            self.backs_differ = True
        self.fronts.append(front)
        self.backs.append(back)
        self.slots += 1
        if len(self.fronts) == self.limits.per_sheet:
            self._write()

    def _write(self) -> None:
        number = len(self.sheets) + 1
        cols, rows = grid(len(self.fronts), self.limits)
        sheet = Sheet(f"{self.prefix}-sheet-{number}.png", f"{self.prefix}-backs-{number}.png",
                      cols, rows, self.slots - len(self.fronts), len(self.fronts))
        _paste(self.fronts, cols, rows).save(self.folder / sheet.image)
        _paste(self.backs, cols, rows).save(self.folder / str(sheet.back_sheet))
        self.sheets.append(sheet)
        self.fronts, self.backs = [], []

    def finish(self) -> tuple[tuple[Sheet, ...], str | None]:
        """The sheets, and the one back image when every back is the same."""
        if self.fronts:
            self._write()
        if self.backs_differ or self.first_back is None:
            return tuple(self.sheets), None
        back = f"{self.prefix}-back.png"
        self.first_back.save(self.folder / back)
        for sheet in self.sheets:
            (self.folder / str(sheet.back_sheet)).unlink()
        return tuple(replace(sheet, back_sheet=None) for sheet in self.sheets), back


def _fill(raster: Rasterizer, deck: Deck, items: list[int], dpi: float,
          sheets: _SheetWriter, share: bool = True) -> tuple[int, ...]:
    """Each of ``items`` drawn at the sheets' cell size, one card at a time; with ``share``
    a card printing as an earlier one (front and back, pixel for pixel) takes its slot. The
    slot of each item."""
    slots: dict[bytes, int] = {}
    slot_of = []
    for item, front, back in raster.sides(deck, items, dpi, 0.0):
        front = _fit(front, sheets.size)
        back = _fit(back, sheets.size) if back is not None \
            else Image.new("RGB", sheets.size, sheets.limits.plain_back)
        key = _digest(front, back) if share else item.to_bytes(8)
        if key not in slots:
            slots[key] = len(slots)
            sheets.add(front, back)
        slot_of.append(slots[key])
    return tuple(slot_of)


def card_names(raster: Rasterizer, deck: Deck, fields: list[str]) -> list[str]:
    """Each physical card's name on the table: its first non-empty field of ``fields``,
    otherwise the deck's title and its number."""
    title = raster.tr.gettext(deck.title)
    names = []
    for number, card in enumerate(deck.cards, start=1):
        values = localize(card.fields, raster.tr)
        found = next((str(values[f]).strip() for f in fields
                      if str(values.get(f) or "").strip()), "")
        names.append(found or f"{title} {number}")
    return names


def file_address(base_url: str | None, folder: Path) -> Callable[[str], str]:
    """How an exported file is addressed: ``base_url/<file>``, or a ``file:///`` URL of its
    absolute path (as Tabletop Simulator writes a file it imported from the disk)."""
    if base_url is None:
        root = folder.resolve().as_posix().lstrip("/")
        return lambda name: f"file:///{root}/{name}"
    if not base_url.startswith(("http://", "https://")):
        raise UsageError(f"--base-url {base_url!r} is not an http:// or https:// address; "
                         "give the address where the exported files will be hosted, such as "
                         "https://example.org/my-game")
    return lambda name: f"{base_url.rstrip('/')}/{name}"


def write_json(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


@contextmanager
def export_folder(request: ExportRequest, default_out: str
                  ) -> Iterator[tuple[Rasterizer, Path, Path]]:
    """The game ready to draw, the final folder ``<out>/<game>-<lang>`` and the staging
    folder filled in its place, swapped in whole when the export succeeds."""
    raster = Rasterizer(request.game, request.lang, request.layout_dirs, request.fallback)
    target = Path(request.out_dir or default_out) / f"{raster.game.id}-{request.lang}"
    with staged(target) as staging:
        yield raster, target, staging


def _cell(deck: Deck, count: int, limits: SheetLimits) -> tuple[float, tuple[int, int]]:
    cols, rows = grid(min(count, limits.per_sheet), limits)
    dpi, cw, ch = card_pixels(deck.size.w, deck.size.h, cols, rows, limits)
    return dpi, (cw, ch)


def _digest(front: Image.Image, back: Image.Image) -> bytes:
    return hashlib.blake2b(front.tobytes() + back.tobytes(), digest_size=16).digest()


def _fit(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    return image if image.size == size else image.resize(size, Image.Resampling.LANCZOS)


def _paste(cards: list[Image.Image], cols: int, rows: int) -> Image.Image:
    cw, ch = cards[0].size
    sheet = Image.new("RGB", (cols * cw, rows * ch), "white")
    for index, card in enumerate(cards):
        row, col = divmod(index, cols)
        sheet.paste(card, (col * cw, row * ch))
    return sheet
