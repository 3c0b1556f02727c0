"""Words agree with numbers wherever pnp prints a count: "1 colour", "1 back", "1 tool",
"1 problem", never "1 colours" or "problem(s)". Each command is run with counts of one (and
of two, where the plural is the same code path's other branch)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from generator.cli.savvy_play import play_lines
from generator.savvy import answers
from support.cli import new_game, pnp

NO_HEDGING = re.compile(r"\(s\)|\b1 [a-z]+s\b")  # "card(s)", "1 cards"


def told(command: str, capsys: pytest.CaptureFixture) -> tuple[int, str]:
    """``pnp command``'s exit code and all it printed, which must not hedge its plurals."""
    code, said = pnp(command, capsys).printed
    assert not NO_HEDGING.search(said), said
    return code, said


@pytest.fixture
def one_card_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                  capsys: pytest.CaptureFixture) -> Path:
    """A game made by ``pnp new`` whose spreadsheet holds one card."""
    cards = new_game(tmp_path, monkeypatch, capsys) / "cards.csv"
    cards.write_text("\n".join(cards.read_text().splitlines()[:2]).rsplit(",", 1)[0] + ",1\n")
    return cards.parent


def test_score_solo(capsys: pytest.CaptureFixture) -> None:
    _, said = told("score solo --colours 1 --cubes 1 --amputated 1 --specialists-lost 1", capsys)
    assert "1 colour × 1 cube = 1" in said
    assert "× 1 amputated limb = " in said and "× 1 Specialist lost = " in said
    _, said = told("score solo --colours 2 --cubes 2 --amputated 2 --specialists-lost 2", capsys)
    assert "2 colours × 2 cubes = " in said
    assert "× 2 amputated limbs = " in said and "× 2 Specialists lost = " in said


def test_score_pharma(capsys: pytest.CaptureFixture) -> None:
    _, said = told("score pharma --cards J,3,1,4,5,6,7,8,9", capsys)
    assert "Run:     1 number card and 1 joker, which earn nothing" in said
    assert "Reward:  move 1 square" in said
    _, said = told("score pharma --cards J,J,3,4,1,5,6,7,8", capsys)
    assert "2 number cards and 2 jokers" in said and "move 2 squares" in said


def test_list_proof_and_export_of_one_card(one_card_game: Path,
                                           capsys: pytest.CaptureFixture) -> None:
    _, said = told("list --game-dir my-game", capsys)
    assert "(1 card, 63.5×88.9 mm)" in said
    code, said = told("proof --game-dir my-game --dpi 36 --out proofs", capsys)
    assert code == 0 and "wrote 1 face, 1 back and 1 contact sheet into" in said
    code, said = told("export tts --game-dir my-game --out tts", capsys)
    assert code == 0 and "wrote 1 sheet of 1 card into" in said


def test_check_counts_problems_and_messages(one_card_game: Path,
                                            capsys: pytest.CaptureFixture) -> None:
    assert told("i18n init de --game-dir my-game", capsys)[0] == 0
    catalog = one_card_game / "locales" / "de.po"
    catalog.write_text(catalog.read_text().replace('msgid "My Game"\nmsgstr ""',
                                                   'msgid "My Game"\nmsgstr "Mein Spiel"'))
    code, said = told("check my-game --lang de", capsys)
    assert code == 2 and "my-game: 1 problem\n" in said
    assert ("1 message has no 'de' translation (add it, or build with --fallback en):\n"
            "  'Cards'") in said  # the build's own words: check runs the build's stages
    game = one_card_game / "game.yaml"
    game.write_text(game.read_text() + "colour_scheme: dark\nsheme: light\n")
    code, said = told("check my-game --lang de", capsys)
    assert code == 2 and "my-game: 2 problems\n" in said


def test_savvy_check_and_solve_of_one_mark(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    marks = tmp_path / "marks.txt"
    marks.write_text("antidote 5,9,24 = 3\n")
    _, said = told(f"savvy check --solution 5,9,24 --marks {marks}", capsys)
    assert "1 mark: 1 OK, 0 WRONG" in said
    _, said = told(f"savvy solve --marks {marks}", capsys)
    assert "1 secret of 2300 fits the one mark" in said
    marks.write_text("antidote 5,9,24 = 3\nantidote 1,2,3 = 3\n")
    code, said = told(f"savvy solve --marks {marks}", capsys)
    assert code == 1 and "no secret fits all 2 marks: they contradict each other by line 2" in said


def test_savvy_play_counts_one_tool() -> None:
    secret = ",".join(map(str, answers.secret_for_seed(4)))
    out = io.StringIO()
    assert play_lines(4, "M", False, io.StringIO(f"antidote {secret}\n"), out) == 0
    assert "You found the antidote " + secret + " with 1 tool." in out.getvalue()
    out = io.StringIO()
    play_lines(4, "M", False, io.StringIO("fuzio\nquit\n"), out)
    assert "Game abandoned after 1 tool." in out.getvalue()
    assert not NO_HEDGING.search(out.getvalue())
