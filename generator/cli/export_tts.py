"""``pnp export tts``: card sheets, a back and a saved object a deck for Tabletop Simulator."""

from __future__ import annotations

import argparse

from ..content.wording import counted


def register(targets: argparse._SubParsersAction) -> None:
    from .export_cmd import game_options

    p = targets.add_parser(
        "tts", help="Tabletop Simulator decks (sheets and a saved object a deck)",
        description="Export decks for Tabletop Simulator: deck sheets, a back, tts.json and "
                    "<deck>.json, a saved object holding every card of the deck. Copy the "
                    "<deck>.json files into Tabletop Simulator's Saves/Saved Objects folder "
                    "and load them from Objects → Saved Objects.",
        epilog="example: pnp export tts --game-dir my-game")
    game_options(p)
    p.add_argument("--out", default="output/tts", help="folder (default output/tts)")
    p.add_argument("--base-url", metavar="URL",
                   help="where you will host the exported files (https://…): the saved "
                        "objects load URL/<file> instead of file:/// paths on this computer")


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..designer.tts import ExportRequest, export_tts, saved_objects_folder
    from .options import one_game

    result = export_tts(ExportRequest(one_game(args), args.lang, Path(args.out), tuple(args.only),
                                      tuple(Path(p) for p in args.layouts), args.fallback,
                                      args.base_url))
    print(f"wrote {counted(result.sheets, 'sheet')} of {counted(result.cards, 'card')} into "
          f"{result.folder}/ "
          f"(index {result.index.name if result.index else '-'}) in {result.seconds:.2f} s")
    print(f"to play: copy {', '.join(p.name for p in result.objects)} into "
          f"{saved_objects_folder()} and load from Objects → Saved Objects")
    return 0
