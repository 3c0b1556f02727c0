"""Balanced sample decks for Save Patient Zero, generated once from a seed and stored in the
game file. Each deck is 8 rounds; a round deals a shuffled 1..25 into 5 cards of 5, so every
card holds 5 distinct molecules and every molecule appears exactly 8 times in 40 cards."""

from __future__ import annotations

import random

ROUNDS = 8
CARD_SIZE = 5


def generate(seed: int, lab: str, molecules: int = 25) -> dict[str, list[int]]:
    rng = random.Random(f"{seed}:{lab}")
    cards: list[list[int]] = []
    for _ in range(ROUNDS):
        numbers = list(range(1, molecules + 1))
        rng.shuffle(numbers)
        cards.extend(sorted(numbers[i:i + CARD_SIZE]) for i in range(0, molecules, CARD_SIZE))
    rng.shuffle(cards)
    return {f"{lab}{index}": card for index, card in enumerate(cards, start=1)}
