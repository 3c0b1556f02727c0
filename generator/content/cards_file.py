"""A deck's cards from a file of their own (``cards_file:``): a YAML list, or a spreadsheet
exported as CSV, one row a card under a header naming the columns. Every row remembers its
line, and a file that is not what it should be (an .xlsx, UTF-16, an empty file) is a problem
naming it, not a crash."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import ContentError, Problem
from .checker import Checker, join
from .textfile import read_text
from .yamlio import LineDict, LineList, load_yaml

SAVE_AS_CSV = "in the spreadsheet program, save it as 'CSV UTF-8' (File › Save as)"


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
    try:
        if path.suffix.lower() not in (".yaml", ".yml"):
            return _csv_rows(check, path)
        data = load_yaml(path)
    except ContentError as exc:
        check.problems.extend(exc.problems)
        return []
    if not isinstance(data, list):
        check.problems.append(Problem(str(path), "", "expected a list of cards, one '- {…}' "
                                      "item a card"))
        return []
    return data


def _csv_rows(check: Checker, path: Path) -> LineList:
    """The rows of a CSV file, each a LineDict keyed by the header's columns, with the line
    its record starts on (a quoted cell may span lines)."""
    reader = csv.DictReader(io.StringIO(read_text(path, "CSV text", SAVE_AS_CSV), newline=""))
    rows = LineList()
    try:
        if not reader.fieldnames:
            raise ContentError(Problem(str(path), "", "empty: its first line names the "
                                       "columns, each row below it is a card"))
        ended = reader.line_num  # the header's last line
        for row in reader:
            line, ended = ended + 1, reader.line_num
            record = LineDict()
            record.line = line
            for key, value in row.items():
                if key is None:
                    check.problems.append(Problem(str(path), "", "more cells than the header "
                                                  "has columns", line))
                    continue
                key = key.strip()
                value = (value or "").strip()
                record[key] = int(value) if key == "qty" and value.isdigit() else value
                record.lines[key] = line
            rows.append(record)
            rows.lines.append(line)
    except csv.Error as exc:
        raise ContentError(Problem(str(path), "", f"not a readable CSV row: {exc}",
                                   reader.line_num)) from None
    return rows
