"""``pnp score GAME …``: small score calculators; one module a game (``score_<game>.py``)."""

from __future__ import annotations

import argparse
from collections.abc import Mapping

from . import score_microbious, score_pharma, score_solo
from .options import Command

# the name after ``pnp score`` → its module, in the order ``pnp score --help`` lists them
SCORERS: Mapping[str, Command] = {
    "solo": score_solo, "microbious": score_microbious, "pharma": score_pharma,
}


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("score", help="score calculators for the games")
    games = parser.add_subparsers(dest="scorer", metavar="GAME", required=True)
    for module in SCORERS.values():
        module.register(games)


def run(args: argparse.Namespace) -> int:
    return int(SCORERS[args.scorer].run(args) or 0)
