"""``pnp export tts``: Tabletop Simulator custom decks for every deck of a game.

TTS reads a deck as sheet images of up to 10 × 7 cards, no larger than 4096 × 4096 px, plus
one back image (or a back sheet when the backs differ): the sheets of ``card_sheets``, with
the limits of ``templates/digital-tables.yaml``. Beside them, ``<deck>.json`` is a saved
object (``tts_object``) holding the whole deck, every physical card after ``qty``, that TTS
loads from Objects → Saved Objects once copied into its Saved Objects folder; ``tts.json``
lists each sheet's file, grid and card count for an import by hand.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from ..errors import UsageError
from .card_sheets import (
    DeckSheets,
    ExportRequest,
    ExportResult,
    card_names,
    export_folder,
    file_address,
    sheet_limits,
    table_settings,
    write_deck_sheets,
    write_json,
)
from .tts_object import saved_object

__all__ = ["ExportRequest", "ExportResult", "export_tts", "saved_objects_folder"]

INDEX = "tts.json"


def export_tts(request: ExportRequest) -> ExportResult:
    started = time.perf_counter()
    limits, names = sheet_limits("tts"), list(table_settings()["tts"]["name_fields"])
    with export_folder(request, "output/tts") as (raster, target, staging):
        address = file_address(request.base_url, target)
        index: dict[str, Any] = {"game": raster.game.id, "lang": request.lang, "decks": []}
        objects = []
        for deck in raster.decks(request.decks):
            if f"{deck.id}.json" == INDEX:
                raise UsageError(f"a deck named '{deck.id}' would overwrite {INDEX}, the "
                                 f"index of the export; give the deck another id")
            sheets = write_deck_sheets(raster, deck, staging, deck.id, limits)
            title = raster.tr.gettext(deck.title)
            state = saved_object(sheets, title, card_names(raster, deck, names), address,
                                 f"{raster.game.id}/{request.lang}/{deck.id}")
            write_json(staging / f"{deck.id}.json", state)
            objects.append(target / f"{deck.id}.json")
            index["decks"].append(_index_entry(sheets))
        write_json(staging / INDEX, index)
    decks = index["decks"]
    return ExportResult(target, target / INDEX, tuple(objects),
                        sum(len(d["sheets"]) for d in decks), sum(d["cards"] for d in decks),
                        time.perf_counter() - started)


def saved_objects_folder(platform: str = sys.platform) -> str:
    """Where TTS looks for saved objects on this platform (``templates/digital-tables.yaml``)."""
    folders = table_settings()["tts"]["saved_objects"]
    return str(folders.get(platform) or folders["linux"])


def _index_entry(sheets: DeckSheets) -> dict[str, Any]:
    cw, ch = sheets.card_px
    entry: dict[str, Any] = {
        "id": sheets.deck.id, "cards": len(sheets.slot_of),
        "slots": sum(s.slots for s in sheets.sheets), "card_px": [cw, ch],
        "dpi": round(sheets.dpi, 1), "back_is_hidden": True,
        "unique_backs": sheets.back is None, "saved_object": f"{sheets.deck.id}.json",
        "sheets": []}
    if sheets.back:
        entry["back"] = sheets.back
    for sheet in sheets.sheets:
        row: dict[str, Any] = {"image": sheet.image, "grid": [sheet.cols, sheet.rows],
                               "cards": sheet.slots, "first_card": sheet.first_slot + 1}
        if sheet.back_sheet:
            row["back_sheet"] = sheet.back_sheet
        row["px"] = [sheet.cols * cw, sheet.rows * ch]
        entry["sheets"].append(row)
    return entry
