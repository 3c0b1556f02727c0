"""An .xlsx's sheets judged before openpyxl loads them: openpyxl builds every sheet's model
whole as it loads (a MergedCell for each cell a merged range covers, a record for each row
element), so a 5 kB ``<mergeCell ref="C3:XFD1048576"/>`` or a million empty ``<row ht=…>``
take all the memory there is before any limit of the reader applies. Each sheet's XML is
streamed once with expat, which builds nothing, and refused at the first count past its
budget: rows, cells of a row and of the sheet (``sheet_cells``), and the cells merged ranges
cover (``sheet_span``, as for .ods)."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from typing import IO
from xml.parsers import expat

from ..errors import ContentError
from ..limits import limit, refuse
from .cards_limits import MAX_COLUMNS, MAX_ROWS
from .cards_limits import refuse as refuse_cards

SHEET = re.compile(r"xl/worksheets/[^/]+\.xml\Z")
RANGE = re.compile(r"\$?([A-Z]{1,3})\$?(\d{1,7})(?::\$?([A-Z]{1,3})\$?(\d{1,7}))?\Z")
CHUNK = 1 << 16


def check_xlsx_sheets(path: Path) -> None:
    """Refuse the workbook when one of its sheets holds more row elements or cells in a row
    than a cards file may, or merged ranges covering more than ``sheet_span`` cells."""
    with zipfile.ZipFile(path) as archive:
        for entry in archive.infolist():
            if SHEET.match(entry.filename):
                with archive.open(entry) as sheet:
                    _Counter(path).read(sheet)


class _Counter:
    """What openpyxl would build of one sheet, counted as its XML streams past."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.rows = self.cells = self.all_cells = self.merged = 0
        self.most_cells = limit("sheet_cells")

    def read(self, sheet: IO[bytes]) -> None:
        parser = expat.ParserCreate()  # names as written: "c", or "x:c" with a prefix
        parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        parser.StartElementHandler = self._start
        try:
            while chunk := sheet.read(CHUNK):
                parser.Parse(chunk, False)
            parser.Parse(b"", True)
        except expat.ExpatError:
            return  # not readable XML: openpyxl names the file as damaged

    def _start(self, name: str, attributes: dict[str, str]) -> None:
        tag = name.rpartition(":")[2] if ":" in name else name
        if tag == "c":  # the most frequent by far: a cell
            self.cells, self.all_cells = self.cells + 1, self.all_cells + 1
            if self.cells > MAX_COLUMNS or self.all_cells > self.most_cells:
                self._too_many_cells()
        elif tag == "row":
            self.rows, self.cells = self.rows + 1, 0
            refuse_cards(self.path, self.rows > MAX_ROWS + 1, MAX_ROWS + 2,
                         f"more than {MAX_ROWS:,} rows (row elements, empty formatted ones "
                         "counted)")
        elif tag == "mergeCell":
            self.merged += _cells_of(attributes.get("ref", ""))
            if self.merged > limit("sheet_span"):
                raise _past_span(self.path, attributes.get("ref", "")[:40], self.merged)

    def _too_many_cells(self) -> None:
        refuse_cards(self.path, self.cells > MAX_COLUMNS, self.rows,
                     f"more than {MAX_COLUMNS} columns")
        raise refuse(str(self.path), "sheet_cells", f"row {self.rows}: the cells of one "
                     "sheet (formatted empty ones counted)")


def _past_span(path: Path, ref: str, cells: int) -> ContentError:
    return refuse(str(path), "sheet_span", f"merged cells ({ref} among them) covering "
                  f"{cells:,} cells")


def _cells_of(ref: str) -> int:
    """How many cells the range ``ref`` (C3:XFD1048576, or one cell) covers; 1 when it is
    no range openpyxl reads either."""
    found = RANGE.match(ref.strip().upper())
    if not found:
        return 1
    first_column, first_row, last_column, last_row = found.groups()
    last_column, last_row = last_column or first_column, last_row or first_row
    rows = abs(int(last_row) - int(first_row)) + 1
    columns = abs(_column(last_column) - _column(first_column)) + 1
    return rows * columns


def _column(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A") + 1
    return number
