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

from odf.namespaces import OFFICENS, TABLENS, TEXTNS
from odf.opendocument import load

from ..errors import ContentError, Problem
from ..limits import limit, refuse
from .cards_limits import MAX_CELL, MAX_COLUMNS, MAX_ROWS
from .cards_limits import refuse as refuse_cell
from .cells import Table, cell_name, formula_problem, number_text, opened, pick_sheet

TABLE, ROW = (TABLENS, "table"), (TABLENS, "table-row")
CELLS = {(TABLENS, "table-cell"), (TABLENS, "covered-table-cell")}
ROW_HOLDERS = {(TABLENS, n) for n in ("table-header-rows", "table-rows", "table-row-group")}
PARAGRAPH = (TEXTNS, "p")
SPACES, TAB, BREAK = (TEXTNS, "s"), (TEXTNS, "tab"), (TEXTNS, "line-break")
NUMBERS = {"float", "percentage", "currency"}
DURATION = re.compile(r"PT(\d+)H(\d+)M(\d+)")


def read_ods(path: Path, sheet: str | None) -> Table:
    """The non-empty rows of the sheet named ``sheet`` (the first when None)."""
    document = opened(path, load)
    if document.spreadsheet is None:  # a DTD, or a text document saved as .ods
        raise ContentError(Problem(str(path), "", "holds no spreadsheet that pnp can read (a "
                                   "document type declaration, or not a sheet at all); save "
                                   "it again from LibreOffice Calc as .ods"))
    tables = [node for node in document.spreadsheet.childNodes if node.qname == TABLE]
    table = pick_sheet(path, tables, sheet, lambda t: str(t.attributes.get((TABLENS, "name"))))
    # read now, while the caller holds the cycle collector; one row past the limit is enough
    # for the reader to refuse a sheet of a million equal rows
    return iter(list(islice(_rows(path, table), MAX_ROWS + 2)))


def _rows(path: Path, table: Any) -> Table:
    spans: dict[tuple[int, int], str] = {}  # (row, column) a merged cell covers → its value
    number = 0
    for row in _row_elements(table):
        repeat = _count(row, "number-rows-repeated")
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
        repeat = _count(cell, "number-columns-repeated")
        if cell.qname == (TABLENS, "covered-table-cell"):
            for _ in range(min(repeat, MAX_COLUMNS + 1)):
                column += 1
                found[column] = spans.pop((number, column), "")
            continue
        text = _value(path, cell, number, column + 1)
        rows = _count(cell, "number-rows-spanned")
        columns = _count(cell, "number-columns-spanned")
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
    paragraphs = [p for p in cell.childNodes if p.qname == PARAGRAPH]
    budget = [MAX_CELL + 1]
    text = "\n".join(_text(p, budget) for p in paragraphs)
    refuse_cell(path, budget[0] < 0, row, f"cell {cell_name(row, column)}: a cell longer "
                f"than {MAX_CELL} characters")
    return text


def _text(node: Any, budget: list[int]) -> str:
    """The text of a paragraph, its ``<text:s c="…"/>`` runs of spaces written out, but never
    more than ``budget[0]`` characters in all: a run of 900 million spaces takes 868 bytes
    of a file and would take gigabytes as text. The budget left goes negative past it."""
    parts = []
    for child in node.childNodes:
        if budget[0] < 0:
            break
        if child.nodeType == child.TEXT_NODE:
            part = str(child.data)
        elif child.qname == SPACES:
            part = " " * min(_number(str(child.getAttribute("c") or 1)), budget[0] + 1)
        elif child.qname in (TAB, BREAK):
            part = "\t" if child.qname == TAB else "\n"
        else:  # a span, a link: its text counted where it is read
            parts.append(_text(child, budget))
            continue
        budget[0] -= len(part)
        parts.append(part)
    return "".join(parts)


def _number(value: str) -> int:
    """A count of an .ods attribute; 1 when it is not one, a bound past any sheet when it
    is huge (a count of 5,000 digits is not a number Python reads)."""
    value = value.strip()
    if not value.isdigit():
        return 1
    return int(value) if len(value) <= 9 else 10**9


def _count(node: Any, name: str) -> int:
    """A repeat or span count of a row or cell, at least 1."""
    return max(1, _number(str(node.attributes.get((TABLENS, name), 1))))
