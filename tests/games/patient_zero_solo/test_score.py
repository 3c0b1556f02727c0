"""`pnp score solo`: the worked examples from the designer's notes, the verdicts and the errors."""

from __future__ import annotations

import json

import pytest

from generator.cli import main
from generator.errors import UsageError
from generator.pipeline.load import resolve_game
from generator.rules.patient_zero_solo.score import ScoreRules, solo_score


def test_playtest_win_at_88():
    result = solo_score(colours=2, cubes=14, amputated=2, specialists_lost=4)
    assert (result.infection, result.amputation_points, result.specialist_points) == (28, 20, 40)
    assert result.score == 88 and result.won


def test_one_red_cube_turns_a_win_into_a_loss_at_103():
    before = solo_score(colours=2, cubes=10, amputated=4, specialists_lost=3)
    after = solo_score(colours=3, cubes=11, amputated=4, specialists_lost=3)
    assert (before.score, before.won) == (90, True)
    assert (after.score, after.won) == (103, False)


def test_four_amputations_and_four_lost_specialists_are_already_80():
    assert solo_score(colours=0, cubes=0, amputated=4, specialists_lost=4).score == 80
    # "only 20 more to spare... less than 7 cubes in 3 colours"
    assert solo_score(3, 6, 4, 4).won and solo_score(3, 6, 4, 4).score == 98
    assert not solo_score(3, 7, 4, 4).won and solo_score(3, 7, 4, 4).score == 101


def test_exactly_100_wins_and_a_dead_patient_loses():
    assert solo_score(4, 25).won and solo_score(4, 25).score == 100
    dead = solo_score(1, 1, dead=True)
    assert not dead.won and "died" in dead.reason


@pytest.mark.parametrize("args, message", [
    ((5, 10), "--colours must be between 0 and 4"),
    ((2, 1), "need at least 2 cubes"),
    ((1, 19), "19 cubes cannot be of only 1 colour: the patient holds at most 18 cubes"),
    ((1, 13, 2), r"13 cubes cannot be of only 1 colour: the patient holds at most 12 cubes of "
                 r"each colour \(4 limbs still attached"),
    ((2, 4, 5), "--amputated must be between 0 and 4"),
    ((2, 4, 0, -1), "--specialists-lost must be between 0 and 4"),
])
def test_impossible_counts_are_refused(args, message):
    with pytest.raises(UsageError, match=message):
        solo_score(*args)


@pytest.mark.parametrize("args", [(1, 18), (2, 35), (1, 12, 2), (4, 69)])
def test_counts_that_fill_every_attached_limb_with_one_colour_lose(args):
    """The rule cards: a loss when every limb still attached holds 3 cubes of one colour (an
    amputated limb's cubes have left the patient) — 18 cubes of one colour is that, whatever
    the score says."""
    result = solo_score(*args)
    assert not result.won and "every limb still attached holds 3 cubes" in result.reason


@pytest.mark.parametrize("args", [(1, 17), (2, 34), (1, 11, 2)])
def test_one_cube_short_of_full_limbs_is_no_loss(args):
    assert solo_score(*args).won


def test_cli_says_lose_for_18_cubes_of_one_colour_and_counts_in_agreeing_words(capsys):
    assert main(["score", "solo", "--colours", "1", "--cubes", "18"]) == 0
    out = capsys.readouterr().out
    assert "1 colour × 18 cubes = 18" in out and "score 18: LOSE" in out
    assert main(["score", "solo", "--colours", "1", "--cubes", "1"]) == 0
    assert "1 colour × 1 cube = 1" in capsys.readouterr().out
    assert main(["score", "solo", "--colours", "1", "--cubes", "19"]) == 2
    assert "1 colours" not in capsys.readouterr().err


def test_calculator_figures_come_from_the_game_data():
    assert ScoreRules.from_data(resolve_game("patient-zero-solo").data) == ScoreRules()


def test_cli_prints_the_breakdown_and_the_verdict(capsys):
    code = main(["score", "solo", "--colours", "2", "--cubes", "14", "--amputated", "2",
                 "--specialists-lost", "4"])
    out = capsys.readouterr().out
    assert code == 0
    assert "2 colours × 14 cubes = 28" in out and "score 88: WIN" in out


def test_cli_json_and_dead_flag(capsys):
    assert main(["score", "solo", "--colours", "3", "--cubes", "11", "--amputated", "4",
                 "--specialists-lost", "3", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["score"] == 103 and result["result"] == "LOSE"
    assert main(["score", "solo", "--colours", "1", "--cubes", "2", "--dead", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["result"] == "LOSE"


def test_cli_bad_input_exits_2_without_traceback(capsys):
    assert main(["score", "solo", "--colours", "3", "--cubes", "2"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "Traceback" not in err
