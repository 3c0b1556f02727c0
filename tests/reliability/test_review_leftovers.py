"""What a CLI review left: counts printed in words that agree with them ("1 cube", "rounds
1, 3", never "colour(s)"), a UTF-16 translation catalog named with its fix, and pharma-code's
row_length, empty or not a number, a problem at its key instead of an internal error."""

from __future__ import annotations

import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest

from generator.cli.progress import _warn
from generator.content.wording import agreeing, numbered
from generator.resources import games_dir
from support.cli import pnp


def test_numbers_take_the_noun_and_verb_they_make():
    assert numbered("round", [2]) == "round 2"
    assert numbered("die face", [1, 3]) == "die faces 1, 3"
    assert numbered("copy", [1, 2], "copies") == "copies 1, 2"
    assert [agreeing(n, "has", "have") for n in (0, 1, 2)] == ["have", "has", "have"]


@pytest.mark.parametrize("colours, cubes, says", [
    (0, 1, "error: 1 cube cannot be of only 0 colours: the patient holds at most 18 cubes"),
    (1, 19, "error: 19 cubes cannot be of only 1 colour: the patient holds at most 18 cubes"),
])
def test_the_solo_score_counts_in_words(colours: int, cubes: int, says: str,
                                        capsys: pytest.CaptureFixture):
    code, _, err = pnp(f"score solo --colours {colours} --cubes {cubes}", capsys)
    assert code == 2 and err.startswith(says) and "(s)" not in err


@pytest.mark.parametrize("count, says", [(1, "1 message has no 'de' translation"),
                                         (3, "3 messages have no 'de' translation")])
def test_the_fallback_warning_counts_in_words(count: int, says: str,
                                              capsys: pytest.CaptureFixture):
    _warn(SimpleNamespace(fallback_ids=["x"] * count, path=Path("kit.pdf"), lang="de"))
    named = ", ".join(["'x'"] * count)  # the messages, named (the first five)
    assert capsys.readouterr().err == (f"warning: kit.pdf: {says}; drawn in English and "
                                       f"marked [EN]: {named}\n")


@pytest.fixture
def pharma(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of pharma-code to spoil, in the working folder."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PNP_LOCALES", raising=False)
    return Path(shutil.copytree(games_dir() / "pharma-code", tmp_path / "pc"))


@pytest.mark.parametrize("value, says", [
    ("null", "empty: give the number cards each player lays out in a row (9 in the published "
             "game)"),
    ("", "empty: give the number cards each player lays out in a row"),
    ("nine", "expected a whole number, got 'nine'"),
    ("0", "0 is out of range 1..60"),
])
def test_a_row_length_that_is_no_number_is_named_at_its_key(pharma: Path, value: str, says: str,
                                                            capsys: pytest.CaptureFixture):
    yaml = pharma / "game.yaml"
    lines = [f"  row_length: {value}" if line.startswith("  row_length:") else line
             for line in yaml.read_text().splitlines()]
    yaml.write_text("\n".join(lines) + "\n")
    line = next(n for n, text in enumerate(lines, 1) if text.startswith("  row_length:"))
    code, _, err = pnp("check pc", capsys)
    assert code == 2, err
    assert f"game.yaml:{line} at data.row_length: {says}" in err and "internal error" not in err


def test_a_utf16_catalog_is_named_with_its_fix(pharma: Path, capsys: pytest.CaptureFixture):
    catalog = pharma / "locales" / "fr.po"
    catalog.write_bytes(catalog.read_text(encoding="utf-8").encode("utf-16"))
    code, _, err = pnp("check pc --lang fr", capsys)
    assert code == 2
    assert ("pc/locales/fr.po: UTF-16 text, not a translation catalog (.po text); save it as "
            "UTF-8 (in Poedit or a text editor: Save as, encoding UTF-8)") in err


@pytest.mark.parametrize("card", ["²", "①", "٣"])
def test_a_pharma_score_card_that_only_looks_like_a_number(card: str,
                                                           capsys: pytest.CaptureFixture):
    code, _, err = pnp(f"score pharma --cards 3,8,J,15,22,9,40,41,{card}", capsys)
    assert code == 2
    assert err.startswith(f"error: card 9 is {card!r}: give numbers 1-60 or J for a joker")
