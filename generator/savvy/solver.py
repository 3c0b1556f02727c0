"""Which antidotes are still possible after a list of marks: a team's deduction aid, and the
referee's proof that no two answers contradict each other (no secret would fit them all)."""

from __future__ import annotations

from collections.abc import Sequence

from . import answers
from .answers import LabGrid, Secret
from .marks import LabMark, fits


def solve(grid: LabGrid, marks: Sequence[LabMark]) -> list[Secret]:
    """Every secret, of the 2,300, that fits every mark, in increasing order."""
    return [s for s in answers.all_secrets() if all(fits(grid, s, m) for m in marks)]


def first_contradiction(grid: LabGrid, marks: Sequence[LabMark]) -> LabMark | None:
    """The first mark after which no secret fits any more (None when some secret fits all)."""
    candidates = answers.all_secrets()
    for mark in marks:
        candidates = [s for s in candidates if fits(grid, s, mark)]
        if not candidates:
            return mark
    return None
