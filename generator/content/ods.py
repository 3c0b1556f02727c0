"""One sheet of an OpenDocument spreadsheet (.ods, LibreOffice's own format, read by odfpy) as
rows of text cells.

An .ods stores runs of equal cells and rows once with a repeat count (a sheet's million empty
rows are one element), a merged cell as a cell spanning rows and columns followed by covered
cells, and every formula with the value it last had."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import islice
from pathlib import Path
from typing import Any

from odf import teletype
from odf.namespaces import OFFICENS, TABLENS, TEXTNS
from odf.opendocument import load

from ..limits import limit, refuse
from .cards_limits import MAX_COLUMNS, MAX_ROWS
from .cells import Table, cell_name, formula_problem, number_text, opened, pick_sheet

TABLE, ROW = (TABLENS, "table"), (TABLENS, "table-row")
CELLS = {(TABLENS, "table-cell"), (TABLENS, "covered-table-cell")}
ROW_HOLDERS = {(TABLENS, n) for n in ("table-header-rows", "table-rows", "table-row-group")}
PARAGRAPH = (TEXTNS, "p")
NUMBERS = {"float", "percentage", "currency"}
DURATION = re.compile(r"PT(\d+)H(\d+)M(\d+)")


def read_ods(path: Path, sheet: str | None) -> Table:
    """The non-empty rows of the sheet named ``sheet`` (the first when None)."""
    document = opened(path, load)
    tables = [node for node in document.spreadsheet.childNodes if node.qname == TABLE]
    table = pick_sheet(path, tables, sheet, lambda t: str(t.attributes.get((TABLENS, "name"))))
    # read now, while the caller holds the cycle collector; one row past the limit is enough
    # for the reader to refuse a sheet of a million equal rows
    return iter(list(islice(_rows(path, table), MAX_ROWS + 2)))


def _rows(path: Path, table: Any) -> Table:
    spans: dict[tuple[int, int], str] = {}  # (row, column) a merged cell covers → its value
    number = 0
    for row in _row_elements(table):
        repeat = int(row.attributes.get((TABLENS, "number-rows-repeated"), 1))
        texts = _cells(path, row, number + 1, spans)
        if not texts:  # empty rows, however many, cost nothing
            number += repeat
            continue
        for _ in range(repeat):  # equal rows (two equal cards) are stored once, repeated
            number += 1
            yield number, texts


def _row_elements(node: Any) -> Iterator[Any]:
    """The rows of a table in order, inside header rows and row groups too."""
    for child in node.childNodes:
        if child.qname == ROW:
            yield child
        elif child.qname in ROW_HOLDERS:
            yield from _row_elements(child)


def _cells(path: Path, row: Any, number: int, spans: dict[tuple[int, int], str]) -> list[str]:
    """The row's cells as text, up to its last non-empty one (at most one past the column
    limit, which the reader then refuses)."""
    found: dict[int, str] = {}
    column = 0
    for cell in row.childNodes:
        if cell.qname not in CELLS or column > MAX_COLUMNS:
            continue
        attributes = cell.attributes
        repeat = int(attributes.get((TABLENS, "number-columns-repeated"), 1))
        if cell.qname == (TABLENS, "covered-table-cell"):
            for _ in range(min(repeat, MAX_COLUMNS + 1)):
                column += 1
                found[column] = spans.pop((number, column), "")
            continue
        text = _value(path, cell, number, column + 1)
        rows = int(attributes.get((TABLENS, "number-rows-spanned"), 1))
        columns = int(attributes.get((TABLENS, "number-columns-spanned"), 1))
        if not text:  # LibreOffice ends every row with its 16,000 empty cells, repeated
            column += repeat
            continue
        for _ in range(min(repeat, MAX_COLUMNS + 1)):
            column += 1
            found[column] = text
            _span(path, spans, text, number, column, rows, columns)
    last = max((c for c, text in found.items() if text), default=0)
    return [found.get(c, "") for c in range(1, last + 1)]


def _span(path: Path, spans: dict[tuple[int, int], str], text: str, row: int, column: int,
          rows: int, columns: int) -> None:
    """Remember the merged cell's value for the covered cells that follow it; the cells
    merged, all together, no more than ``sheet_span``."""
    covered = max(1, min(rows, MAX_ROWS + 1)) * max(1, min(columns, MAX_COLUMNS + 1))
    if len(spans) + covered > limit("sheet_span"):
        raise refuse(str(path), "sheet_span", f"row {row}: merged cells covering "
                     f"{covered:,} cells")
    for down in range(min(rows, MAX_ROWS + 1)):
        for right in range(min(columns, MAX_COLUMNS + 1)):
            if down or right:
                spans[(row + down, column + right)] = text


def _value(path: Path, cell: Any, row: int, column: int) -> str:
    """A cell's value as text; an error for a formula saved without its value."""
    attributes = cell.attributes
    kind = attributes.get((OFFICENS, "value-type"))
    if kind in NUMBERS:
        return number_text(float(attributes.get((OFFICENS, "value"), "0")))
    if kind == "boolean":
        return "TRUE" if attributes.get((OFFICENS, "boolean-value")) == "true" else "FALSE"
    if kind == "date":
        date = str(attributes.get((OFFICENS, "date-value"), ""))
        return date.removesuffix("T00:00:00").replace("T", " ")[:19]
    if kind == "time":
        found = DURATION.match(str(attributes.get((OFFICENS, "time-value"), "")))
        return ":".join(f"{int(part):02}" for part in found.groups()) if found else ""
    if kind is None and (TABLENS, "formula") in attributes:
        raise formula_problem(path, [cell_name(row, column)])
    if (OFFICENS, "string-value") in attributes:
        return str(attributes[(OFFICENS, "string-value")])
    return "\n".join(teletype.extractText(p) for p in cell.childNodes if p.qname == PARAGRAPH)
