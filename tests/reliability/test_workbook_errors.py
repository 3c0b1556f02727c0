"""A workbook that is not what its name says — a real .xlsx saved as cards.csv, CSV text named
.xlsx, an .ods named .xlsx, an old .xls, a truncated or damaged file, a zip bomb — and a
workbook past a cards file's limits are errors naming the file and the fix, exit 2, never a
traceback or an internal error."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest

from generator import limits
from generator.content import cards_file, xlsx
from generator.content.cards_file import read_rows
from generator.content.cards_limits import MAX_CELL, MAX_COLUMNS
from generator.content.checker import Checker
from support.cli import new_game, pnp
from support.workbooks import HEADER, deck_ods, deck_xlsx, write_ods, write_xlsx

RESAVE = ("open it in the spreadsheet program (Excel, LibreOffice Calc, Google Sheets) and save "
          "it again")


def problems_of(folder: Path, name: str) -> list[str]:
    check = Checker(str(folder / "game.yaml"))
    read_rows(check, {}, "components[0]", folder, name)
    return [str(p) for p in check.problems]


def damaged(path: Path) -> Path:
    """The workbook with its sheet's compressed bytes scrambled (a disk or download error):
    the zip's directory still reads, the sheet does not."""
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as book:
        info = book.getinfo("xl/worksheets/sheet1.xml")
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    for offset in range(start + 2, start + min(info.compress_size, 40)):
        data[offset] ^= 0x5A
    path.write_bytes(bytes(data))
    return path


CASES = {  # name → (file written, how, what the error says after the file's path)
    "a real .xlsx saved as .csv": (
        "cards.csv", deck_xlsx,
        ": an Excel workbook (.xlsx), not CSV text; name it cards.xlsx (pnp reads workbooks "
        "as they are), or save it as 'CSV UTF-8'"),
    "a real .ods saved as .csv": (
        "cards.csv", deck_ods,
        ": an OpenDocument spreadsheet (.ods), not CSV text; name it cards.ods (pnp reads "
        "workbooks as they are), or save it as 'CSV UTF-8'"),
    "CSV text named .xlsx": (
        "cards.xlsx", lambda p: p.write_text("Name,qty\nA,1\n"),
        ": text, not an Excel workbook (.xlsx); if it is CSV text, name it cards.csv"),
    "an .ods named .xlsx": (
        "cards.xlsx", deck_ods,
        ": an OpenDocument spreadsheet (.ods), not an Excel workbook (.xlsx); name it "
        "cards.ods"),
    "an .xlsx named .ods": (
        "cards.ods", deck_xlsx,
        ": an Excel workbook (.xlsx), not an OpenDocument spreadsheet (.ods); name it "
        "cards.xlsx"),
    "an old .xls named .xlsx": (
        "cards.xlsx", lambda p: p.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(500)),
        ": an old Excel or Word file (.xls, .doc), not an Excel workbook (.xlsx); save it "
        "from the spreadsheet program as .xlsx"),
    "a truncated .xlsx": (
        "cards.xlsx", lambda p: p.write_bytes(deck_xlsx(p).read_bytes()[:3000]),
        f": a damaged or truncated zip archive, not an Excel workbook (.xlsx); {RESAVE}"),
    "an empty .ods": (
        "cards.ods", lambda p: p.write_bytes(b""),
        ": text, not an OpenDocument spreadsheet (.ods); if it is CSV text, name it "
        "cards.csv"),
}


@pytest.mark.parametrize("case", CASES, ids=str)
def test_a_workbook_of_the_wrong_format_names_the_file_and_the_fix(tmp_path: Path, case: str):
    name, make, says = CASES[case]
    make(tmp_path / name)
    assert problems_of(tmp_path, name) == [f"{tmp_path}/{name}{says}"]


def test_a_damaged_sheet_is_a_damaged_workbook(tmp_path: Path):
    damaged(deck_xlsx(tmp_path / "cards.xlsx"))
    [problem] = problems_of(tmp_path, "cards.xlsx")
    assert problem.startswith(f"{tmp_path}/cards.xlsx: a damaged workbook (")
    assert problem.endswith(RESAVE)


def test_a_zip_bomb_is_refused_before_it_is_unpacked(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setitem(limits._limits(), "archive_bytes", 2**20)
    write_xlsx(tmp_path / "cards.xlsx", [HEADER] + [["x" * 100] * 6] * 3000)
    assert (tmp_path / "cards.xlsx").stat().st_size < 2**20 // 4  # it packs small
    [problem] = problems_of(tmp_path, "cards.xlsx")
    assert re.fullmatch(rf"{tmp_path}/cards.xlsx: [\d,]+ bytes unpacked: past the limit of "
                        r"1,048,576 \(archive_bytes in templates/limits.yaml; raise it there "
                        r"if a real game needs more\)", problem), problem


def test_a_picture_in_a_workbook_counts_and_its_ratio_too(tmp_path: Path):
    """Every entry counts, not only the sheets' XML: a large part that is no .xml (a
    picture, a binary part) unpacking 1000 times larger than it is stored is refused."""
    write_xlsx(tmp_path / "cards.xlsx", [HEADER, ["A"] * 6])
    with zipfile.ZipFile(tmp_path / "cards.xlsx", "a", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/media/image1.png", b"\0" * 50_000_000)
    [problem] = problems_of(tmp_path, "cards.xlsx")
    assert "the entry xl/media/image1.png unpacks" in problem
    assert "(archive_ratio in templates/limits.yaml;" in problem


@pytest.mark.parametrize("suffix", [".xlsx", ".ods"])
def test_a_workbook_past_a_limit_is_refused_naming_the_row(tmp_path: Path, suffix: str,
                                                          monkeypatch: pytest.MonkeyPatch):
    write = write_xlsx if suffix == ".xlsx" else write_ods
    name = f"cards{suffix}"
    past = ": past what a cards file may hold; split the deck or shorten the text"
    write(tmp_path / name, [[f"c{i}" for i in range(MAX_COLUMNS + 1)]])
    assert problems_of(tmp_path, name) == [
        f"{tmp_path}/{name}:1: more than {MAX_COLUMNS} columns{past}"]
    write(tmp_path / name, [["Name", "Text"], ["A", "x" * (MAX_CELL + 1)]])
    assert problems_of(tmp_path, name) == [
        f"{tmp_path}/{name}:2: column 'Text': a cell longer than {MAX_CELL} characters{past}"]
    monkeypatch.setattr(cards_file, "MAX_ROWS", 5)
    monkeypatch.setattr(xlsx, "MAX_ROWS", 5)
    write(tmp_path / name, [["Name"]] + [["A"]] * 6)
    assert problems_of(tmp_path, name) == [f"{tmp_path}/{name}:7: more than 5 rows{past}"]


@pytest.mark.parametrize("make", [deck_xlsx, damaged], ids=["csv-named", "damaged"])
def test_pnp_check_and_build_name_the_workbook_and_write_nothing(
        make, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture):
    game = new_game(tmp_path, monkeypatch, capsys)
    if make is damaged:
        damaged(deck_xlsx(game / "cards.xlsx"))
        yaml = game / "game.yaml"
        yaml.write_text(yaml.read_text().replace("cards.csv", "cards.xlsx"))
    else:
        deck_xlsx(game / "cards.csv")
    for command in ("check my-game", "build --game-dir my-game --paper a4 --out out"):
        code, _, err = pnp(command, capsys)
        assert code == 2, err
        assert f"{game}/cards." in err
        assert "internal error" not in err and "Traceback" not in err
    assert not list(tmp_path.rglob("*.pdf"))


@pytest.mark.parametrize("lock", ["~$cards.xlsx", ".~lock.cards.xlsx#", None])
def test_a_workbook_open_in_a_spreadsheet_program_is_said_on_stderr(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture,
        lock: str | None) -> None:
    """Excel and LibreOffice leave a lock file beside a workbook they have open: what the
    designer sees there unsaved is not what pnp reads, and the build says so (and builds)."""
    game = new_game(tmp_path, monkeypatch, capsys)
    deck_xlsx(game / "cards.xlsx")
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text().replace("cards_file: cards.csv", "cards_file: cards.xlsx"))
    if lock:
        (game / lock).write_bytes(b"")
    for command in ("check my-game", "build --game-dir my-game --paper a4 --out out"):
        code, _, err = pnp(command, capsys)
        assert code == 0, err
        said = [line for line in err.splitlines() if "open in a spreadsheet program" in line]
        if lock is None:
            assert said == []
        else:
            assert len(said) == 1 and said[0].startswith(f"warning: {game / 'cards.xlsx'} ")
            assert f"({lock} is beside it): edits not saved there are not in this build" \
                in said[0]
