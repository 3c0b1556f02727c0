"""What a cards file may hold, whatever its format (CSV, .xlsx, .ods): past these it is not a
deck of cards but a mistake (a whole database exported, a column pasted into one cell), and
reading it on would only be slow."""

from __future__ import annotations

from pathlib import Path

from ..errors import ContentError, Problem

MAX_FILE_BYTES = 20 * 1024 * 1024  # a CSV as it is, a workbook's sheet data unpacked
MAX_ROWS = 10_000
MAX_COLUMNS = 200
MAX_CELL = 10_000  # characters


def refuse(source: Path | str, refused: bool, line: int, what: str) -> None:
    """Stop reading a file (or the sheet published at an address) past one of its limits,
    naming the limit."""
    if refused:
        raise ContentError(Problem(str(source), "", f"{what}: past what a cards file may hold; "
                                   "split the deck or shorten the text", line))
