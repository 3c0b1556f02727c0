"""``pnp export tts``: card sheets and a back for Tabletop Simulator."""

from __future__ import annotations

import argparse

from ..content.wording import counted
from .options import csv_list, language


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("export", help="export decks for a digital table")
    p.add_argument("target", choices=["tts"], help="tts: Tabletop Simulator deck sheets")
    p.add_argument("game", nargs="?", help="a built-in game id (or use --game-dir)")
    p.add_argument("--game-dir", help="a game folder of your own")
    p.add_argument("--lang", type=language, default="en", help="language (default en)")
    p.add_argument("--only", type=csv_list, default=[], help="only these decks")
    p.add_argument("--out", default="output/tts", help="folder (default output/tts)")
    p.add_argument("--fallback", choices=["en"], help="use English for missing translations")
    p.add_argument("--layouts", action="append", default=[],
                   help="a folder of your own layouts, searched before the built-ins")


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..designer.tts import ExportRequest, export_tts
    from .options import one_game

    result = export_tts(ExportRequest(one_game(args), args.lang, Path(args.out), tuple(args.only),
                                      tuple(Path(p) for p in args.layouts), args.fallback))
    print(f"wrote {counted(result.sheets, 'sheet')} of {counted(result.cards, 'card')} into "
          f"{result.folder}/ "
          f"(index {result.index.name}) in {result.seconds:.2f} s")
    return 0
