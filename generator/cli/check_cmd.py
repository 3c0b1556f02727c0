"""``pnp check PATH``: validate a game without building it (exit 0 valid, 2 with every
problem listed)."""

from __future__ import annotations

import argparse
import sys

from .options import csv_list


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("check", help="validate a game folder or data file without building")
    p.add_argument("paths", nargs="+", metavar="PATH",
                   help="a game folder, its game.yaml, or a built-in game id")
    p.add_argument("--lang", type=csv_list,
                   help="languages to check (default: every language the game has)")


def run(args: argparse.Namespace) -> int:
    from ..validate import check_game

    status = 0
    for spec in args.paths:
        problems = check_game(spec, args.lang)
        for problem in problems:
            print(f"error: {problem}", file=sys.stderr)
        if problems:
            print(f"{spec}: {len(problems)} problem(s)", file=sys.stderr)
            status = 2
        else:
            print(f"{spec}: OK")
    return status
