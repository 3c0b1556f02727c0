"""A deck's cards from a file of their own (``cards_file:``): a YAML list, a spreadsheet
exported as CSV, or a workbook as it is saved (.xlsx, .ods; the first sheet or ``sheet:``),
one row a card under a header naming the columns; or a CSV published on the web
(``cards_url:``), read from the copy kept beside the game. Every row remembers its line, and
a file that is not what it should be (an .xlsx named .csv, UTF-16, an empty file) is a problem
naming it, not a crash. A workbook's rows become the same text cells as its CSV export, so
both make the same cards."""

from __future__ import annotations

import codecs
import csv
import io
import re
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import CELL, ContentError, Problem, excerpt
from ..paths import Refused, regular_file
from .cards_limits import MAX_CELL, MAX_COLUMNS, MAX_FILE_BYTES, MAX_ROWS, refuse
from .cells import Table
from .checker import Checker, join
from .remote import copy_of
from .spreadsheet import KINDS, SUFFIXES, is_workbook, read_sheet, workbook_kind
from .textfile import read_text
from .yamlio import LineDict, LineList, load_yaml

SAVE_AS_CSV = ("in the spreadsheet program, save it as 'CSV UTF-8' (File › Save as), or "
               "name its encoding in the deck (encoding: cp1252)")
DELIMITERS = (",", ";", "\t")  # what spreadsheet programs write, by locale
__all__ = ["MAX_CELL", "MAX_COLUMNS", "MAX_FILE_BYTES", "MAX_ROWS", "read_rows", "url_rows"]


def read_rows(check: Checker, item: Mapping[str, Any], where: str, folder: Path,
              name: Any) -> list[Any]:
    """The rows of the cards file ``name`` (relative to the game folder); nothing, the
    problems recorded, when it cannot be read."""
    try:
        path = regular_file(folder / str(name), [folder], "a cards file")
    except Refused as exc:
        check.add(join(where, "cards_file"), str(exc.problems[0]), item, "cards_file")
        return []
    sheet = item.get("sheet")
    if sheet is not None and not is_workbook(path):
        check.add(join(where, "sheet"), "'sheet' names a sheet of a workbook; "
                  f"{path.name} is not one (.xlsx or .ods)", item, "sheet")
        return []
    return _file_rows(check, item, where, path, str(path))


def url_rows(check: Checker, item: Mapping[str, Any], where: str, folder: Path,
             url: Any) -> list[Any]:
    """The rows of the CSV published at ``url``, read from its copy in the game folder
    (fetched before the game is fingerprinted: ``remote``); problems name the address."""
    if item.get("sheet") is not None:
        check.add(join(where, "sheet"), "'sheet' names a sheet of a workbook; a published "
                  "address gives one sheet as CSV (choose it when publishing)", item, "sheet")
    try:
        path = copy_of(folder, str(url))
    except ContentError as exc:
        for problem in exc.problems:
            check.add(join(where, "cards_url"), problem.message, item, "cards_url")
        return []
    return _file_rows(check, item, where, path, str(url))


def _file_rows(check: Checker, item: Mapping[str, Any], where: str, path: Path,
               source: str) -> list[Any]:
    """The rows of a cards file by its kind; ``source`` is how problems name it."""
    if path.stat().st_size > MAX_FILE_BYTES:  # the file itself is checked by ``paths``
        check.problems.append(Problem(source, "", f"larger than a cards file may be "
                                      f"({MAX_FILE_BYTES // 2**20} MiB); split the deck"))
        return []
    try:
        if is_workbook(path):
            sheet = item.get("sheet")
            table = read_sheet(path, None if sheet is None else str(sheet))
            return _table_rows(check, source, table, "row")
        if path.suffix.lower() not in (".yaml", ".yml"):
            return _csv_rows(check, path, *_csv_options(check, item, where), source)
        data = load_yaml(path)
    except ContentError as exc:
        check.problems.extend(exc.problems)
        return []
    if not isinstance(data, list):
        check.problems.append(Problem(source, "", "expected a list of cards, one '- {…}' "
                                      "item a card"))
        return []
    return data


def _csv_options(check: Checker, item: Mapping[str, Any],
                 where: str) -> tuple[str | None, str | None]:
    """The deck's declared ``encoding`` and ``delimiter`` of its CSV (None: found out)."""
    encoding, delimiter = item.get("encoding"), item.get("delimiter")
    if encoding is not None:
        try:
            known = codecs.lookup(str(encoding))._is_text_encoding  # not rot13, hex…
            if known:  # 'undefined' is a text encoding that refuses to decode anything
                codecs.decode(b"", str(encoding))
        except (LookupError, UnicodeError):
            known = False
        if not known:
            check.add(join(where, "encoding"), f"unknown encoding {excerpt(encoding)}; use utf-8, "
                      "utf-16, cp1252 or latin-1", item, "encoding")
            encoding = None
    if delimiter is not None and delimiter not in DELIMITERS:
        check.add(join(where, "delimiter"), f"unknown delimiter {excerpt(delimiter)}; use ',', ';' "
                  "or a tab (\"\\t\")", item, "delimiter")
        delimiter = None
    return (None if encoding is None else str(encoding)), delimiter


def sniff_delimiter(text: str) -> str:
    """The delimiter the header line uses most (outside quotes); a comma when it has none
    (a one-column file)."""
    header = re.sub(r'"[^"]*"', "", text.split("\n", 1)[0])
    counts = {d: header.count(d) for d in DELIMITERS}
    best = max(DELIMITERS, key=lambda d: counts[d])
    return best if counts[best] else ","


def _csv_rows(check: Checker, path: Path, encoding: str | None, delimiter: str | None,
              source: str) -> LineList:
    """The rows of a CSV file, each with the line its record starts on (a quoted cell may
    span lines)."""
    if zipfile.is_zipfile(path) and (kind := workbook_kind(path)) is not None:
        raise ContentError(Problem(source, "", f"{KINDS[kind]}, not CSV text; name it "
                                   f"{path.stem}{SUFFIXES[kind]} (pnp reads workbooks as "
                                   "they are), or save it as 'CSV UTF-8'"))
    text = read_text(path, "CSV text", SAVE_AS_CSV, encoding=encoding, utf16=True)
    reader = csv.reader(io.StringIO(text, newline=""),
                        delimiter=delimiter or sniff_delimiter(text))
    return _table_rows(check, source, _csv_records(source, reader), "line")


def _csv_records(source: str, reader: Any) -> Table:
    """Each record of a CSV reader with the line it starts on; blank lines skipped."""
    ended = 0  # the last line read
    try:
        for cells in reader:
            line, ended = ended + 1, reader.line_num
            if cells:
                yield line, cells
    except csv.Error as exc:
        if "field larger" in str(exc):  # csv's own limit, far above ours
            refuse(source, True, ended + 1, f"a cell longer than {MAX_CELL} characters")
        raise ContentError(Problem(source, "", f"not a readable CSV row: {exc}",
                                   reader.line_num)) from None


def _table_rows(check: Checker, source: str, table: Table, unit: str) -> LineList:
    """The rows under a table's first row (its header naming the columns), each a LineDict
    keyed by the columns, with its line (or row) in the file: the same cards whether the
    table came from a CSV or a workbook."""
    rows = LineList()
    header: list[str] | None = None
    for line, cells in table:
        if header is None:
            refuse(source, len(cells) > MAX_COLUMNS, line, f"more than {MAX_COLUMNS} columns")
            header = cells
            continue
        refuse(source, len(rows) == MAX_ROWS, line, f"more than {MAX_ROWS} rows")
        padded = cells + [""] * (len(header) - len(cells))  # a short row's cells are empty
        row: dict[str | None, Any] = dict(zip(header, padded, strict=False))
        if len(cells) > len(header):
            row[None] = cells[len(header):]
        rows.append(_record(check, source, row, line))
        rows.lines.append(line)
    if header is None:
        raise ContentError(Problem(source, "", f"empty: its first {unit} names the columns, "
                                   f"each {unit} below it is a card"))
    return rows


def _record(check: Checker, source: str, row: Mapping[str | None, Any], line: int) -> LineDict:
    """The cells of the card at ``line`` (a spreadsheet's row number); ``qty`` a number only
    when it is ASCII digits: ``²`` and ``①`` are digits to Python but no quantity, and a
    problem here names this file's row and column, where the loader could only name
    game.yaml."""
    record = LineDict()
    record.line = line
    for key, value in row.items():
        if key is None:
            check.problems.append(Problem(source, "", "more cells than the header "
                                          "has columns", line))
            continue
        key = key.strip()
        value = (value or "").strip()
        refuse(source, len(value) > MAX_CELL, line,
                f"column {excerpt(key)}: a cell longer than {MAX_CELL} characters")
        if key == "qty" and not (value.isascii() and value.isdigit()):
            check.problems.append(Problem(source, f"{CELL}'qty'",
                                          "expected a whole number of copies, got "
                                          f"{excerpt(value)}; type it with the digits 0-9",
                                          line))
            continue
        record[key] = int(value) if key == "qty" else value
        record.lines[key] = line
    return record
