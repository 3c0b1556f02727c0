"""Patient Zero solo rule data: the loader refuses a broken Path of Contagion, redirect list,
die or deck, and names the place to fix."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.errors import ContentError
from generator.pipeline.load import load_game
from generator.resources import games_dir

SOURCE = games_dir() / "patient-zero-solo"


def _load_with(tmp_path: Path, old: str, new: str):
    folder = tmp_path / "game"
    shutil.copytree(SOURCE, folder)
    path = folder / "game.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return load_game(folder)


def test_built_in_data_is_valid_and_matches_the_facts():
    limbs = load_game(SOURCE).data["limbs"]
    assert {k: v["die"] for k, v in limbs.items()} == {
        "head": 1, "left-arm": 2, "left-leg": 3, "right-leg": 4, "right-arm": 5, "torso": 6}
    assert {k: len(v["adjacent"]) for k, v in limbs.items()} == {
        "head": 1, "torso": 5, "left-arm": 2, "right-arm": 2, "left-leg": 3, "right-leg": 3}
    assert limbs["left-leg"]["redirect"] == ("right-leg", "left-arm", "torso")


@pytest.mark.parametrize("old, new, message", [
    ("adjacent: [torso, left-leg]", "adjacent: [torso]", "runs both ways"),
    ("redirect: [right-arm, left-leg, torso]", "redirect: [right-arm, left-foot, torso]",
     "'left-foot' is not a limb"),
    ("redirect: [left-arm, right-leg, torso]", "redirect: [right-arm, right-leg, torso]",
     "cannot point at itself"),
    ("      die: 6", "      die: 7", "die face 7 is not one of 1-6"),
    ("      die: 5", "      die: 4", "die face 4 is already"),
    ("{colour: red, type: disease, qty: 5}", "{colour: red, type: disease, qty: 4}",
     "4 red disease card"),
    ("red: \"▲\", yellow: \"◆\"}", "red: \"▲\", yellow: \"▲\"}", "grayscale"),
    ("    right-leg: [1.5, 2]", "    right-leg: [2.5, 2]",
     "left-leg and right-leg are on the Path of Contagion but their cards share no edge"),
    ("    right-arm: [2, 1]\n", "    right-arm: [2, 1.5]\n",
     "right-arm and right-leg are on the Path"),
    ("    head: [1, 0]", "    head: [0, 0]", "head and left-arm share a card edge but are not"),
    ("    head: [1, 0]", "    head: one", "give each limb its card's place"),
    ("  die_net:\n", "  die_net: 7\n  old_net:\n",
     r"vars.die_net: expected a list, got the number 7; write it as e.g. 'die_net: \[\["),
    ("  patient:\n", "  patient: [1]\n  old_patient:\n",
     "vars.patient: expected a mapping of keys, got a list; write it as e.g. 'patient: {"),
    ("    amputated_cubes: removed", "    amputated_cubes: vanish",
     "data.house.amputated_cubes: 'vanish' is not one of: removed, kept"),
    ("    full_limbs: attached", "    full_limbs: attached\n    dice: 2", "unknown key 'dice'"),
])
def test_broken_rule_data_is_reported(tmp_path, old, new, message):
    with pytest.raises(ContentError, match=message) as info:
        _load_with(tmp_path, old, new)
    assert "game.yaml:" in str(info.value)
