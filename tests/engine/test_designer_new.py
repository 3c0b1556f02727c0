"""``pnp new`` writes a starter folder that ``pnp build --game-dir`` builds as it stands."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from generator.cli import main
from generator.designer.scaffold import game_id_for
from generator.pipeline.load import load_game
from support.pdf_text import filled


def test_new_folder_builds_in_english_out_of_the_box(tmp_path: Path):
    folder = tmp_path / "My Prototype"
    assert main(["new", str(folder), "--title", 'Quarantine "Q"']) == 0
    for name in ("game.yaml", "layouts/cards.yaml", "cards.csv", "README.md", "art/sample.svg"):
        assert (folder / name).is_file(), name
    game = load_game(folder)
    assert game.id == "my-prototype" and game.title == 'Quarantine "Q"'
    assert game.layouts["card"].elements[0]["id"] == "background"   # extends basic-card
    out = tmp_path / "out"
    assert main(["build", "--game-dir", str(folder), "--paper", "a4", "--out", str(out),
                 "--quiet"]) == 0
    pdf_path, = out.glob("*.pdf")
    assert pdf_path.name == "my-prototype-en-a4.pdf"
    with pdfplumber.open(pdf_path) as pdf:
        text = "".join(page.extract_text() or "" for page in pdf.pages)
    assert text.count("Healer") == 3 and text.count("Scout") == 2         # qty column
    assert 'Quarantine “Q”' in text  # on the backs, its quotes made curly (English typography)
    assert "Remove one wound" in " ".join(text.split())  # :gi-heart-plus: drawn, not written
    with pdfplumber.open(pdf_path) as pdf:  # in the starter's text colour, "ink"
        hearts = [c for page in pdf.pages for c in filled(page, "#1d1d1b")]
    assert len(hearts) >= 3  # one a Healer, in the colour of the text around it


def test_new_refuses_a_folder_that_has_files(tmp_path: Path, capsys: pytest.CaptureFixture):
    folder = tmp_path / "taken"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    assert main(["new", str(folder)]) == 2
    assert "not empty" in capsys.readouterr().err
    assert [p.name for p in folder.iterdir()] == ["notes.txt"]


def test_game_ids_come_from_folder_names():
    assert game_id_for(Path("/x/Plague Doctors!")) == "plague-doctors"
    with pytest.raises(Exception, match="cannot make a game id"):
        game_id_for(Path("/x/___"))
