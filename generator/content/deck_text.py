"""A designer's deck made translatable: ``translate: [title, text]`` on a deck names the fields
(a layout's names, after ``fields:``) whose cells are text to translate. Each such cell becomes
a message, noted with the file, row and column it comes from, so the cards of a spreadsheet
deck go to fr or de like the built-in kits' (``pnp i18n extract`` collects them, the build
translates them)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from ..limits import limit, refuse
from .checker import Checker, join
from .fields import FieldMap
from .yamlio import Msg, NotedMsg, load_yaml

TRANSLATE_KEY = "translate"


def translated_names(check: Checker, item: Mapping[str, Any], where: str) -> tuple[str, ...]:
    """The deck's ``translate:`` list of field names (problems recorded)."""
    names = item.get(TRANSLATE_KEY)
    if names is None:
        return ()
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        check.add(join(where, TRANSLATE_KEY), "expected a list of the card fields whose text "
                  "is translated, such as [title, text]", item, TRANSLATE_KEY)
        return ()
    return tuple(names)


def cell_place(item: Mapping[str, Any], index: int) -> str:
    """Where row ``index`` of a deck comes from, as a translator finds it: the spreadsheet's
    row (its header is row 1) or the game.yaml list item."""
    source = item.get("cards_file") or item.get("cards_url")
    return f"{source}, row {index + 2}" if source else f"game.yaml cards, item {index + 1}"


def translated(fields: dict[str, Any], names: tuple[str, ...], mapping: FieldMap,
               place: str) -> dict[str, Any]:
    """``fields`` with the text of each field in ``names`` as a message noting its cell
    (an empty cell stays empty: nothing to translate)."""
    for name in names:
        value = fields.get(name)
        if isinstance(value, str) and value.strip() and not isinstance(value, Msg):
            column = mapping.columns.get(name, name)
            fields[name] = NotedMsg(value, note=f"{place}, column {column}")
    return fields


def deck_messages(folder: Path) -> Iterator[tuple[Msg, str, int, str]]:
    """Every translated cell of the game's decks with the file it is read from, its row
    there (the header is row 1) and the field a layout reads it as, as the build reads them
    (problems are the build's to report), their rows held to the build's ``cards_per_game``
    (a thousand decks reading one large sheet)."""
    from .loader import deck_rows  # the loader reads the rows and maps the fields

    raw = load_yaml(folder / "game.yaml", (folder,)) or {}
    rows_read = 0
    for index, item in enumerate(raw.get("components") or []):
        if not isinstance(item, dict) or not item.get(TRANSLATE_KEY):
            continue
        source = str(item.get("cards_file") or "game.yaml")
        rows = deck_rows(item, f"components[{index}]", folder)
        rows_read += len(rows)  # as a build counts the cards of all the decks: each row one
        if rows_read > limit("cards_per_game"):
            raise refuse(str(folder / source), "cards_per_game",
                         "the rows of the game's translated decks")
        for row, fields in rows:
            for name, value in fields.items():
                if isinstance(value, Msg):
                    yield value, source, row + 2, name
