"""Microbious round scoring: the rules' worked example, Hydroxy stacking, bonuses and ties,
and the ``pnp score microbious`` command as a user runs it."""

from __future__ import annotations

import json

import pytest

from generator.cli import main
from generator.errors import UsageError
from generator.pipeline.load import load_builtin
from generator.rules.microbious.score import Rules, Tie, hand_load, hand_score, round_scores


@pytest.fixture(scope="module")
def rules() -> Rules:
    return Rules.from_data(load_builtin("microbious").data)


def test_two_hydroxy_and_a_good_vaccine_make_minus_20(rules):
    assert hand_load(["hydroxy", "hydroxy", "good-vaccine"], rules) == -20


@pytest.mark.parametrize("hand, load", [
    (["big-red", "medium-blue", "small-yellow"], 18),
    (["bad-vaccine", "hydroxy"], 40),
    (["bad-vaccine", "good-vaccine", "hydroxy", "hydroxy", "hydroxy"], 120),
    (["big-red", "hydroxy"], 10),             # Hydroxy doubles vaccines only
    (["hydroxy"], 0),
    ([], 0),
])
def test_loads(rules, hand, load):
    assert hand_load(hand, rules) == load


@pytest.mark.parametrize("caller, lowest, tie, total", [
    (True, True, Tie.NONE, -10 + 3),          # caller strictly lowest: −10
    (True, False, Tie.NONE, 5 + 3),           # caller not lowest: +5
    (True, True, Tie.CALLER, -5 + 3),         # caller tied: the caller alone takes −5
    (False, True, Tie.NONE, -5 + 3),          # lowest player, caller not lowest: −5
    (False, True, Tie.CALLER, 0 + 3),         # tied with the caller: nothing
    (False, True, Tie.OTHERS, -5 + 3),        # tie among non-callers: each −5
    (False, False, Tie.NONE, 3),
])
def test_bonuses(rules, caller, lowest, tie, total):
    assert hand_score(["small-red"], rules, caller, lowest, tie).total == total


def test_emptied_hand_earns_minus_5_on_top(rules):
    assert hand_score([], rules).total == -5
    assert hand_score([], rules, caller=True, lowest=True).total == -15


def test_round_with_a_tie_among_non_callers(rules):
    scores = round_scores({"ann": ["big-red"], "bob": ["small-red"], "cy": ["small-blue"]},
                          rules, caller="ann")
    assert {p: s.total for p, s in scores.items()} == {"ann": 15, "bob": -2, "cy": -2}


def test_round_with_the_caller_in_the_tie(rules):
    scores = round_scores({"ann": ["small-red"], "bob": ["small-blue"], "cy": ["big-red"]},
                          rules, caller="ann")
    assert {p: s.total for p, s in scores.items()} == {"ann": -2, "bob": 3, "cy": 10}


def test_round_caller_strictly_lowest(rules):
    scores = round_scores({"ann": ["good-vaccine"], "bob": ["small-blue"]}, rules, caller="ann")
    assert {p: s.total for p, s in scores.items()} == {"ann": -15, "bob": 3}


def test_unknown_cards_and_impossible_flags_are_usage_errors(rules):
    with pytest.raises(UsageError, match="big-purple"):
        hand_load(["big-purple"], rules)
    with pytest.raises(UsageError, match="--lowest"):
        hand_score(["big-red"], rules, tie=Tie.OTHERS)
    with pytest.raises(UsageError, match="--tie caller"):
        hand_score(["big-red"], rules, caller=True, lowest=True, tie=Tie.OTHERS)


def test_cli_json(capsys):
    code = main(["score", "microbious", "--hand", "big-red,good-vaccine,hydroxy,hydroxy",
                 "--caller", "--lowest", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out == {"hand": ["big-red", "good-vaccine", "hydroxy", "hydroxy"], "load": -10,
                   "bonuses": {"caller_lowest": -10}, "total": -20}


def test_cli_text_and_error(capsys):
    assert main(["score", "microbious", "--hand", "hydroxy, hydroxy, good-vaccine"]) == 0
    assert "viral load: -20" in capsys.readouterr().out
    assert main(["score", "microbious", "--hand", "huge-red"]) == 2
    err = capsys.readouterr().err
    assert "unknown card 'huge-red'" in err and "Traceback" not in err


@pytest.mark.parametrize("hand, message", [
    ("hydroxy,hydroxy,hydroxy,hydroxy", "'hydroxy' 4 times, but the deck holds 3"),
    ("big-red,big-red,big-red,big-red,big-red,big-red", "'big-red' 6 times, but the deck holds 5"),
])
def test_a_hand_the_deck_cannot_deal_is_refused_with_exit_2(hand, message, capsys):
    assert main(["score", "microbious", "--hand", hand]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err


def test_hands_of_a_round_share_one_deck(rules):
    with pytest.raises(UsageError, match="'hydroxy' 4 times"):
        round_scores({"a": ["hydroxy", "hydroxy"], "b": ["hydroxy", "hydroxy"]}, rules, None)
