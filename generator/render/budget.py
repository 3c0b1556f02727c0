"""What drawing one card side may cost, all its elements together: each element is bounded
on its own (``text_chars``, ``repeat_copies``), but ``use`` multiplies (eight layouts each
drawing the next ten times are 10^8 rectangles) and a ``repeat`` of costly elements within
``repeat_copies`` (5,000 QR codes of 2,000 characters, boxes of 95,000 characters) takes
minutes a card. A card past one of these budgets is refused, the budget named, before the
element that passes it is drawn."""

from __future__ import annotations

from ..errors import RenderError
from ..limits import limit, past

BUDGETS = {  # limit of templates/limits.yaml → what it counts, as a refusal says it
    "card_elements": "the elements one card side draws (each copy a use or repeat makes)",
    "card_text_chars": "the characters the text boxes of one card side set",
    "card_qr_codes": "the QR codes one card side draws",
    "card_qr_chars": "the characters the QR codes of one card side hold",
}


class OverBudget(RenderError):
    """A card past a budget of its layout: named by the layout's element, never by a field
    of the card (see :mod:`.blame`), since no one card's value is to blame."""


class CardBudget:
    """What is left of each budget of one card side (a new one for each card drawn)."""

    def __init__(self) -> None:
        self.left = {name: limit(name) for name in BUDGETS}

    def spend(self, name: str, amount: int, where: str) -> None:
        """Take ``amount`` from the budget ``name``; refused when it is overdrawn."""
        left = self.left[name] = self.left[name] - amount
        if left < 0:
            raise OverBudget(f"{where}: " + past(name, BUDGETS[name]))
