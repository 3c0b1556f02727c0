"""A designer's spreadsheet deck goes to another language (issue 33): `translate: [title,
body]` on the deck makes those cells catalog entries noted with their row and column, and the
build prints their translation; a deck without it keeps its cells as they are."""

from __future__ import annotations

import io
from pathlib import Path

import pypdf
import pytest
from babel.messages.pofile import read_po

from generator.cli import main


@pytest.fixture
def deck(tmp_path: Path, monkeypatch, capsys) -> Path:
    monkeypatch.chdir(tmp_path)
    assert main(["new", "my-game"]) == 0
    game = tmp_path / "my-game" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace("    fields: {title: Name, body: Text, art: Art, cost: Cost, "
                                 "icons: Icons}\n",
                                 "    fields: {title: Name, body: Text, art: Art, cost: Cost, "
                                 "icons: Icons}\n    translate: [title, body]\n"),
                    encoding="utf-8")
    assert "translate: [title, body]" in game.read_text(encoding="utf-8")
    capsys.readouterr()
    return tmp_path / "my-game"


def test_translated_cells_are_entries_with_row_and_column(deck, capsys):
    assert main(["i18n", "init", "fr", "--game-dir", str(deck)]) == 0
    po = read_po(io.BytesIO((deck / "locales" / "fr.po").read_bytes()))
    healer = po.get("Healer")
    assert healer is not None and healer.locations == [("cards.csv", 2)]
    assert healer.auto_comments == ["my-game: cards.csv, row 2, column Name"]
    body = po.get("Remove one :gi-heart-plus: wound from any player.")
    assert body is not None and "column Text" in body.auto_comments[0]
    assert po.get("art/sample.svg") is None  # a field not named in translate: stays as it is


def test_the_build_prints_the_translated_cell(deck, capsys, tmp_path):
    main(["i18n", "init", "fr", "--game-dir", str(deck)])
    po = deck / "locales" / "fr.po"
    po.write_text(po.read_text(encoding="utf-8").replace(
        'msgid "Healer"\nmsgstr ""', 'msgid "Healer"\nmsgstr "Guérisseur"'), encoding="utf-8")
    code, _, err = main(["build", "--game-dir", str(deck), "--lang", "fr", "--fallback", "en",
                         "--paper", "a4", "--out", str(tmp_path / "out")]), *capsys.readouterr()
    assert code == 0, err
    text = "".join(p.extract_text() for p in
                   pypdf.PdfReader(tmp_path / "out" / "my-game-fr-a4.pdf").pages)
    assert "Guérisseur" in text and "Healer" not in text
    assert "Scout" in text and "[EN]" in text  # the untranslated cards are marked


def test_a_translate_key_that_is_not_a_list_is_refused(deck, capsys):
    game = deck / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace(
        "translate: [title, body]", "translate: title"), encoding="utf-8")
    assert main(["check", "--game-dir", str(deck)]) == 2
    err = capsys.readouterr().err
    assert "translate" in err and "[title, text]" in err and "game.yaml" in err
