"""``pnp export tts``: card sheets and a back for Tabletop Simulator."""

from __future__ import annotations

import argparse

from ..content.wording import counted


def register(targets: argparse._SubParsersAction) -> None:
    from .export_cmd import game_options

    p = targets.add_parser(
        "tts", help="Tabletop Simulator deck sheets",
        description="Export decks for Tabletop Simulator: deck sheets, a back and tts.json.",
        epilog="example: pnp export tts --game-dir my-game")
    game_options(p)
    p.add_argument("--out", default="output/tts", help="folder (default output/tts)")


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
