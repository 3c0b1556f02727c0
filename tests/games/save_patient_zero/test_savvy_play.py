"""The terminal game enforces the tool rules and each interruption's rule (run in-process;
tests/cli/test_savvy.py drives the same game end to end through standard input)."""

from __future__ import annotations

import io

from generator.cli.savvy_play import play_lines
from generator.savvy import answers

OPENING = "fuzio\nmezakol\nintervallo min\n"  # three tools: the interruption comes next


def play(seed: int, script: str, interruptions: bool = True) -> tuple[int, str]:
    """The game's exit code and what it said, its lines (wrapped at 80 columns) unwrapped."""
    out = io.StringIO()
    code = play_lines(seed, "M", interruptions, io.StringIO(script), out)
    return code, " ".join(out.getvalue().split())


def test_tool_rules():
    secret = answers.secret_for_seed(5)
    dedukto = answers.dedukto(secret, 5)
    code, out = play(5, f"analyzer M1\nhackz\ndedukto\nkolozomi {secret[0]}\n"
                        f"kolozomi {dedukto[0]}\nmezakol\nmezakol\nsubstrakto\n",
                     interruptions=False)
    assert code == 1
    assert "! analyzer needs ✓ cards not yet analysed" in out
    assert "! Hackz acts on the other lab" in out
    assert "! kolozomi: show one of your Dedukto molecules" in out
    assert f"Savvy: colour {answers.mezakol(answers.builtin_lab_grid(), secret)}" in out
    assert "! no Mezakol card left" in out
    assert f"Savvy: difference {answers.substrakto(secret, 5, 1)}" in out


def test_premo_forces_an_antidote():
    code, out = play(1, OPENING + "samply\nantidote 1,2,3\nsamply\n")
    assert "Interruption: Premo" in out
    assert "! Premo: you must play an Antidote card this turn" in out
    assert out.count("Savvy sorts the cards") == 1


def test_mikroadministrado_imposes_the_order_but_not_on_antidotes():
    code, out = play(19, OPENING + "dedukto\nantidote 1,2,3\ndedukto\n")
    assert "Interruption: Mikroadministrado" in out
    assert out.count("! your next tool must be Mikroskopo (Mikroadministrado)") == 2
    assert "0 of 3 right" in out or "1 of 3 right" in out


def test_elektropaneo_blocks_scanpad_for_two_turns():
    code, out = play(8, OPENING + "scanpad 1,2,3,6,7,8\nsamply\nsamply\nscanpad 1,2,3,6,7,8\n")
    assert "! Elektropaneo: Scanpad is out of order for 2 more turns" in out
    assert out.count("Savvy sorts the cards") == 2
    assert "of the framed molecules in the antidote" in out


def test_krizo_ends_the_game_after_four_turns():
    code, out = play(11, OPENING + "samply\nsamply\nsamply\ndedukto\nfuzio\n")
    assert code == 1
    assert "Krizo: 1 turn left" in out
    assert "Game over: Krizo — the 4 turns are over" in out


def test_planado_takes_a_plan_and_skip_discards_an_unplayable_tool():
    code, out = play(62, OPENING + "samply\nkolozomi samply samply scanpad dedukto\n"
                                   "kolozomi 3\nskip\nscanpad r1c1:2x3\nsamply\n")
    assert "! Planado: name exactly 5 tools, in order" in out
    assert "Plan noted: Kolozomi, Samply, Samply, Scanpad, Dedukto" in out
    assert "! kolozomi comes only after Dedukto" in out
    assert "The Kolozomi card is discarded unused." in out
    assert "! your next tool must be Samply (Planado)" in out
    assert "Savvy sorts the cards" in out


def test_level_counts_every_tool_played():
    secret = ",".join(map(str, answers.secret_for_seed(4)))
    code, out = play(4, "samply\nsamply\nfuzio\nmezakol\nscanpad r1c1:2x3\n"
                        f"antidote {secret}\n", interruptions=False)
    assert code == 0
    assert "with 6 tools. Your level: 6 tools — A world-class research team" in out
