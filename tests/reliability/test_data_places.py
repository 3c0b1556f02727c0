"""An error in the data names the place to fix: a misspelt spreadsheet column at the deck's
``fields:`` entry in game.yaml (not a row of the CSV), an error in a layout's ``override:`` at
the override's own file and line. Run through ``pnp check`` and ``pnp build`` on a game made
by ``pnp new``."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.cli import new_game, pnp


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> Path:
    return new_game(tmp_path, monkeypatch, capsys)


def edit(path: Path, old: str, new: str) -> int:
    """Replace ``old`` in the file; the line where it stood."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[:text.index(old)].count("\n") + 1


def test_a_misspelt_csv_column_is_reported_at_the_fields_line(game: Path,
                                                               capsys: pytest.CaptureFixture):
    line = edit(game / "game.yaml", "body: Text,", "body: Txt,")
    code, _, err = pnp("check my-game", capsys)
    assert code == 2
    assert (f"{game / 'game.yaml'}:{line} at components[0].fields.body: field 'body' reads "
            "column 'Txt' (did you mean 'Text'?), which cards.csv does not have") in err
    assert "cards[" not in err and err.count("Txt") == 1  # once, not once a row


def test_a_column_an_inline_card_lacks_names_that_card(game: Path,
                                                        capsys: pytest.CaptureFixture):
    gy = game / "game.yaml"
    fields = edit(gy, "cards_file: cards.csv", "cards:\n      - {Name: A, Art: a.svg, Cost: 1, "
                  "Icons: heart}")
    code, _, err = pnp("check my-game", capsys)
    assert code == 2
    assert (f"game.yaml:{fields + 3} at components[0].fields.body: field 'body' reads column "
            f"'Text', which the card components[0].cards[0] (line {fields + 1}) does not "
            "have; its columns: Name, Art, Cost, Icons") in err


@pytest.mark.parametrize(("change", "says"), [
    ("title: {size: 3}", "card.override.title.size: 3 pt is under the 6 pt floor"),
    ("title: {size: 13, colr: red}", "card.override.title.colr: unknown key 'colr'"),
    ("title: [13]", "card.override.title: expected the keys to change, such as {size: 9}"),
    ("title: {type: blob}", "card.override.title.type: unknown element type 'blob'"),
    ("titel: {size: 13}", "card.override.titel: no element with id 'titel' in the extended "
                          "layout; its ids: background, band, title,"),
], ids=["floor", "unknown key", "not a mapping", "unknown type", "unknown id"])
@pytest.mark.parametrize("command", ["check my-game", "build --game-dir my-game --paper a4"])
def test_an_error_in_an_override_names_its_file_and_line(game: Path, change: str, says: str,
                                                         command: str,
                                                         capsys: pytest.CaptureFixture):
    line = edit(game / "layouts" / "cards.yaml", "title: {size: 13}", change)
    code, _, err = pnp(command, capsys)
    assert code == 2
    assert f"{game / 'layouts' / 'cards.yaml'}:{line} at {says}" in err
    assert "internal error" not in err and not list(game.parent.rglob("*.pdf"))
