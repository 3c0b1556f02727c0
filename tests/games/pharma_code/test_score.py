"""The stage reward of The Pharma Code, checked against the worked examples of the rules."""

from __future__ import annotations

import json

import pytest

from generator.cli import main
from generator.errors import UsageError
from generator.rules.pharma_code.score import JOKER, parse_cards, reward

J = JOKER


@pytest.mark.parametrize(("row", "squares", "broken_at"), [
    ([2, 5, 11, 17, 23, 30, 38, 44, 52], 9, None),      # rules, player 1: a full run
    ([3, J, 12, 19, J, 27, 33, 41, 58], 7, None),       # rules, player 2: two jokers
    ([4, 9, 15, 20, 13, 30, 38, 44, 52], 4, 5),         # rules, player 3: the 5th card breaks
    ([3, 8, J, 15, 22, 9, 40, 41, 60], 4, 6),           # the example
    ([50, 1, 2, 3, 4, 5, 6, 7, 8], 1, 2),               # only the start of the row counts
    ([3, J, 4, 5, 6, 7, 8, 9, 10], 1, 3),               # no whole number fits between 3 and 4
    ([J, 1, 2, 3, 4, 5, 6, 7, 8], 0, 2),                # a joker stands for 1 at least
    ([52, 53, 54, 55, 56, 57, 58, 60, J], 8, 9),        # nothing above 60 for the last joker
])
def test_rewards_follow_the_rules(row, squares, broken_at):
    result = reward(row)
    assert (result.squares, result.broken_at) == (squares, broken_at)


def test_fast_track_doubles_the_reward():
    full = [2, 5, 11, 17, 23, 30, 38, 44, 52]
    assert reward(full, fast_track=True).squares == 18          # the rules' maximum jump
    assert reward([4, 9, 15, 20, 13, 30, 38, 44, 52], fast_track=True).squares == 8


def test_jokers_keep_the_run_but_earn_nothing():
    result = reward([3, J, 12, 19, J, 27, 33, 41, 58])
    assert (result.run_numbers, result.run_jokers) == (7, 2)


@pytest.mark.parametrize(("text", "fragment"), [
    ("1,2,3", "holds 9 cards, got 3"),
    ("1,2,3,4,5,6,7,8,61", "card 9 is '61'"),
    ("1,2,3,4,5,6,7,8,x", "card 9 is 'x'"),
    ("1,2,3,4,5,6,7,8,8", "8 appears twice"),
    ("J,J,J,J,J,1,2,3,4", "4 jokers"),
])
def test_bad_rows_are_refused_with_the_reason(text, fragment):
    with pytest.raises(UsageError, match=fragment):
        parse_cards(text)


def test_parse_accepts_jokers_in_any_case_and_spaces():
    assert parse_cards(" 3, j ,Joker,15,22,9,40,41,60") == (3, J, J, 15, 22, 9, 40, 41, 60)


def test_cli_prints_the_reward(capsys):
    assert main(["score", "pharma", "--cards", "3,8,J,15,22,9,40,41,60"]) == 0
    out = capsys.readouterr().out
    assert "move 4 squares" in out
    assert "card 6 (9) breaks it" in out


def test_cli_json_with_fast_track(capsys):
    assert main(["score", "pharma", "--cards", "3,8,J,15,22,9,40,41,60", "--fast-track",
                 "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer == {"cards": ["3", "8", "J", "15", "22", "9", "40", "41", "60"],
                      "run_numbers": 4, "run_jokers": 1, "broken_at": 6, "fast_track": True,
                      "squares": 8}


def test_cli_bad_input_exits_2_without_traceback(capsys):
    assert main(["score", "pharma", "--cards", "3,8,J"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: a row holds 9 cards")
    assert "Traceback" not in err
