"""The Pharma Code's stage reward: how many squares a row of 9 cards moves a pawn.

Counted from the left, each number card that is higher than everything before it adds one
square; a joker stands for a whole number, so it keeps the run going (when a whole number fits
there) but adds nothing. The first card that does not fit ends the run. A Fast Track card played
this stage doubles the reward.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from generator.errors import UsageError

ROW_LENGTH = 9        # published: each player lays out 9 cards
HIGHEST = 60          # published: number cards run 1-60
JOKERS = 4            # published: at most 4 jokers in play
JOKER = "J"
FAST_TRACK_FACTOR = 2

Card = int | str      # a number 1-60, or JOKER


@dataclass(frozen=True)
class Reward:
    """A scored row: the run from the left and the squares it earns."""

    cards: tuple[Card, ...]
    run_numbers: int          # number cards in the rising run: one square each
    run_jokers: int           # jokers inside the run: no square
    broken_at: int | None     # 1-based position of the first card that breaks the run
    fast_track: bool
    squares: int


def parse_cards(text: str) -> tuple[Card, ...]:
    """``"3,8,J,15"`` → ``(3, 8, 'J', 15)``; a clear UsageError for anything else."""
    cards: list[Card] = []
    for position, token in enumerate((t.strip() for t in text.split(",")), start=1):
        if token.upper() in (JOKER, "JOKER"):
            cards.append(JOKER)
        elif token.isascii() and token.isdigit() and 1 <= int(token) <= HIGHEST:  # not ²
            cards.append(int(token))
        else:
            raise UsageError(f"card {position} is {token!r}: give numbers 1-{HIGHEST} or J for a "
                             "joker, separated by commas, such as \"3,8,J,15\"")
    check_row(cards)
    return tuple(cards)


def check_row(cards: Sequence[Card]) -> None:
    """A row the game can deal: 9 cards, each number once, at most 4 jokers."""
    if len(cards) != ROW_LENGTH:
        raise UsageError(f"a row holds {ROW_LENGTH} cards, got {len(cards)}: list them all, "
                         "left to right")
    numbers = [c for c in cards if c != JOKER]
    twice = sorted({n for n in numbers if numbers.count(n) > 1})
    if twice:
        raise UsageError(f"each number card exists once, but {', '.join(map(str, twice))} "
                         "appears twice")
    if len(cards) - len(numbers) > JOKERS:
        raise UsageError(f"the game has {JOKERS} jokers, the row shows "
                         f"{len(cards) - len(numbers)}")


def reward(cards: Sequence[Card], fast_track: bool = False) -> Reward:
    """Score a row laid out left to right (see the module docstring for the rule)."""
    check_row(cards)
    lowest_next = 1       # the smallest value the next card may have
    numbers = jokers = 0
    broken_at = None
    for position, card in enumerate(cards, start=1):
        value = lowest_next if card == JOKER else int(card)
        if value < lowest_next or value > HIGHEST:
            broken_at = position
            break
        if card == JOKER:
            jokers += 1
        else:
            numbers += 1
        lowest_next = value + 1
    squares = numbers * (FAST_TRACK_FACTOR if fast_track else 1)
    return Reward(tuple(cards), numbers, jokers, broken_at, fast_track, squares)
