"""Reading a data file as UTF-8 text, with an error that says what the file is instead when
it is not text: a spreadsheet saved as .xlsx where a CSV is read, UTF-16 from a Windows
editor, a binary file. Python's own errors ("'utf-8' codec can't decode byte 0xff in position
0") name none of these, nor the fix."""

from __future__ import annotations

import codecs
from collections.abc import Sequence
from pathlib import Path

from ..errors import ContentError, Problem
from ..paths import FILE_LIMIT, read_inside

# the first bytes of files that are not text → what they are
SIGNATURES = (
    (b"PK\x03\x04", "a spreadsheet or zip file (.xlsx, .ods, .zip)"),
    (b"\xd0\xcf\x11\xe0", "an old Excel or Word file (.xls, .doc)"),
    (b"%PDF", "a PDF file"),
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (codecs.BOM_UTF32_LE, "UTF-32 text"),
    (codecs.BOM_UTF32_BE, "UTF-32 text"),
    (codecs.BOM_UTF16_LE, "UTF-16 text"),
    (codecs.BOM_UTF16_BE, "UTF-16 text"),
)


def what_it_is(data: bytes) -> str | None:
    """What a file that is not UTF-8 text is, from its first bytes; None when it may be
    text."""
    for signature, name in SIGNATURES:
        if data.startswith(signature):
            return name
    head = data[:4096]
    if b"\0" in head:
        # UTF-16 without a byte-order mark: every other byte of ASCII text is a zero
        return "UTF-16 text" if head[1::2].count(0) > len(head) // 4 else "a binary file"
    return None


def read_text(path: Path, expected: str, fix: str, *, encoding: str | None = None,
              utf16: bool = False, roots: Sequence[Path] | None = None,
              limit: str = FILE_LIMIT) -> str:
    """The file as text (a UTF-8 byte-order mark dropped); else a ContentError naming the
    file, what it is instead of the ``expected`` ("CSV text") and the ``fix`` ("save it
    as …"). A declared ``encoding`` (a deck's ``encoding: cp1252``) is what the user said the
    bytes are, so it is used as it is; ``utf16`` reads UTF-16 that starts with its byte-order
    mark, which spreadsheet programs write ("Unicode text") and which cannot be mistaken.
    ``roots``, ``limit``: the folders the file may lie in and its budget (see
    :func:`read_bytes`)."""
    data = read_bytes(path, expected, roots, limit)
    if (encoding is None and utf16 and not data.startswith(codecs.BOM_UTF32_LE)
            and data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))):
        encoding = "utf-16"
    found = what_it_is(data)
    if found is not None and not _declared(found, encoding):
        raise ContentError(Problem(str(path), "", f"{found}, not {expected}; {fix}"))
    try:
        return data.decode(encoding or "utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        what = (f"not UTF-8 text (byte {exc.start}: perhaps Latin-1 or Windows-1252)"
                if encoding is None else f"not {encoding} text (byte {exc.start})")
        raise ContentError(Problem(str(path), "", f"{what}; {fix}", line)) from None


def _declared(found: str, encoding: str | None) -> bool:
    """Whether what a file was found to be ("UTF-16 text") is the encoding it is read in (a
    declared cp1252 is no licence to read an .xlsx as text)."""
    return encoding is not None and found.startswith(codecs.lookup(encoding).name.upper()[:6])


def read_bytes(path: Path, expected: str, roots: Sequence[Path] | None = None,
               limit: str = FILE_LIMIT) -> bytes:
    """The file's bytes, under the rule of ``paths``: resolved inside ``roots`` (the game
    folder and the folders the user named; without them, the folder the file is in), a
    regular file within the budget ``limit`` (``file_bytes`` unless a kind of file has a
    smaller one). A ContentError naming the file when it is missing, a folder or
    unreadable, never Python's own OSError."""
    return read_inside(path, roots if roots is not None else [path.absolute().parent],
                       expected, limit)
