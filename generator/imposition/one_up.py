"""One card a page, as print-on-demand shops take a deck (DriveThruCards, MB Print): the page
is the card's trim plus the bleed on every side, no crop marks, each front followed by its
back, so page 2n-1 and 2n are the two sides of card n. A card without a back gets a blank
page, so the pairs never shift."""

from __future__ import annotations

from ..content.model import Size
from .plan import PagePlan, Placement, Side


def impose_one_up(card: Size, fronts: list[str], backs: list[str | None],
                  bleed: float) -> list[PagePlan]:
    """Front, back, front, back…: every page ``card`` + 2 × ``bleed``, the card's trim box
    inset by ``bleed`` on every side."""
    width, height = card.w + 2 * bleed, card.h + 2 * bleed
    pages = []
    for item, (front, back) in enumerate(zip(fronts, backs, strict=True)):
        pages.append(PagePlan(width, height, (
            Placement(front, item, Side.FRONT, bleed, bleed, card.w, card.h, 0, bleed),)))
        behind = () if back is None else (
            Placement(back, item, Side.BACK, bleed, bleed, card.w, card.h, 0, bleed),)
        pages.append(PagePlan(width, height, behind, side=Side.BACK if behind else Side.BLANK))
    return pages
