"""What drawing one card side, and one PDF, may cost, all their elements together: each
element is bounded on its own (``text_chars``, ``repeat_copies``), but ``use`` multiplies
(eight layouts each drawing the next ten times are 10^8 rectangles) and a ``repeat`` of
costly elements within ``repeat_copies`` (5,000 QR codes of 2,000 characters, boxes of 95,000
characters) takes minutes a card, and a card within its budgets minutes a deck. A drawing
past one of these budgets is refused, the budget named, before the element that passes it is
drawn."""

from __future__ import annotations

from ..errors import RenderError
from ..limits import limit, past

CARD = {  # limit of templates/limits.yaml → what it counts, as a refusal says it
    "card_elements": "the elements one card side draws (each copy a use or repeat makes)",
    "card_text_chars": "the characters the text boxes of one card side set",
    "card_qr_codes": "the QR codes one card side draws",
    "card_qr_chars": "the characters the QR codes of one card side hold",
}
PDF = {
    "pdf_text_chars": "the characters the text boxes of one PDF set, all its cards together",
    "pdf_qr_chars": "the characters the QR codes of one PDF hold, all its cards together",
}


class OverBudget(RenderError):
    """A card past a budget of its layout: named by the layout's element, never by a field
    of the card (see :mod:`.blame`), since no one card's value is to blame."""


class CardBudget:
    """What is left of each budget of the card side being drawn, and of its PDF's."""

    def __init__(self) -> None:
        self.left = {name: limit(name) for name in (*CARD, *PDF)}

    def next_card(self) -> CardBudget:
        """The budget of the next card side of the same PDF: its own card budgets whole,
        what is left of the PDF's."""
        following = CardBudget.__new__(CardBudget)
        following.left = {**self.left, **{name: limit(name) for name in CARD}}
        return following

    def spend(self, name: str, amount: int, where: str) -> None:
        """Take ``amount`` from the budget ``name``; refused when it is overdrawn."""
        left = self.left[name] = self.left[name] - amount
        if left < 0:
            raise OverBudget(f"{where}: " + past(name, CARD.get(name) or PDF[name]))
