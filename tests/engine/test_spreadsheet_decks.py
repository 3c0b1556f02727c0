"""A deck kept in a workbook: ``cards_file: cards.xlsx`` (or ``.ods``, first sheet or
``sheet: NAME``) makes the very cards its CSV export makes — the same text cells, numbers
without '.0', empty cells empty, a merged cell's value in every cell it covers, a formula's
saved value — and the same PDF, read back. Workbooks are made as the programs make them
(``support.workbooks``); when LibreOffice is installed, it converts the CSV itself."""

from __future__ import annotations

import datetime
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from odf.opendocument import load
from odf.table import TableRow

from generator.content.cards_file import read_rows
from generator.content.checker import Checker
from support.cli import new_game, pnp
from support.pdf_text import page_lines
from support.workbooks import (
    CARDS,
    HEADER,
    deck_ods,
    deck_xlsx,
    ods_cell,
    save_values,
    write_ods,
    write_xlsx,
)

MAKERS = {"cards.xlsx": deck_xlsx, "cards.ods": deck_ods}


def rows_of(folder: Path, name: str, **deck: Any) -> tuple[list[dict], list[str]]:
    """The cards read from ``name`` in ``folder`` (as dicts, a row's line as '@line'), and
    the problems as text."""
    check = Checker(str(folder / "game.yaml"))
    rows = read_rows(check, deck, "components[0]", folder, name)
    lines = getattr(rows, "lines", [])
    return ([{**row, "@line": line} for row, line in zip(rows, lines, strict=True)],
            [str(p) for p in check.problems])


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> Path:
    return new_game(tmp_path, monkeypatch, capsys)


def use_cards_file(game: Path, line: str) -> None:
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text().replace("cards_file: cards.csv", line))


@pytest.mark.parametrize("name", MAKERS)
def test_a_workbook_gives_the_rows_of_its_csv(game: Path, name: str):
    MAKERS[name](game / name)
    from_csv, problems = rows_of(game, "cards.csv")
    assert problems == [] and len(from_csv) == 3
    assert from_csv[2]["Cost"] == "3" and from_csv[0]["qty"] == 3
    assert rows_of(game, name) == (from_csv, [])


@pytest.mark.parametrize("name", MAKERS)
def test_a_workbook_deck_builds_the_pdf_of_its_csv(game: Path, name: str,
                                                    capsys: pytest.CaptureFixture):
    code, _, err = pnp("build --game-dir my-game --paper a4 --out csv", capsys)
    assert code == 0, err
    MAKERS[name](game / name)
    use_cards_file(game, f"cards_file: {name}")
    (game / "cards.csv").unlink()  # the workbook alone
    code, out, err = pnp("build --game-dir my-game --paper a4 --out book", capsys)
    assert code == 0, err
    assert "internal error" not in err and "warning" not in err
    expected = page_lines(game.parent / "csv" / "my-game-en-a4.pdf")
    assert any("Champion" in line for page in expected for line in page)
    assert page_lines(game.parent / "book" / "my-game-en-a4.pdf") == expected


def test_an_xlsx_is_no_longer_an_internal_error(game: Path, capsys: pytest.CaptureFixture):
    """It was "internal error: UnicodeDecodeError", then "not CSV text": now it is read."""
    deck_xlsx(game / "cards.xlsx")
    use_cards_file(game, "cards_file: cards.xlsx")
    code, out, err = pnp("check my-game", capsys)
    assert (code, err) == (0, "")


VALUES: list[Any] = [3, 2.5, 3.0, 0.1 + 0.2, -7, 1e20, True, False, None, "  Text  ",
                     "Line one\nline two"]
TEXTS = ["3", "2.5", "3", "0.3", "-7", "1e+20", "TRUE", "FALSE", "", "Text",
         "Line one\nline two"]


def test_xlsx_cells_are_what_a_csv_export_holds(tmp_path: Path):
    header = [f"c{i}" for i in range(len(VALUES))] + ["day", "when", "at"]
    cells = [*VALUES, datetime.date(2024, 5, 1), datetime.datetime(2024, 5, 1, 10, 30),
             datetime.time(9, 5)]
    write_xlsx(tmp_path / "cards.xlsx", [header, cells])
    rows, problems = rows_of(tmp_path, "cards.xlsx")
    assert problems == []
    assert rows == [{**dict(zip(header, [*TEXTS, "2024-05-01", "2024-05-01 10:30:00",
                                         "09:05:00"], strict=True)), "@line": 2}]


def test_ods_cells_are_what_a_csv_export_holds(tmp_path: Path):
    header = [f"c{i}" for i in range(len(VALUES))] + ["day", "when", "at", "pct"]
    cells = [*VALUES, ods_cell("1 May", valuetype="date", datevalue="2024-05-01"),
             ods_cell("10:30", valuetype="date", datevalue="2024-05-01T10:30:00"),
             ods_cell("09:05", valuetype="time", timevalue="PT09H05M00S"),
             ods_cell("50 %", valuetype="percentage", value="0.5")]
    write_ods(tmp_path / "cards.ods", [header, cells])
    rows, problems = rows_of(tmp_path, "cards.ods")
    assert problems == []
    assert rows == [{**dict(zip(header, [*TEXTS, "2024-05-01", "2024-05-01 10:30:00",
                                         "09:05:00", "0.5"], strict=True)), "@line": 2}]


@pytest.mark.parametrize("suffix", [".xlsx", ".ods"])
def test_empty_rows_and_trailing_cells_are_skipped_rows_keep_their_number(tmp_path: Path,
                                                                         suffix: str):
    rows = [[None], ["Name", "qty", None, None], [None, None], ["A", 2], [None], ["B", 1, None]]
    (write_xlsx if suffix == ".xlsx" else write_ods)(tmp_path / f"cards{suffix}", rows)
    assert rows_of(tmp_path, f"cards{suffix}") == (
        [{"Name": "A", "qty": 2, "@line": 4}, {"Name": "B", "qty": 1, "@line": 6}], [])


@pytest.mark.parametrize("suffix", [".xlsx", ".ods"])
def test_sheet_names_the_sheet_and_a_missing_one_lists_them(tmp_path: Path, suffix: str):
    write = write_xlsx if suffix == ".xlsx" else write_ods
    write(tmp_path / f"cards{suffix}", [HEADER, CARDS[0]], sheet="Deck two",
          other_sheets=("Notes",))
    assert rows_of(tmp_path, f"cards{suffix}")[0] == []  # the first sheet: Notes, no card
    rows, problems = rows_of(tmp_path, f"cards{suffix}", sheet="Deck two")
    assert problems == [] and [r["Name"] for r in rows] == ["Healer"]
    _, problems = rows_of(tmp_path, f"cards{suffix}", sheet="Deck 2")
    assert problems == [f"{tmp_path}/cards{suffix}: no sheet named 'Deck 2'; its sheets: "
                        "'Notes', 'Deck two' (name one with 'sheet:' in the deck)"]


def test_sheet_on_a_csv_is_named(tmp_path: Path):
    (tmp_path / "cards.csv").write_text("Name\nA\n")
    _, problems = rows_of(tmp_path, "cards.csv", sheet="Cards")
    assert problems == [f"{tmp_path}/game.yaml at components[0].sheet: 'sheet' names a sheet "
                        "of a workbook; cards.csv is not one (.xlsx or .ods)"]


def test_a_formula_saved_without_its_value_says_to_save_it_in_a_spreadsheet(tmp_path: Path):
    write_xlsx(tmp_path / "cards.xlsx", [["Name", "Cost"], ["A", 1], ["B", None]],
               formulas={"B3": "B2+1"})  # openpyxl writes no value: only a program can
    _, problems = rows_of(tmp_path, "cards.xlsx")
    assert problems == [f"{tmp_path}/cards.xlsx: cell B3: a formula saved without its value; "
                        "open the file in a spreadsheet program (Excel, LibreOffice Calc) and "
                        "save it, which stores every formula's value"]
    save_values(tmp_path / "cards.xlsx", {"B3": 2})
    assert rows_of(tmp_path, "cards.xlsx")[0][1]["Cost"] == "2"


def test_a_formula_giving_empty_text_is_empty_and_one_giving_an_error_is_named(tmp_path: Path):
    write_xlsx(tmp_path / "ok.xlsx", [["Name", "Note"], ["A", None]], formulas={"B2": '""'})
    save_values(tmp_path / "ok.xlsx", {"B2": ""}, kind="str")
    assert rows_of(tmp_path, "ok.xlsx") == ([{"Name": "A", "Note": "", "@line": 2}], [])
    write_xlsx(tmp_path / "cards.xlsx", [["Name", "Cost"], ["A", None]], formulas={"B2": "1/0"})
    save_values(tmp_path / "cards.xlsx", {"B2": "#DIV/0!"}, kind="e")
    assert rows_of(tmp_path, "cards.xlsx") == ([], [
        f"{tmp_path}/cards.xlsx: cell B2 (#DIV/0!): a formula whose value is an error; fix it "
        "in the spreadsheet"])


def test_an_ods_formula_with_no_value_is_named(tmp_path: Path):
    formula = ods_cell(None, formula="of:=[.B2]+1")
    write_ods(tmp_path / "cards.ods", [["Name", "Cost"], ["A", 1], ["B", formula]])
    _, problems = rows_of(tmp_path, "cards.ods")
    assert problems == [f"{tmp_path}/cards.ods: cell B3: a formula saved without its value; "
                        "open the file in a spreadsheet program (Excel, LibreOffice Calc) and "
                        "save it, which stores every formula's value"]


def test_ods_repeats_cost_nothing_and_equal_rows_stay_cards(tmp_path: Path):
    """LibreOffice stores equal neighbours once with a count: two equal cards are one row
    repeated twice, the million empty rows below them one row."""
    path = write_ods(tmp_path / "cards.ods", [["Name", "qty"]])
    document = load(str(path))
    table = document.spreadsheet.childNodes[0]
    twice = TableRow(numberrowsrepeated=2)
    twice.addElement(ods_cell("Twin"))
    twice.addElement(ods_cell(1, numbercolumnsrepeated=1))
    table.addElement(twice)
    empty = TableRow(numberrowsrepeated=1048573)
    empty.addElement(ods_cell(None, numbercolumnsrepeated=16384))
    table.addElement(empty)
    document.save(str(path))
    assert rows_of(tmp_path, "cards.ods") == ([{"Name": "Twin", "qty": 1, "@line": 2},
                                               {"Name": "Twin", "qty": 1, "@line": 3}], [])


OFFICE = shutil.which("soffice") or shutil.which("libreoffice")


@pytest.mark.slow  # LibreOffice takes seconds to start
@pytest.mark.skipif(OFFICE is None,
                    reason="LibreOffice is not installed (Debian: libreoffice-calc-nogui)")
@pytest.mark.parametrize("suffix", ["xlsx", "ods"])
def test_libreoffice_saves_workbooks_of_the_same_cards(game: Path, tmp_path: Path, suffix: str):
    """LibreOffice itself saves the CSV as a workbook, and the openpyxl deck (its formula
    without a value, its merged cell) as one with the formula's value computed and stored."""
    made = tmp_path / "office"
    write_xlsx(tmp_path / "book.xlsx", [HEADER, *CARDS], merged="C2:C4",
               formulas={"D4": "D2+1"})
    for source in (game / "cards.csv", tmp_path / "book.xlsx"):
        subprocess.run([str(OFFICE), f"-env:UserInstallation=file://{tmp_path}/profile",
                        "--headless", "--convert-to", suffix, "--outdir", str(made),
                        str(source)], check=True, capture_output=True, timeout=180)
    expected = rows_of(game, "cards.csv")
    assert rows_of(made, f"cards.{suffix}") == expected
    assert rows_of(made, f"book.{suffix}") == expected
