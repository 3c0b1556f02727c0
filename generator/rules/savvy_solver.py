"""Which antidotes are still possible after a list of marks: a team's deduction aid, and the
referee's proof that no two answers contradict each other (no secret would fit them all)."""

from __future__ import annotations

from collections.abc import Sequence

from . import savvy
from .savvy import Board, Secret
from .savvy_marks import Mark, fits


def solve(board: Board, marks: Sequence[Mark]) -> list[Secret]:
    """Every secret, of the 2,300, that fits every mark, in increasing order."""
    return [s for s in savvy.all_secrets() if all(fits(board, s, m) for m in marks)]


def first_contradiction(board: Board, marks: Sequence[Mark]) -> Mark | None:
    """The first mark after which no secret fits any more (None when some secret fits all)."""
    candidates = savvy.all_secrets()
    for mark in marks:
        candidates = [s for s in candidates if fits(board, s, mark)]
        if not candidates:
            return mark
    return None
