"""One sheet of an Excel workbook (.xlsx, read by openpyxl) as rows of text cells.

The sheet is read once as written; only when it holds formulas is it streamed again for the
values the program that saved it stored with them (openpyxl cannot compute one), so a
workbook of plain cells costs one pass and a card never silently loses a computed cell. A
merged cell's value fills every cell it covers, as the sheet shows it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl

from ..errors import ContentError, Problem
from .cards_limits import MAX_COLUMNS, MAX_ROWS, refuse
from .cells import Table, cell_name, cell_text, formula_problem, opened, pick_sheet
from .xlsx_guard import check_xlsx_sheets

Grid = dict[tuple[int, int], Any]  # (row, column) → the value of a cell that has one


def read_xlsx(path: Path, sheet: str | None) -> Table:
    """The non-empty rows of the sheet named ``sheet`` (the first when None)."""
    opened(path, check_xlsx_sheets)  # openpyxl builds every sheet whole: judged before
    book = opened(path, openpyxl.load_workbook)
    cells = pick_sheet(path, book.worksheets, sheet, lambda s: s.title)
    # the used range counts formatted cells too; past the limits, iterating it is only slow
    refuse(path, cells.max_column > MAX_COLUMNS, 1, f"more than {MAX_COLUMNS} columns")
    refuse(path, cells.max_row > MAX_ROWS + 1, MAX_ROWS + 2, f"more than {MAX_ROWS} rows")
    grid: Grid = {}
    formulas: set[tuple[int, int]] = set()
    errors: list[str] = []
    for row in cells.iter_rows():
        for cell in row:
            if cell.value is None:
                continue
            if cell.data_type == "f":
                formulas.add((cell.row, cell.column))
            elif cell.data_type == "e":
                errors.append(f"{cell.coordinate} ({cell.value})")
            else:
                grid[(cell.row, cell.column)] = cell.value
    if formulas:
        _saved_values(path, cells.title, formulas, grid, errors)
    if errors:
        raise ContentError(Problem(str(path), "", f"cell {', '.join(errors[:5])}: a formula "
                                   "whose value is an error; fix it in the spreadsheet"))
    for merged in cells.merged_cells.ranges:
        value = grid.get((merged.min_row, merged.min_col))
        if value is not None:
            grid.update((place, value) for place in merged.cells)
    return _rows(grid)


def _saved_values(path: Path, title: str, formulas: set[tuple[int, int]], grid: Grid,
                  errors: list[str]) -> None:
    """Put in ``grid`` the value saved with each formula cell; one saved without a value (a
    file written by a program that cannot compute it, such as openpyxl) is an error."""
    book = opened(path, lambda p: openpyxl.load_workbook(p, read_only=True, data_only=True))
    first, last = min(r for r, _ in formulas), max(r for r, _ in formulas)
    missing: list[str] = []
    try:
        rows = book[title].iter_rows(min_row=first, max_row=last,
                                     max_col=max(c for _, c in formulas))
        for number, row in enumerate(rows, first):
            for column, cell in enumerate(row, 1):
                if (number, column) not in formulas:
                    continue
                if cell.data_type == "e":
                    errors.append(f"{cell_name(number, column)} ({cell.value})")
                elif cell.value is not None:
                    grid[(number, column)] = cell.value
                elif cell.data_type != "str":  # "str" with no value: a saved empty text
                    missing.append(cell_name(number, column))
    finally:
        book.close()  # a read-only workbook keeps its file open
    if missing:
        raise formula_problem(path, missing)


def _rows(grid: Grid) -> Table:
    """The grid's rows that have a value, each up to its last non-empty cell."""
    texts = {place: text for place, value in grid.items() if (text := cell_text(value))}
    by_row: dict[int, dict[int, str]] = {}
    for (row, column), text in sorted(texts.items()):
        by_row.setdefault(row, {})[column] = text
    for row, cells in by_row.items():
        yield row, [cells.get(c, "") for c in range(1, max(cells) + 1)]
