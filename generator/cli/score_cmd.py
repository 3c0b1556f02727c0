"""``pnp score GAME …``: small score calculators; one module a game (``score_<game>.py``)."""

from __future__ import annotations

import argparse
import importlib

SCORERS = ("solo", "microbious", "pharma")


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("score", help="score calculators for the games")
    games = parser.add_subparsers(dest="scorer", metavar="GAME", required=True)
    for name in SCORERS:
        importlib.import_module(f"{__package__}.score_{name}").register(games)


def run(args: argparse.Namespace) -> int:
    module = importlib.import_module(f"{__package__}.score_{args.scorer}")
    return int(module.run(args) or 0)
