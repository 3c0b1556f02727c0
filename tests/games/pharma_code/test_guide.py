"""The Pharma Code's print guide: the kit prints the whole box, so nothing is left to bring;
the board's tiles print single-sided and are glued, the pawns folded over; steps in page order."""

from __future__ import annotations

import re

import pytest

from generator.i18n import engine_messages as m
from support.guide import listed, read_guide, step_pages


@pytest.mark.slow
def test_board_then_pawns_and_nothing_to_bring(built):
    guide = read_guide(built("pharma-code", "en").path, "pharma-code", "en")
    board = step_pages(guide, "Race track board")
    assert len(board) == 4 and board <= listed(guide, m.GUIDE_SIMPLEX)  # 2 × 2 tiles
    # the steps follow the pages: the pawns' shared page comes before the board
    assert re.search(r"\d+\. Race track board — pages", guide.text)
    assert re.search(r"\d+\. Pawns — page", guide.text)
    assert "lay that edge on the dashed glue line of the next tile" in guide.text
    assert "glue the halves back to back and bend its two feet out" in guide.text
    assert "Nothing else: this kit prints everything the game needs." in guide.text
