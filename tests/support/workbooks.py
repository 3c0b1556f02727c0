"""Workbooks made the way the real programs make them, for the cards-file tests: .xlsx written
by openpyxl, .ods by odfpy (LibreOffice's format, element for element), each with a merged
cell and a formula saved with its value.

openpyxl writes a formula without its value (it cannot compute one); Excel and LibreOffice
save ``<f>D2+1</f><v>3</v>``. :func:`save_values` writes that ``<v>`` into the sheet, as
they do, so a test sees the file those programs save."""

from __future__ import annotations

import csv
import re
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
from odf.element import Element
from odf.opendocument import OpenDocumentSpreadsheet
from odf.table import CoveredTableCell, Table, TableCell, TableRow
from odf.text import P

from generator.resources import templates_dir

SCAFFOLD_CARDS = templates_dir() / "scaffold" / "cards.csv"


def _typed(cell: str) -> Any:
    """A cell as a spreadsheet holds it once typed in: whole numbers are numbers."""
    return int(cell) if cell.isdigit() else cell


# the deck of `pnp new` (its cards.csv, read so the two never drift), as typed in a
# spreadsheet: numbers are numbers
HEADER, *CARDS = [[_typed(cell) for cell in row] for row in
                  csv.reader(SCAFFOLD_CARDS.read_text(encoding="utf-8").splitlines())]
MERGED = "C2:C4"  # the Art column, one merged cell down the three cards
FORMULA = ("D4", "D2+1", 3)  # the Champion's cost: the Healer's plus one, saved as 3


def write_xlsx(path: Path, rows: list[list[Any]], sheet: str = "Cards",
               other_sheets: tuple[str, ...] = (), merged: str | None = None,
               formulas: dict[str, str] | None = None) -> Path:
    """``rows`` (the first the header) in the sheet ``sheet``, after ``other_sheets`` if
    any; ``merged`` cells merged, ``formulas`` (cell → formula without '=') written as
    openpyxl writes them: with no saved value."""
    book = openpyxl.Workbook()
    first = book.active
    for name in other_sheets:
        book.create_sheet(name).append(["Other", "sheet"])
    cards = book.create_sheet(sheet) if other_sheets else first
    cards.title = sheet
    if other_sheets:
        book.remove(first)
    for row in rows:
        cards.append(row)
    if merged:
        cards.merge_cells(merged)
    for cell, formula in (formulas or {}).items():
        cards[cell] = f"={formula}"
    book.save(path)
    return path


def save_values(path: Path, values: dict[str, Any], kind: str = "") -> Path:
    """Write each formula cell's saved value into the workbook, as Excel does when it saves;
    ``kind`` is Excel's type of a result that is not a number: "str" for text (an empty text
    is ``<v></v>``), "e" for an error such as #DIV/0!."""
    with zipfile.ZipFile(path) as book:
        parts = {name: book.read(name) for name in book.namelist()}
    name = next(n for n in parts if n.startswith("xl/worksheets/sheet"))
    xml = parts[name].decode()
    typed = f' t="{kind}"' if kind else ""
    for cell, value in values.items():
        xml, count = re.subn(rf'<c r="{cell}"([^>]*)>(<f>[^<]*</f>)<v\s*(?:/>|>\s*</v>)',
                             rf'<c r="{cell}"\1{typed}>\2<v>{value}</v>', xml)
        assert count == 1, f"no formula in {cell}"
    parts[name] = xml.encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as book:
        for part, data in parts.items():
            book.writestr(part, data)
    return path


def deck_xlsx(path: Path) -> Path:
    """`pnp new`'s deck as an .xlsx: Art merged down the cards, the Champion's cost a
    formula saved with its value."""
    cell, formula, value = FORMULA
    write_xlsx(path, [HEADER, *CARDS], merged=MERGED, formulas={cell: formula})
    return save_values(path, {cell: value})


def ods_cell(shown: Any, **attributes: Any) -> Element:
    """A cell as LibreOffice writes it: the value ``shown`` typed, its text in a paragraph;
    ``attributes`` add to or replace the typed value (a date, a formula, a span)."""
    if shown is None:
        return TableCell(**attributes)
    if isinstance(shown, bool):
        typed = {"valuetype": "boolean", "booleanvalue": str(shown).lower()}
    elif isinstance(shown, (int, float)):
        typed = {"valuetype": "float", "value": str(shown)}
    else:
        typed = {"valuetype": "string"}
    cell = TableCell(**{**typed, **attributes})
    cell.addElement(P(text=str(shown)))
    return cell


def write_ods(path: Path, rows: list[list[Any]], sheet: str = "Cards",
              other_sheets: tuple[str, ...] = ()) -> Path:
    """``rows`` in the sheet ``sheet`` after ``other_sheets``; a cell may be a TableCell
    (a formula, a merged cell) or a CoveredTableCell, as given."""
    document = OpenDocumentSpreadsheet()
    for name in (*other_sheets, sheet):
        table = Table(name=name)
        for row in rows if name == sheet else [["Other", "sheet"]]:
            element = TableRow()
            for value in row:
                element.addElement(value if isinstance(value, Element) else ods_cell(value))
            table.addElement(element)
        document.spreadsheet.addElement(table)
    document.save(str(path))
    return path


def deck_ods(path: Path) -> Path:
    """`pnp new`'s deck as LibreOffice saves it: Art one cell spanning the three cards'
    rows (the cells below it covered), the Champion's cost the formula with its value."""
    rows: list[list[Any]] = [HEADER]
    for index, card in enumerate(CARDS):
        row: list[Any] = list(card)
        row[2] = (ods_cell(card[2], numberrowsspanned=len(CARDS)) if index == 0
                  else CoveredTableCell())
        if index == 2:
            row[3] = ods_cell(FORMULA[2], formula="of:=[.D2]+1")
        rows.append(row)
    return write_ods(path, rows)
