"""``pnp export tts``: Tabletop Simulator custom-deck images for every deck of a game.

TTS reads a deck as sheet images of up to 10 × 7 cards, no larger than 4096 × 4096 px, plus
one back image (or a back sheet when the backs differ). Every physical card (after ``qty``)
gets its own slot, so a deck imported from the sheets is the deck the PDF prints. Cards are
drawn at trim size (no bleed), at the highest resolution up to 300 dpi that keeps a sheet
within the limit. ``tts.json`` lists each sheet's file, grid and card count.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from .raster import Rasterizer
from .staging import staged

MAX_COLS, MAX_ROWS, MAX_SIDE, MAX_DPI, MIN_GRID = 10, 7, 4096, 300, 2
PLAIN_BACK = "#9aa3ad"  # a deck without a back layout still needs a back image in TTS


@dataclass(frozen=True)
class ExportRequest:
    game: str | Path
    lang: str = "en"
    out_dir: Path = Path("output/tts")
    decks: tuple[str, ...] = ()
    layout_dirs: tuple[Path, ...] = ()
    fallback: str | None = None


@dataclass(frozen=True)
class ExportResult:
    folder: Path
    index: Path
    sheets: int
    cards: int
    seconds: float


def grid(count: int) -> tuple[int, int]:
    """Columns and rows of a sheet holding ``count`` cards: at most 10 × 7, at least 2 × 2
    (the smallest grid TTS's deck importer accepts; spare slots stay blank)."""
    rows = max(MIN_GRID, min(MAX_ROWS, math.ceil(count / MAX_COLS)))
    return max(MIN_GRID, min(MAX_COLS, math.ceil(count / rows))), rows


def card_pixels(w_mm: float, h_mm: float, cols: int, rows: int) -> tuple[float, int, int]:
    """dpi and cell size in px so that a cols × rows sheet stays within MAX_SIDE."""
    dpi = min(MAX_DPI, MAX_SIDE * 25.4 / (cols * w_mm), MAX_SIDE * 25.4 / (rows * h_mm))
    return dpi, math.floor(w_mm / 25.4 * dpi), math.floor(h_mm / 25.4 * dpi)


def export_tts(request: ExportRequest) -> ExportResult:
    started = time.perf_counter()
    raster = Rasterizer(request.game, request.lang, request.layout_dirs, request.fallback)
    target = Path(request.out_dir) / f"{raster.game.id}-{request.lang}"
    index: dict[str, Any] = {"game": raster.game.id, "lang": request.lang, "decks": []}
    with staged(target) as staging:
        for deck in raster.decks(request.decks):
            index["decks"].append(_export_deck(raster, deck, staging))
        (staging / "tts.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    decks = index["decks"]
    return ExportResult(target, target / "tts.json", sum(len(d["sheets"]) for d in decks),
                        sum(d["cards"] for d in decks), time.perf_counter() - started)


def _export_deck(raster: Rasterizer, deck: Any, folder: Path) -> dict[str, Any]:
    per_sheet = MAX_COLS * MAX_ROWS
    dpi, cw, ch = card_pixels(deck.size.w, deck.size.h, *grid(min(len(deck.cards), per_sheet)))
    images = raster.render(deck, list(range(len(deck.cards))), dpi, 0.0)
    fronts = [_cell(i, (cw, ch)) for i in images.fronts]
    backs = [_cell(b, (cw, ch)) if b is not None else Image.new("RGB", (cw, ch), PLAIN_BACK)
             for b in images.backs]
    unique_backs = len({b.tobytes() for b in backs}) > 1
    entry: dict[str, Any] = {"id": deck.id, "cards": len(fronts), "card_px": [cw, ch],
                             "dpi": round(dpi, 1), "back_is_hidden": True,
                             "unique_backs": unique_backs, "sheets": []}
    if not unique_backs and backs:
        backs[0].save(folder / f"{deck.id}-back.png")
        entry["back"] = f"{deck.id}-back.png"
    for number, start in enumerate(range(0, len(fronts), per_sheet), start=1):
        chunk = slice(start, start + per_sheet)
        cols, rows = grid(len(fronts[chunk]))
        sheet: dict[str, Any] = {"image": f"{deck.id}-sheet-{number}.png", "grid": [cols, rows],
                 "cards": len(fronts[chunk]), "first_card": start + 1}
        _sheet(fronts[chunk], cols, rows).save(folder / sheet["image"])
        if unique_backs:
            sheet["back_sheet"] = f"{deck.id}-backs-{number}.png"
            _sheet(backs[chunk], cols, rows).save(folder / sheet["back_sheet"])
        sheet["px"] = [cols * cw, rows * ch]
        entry["sheets"].append(sheet)
    return entry


def _cell(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    return image if image.size == size else image.resize(size, Image.Resampling.LANCZOS)


def _sheet(cards: list[Image.Image], cols: int, rows: int) -> Image.Image:
    cw, ch = cards[0].size
    sheet = Image.new("RGB", (cols * cw, rows * ch), "white")
    for index, card in enumerate(cards):
        row, col = divmod(index, cols)
        sheet.paste(card, (col * cw, row * ch))
    return sheet
