"""``pnp proof``: PNG proofs of every card face and back, and contact sheets per deck."""

from __future__ import annotations

import argparse

from ..content.wording import counted
from .options import csv_list, language, non_negative_mm


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("proof", help="PNG proofs of each card and contact sheets per deck")
    p.add_argument("game", nargs="?", help="a built-in game id (or use --game-dir)")
    p.add_argument("--game-dir", help="a game folder of your own")
    p.add_argument("--lang", type=language, default="en", help="language (default en)")
    p.add_argument("--dpi", type=float, default=150, help="resolution (default 150)")
    p.add_argument("--bleed", type=non_negative_mm, default=3.0, help="bleed in mm (default 3)")
    p.add_argument("--only", type=csv_list, default=[], help="only these decks")
    p.add_argument("--out", default="output/proofs", help="folder (default output/proofs)")
    p.add_argument("--fallback", choices=["en"], help="use English for missing translations")
    p.add_argument("--layouts", action="append", default=[],
                   help="a folder of your own layouts, searched before the built-ins")


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..designer.proof import ProofRequest, proof
    from .options import one_game

    result = proof(ProofRequest(one_game(args), args.lang, args.dpi, Path(args.out), args.bleed,
                                tuple(args.only), tuple(Path(p) for p in args.layouts),
                                args.fallback))
    print(f"wrote {counted(result.cards, 'face')}, {counted(result.backs, 'back')} and "
          f"{counted(len(result.contact_sheets), 'contact sheet')} into {result.folder}/ in "
          f"{result.seconds:.2f} s")
    return 0
