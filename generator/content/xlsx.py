"""One sheet of an Excel workbook (.xlsx, read by openpyxl) as rows of text cells.

openpyxl reads a formula's value only as the program that saved the file stored it
(``data_only``); a second, streaming pass over the formulas finds those saved without one, so
a card never silently loses a computed cell. A merged cell's value fills every cell it covers,
as the sheet shows it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl

from ..errors import ContentError, Problem
from .cards_limits import MAX_COLUMNS, MAX_ROWS, refuse
from .cells import Table, cell_name, cell_text, formula_problem, opened, pick_sheet


def read_xlsx(path: Path, sheet: str | None) -> Table:
    """The non-empty rows of the sheet named ``sheet`` (the first when None)."""
    book = opened(path, lambda p: openpyxl.load_workbook(p, data_only=True))
    values = pick_sheet(path, book.worksheets, sheet, lambda s: s.title)
    # the used range counts formatted cells too; past the limits, iterating it is only slow
    refuse(path, values.max_column > MAX_COLUMNS, 1, f"more than {MAX_COLUMNS} columns")
    refuse(path, values.max_row > MAX_ROWS + 1, MAX_ROWS + 2, f"more than {MAX_ROWS} rows")
    _check_formulas(path, values)
    merged = _merged_values(values)
    rows: list[tuple[int, list[str]]] = []
    errors: list[str] = []
    for row in values.iter_rows():
        number = row[0].row
        texts = []
        for column, cell in enumerate(row, 1):
            if cell.data_type == "e":  # a formula's saved value is an error (#DIV/0!)
                errors.append(f"{cell_name(number, column)} ({cell.value})")
            texts.append(cell_text(merged.get((number, column), cell.value)))
        while texts and not texts[-1]:
            texts.pop()
        if texts:
            rows.append((number, texts))
    if errors:
        raise ContentError(Problem(str(path), "", f"cell {', '.join(errors[:5])}: a formula "
                                   "whose value is an error; fix it in the spreadsheet"))
    return iter(rows)


def _merged_values(sheet: Any) -> dict[tuple[int, int], Any]:
    """(row, column) → the value of the merged cell covering it."""
    merged: dict[tuple[int, int], Any] = {}
    for cells in sheet.merged_cells.ranges:
        value = sheet.cell(cells.min_row, cells.min_col).value
        for place in cells.cells:
            merged[place] = value
    return merged


def _check_formulas(path: Path, values: Any) -> None:
    """A formula cell whose saved value is missing (openpyxl reads it as empty) is an error."""
    book = opened(path, lambda p: openpyxl.load_workbook(p, read_only=True))
    try:
        formulas = book[values.title]
        missing = [cell_name(cell.row, cell.column)
                   for row in formulas.iter_rows(max_row=values.max_row,
                                                 max_col=values.max_column)
                   for cell in row
                   if cell.data_type == "f" and _unsaved(values.cell(cell.row, cell.column))]
    finally:
        book.close()  # a read-only workbook keeps its file open
    if missing:
        raise formula_problem(path, missing)


def _unsaved(cell: Any) -> bool:
    """A formula cell read with no value: not a saved empty text (``t="str"``, ``<v></v>``),
    which is how Excel stores a formula that gives ""."""
    return cell.value is None and cell.data_type != "str"
