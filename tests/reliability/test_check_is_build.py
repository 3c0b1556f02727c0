"""``pnp check`` refuses what ``pnp build`` refuses, in the same words: every case of the
bad-inputs catalogue that spoils a game's own files, run through both (issue 27, item 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.bad_inputs import CASES, Case, run_case

# the cases of a game's own files: ``pnp check`` must refuse each as ``pnp build`` does
IN_THE_GAME = tuple(c for c in CASES if c.edit is not None and c.argv[0] in ("build", "check"))


def check_and_build(case: Case) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``pnp check`` and ``pnp build`` of the case's game, in the case's language."""
    lang = "de" if "de" in case.argv else "en"
    return (("check", "{game}", "--lang", lang),
            ("build", "--game-dir", "{game}", "--lang", lang, "--paper", "a4", "--out", "{out}"))


def first_error(message: str) -> str:
    """The first line of a command's stderr that says ``error:``."""
    return next((line for line in message.splitlines() if line.startswith("error:")), "")


@pytest.mark.parametrize("case", IN_THE_GAME, ids=[c.name for c in IN_THE_GAME])
def test_check_exits_2_with_the_builds_first_error_line(case: Case, tmp_path: Path) -> None:
    check, build = check_and_build(case)
    checked = run_case(case, tmp_path / "check", check)
    built = run_case(case, tmp_path / "build", build)
    assert (checked.code, built.code) == (2, 2), (checked.message, built.message)
    said = first_error(built.message).replace(str(tmp_path / "build"), "")
    assert said and said == first_error(checked.message).replace(str(tmp_path / "check"), "")
    assert case.expect in checked.message


def test_check_lists_every_card_problem_in_one_run(tmp_path: Path) -> None:
    """Three cards spoilt three ways: the build stops at the first, check names all three."""
    cases = [c for c in IN_THE_GAME if "cards file" in c.name or c.name.startswith("text too")]
    assert len(cases) == 3
    spoilt = Case("three at once", ("check", "{game}"), "", game=cases[0].game,
                  edit=lambda folder: [c.edit(folder) for c in cases if c.edit])
    message = run_case(spoilt, tmp_path).message
    for case in cases:
        assert case.expect in message, message
    assert "3 problems" in message
