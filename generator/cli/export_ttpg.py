"""``pnp export ttpg``: card sheets and a card template a deck for Tabletop Playground."""

from __future__ import annotations

import argparse

from ..content.wording import counted


def register(targets: argparse._SubParsersAction) -> None:
    from .export_cmd import game_options

    p = targets.add_parser(
        "ttpg", help="Tabletop Playground card templates and their sheets",
        description="Export decks for Tabletop Playground: Textures/ with the card sheets and "
                    "Templates/ with one card template a deck. Copy both folders into your "
                    "package's folder; the decks appear in the object library.",
        epilog="example: pnp export ttpg --game-dir my-game")
    game_options(p)
    p.add_argument("--out", default="output/ttpg", help="folder (default output/ttpg)")


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..designer.ttpg import ExportRequest, export_ttpg
    from .options import one_game

    result = export_ttpg(ExportRequest(one_game(args), args.lang, Path(args.out),
                                       tuple(args.only), tuple(Path(p) for p in args.layouts),
                                       args.fallback))
    print(f"wrote {counted(result.sheets, 'sheet')} of {counted(result.cards, 'card')} and "
          f"{counted(len(result.objects), 'card template')} into {result.folder}/ in "
          f"{result.seconds:.2f} s; copy its Templates/ and Textures/ into your package folder")
    return 0
