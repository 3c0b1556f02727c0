"""A deck's cards from a workbook as it is saved (.xlsx, .ods): the file is checked to be the
workbook its name says before a library reads it, so a CSV named .xlsx, an .ods named .xlsx,
a damaged or truncated file or a zip bomb is an error naming the file and the fix."""

from __future__ import annotations

import contextlib
import gc
import zipfile
from collections.abc import Iterator
from pathlib import Path

from ..errors import ContentError, Problem
from ..limits import limit, refuse
from .cells import RESAVE, Table
from .textfile import read_bytes, what_it_is

WORKBOOKS = {".xlsx": "xlsx", ".xlsm": "xlsx", ".ods": "ods"}  # file suffix → kind
KINDS = {"xlsx": "an Excel workbook (.xlsx)", "ods": "an OpenDocument spreadsheet (.ods)"}
SUFFIXES = {"xlsx": ".xlsx", "ods": ".ods"}
ODS_MIMETYPE = b"application/vnd.oasis.opendocument.spreadsheet"


def is_workbook(path: Path) -> bool:
    return path.suffix.lower() in WORKBOOKS


def open_elsewhere(folder: Path) -> list[str]:
    """A line for each workbook of ``folder`` that a spreadsheet program has open: Excel
    keeps ``~$cards.xlsx`` beside it (dropping a long name's first two letters), LibreOffice
    ``.~lock.cards.xlsx#``. What it shows and has not saved is not in the file pnp reads."""
    if not folder.is_dir():
        return []
    names = [p.name for p in folder.iterdir()]
    lines = []
    for book in sorted(n for n in names if is_workbook(Path(n)) and not n.startswith(("~$", "."))):
        locks = [n for n in names if n == f".~lock.{book}#" or (
            n.startswith("~$") and book.endswith(n[2:]) and len(n[2:]) >= len(book) - 2)]
        if locks:
            lines.append(f"{folder / book} is open in a spreadsheet program ({locks[0]} is beside "
                         "it): edits not saved there are not in this build; save the workbook "
                         "and build again")
    return lines


def read_sheet(path: Path, sheet: str | None) -> Table:
    """The non-empty rows of a workbook's sheet ``sheet`` (the first when None), each with
    its row number and its cells as the text a CSV export would hold."""
    kind = WORKBOOKS[path.suffix.lower()]
    _check_archive(path, kind)
    # openpyxl (with numpy) and odfpy load in a third of a second: only for a workbook
    if kind == "xlsx":
        from .xlsx import read_xlsx as read
    else:
        from .ods import read_ods as read
    with _collector_paused():
        return read(path, sheet)


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """The libraries build a tree of linked objects a cell; Python's cycle collector would
    walk the growing tree again and again, half the time of reading a 10,000-row sheet.
    What the tree leaves behind is collected once it is dropped."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def workbook_kind(path: Path) -> str | None:
    """'xlsx' or 'ods' when the file is such a workbook, whatever its name; else None."""
    try:
        with zipfile.ZipFile(path) as archive:
            return _kind(archive)
    except (zipfile.BadZipFile, OSError):
        return None


def _kind(archive: zipfile.ZipFile) -> str | None:
    names = set(archive.namelist())
    if "xl/workbook.xml" in names:
        return "xlsx"
    if "mimetype" in names and archive.read("mimetype").startswith(ODS_MIMETYPE):
        return "ods"
    return None


def _check_archive(path: Path, kind: str) -> None:
    """An error naming the file when it is not the workbook ``kind`` its name says, or holds
    more sheet data, unpacked, than a cards file may."""
    expected = KINDS[kind]
    if not zipfile.is_zipfile(path):
        found = what_it_is(read_bytes(path, expected)[:4096])
        if found is None:
            fix = f"if it is CSV text, name it {path.stem}.csv"
            found = "text"
        elif found.startswith("a spreadsheet or zip"):  # a zip's start, no readable end
            found, fix = "a damaged or truncated zip archive", RESAVE
        else:
            fix = f"save it from the spreadsheet program as {path.suffix}"
        raise ContentError(Problem(str(path), "", f"{found}, not {expected}; {fix}"))
    try:
        with zipfile.ZipFile(path) as archive:
            actual = _kind(archive)
            _check_entries(path, archive.infolist())
    except (zipfile.BadZipFile, OSError, KeyError) as exc:
        raise ContentError(Problem(str(path), "", f"a damaged workbook ({exc}); {RESAVE}")) \
            from None
    if actual != kind:
        what, fix = ((KINDS[actual], f"name it {path.stem}{SUFFIXES[actual]}") if actual
                     else ("a zip archive with no workbook in it",
                           f"save it from the spreadsheet program as {path.suffix}"))
        raise ContentError(Problem(str(path), "", f"{what}, not {expected}; {fix}"))


def _check_entries(path: Path, entries: list[zipfile.ZipInfo]) -> None:
    """Refuse a workbook whose entries — every one, not only its sheets' XML: a picture or
    any part a library may unpack — are too many, unpack to too much together, or one of
    them unpacks far larger than it is stored (a zip bomb), before any is unpacked."""
    if len(entries) > limit("archive_entries"):
        raise refuse(str(path), "archive_entries", f"{len(entries):,} entries in the workbook")
    unpacked = sum(entry.file_size for entry in entries)
    if unpacked > limit("archive_bytes"):
        raise refuse(str(path), "archive_bytes", f"{unpacked:,} bytes unpacked")
    for entry in entries:
        if entry.file_size > 1_000_000 and \
                entry.file_size > limit("archive_ratio") * max(1, entry.compress_size):
            raise refuse(str(path), "archive_ratio", f"the entry {entry.filename[:60]} "
                         f"unpacks {entry.file_size // max(1, entry.compress_size):,} times "
                         "larger than it is stored")
