"""Every bad input of tests/support/bad_inputs.py: the right exit code, a message that names the
problem, no traceback, and every PDF already in the output folder unchanged."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from support.bad_inputs import CASES, Case, run_case


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_bad_input(case: Case, tmp_path: Path) -> None:
    outcome = run_case(case, tmp_path)
    assert "Traceback" not in outcome.message
    assert outcome.code == case.code, outcome.message
    assert case.expect in outcome.message
    assert outcome.unchanged, "a failed run changed the output folder"


def test_every_problem_is_listed_in_one_run(tmp_path: Path) -> None:
    case = next(c for c in CASES if c.name.startswith("every problem"))
    message = run_case(case, tmp_path).message
    assert message.count("error:") >= 3
    for fragment in ("unknown key 'colour_scheme'", "expects 41", "molecule 26"):
        assert fragment in message
    problems = [line for line in message.splitlines() if line.startswith("error:")]
    assert all(re.search(r"game\.yaml:\d+ at ", line) for line in problems), problems
