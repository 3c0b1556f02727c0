"""``pnp export TARGET …``: one module a target, each a thin layer over the library, listed in
one table (the order ``pnp export --help`` shows them)."""

from __future__ import annotations

import argparse
from collections.abc import Mapping

from . import export_cut, export_ttpg, export_tts, export_vendor
from .options import Command

# target → its module; a target registers its own parser (options, description, example)
TARGETS: Mapping[str, Command] = {
    "tts": export_tts,
    "ttpg": export_ttpg,
    **export_vendor.TARGETS,  # tgc, mpc, drivethru, printplaygames
    "cut": export_cut,
}


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("export", help="export decks for a digital table or a print shop")
    targets = parser.add_subparsers(dest="target", metavar="TARGET", required=True)
    for module in TARGETS.values():
        module.register(targets)


def game_options(parser: argparse.ArgumentParser) -> None:
    """The options every export shares: which game, language, decks, layouts and fallback."""
    from .options import csv_list, language

    parser.add_argument("game", nargs="?", help="a built-in game id (or use --game-dir)")
    parser.add_argument("--game-dir", help="a game folder of your own")
    parser.add_argument("--lang", type=language, default="en", help="language (default en)")
    parser.add_argument("--only", type=csv_list, default=[], help="only these decks")
    parser.add_argument("--fallback", choices=["en"],
                        help="use English for missing translations")
    parser.add_argument("--layouts", action="append", default=[],
                        help="a folder of your own layouts, searched before the built-ins")


def run(args: argparse.Namespace) -> int:
    return TARGETS[args.target].run(args)
