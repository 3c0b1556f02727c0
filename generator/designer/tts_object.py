"""A Tabletop Simulator saved object (Objects → Saved Objects) holding one deck.

The format follows saved objects written by TTS and by tools that write them:
the outer fields of a saved object as argonui/TTSModManager writes them
(saved-object-feature.md: a save whose outer fields are empty), the ``DeckCustom``, ``Card``
and ``CustomDeck`` entries of ZONT3/tts-deck-generator (tts_deckgen/save_data.py), and the
field types of Benjamin-Dobell/tts-types (tts/ObjectState.def.lua). A deck's ``CustomDeck``
is keyed by sheet number N from 1; a card's id is N × 100 + its index on the sheet, and
``DeckIDs`` lists one id per physical card, so copies that share a slot repeat it. A deck of
one card is a ``CardCustom``, as TTS saves a single card.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from .card_sheets import DeckSheets

CARD_TINT = 0.713235259   # the grey TTS gives every card and deck it saves (ColorDiffuse)
FACE_DOWN = {"rotX": 0.0, "rotY": 180.0, "rotZ": 180.0}   # a deck lies face down, as dealt


def saved_object(sheets: DeckSheets, title: str, names: list[str],
                 address: Callable[[str], str], seed: str) -> dict[str, Any]:
    """The saved object of one deck: ``names`` are its physical cards' nicknames,
    ``address`` turns an exported file name into the URL TTS loads, ``seed`` makes the
    GUIDs stable from one export to the next."""
    custom = {str(n): _custom_deck(sheets, n, address)
              for n in range(1, len(sheets.sheets) + 1)}
    ids = [card_id(sheets, slot) for slot in sheets.slot_of]
    cards = [_object("Card", f"{seed}/{i}", name, Hands=True, CardID=ident,
                     CustomDeck={str(ident // 100): custom[str(ident // 100)]})
             for i, (ident, name) in enumerate(zip(ids, names, strict=True))]
    if len(cards) == 1:
        state = {**cards[0], "Name": "CardCustom"}
    else:
        state = _object("DeckCustom", seed, title, Hands=False, DeckIDs=ids,
                        CustomDeck=custom, ContainedObjects=cards)
    return {"SaveName": "", "Date": "", "VersionNumber": "", "GameMode": "", "GameType": "",
            "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "",
            "Sky": "", "Note": "", "TabStates": {}, "LuaScript": "", "LuaScriptState": "",
            "XmlUI": "", "ObjectStates": [state]}


def card_id(sheets: DeckSheets, slot: int) -> int:
    sheet, index = sheets.place(slot)
    return (sheet + 1) * 100 + index


def _custom_deck(sheets: DeckSheets, number: int, address: Callable[[str], str]
                 ) -> dict[str, Any]:
    sheet = sheets.sheets[number - 1]
    back = sheet.back_sheet or sheets.back or ""
    return {"FaceURL": address(sheet.image), "BackURL": address(back),
            "NumWidth": sheet.cols, "NumHeight": sheet.rows, "BackIsHidden": True,
            "UniqueBack": sheet.back_sheet is not None, "Type": 0}


def _object(kind: str, seed: str, nickname: str, **fields: Any) -> dict[str, Any]:
    return {
        "GUID": hashlib.sha256(seed.encode()).hexdigest()[:6], "Name": kind,
        "Transform": {"posX": 0.0, "posY": 1.0, "posZ": 0.0, **FACE_DOWN,
                      "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0},
        "Nickname": nickname, "Description": "", "GMNotes": "",
        "ColorDiffuse": {"r": CARD_TINT, "g": CARD_TINT, "b": CARD_TINT},
        "Locked": False, "Grid": True, "Snap": True, "IgnoreFoW": False,
        "MeasureMovement": False, "DragSelectable": True, "Autoraise": True, "Sticky": True,
        "Tooltip": True, "GridProjection": False, "HideWhenFaceDown": True,
        "SidewaysCard": False, **fields,
        "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
    }
