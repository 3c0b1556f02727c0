"""``pnp score pharma --cards "3,8,J,15,22,9,40,41,60" [--fast-track] [--json]``."""

from __future__ import annotations

import argparse
import json

from ..content.wording import counted


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("pharma", help="The Pharma Code: squares earned by a row of 9 cards")
    p.add_argument("--cards", required=True, metavar="LIST",
                   help='the row left to right, numbers 1-60 and J for jokers: "3,8,J,15,…"')
    p.add_argument("--fast-track", action="store_true",
                   help="this player played a Fast Track card this stage (doubles the reward)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")


def run(args: argparse.Namespace) -> int:
    from ..rules.pharma_code.score import parse_cards, reward

    result = reward(parse_cards(args.cards), fast_track=args.fast_track)
    if args.json:
        print(json.dumps({
            "cards": [str(c) for c in result.cards],
            "run_numbers": result.run_numbers,
            "run_jokers": result.run_jokers,
            "broken_at": result.broken_at,
            "fast_track": result.fast_track,
            "squares": result.squares,
        }))
        return 0
    shown = [str(c) for c in result.cards]
    if result.broken_at is not None:
        shown.insert(result.broken_at - 1, "|")
    print(f"Row:     {' '.join(shown)}")
    jokers = (f" and {counted(result.run_jokers, 'joker')}, which earn nothing"
              if result.run_jokers else "")
    end = (f"card {result.broken_at} ({result.cards[result.broken_at - 1]}) breaks it"
           if result.broken_at is not None else "the whole row rises")
    print(f"Run:     {counted(result.run_numbers, 'number card')}{jokers}; {end}")
    doubled = f" (Fast Track doubles {result.run_numbers})" if result.fast_track else ""
    print(f"Reward:  move {counted(result.squares, 'square')}{doubled}")
    return 0
