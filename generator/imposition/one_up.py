"""One card a page, as print-on-demand shops take a deck (DriveThruCards, MB Print): the page
is the card's trim plus the bleed on every side, no crop marks, each front followed by its
back, so page 2n-1 and 2n are the two sides of card n. A card without a back gets a blank
page, so the pairs never shift."""

from __future__ import annotations

from ..content.model import Size
from .plan import PagePlan, Placement, Side


def impose_one_up(card: Size, fronts: list[str], backs: list[str | None],
                  bleed: float, back_first: bool = False) -> list[PagePlan]:
    """Front, back, front, back… (``back_first``: back, front, back, front…, as
    DriveThruCards asks): every page ``card`` + 2 × ``bleed``, the card's trim box inset by
    ``bleed`` on every side; a card with no back gets a blank page."""
    width, height = card.w + 2 * bleed, card.h + 2 * bleed
    pages = []
    for item, (front, back) in enumerate(zip(fronts, backs, strict=True)):
        face = PagePlan(width, height, (
            Placement(front, item, Side.FRONT, bleed, bleed, card.w, card.h, 0, bleed),))
        behind = () if back is None else (
            Placement(back, item, Side.BACK, bleed, bleed, card.w, card.h, 0, bleed),)
        reverse = PagePlan(width, height, behind, side=Side.BACK if behind else Side.BLANK)
        pages += [reverse, face] if back_first else [face, reverse]
    return pages
