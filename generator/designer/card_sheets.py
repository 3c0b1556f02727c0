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
from dataclasses import dataclass
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
    ``<prefix>-backs-N.png``) under ``folder``."""
    dpi, (cw, ch), slot_of, fronts, backs = _slots(raster, deck, limits)
    unique_backs = len({b.tobytes() for b in backs}) > 1
    back = None
    if not unique_backs:
        back = f"{prefix}-back.png"
        backs[0].save(folder / back)
    sheets = []
    for number, start in enumerate(range(0, len(fronts), limits.per_sheet), start=1):
        chunk = slice(start, start + limits.per_sheet)
        cols, rows = grid(len(fronts[chunk]), limits)
        sheet = Sheet(f"{prefix}-sheet-{number}.png",
                      f"{prefix}-backs-{number}.png" if unique_backs else None,
                      cols, rows, start, len(fronts[chunk]))
        _paste(fronts[chunk], cols, rows).save(folder / sheet.image)
        if sheet.back_sheet:
            _paste(backs[chunk], cols, rows).save(folder / sheet.back_sheet)
        sheets.append(sheet)
    return DeckSheets(deck, slot_of, tuple(sheets), back, (cw, ch), dpi, limits.per_sheet)


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


def _slots(raster: Rasterizer, deck: Deck, limits: SheetLimits) -> tuple[
        float, tuple[int, int], tuple[int, ...], list[Image.Image], list[Image.Image]]:
    """The deck's distinct cards as cells: drawn for a grid of every physical card, then,
    when copies share slots and the smaller grid changes the cell size, drawn again."""
    count = len(deck.cards)
    dpi, size = _cell(deck, count, limits)
    fronts, backs = _draw(raster, deck, list(range(count)), dpi, size, limits)
    keys = [_digest(f, b) for f, b in zip(fronts, backs, strict=True)]
    first: dict[bytes, int] = {}
    for item, key in enumerate(keys):
        first.setdefault(key, item)
    slot_index = {key: slot for slot, key in enumerate(first)}
    slot_of = tuple(slot_index[key] for key in keys)
    items = list(first.values())
    if len(items) < count:
        dpi_slots, size_slots = _cell(deck, len(items), limits)
        if size_slots != size:
            dpi, size = dpi_slots, size_slots
            fronts, backs = _draw(raster, deck, items, dpi, size, limits)
        else:
            fronts, backs = [fronts[i] for i in items], [backs[i] for i in items]
    return dpi, size, slot_of, fronts, backs


def _cell(deck: Deck, count: int, limits: SheetLimits) -> tuple[float, tuple[int, int]]:
    cols, rows = grid(min(count, limits.per_sheet), limits)
    dpi, cw, ch = card_pixels(deck.size.w, deck.size.h, cols, rows, limits)
    return dpi, (cw, ch)


def _draw(raster: Rasterizer, deck: Deck, items: list[int], dpi: float, size: tuple[int, int],
          limits: SheetLimits) -> tuple[list[Image.Image], list[Image.Image]]:
    images = raster.render(deck, items, dpi, 0.0)
    fronts = [_fit(i, size) for i in images.fronts]
    backs = [_fit(b, size) if b is not None else Image.new("RGB", size, limits.plain_back)
             for b in images.backs]
    return fronts, backs


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
