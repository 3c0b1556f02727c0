"""What the readers of workbooks (.xlsx, .ods) share: a cell's value as the text a CSV export
of the sheet would hold, the sheet a deck names, and a library's failure on a damaged file as
an error naming the file. A cell's value counts, not its display format: an integer 3 is "3"
as in the CSV, 2.50 is "2.5", a date is 2024-05-01, TRUE is TRUE."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from ..errors import ContentError, Problem, excerpt

Table = Iterator[tuple[int, list[str]]]  # (row of the sheet, its cells as text); no empty row
RESAVE = ("open it in the spreadsheet program (Excel, LibreOffice Calc, Google Sheets) and "
          "save it again")
SIGNIFICANT_DIGITS = 15  # what spreadsheet programs keep of a number, and show at most

Sheet = TypeVar("Sheet")
Result = TypeVar("Result")


def cell_text(value: Any) -> str:
    """A cell's value as text: nothing for an empty cell, whole numbers without '.0'."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return number_text(value)
    if isinstance(value, datetime.datetime):
        if value.time() == datetime.time():
            return value.date().isoformat()
        return value.isoformat(sep=" ", timespec="seconds")
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    return str(value)


def number_text(value: float) -> str:
    """3.0 → "3", 0.1 + 0.2 → "0.3": the number as a spreadsheet shows it unformatted."""
    if value.is_integer() and abs(value) < 10**SIGNIFICANT_DIGITS:
        return str(int(value))
    return format(value, f".{SIGNIFICANT_DIGITS}g")


def cell_name(row: int, column: int) -> str:
    """(3, 2) → "B3", as the spreadsheet program names the cell."""
    from openpyxl.utils import get_column_letter  # only for a workbook's error

    return f"{get_column_letter(column)}{row}"


def pick_sheet(path: Path, sheets: Sequence[Sheet], wanted: str | None,
               name_of: Callable[[Sheet], str]) -> Sheet:
    """The sheet named ``wanted`` (the deck's ``sheet:``), or the first; an error listing the
    sheets the workbook has when there is no such sheet."""
    if not sheets:
        raise ContentError(Problem(str(path), "", f"a workbook with no sheet; {RESAVE}"))
    if wanted is None:
        return sheets[0]
    for sheet in sheets:
        if name_of(sheet) == wanted:
            return sheet
    names = ", ".join(repr(name_of(s)) for s in sheets)
    raise ContentError(Problem(str(path), "", f"no sheet named {excerpt(wanted)}; its sheets: "
                               f"{names} (name one with 'sheet:' in the deck)"))


def opened(path: Path, open_book: Callable[[Path], Result]) -> Result:
    """``open_book(path)``, a library's own exception on a damaged file turned into an error
    naming it. Libraries reading zip and XML raise dozens of types (KeyError for a missing
    part, ValueError, zlib's and expat's errors…), none of which a user can act on."""
    try:
        return open_book(path)
    except ContentError:
        raise
    except Exception as exc:  # any failure of the library is a damaged file
        raise ContentError(Problem(str(path), "", f"a damaged workbook ({type(exc).__name__}: "
                                   f"{str(exc)[:200]}); {RESAVE}")) from None


def formula_problem(path: Path, cells: list[str]) -> ContentError:
    """Formulas saved without their value (written by a program that cannot compute them):
    only a spreadsheet program can compute and store it."""
    shown = ", ".join(cells[:5]) + (f" and {len(cells) - 5} more" if len(cells) > 5 else "")
    return ContentError(Problem(str(path), "", f"cell {shown}: a formula saved without its "
                                "value; open the file in a spreadsheet program (Excel, "
                                "LibreOffice Calc) and save it, which stores every formula's "
                                "value"))
