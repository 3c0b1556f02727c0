"""A cards CSV as spreadsheet programs really save it: UTF-8 with or without a byte-order mark,
UTF-16 ("Unicode text"), commas, semicolons (a French or German Excel) or tabs — all read;
Windows-1252 read when the deck says so, otherwise an error naming the byte and the fix; a
quantity that only looks like a number (``²``, ``①``) and a file past a named limit are
errors naming the file, the row and the column, exit 2."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.content import cards_file
from generator.content.cards_file import read_rows, sniff_delimiter
from generator.content.checker import Checker
from support.cli import new_game, pnp

ROWS = [("Name", "Text", "qty"), ("Guérisseuse", "Soigne, puis pioche.", "2"),
        ("Scout", "Look.", "1")]


def csv_text(delimiter: str, rows: list[tuple[str, ...]] = ROWS) -> str:
    """The rows as a spreadsheet writes them: a cell holding the delimiter quoted."""
    def cell(value: str) -> str:
        return f'"{value}"' if delimiter in value or "," in value else value
    return "".join(delimiter.join(cell(v) for v in row) + "\r\n" for row in rows)


def rows_of(tmp_path: Path, data: bytes, **deck: Any) -> tuple[list[Any], list[str]]:
    """The rows read from ``data`` saved as cards.csv of a deck with the keys ``deck``, and
    the problems, as text."""
    (tmp_path / "cards.csv").write_bytes(data)
    check = Checker(str(tmp_path / "game.yaml"))
    rows = read_rows(check, deck, "components[0]", tmp_path, "cards.csv")
    return rows, [str(p) for p in check.problems]


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-le-bom",
                                      "utf-16-be-bom"])
@pytest.mark.parametrize("delimiter", [",", ";", "\t"], ids=["comma", "semicolon", "tab"])
def test_every_way_a_spreadsheet_saves_csv_is_read(tmp_path: Path, encoding: str,
                                                   delimiter: str):
    text = csv_text(delimiter)
    if encoding.endswith("-bom"):
        data = "\ufeff".encode(encoding[:-4]) + text.encode(encoding[:-4])
    else:
        data = text.encode(encoding)
    rows, problems = rows_of(tmp_path, data)
    assert problems == []
    assert [dict(r) for r in rows] == [
        {"Name": "Guérisseuse", "Text": "Soigne, puis pioche.", "qty": 2},
        {"Name": "Scout", "Text": "Look.", "qty": 1}]


def test_the_header_line_decides_the_delimiter():
    assert sniff_delimiter('"a;b",c,d\nx;y;z;w\n') == ","
    assert sniff_delimiter("Name;Text, long;qty\n") == ";"
    assert sniff_delimiter("Name\n") == ","


def test_a_declared_delimiter_wins(tmp_path: Path):
    rows, problems = rows_of(tmp_path, b"Name;Text,qty\nA;b,1\n", delimiter=",")
    assert problems == [] and rows[0] == {"Name;Text": "A;b", "qty": 1}


def test_windows_1252_is_an_error_naming_the_byte_unless_declared(tmp_path: Path):
    data = csv_text(",").encode("cp1252")
    _, problems = rows_of(tmp_path, data)
    assert problems == [f"{tmp_path}/cards.csv:2: not UTF-8 text (byte {data.index(0xe9)}: "
                        "perhaps Latin-1 or Windows-1252); in the spreadsheet program, save "
                        "it as 'CSV UTF-8' (File › Save as), or name its encoding in the deck "
                        "(encoding: cp1252)"]
    rows, problems = rows_of(tmp_path, data, encoding="cp1252")
    assert problems == [] and rows[0]["Name"] == "Guérisseuse"


@pytest.mark.parametrize("key, value, says", [
    ("encoding", "klingon", "unknown encoding 'klingon'"),
    ("encoding", "rot13", "unknown encoding 'rot13'"),
    ("delimiter", "|", "unknown delimiter '|'"),
])
def test_a_bad_declaration_is_named(tmp_path: Path, key: str, value: str, says: str):
    _, problems = rows_of(tmp_path, b"Name\nA\n", **{key: value})
    assert problems == [f"{tmp_path}/game.yaml at components[0].{key}: {says}; use "
                        + ("utf-8, utf-16, cp1252 or latin-1" if key == "encoding"
                           else "',', ';' or a tab (\"\\t\")")]


@pytest.mark.parametrize("qty", ["²", "①", "٣", "-1", "2.5", ""])
def test_a_quantity_only_ascii_digits_make(tmp_path: Path, qty: str):
    _, problems = rows_of(tmp_path, f"Name,qty\nA,1\nB,{qty}\n".encode())
    assert problems == [f"{tmp_path}/cards.csv at row 3, column 'qty': expected a whole "
                        f"number of copies, got {qty!r}; type it with the digits 0-9"]


def test_a_superscript_quantity_through_pnp_check(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture):
    game = new_game(tmp_path, monkeypatch, capsys)
    cards = game / "cards.csv"
    cards.write_text(cards.read_text().replace(",heart,3\n", ",heart,²\n"))
    code, _, err = pnp("check my-game", capsys)
    assert code == 2
    assert f"{cards} at row 2, column 'qty': expected a whole number of copies, got '²'" in err
    assert "Traceback" not in err and "internal error" not in err


@pytest.mark.parametrize("data, says", [
    (b"Name,Text\nA," + b"x" * (cards_file.MAX_CELL + 1) + b"\n",
     f":2: column 'Text': a cell longer than {cards_file.MAX_CELL} characters"),
    (b"Name,Text\nA,\"" + b"x" * 200_000 + b"\"\n",
     f":2: a cell longer than {cards_file.MAX_CELL} characters"),
    (b",".join(b"c%d" % i for i in range(cards_file.MAX_COLUMNS + 1)) + b"\n",
     f":1: more than {cards_file.MAX_COLUMNS} columns"),
    (b"Name\n" + b"A\n" * (cards_file.MAX_ROWS + 1),
     f":{cards_file.MAX_ROWS + 2}: more than {cards_file.MAX_ROWS} rows"),
], ids=["long cell", "cell past csv's own limit", "columns", "rows"])
def test_a_file_past_a_limit_is_refused_naming_it(tmp_path: Path, data: bytes, says: str):
    rows, problems = rows_of(tmp_path, data)
    assert rows == []
    assert problems == [f"{tmp_path}/cards.csv{says}: past what a cards file may hold; split "
                        "the deck or shorten the text"]


def test_a_file_past_the_size_limit_is_not_read(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(cards_file, "MAX_FILE_BYTES", 2**20)
    _, problems = rows_of(tmp_path, b"Name\n" + b"A\n" * 2**20)
    assert problems == [f"{tmp_path}/cards.csv: larger than a cards file may be (1 MiB); "
                        "split the deck"]


def test_a_declared_encoding_reads_utf16_without_a_bom_but_no_workbook(tmp_path: Path):
    rows, problems = rows_of(tmp_path, csv_text(",").encode("utf-16-le"), encoding="utf-16-le")
    assert problems == [] and rows[0]["Name"] == "Guérisseuse"
    _, problems = rows_of(tmp_path, b"PK\x03\x04" + bytes(60), encoding="cp1252")
    assert problems == [f"{tmp_path}/cards.csv: a spreadsheet or zip file (.xlsx, .ods, .zip), "
                        f"not CSV text; {cards_file.SAVE_AS_CSV}"]
