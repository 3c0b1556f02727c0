"""``pnp score microbious``: one player's round score (viral load and bonuses)."""

from __future__ import annotations

import argparse
import json


def register(games: argparse._SubParsersAction) -> None:
    p = games.add_parser("microbious", help="a round's viral load with Hydroxy and bonuses")
    p.add_argument("--hand", required=True,
                   help='cards left in the hand, comma-separated, e.g. "big-red,good-vaccine,'
                        'hydroxy"; "" for an emptied hand')
    p.add_argument("--caller", action="store_true", help='this player called "Microbious"')
    p.add_argument("--lowest", action="store_true",
                   help="this player's load (before bonuses) was the lowest of the round")
    p.add_argument("--tie", choices=("caller", "others"),
                   help="the lowest load was shared: with the caller among the tied players, "
                        "or only among players who did not call")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")


def run(args: argparse.Namespace) -> int:
    from ..pipeline.load import load_builtin
    from ..rules.microbious.score import Rules, Tie, hand_score

    rules = Rules.from_data(load_builtin("microbious").data)
    hand = [card.strip() for card in args.hand.split(",") if card.strip()]
    score = hand_score(hand, rules, caller=args.caller, lowest=args.lowest,
                       tie=Tie(args.tie) if args.tie else Tie.NONE)
    if args.json:
        print(json.dumps({"hand": hand, "load": score.load, "bonuses": dict(score.bonuses),
                          "total": score.total}))
        return 0
    print(f"viral load: {score.load:+d}")
    for name, points in score.bonuses:
        print(f"  {name.replace('_', ' ')}: {points:+d}")
    print(f"round score: {score.total:+d}")
    return 0
