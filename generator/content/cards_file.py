"""A deck's cards from a file of their own (``cards_file:``): a YAML list, or a spreadsheet
exported as CSV, one row a card under a header naming the columns. Every row remembers its
line, and a file that is not what it should be (an .xlsx, UTF-16, an empty file) is a problem
naming it, not a crash."""

from __future__ import annotations

import codecs
import csv
import io
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import ContentError, Problem
from .checker import Checker, join
from .textfile import read_text
from .yamlio import LineDict, LineList, load_yaml

SAVE_AS_CSV = ("in the spreadsheet program, save it as 'CSV UTF-8' (File › Save as), or "
               "name its encoding in the deck (encoding: cp1252)")
DELIMITERS = (",", ";", "\t")  # what spreadsheet programs write, by locale
# What a cards file may hold: past these it is not a deck of cards but a mistake (a whole
# database exported, a column pasted into one cell), and reading it on would only be slow.
MAX_FILE_BYTES = 20 * 1024 * 1024
MAX_ROWS = 10_000
MAX_COLUMNS = 200
MAX_CELL = 10_000  # characters


def read_rows(check: Checker, item: Mapping[str, Any], where: str, folder: Path,
              name: Any) -> list[Any]:
    """The rows of the cards file ``name`` (relative to the game folder); nothing, the
    problems recorded, when it cannot be read."""
    path = (folder / str(name)).resolve()
    if folder.resolve() not in path.parents:
        check.add(join(where, "cards_file"), "the cards file must lie inside the game folder",
                  item, "cards_file")
        return []
    if not path.is_file():
        check.add(join(where, "cards_file"), f"file not found: {path}", item, "cards_file")
        return []
    if path.stat().st_size > MAX_FILE_BYTES:
        check.problems.append(Problem(str(path), "", f"larger than a cards file may be "
                                      f"({MAX_FILE_BYTES // 2**20} MiB); split the deck"))
        return []
    try:
        if path.suffix.lower() not in (".yaml", ".yml"):
            return _csv_rows(check, path, *_csv_options(check, item, where))
        data = load_yaml(path)
    except ContentError as exc:
        check.problems.extend(exc.problems)
        return []
    if not isinstance(data, list):
        check.problems.append(Problem(str(path), "", "expected a list of cards, one '- {…}' "
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
        except LookupError:
            known = False
        if not known:
            check.add(join(where, "encoding"), f"unknown encoding {encoding!r}; use utf-8, "
                      "utf-16, cp1252 or latin-1", item, "encoding")
            encoding = None
    if delimiter is not None and delimiter not in DELIMITERS:
        check.add(join(where, "delimiter"), f"unknown delimiter {delimiter!r}; use ',', ';' "
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


def _csv_rows(check: Checker, path: Path, encoding: str | None,
              delimiter: str | None) -> LineList:
    """The rows of a CSV file, each a LineDict keyed by the header's columns, with the line
    its record starts on (a quoted cell may span lines)."""
    text = read_text(path, "CSV text", SAVE_AS_CSV, encoding=encoding, utf16=True)
    reader = csv.DictReader(io.StringIO(text, newline=""),
                            delimiter=delimiter or sniff_delimiter(text))
    rows = LineList()
    ended = 0  # the last line read
    try:
        if not reader.fieldnames:
            raise ContentError(Problem(str(path), "", "empty: its first line names the "
                                       "columns, each row below it is a card"))
        _refuse(path, len(reader.fieldnames) > MAX_COLUMNS, reader.line_num,
                f"more than {MAX_COLUMNS} columns")
        ended = reader.line_num  # the header's last line
        for row in reader:
            line, ended = ended + 1, reader.line_num
            _refuse(path, len(rows) == MAX_ROWS, line, f"more than {MAX_ROWS} rows")
            rows.append(_record(check, path, row, line, len(rows) + 1))
            rows.lines.append(line)
    except csv.Error as exc:
        if "field larger" in str(exc):  # csv's own limit, far above ours
            _refuse(path, True, ended + 1, f"a cell longer than {MAX_CELL} characters")
        raise ContentError(Problem(str(path), "", f"not a readable CSV row: {exc}",
                                   reader.line_num)) from None
    return rows


def _record(check: Checker, path: Path, row: Mapping[str | None, Any], line: int,
            number: int) -> LineDict:
    """Card ``number``'s cells; ``qty`` a number only when it is ASCII digits: ``²`` and
    ``①`` are digits to Python but no quantity, and a problem here names this file's row
    and column, where the loader could only name game.yaml."""
    record = LineDict()
    record.line = line
    for key, value in row.items():
        if key is None:
            check.problems.append(Problem(str(path), "", "more cells than the header "
                                          "has columns", line))
            continue
        key = key.strip()
        value = (value or "").strip()
        _refuse(path, len(value) > MAX_CELL, line,
                f"column {key!r}: a cell longer than {MAX_CELL} characters")
        if key == "qty" and not (value.isascii() and value.isdigit()):
            check.problems.append(Problem(str(path), f"row {number}, column 'qty'",
                                          f"expected a whole number of copies, got {value!r}; "
                                          "type it with the digits 0-9", line))
            continue
        record[key] = int(value) if key == "qty" else value
        record.lines[key] = line
    return record


def _refuse(path: Path, refused: bool, line: int, what: str) -> None:
    """Stop reading a file past one of its limits, naming the limit."""
    if refused:
        raise ContentError(Problem(str(path), "", f"{what}: past what a cards file may hold; "
                                   "split the deck or shorten the text", line))
