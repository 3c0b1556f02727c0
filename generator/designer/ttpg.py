"""``pnp export ttpg``: Tabletop Playground card templates for every deck of a game.

The export is laid out as a package's folders: ``Textures/<game>-<lang>/`` holds the card
sheets (``card_sheets``, with Tabletop Playground's limits from
``templates/digital-tables.yaml``) and ``Templates/<game>-<lang>/<deck>.json`` one card
template a deck (a deck on several sheets gets ``<deck>-N.json``, one a sheet, as a template
reads one front texture). Copied into a package folder, each appears in the object library.

The template's keys and value ranges follow Tabletop Playground's schema
(plasticity-studios/tabletop-playground-schemas, src/templates.ts: ``CardTemplate``, its
required keys and ``BackIndex``/``HiddenIndex`` codes), with the defaults of card sheet
templates written by darrellanderson/ttpg-darrell (cardsheet-template.data.ts) and
TI4-Online/TI4-TTPG (tooling/generators/cardsheets.js). ``Indices`` holds one slot a
physical card, so copies that share a slot repeat it; ``CardNames`` names each of them by
its place in the stack. Sizes are in cm, the table's unit.
"""

from __future__ import annotations

import hashlib
import time
from typing import Any

from .card_sheets import (
    DeckSheets,
    ExportRequest,
    ExportResult,
    card_names,
    export_folder,
    sheet_limits,
    table_settings,
    write_deck_sheets,
    write_json,
)

__all__ = ["ExportRequest", "ExportResult", "export_ttpg"]

BACK_FILE, BACK_SHEET = -2, -3   # BackIndex: one back image / a back sheet, slot for slot
HIDDEN_BLUR = -1                 # HiddenIndex: the standard grey blur in another's hand


def export_ttpg(request: ExportRequest) -> ExportResult:
    started = time.perf_counter()
    settings = table_settings()["ttpg"]
    limits, names = sheet_limits("ttpg"), list(settings["name_fields"])
    with export_folder(request, "output/ttpg") as (raster, target, staging):
        space = target.name                       # <game>-<lang>: apart from other textures
        textures, templates = staging / "Textures" / space, staging / "Templates" / space
        textures.mkdir(parents=True)
        templates.mkdir(parents=True)
        written, sheet_count, card_count = [], 0, 0
        for deck in raster.decks(request.decks):
            sheets = write_deck_sheets(raster, deck, textures, deck.id, limits)
            title = raster.tr.gettext(deck.title)
            for number, template in enumerate(
                    card_templates(sheets, title, card_names(raster, deck, names), space,
                                   settings), start=1):
                name = (f"{deck.id}.json" if len(sheets.sheets) == 1
                        else f"{deck.id}-{number}.json")
                write_json(templates / name, template)
                written.append(target / "Templates" / space / name)
            sheet_count += len(sheets.sheets)
            card_count += len(sheets.slot_of)
    return ExportResult(target, None, tuple(written), sheet_count, card_count,
                        time.perf_counter() - started)


def card_templates(sheets: DeckSheets, title: str, names: list[str], space: str,
                   settings: dict[str, Any]) -> list[dict[str, Any]]:
    """One card template a sheet of the deck, holding the physical cards whose slot is on
    it; texture names are relative to the package's Textures folder."""
    size, count = sheets.deck.size, len(sheets.sheets)
    result = []
    for number, sheet in enumerate(sheets.sheets):
        cards = [(card, sheets.place(slot)[1]) for card, slot in enumerate(sheets.slot_of)
                 if sheets.place(slot)[0] == number]
        label = title if count == 1 else f"{title} ({number + 1}/{count})"
        back = sheet.back_sheet or sheets.back or ""
        result.append({
            "Type": "Card", "GUID": _guid(f"{space}/{sheets.deck.id}/{number}"),
            "Name": label, "Metadata": "", "CollisionType": "Regular", "Friction": 0.7,
            "Restitution": 0, "Density": 0.5, "SurfaceType": "Cardboard", "Roughness": 1,
            "Metallic": 0, "Flippable": True, "AutoStraighten": False, "ShouldSnap": True,
            "ScriptName": "", "Blueprint": "", "Models": [], "Collision": [],
            "SnapPointsGlobal": False, "SnapPoints": [],
            "ZoomViewDirection": {"X": 0, "Y": 0, "Z": 0}, "Tags": [],
            "FrontTexture": f"{space}/{sheet.image}", "BackTexture": f"{space}/{back}",
            "HiddenTexture": "", "BackIndex": BACK_SHEET if sheet.back_sheet else BACK_FILE,
            "HiddenIndex": HIDDEN_BLUR, "NumHorizontal": sheet.cols,
            "NumVertical": sheet.rows, "Width": round(size.w / 10, 3),
            "Height": round(size.h / 10, 3), "Thickness": float(settings["thickness_cm"]),
            "HiddenInHand": True, "UsedWithCardHolders": True, "CanStack": True,
            "UsePrimaryColorForSide": False, "FrontTextureOverrideExposed": False,
            "AllowFlippedInStack": False, "MirrorBack": True, "EmissiveFront": False,
            "Model": str(settings["model"]),
            "Indices": [index for _, index in cards],
            "CardNames": {str(i): names[card] for i, (card, _) in enumerate(cards)},
            "CardMetadata": {}, "CardTags": {},
        })
    return result


def _guid(seed: str) -> str:
    """32 hexadecimal digits, as the schema asks, the same for the same deck each export."""
    return hashlib.sha256(seed.encode()).hexdigest()[:32].upper()
