"""Microbious's print guide: cards cut on their crop marks, the score pad used as printed,
and a pencil to bring for it."""

from __future__ import annotations

import pytest

from support.guide import read_guide


@pytest.mark.slow
def test_cards_score_pad_and_a_pencil(built):
    guide = read_guide(built("microbious", "de").path, "microbious", "de")
    assert "Microbious-Karten — Seiten 3–" in guide.text
    assert "Schneide die Karten an den Schnittmarken auseinander." in guide.text
    assert "Punkteblock — Seite" in guide.text
    assert "Einen Bleistift, um den Punktestand auf dem Punkteblock festzuhalten." in guide.text
