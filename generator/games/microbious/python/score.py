"""Microbious round scoring: a hand's viral load and the round's bonuses, as pure functions.

The load is the sum of the card values, each vaccine multiplied by 2 for every Hydroxy in the
hand (two Hydroxy and a good vaccine: −5 × 2 × 2 = −20). Bonuses, as the rules give them:

- a player who got rid of every card: −5;
- the caller of "Microbious" with the strictly lowest load: −10; not the lowest: +5;
- the lowest player when the caller is not the lowest: −5;
- ties for the lowest load: with the caller among them, the caller alone takes −5 (our reading
  of "the caller wins the −5 bonus"); among non-callers only, each of them takes −5.

"Lowest" compares the loads before bonuses. Values come from the game data (``data.points``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from generator.errors import UsageError


class Tie(StrEnum):
    """Who shares the lowest load with this player (for one-hand scoring)."""

    NONE = "none"
    CALLER = "caller"        # the caller is among the tied players
    OTHERS = "others"        # only players who did not call share it


@dataclass(frozen=True)
class Rules:
    """The numbers of the scoring rules, read from game data."""

    points: Mapping[str, int]
    counts: Mapping[str, int]  # cards of each type in the deck (a virus: in each colour)
    vaccines: frozenset[str]
    doubler: str
    colours: frozenset[str]
    emptied: int = -5
    caller_lowest: int = -10
    caller_not_lowest: int = 5
    lowest: int = -5

    @classmethod
    def from_data(cls, data: Mapping) -> Rules:
        bonus = data.get("bonus", {})
        return cls({str(k): int(v) for k, v in data["points"].items()},
                   {str(k): int(v) for k, v in data["counts"].items()},
                   frozenset(data["vaccines"]), str(data["doubler"]),
                   frozenset(data["colours"]),
                   **{k: int(v) for k, v in bonus.items()})


@dataclass(frozen=True)
class Score:
    """One player's round: the load of the hand, the bonuses applied and the total."""

    load: int
    bonuses: tuple[tuple[str, int], ...] = field(default_factory=tuple)

    @property
    def total(self) -> int:
        return self.load + sum(points for _, points in self.bonuses)


def card_type(card: str, rules: Rules) -> str:
    """The value key of a card name: 'big-red' → 'big', 'hydroxy' → 'hydroxy'."""
    name = card.strip().lower()
    singles = rules.vaccines | {rules.doubler}
    if name in singles:
        return name
    size, _, colour = name.partition("-")
    if size in rules.points and size not in singles and colour in rules.colours:
        return size
    viruses = sorted(set(rules.points) - singles)
    raise UsageError(f"unknown card '{card}'; use {', '.join(sorted(singles))} or a virus as "
                     f"size-colour with size {'/'.join(viruses)} and colour "
                     f"{'/'.join(sorted(rules.colours))} (e.g. big-red)")


def check_hand(hand: Sequence[str], rules: Rules) -> None:
    """A hand the deck can deal: no card more often than the deck holds it (3 Hydroxy, 5 big
    red viruses…); a UsageError names the card, how many the hand lists and the deck holds."""
    seen: dict[str, int] = {}
    for card in hand:
        card_type(card, rules)
        name = card.strip().lower()
        seen[name] = seen.get(name, 0) + 1
    for name, listed in seen.items():
        held = rules.counts.get(card_type(name, rules), 0)
        if listed > held:
            raise UsageError(f"the hand lists '{name}' {listed} times, but the deck holds "
                             f"{held}: no game can deal this hand; check the card names")


def hand_load(hand: Sequence[str], rules: Rules) -> int:
    """The viral load of a hand, with each Hydroxy doubling every vaccine (stacking)."""
    check_hand(hand, rules)
    types = [card_type(card, rules) for card in hand]
    factor = 2 ** types.count(rules.doubler)
    return sum(rules.points[t] * (factor if t in rules.vaccines else 1) for t in types)


def hand_score(hand: Sequence[str], rules: Rules, caller: bool = False, lowest: bool = False,
               tie: Tie = Tie.NONE) -> Score:
    """One player's round score, told whether they called and whether their load was lowest."""
    if tie is not Tie.NONE and not lowest:
        raise UsageError("a tie is about the lowest load: give --lowest with --tie")
    if caller and tie is Tie.OTHERS:
        raise UsageError("the caller is part of any tie for the lowest load they share; "
                         "use --tie caller")
    bonuses: list[tuple[str, int]] = []
    if not hand:
        bonuses.append(("emptied", rules.emptied))
    if caller:
        if not lowest:
            bonuses.append(("caller_not_lowest", rules.caller_not_lowest))
        elif tie is Tie.CALLER:
            bonuses.append(("lowest", rules.lowest))
        else:
            bonuses.append(("caller_lowest", rules.caller_lowest))
    elif lowest and tie is not Tie.CALLER:
        bonuses.append(("lowest", rules.lowest))
    return Score(hand_load(hand, rules), tuple(bonuses))


def round_scores(hands: Mapping[str, Sequence[str]], rules: Rules,
                 caller: str | None) -> dict[str, Score]:
    """Every player's round score from all hands: finds the lowest load and the ties."""
    if caller is not None and caller not in hands:
        raise UsageError(f"the caller '{caller}' has no hand")
    check_hand([card for hand in hands.values() for card in hand], rules)  # one deck in all
    loads = {player: hand_load(hand, rules) for player, hand in hands.items()}
    best = min(loads.values(), default=0)
    low = {player for player, load in loads.items() if load == best}
    tie = Tie.NONE if len(low) == 1 else Tie.CALLER if caller in low else Tie.OTHERS
    return {player: hand_score(hand, rules, caller=player == caller, lowest=player in low,
                               tie=tie if player in low else Tie.NONE)
            for player, hand in hands.items()}
