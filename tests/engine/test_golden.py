"""Golden drawing logs (tests/golden/*.log): the fixture games and the duplex alignment page
draw exactly what they drew when the logs were accepted; ``--regen-golden`` accepts a change."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.imposition.plan import PrintOptions
from generator.pipeline.build import build_alignment_page
from support.paths import FIXTURES


@pytest.mark.parametrize("fixture", ["legible", "registration", "designer_deck"])
def test_fixture_game_draws_its_golden_log(built, golden, fixture: str) -> None:
    golden(built(FIXTURES / fixture, "en", paper="a4").path, f"{fixture}-en-a4")


@pytest.mark.parametrize("paper, duplex", [("a4", "long"), ("letter", "short")])
def test_alignment_page_draws_its_golden_log(golden, tmp_path: Path, paper: str,
                                             duplex: str) -> None:
    pdf = build_alignment_page(PrintOptions(paper=paper, duplex=duplex), tmp_path).path
    golden(pdf, f"alignment-{paper}-{duplex}")
