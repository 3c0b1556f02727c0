"""A data file of the wrong format — a spreadsheet saved as .xlsx where a CSV is read, UTF-16
from a Windows editor, Latin-1, a binary file, an empty file, a file of the wrong shape — is
a clear error naming the file and what it is, exit 2, never an internal error. Run through
``pnp check`` (and once ``pnp build``) on a game made by ``pnp new``, and ``pnp savvy``."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from support.cli import new_game, pnp

CARDS = "Name,Text,Art,Cost,Icons,qty\nHealer,Heal.,art/sample.svg,2,heart,1\n"
LATIN_1 = CARDS.replace("Heal.", "Soigne l'épaule.").encode("latin-1")
E_ACUTE = LATIN_1.index("é".encode("latin-1"))


def xlsx() -> bytes:
    """The first bytes of any .xlsx workbook: a zip archive."""
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as book:
        book.writestr("[Content_Types].xml", "<Types/>")
    return data.getvalue()


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> Path:
    return new_game(tmp_path, monkeypatch, capsys)


def use_cards_file(game: Path, name: str) -> None:
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text().replace("cards_file: cards.csv", f"cards_file: {name}"))


CASES = {  # file in the game folder → (its bytes, what the error says of it)
    "cards.csv as .xlsx": ("cards.csv", xlsx(), "cards.csv: a spreadsheet or zip file "
                           "(.xlsx, .ods, .zip), not CSV text; in the spreadsheet program, "
                           "save it as 'CSV UTF-8'"),
    "cards.xlsx, a zip of no workbook": ("cards.xlsx", xlsx(), "cards.xlsx: a zip archive "
                                         "with no workbook in it, not an Excel workbook"),
    "old .xls": ("cards.csv", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(200),
                 "cards.csv: an old Excel or Word file (.xls, .doc), not CSV text"),
    # UTF-16 with a byte-order mark is read (test_spreadsheets); without one it is named
    "UTF-16 CSV, no BOM": ("cards.csv", CARDS.encode("utf-16-le"), "cards.csv: UTF-16 text"),
    "Latin-1 CSV": ("cards.csv", LATIN_1, f"cards.csv:2: not UTF-8 text (byte "
                    f"{E_ACUTE}: perhaps Latin-1 or Windows-1252)"),
    "binary CSV": ("cards.csv", bytes(range(256)), "cards.csv: a binary file, not CSV text"),
    "empty CSV": ("cards.csv", b"", "cards.csv: empty: its first line names the columns"),
    "UTF-16 game.yaml": ("game.yaml", "id: my-game\n".encode("utf-16"),
                         "game.yaml: UTF-16 text, not YAML text; save it as UTF-8"),
    "PNG as a layout": ("layouts/cards.yaml", b"\x89PNG\r\n\x1a\n" + bytes(40),
                        "layouts/cards.yaml: a PNG image, not YAML text"),
    "PDF as game.yaml": ("game.yaml", b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n",
                         "game.yaml: a PDF file, not YAML text"),
    "sizes.yaml a list": ("sizes.yaml", b"- 1\n- 2\n", "sizes.yaml: expected a mapping of "
                          "keys (key: value lines), got a list"),
    "sizes.yaml bad pair": ("sizes.yaml", b"cards:\n  huge: 90\n",
                            "sizes.yaml:2 at cards.huge: expected [width, height] in mm, got 90"),
}


@pytest.mark.parametrize("case", CASES, ids=str)
def test_a_file_of_the_wrong_format_is_a_clear_error(case: str, game: Path,
                                                     capsys: pytest.CaptureFixture):
    name, data, says = CASES[case]
    (game / name).write_bytes(data)
    if name.startswith("cards.") and name != "cards.csv":
        use_cards_file(game, name)
    code, _, err = pnp("check my-game", capsys)
    assert code == 2, err
    assert f"{game}/{says}" in err
    assert "internal error" not in err and "Traceback" not in err


def test_cards_yaml_that_is_not_a_list(game: Path, capsys: pytest.CaptureFixture):
    (game / "cards.yaml").write_text("Name: Healer\n")
    use_cards_file(game, "cards.yaml")
    code, _, err = pnp("check my-game", capsys)
    assert code == 2 and f"{game}/cards.yaml: expected a list of cards" in err


def test_a_build_names_the_file_and_writes_nothing(game: Path, capsys: pytest.CaptureFixture):
    (game / "cards.csv").write_bytes(xlsx())
    code, _, err = pnp("build --game-dir my-game --paper a4 --out out", capsys)
    assert code == 2 and "cards.csv: a spreadsheet or zip file" in err
    assert not list(game.parent.rglob("*.pdf"))


@pytest.mark.parametrize(("marks", "says"), [
    (b"\x89PNG\r\n\x1a\n" + bytes(40), "marks.txt: a PNG image, not a text file of marks"),
    ("samply M4 ✓\n".encode("utf-16"), "marks.txt: UTF-16 text, not a text file of marks"),
    (None, "marks.txt: file not found"),
], ids=["image", "UTF-16", "missing"])
def test_a_marks_file_that_is_not_text(marks: bytes | None, says: str, game: Path,
                                       capsys: pytest.CaptureFixture):
    if marks is not None:
        (game.parent / "marks.txt").write_bytes(marks)
    code, _, err = pnp("savvy solve --marks marks.txt", capsys)
    assert code == 2 and f"error: {says}" in err, err
