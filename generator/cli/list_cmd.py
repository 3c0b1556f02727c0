"""``pnp list``: the built-in games and their components."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("list", help="list games and their components")
    parser.add_argument("--game-dir", type=str, help="list a game folder instead")


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..content.loader import builtin_games
    from ..content.model import Deck
    from ..pipeline.load import load_builtin, load_game

    games = [load_game(Path(args.game_dir))] if args.game_dir else [
        load_builtin(g) for g in builtin_games()]
    for game in games:
        print(f"{game.id}  —  {game.title}")
        for component in game.components:
            if isinstance(component, Deck):
                size = component.size
                count = len(component.cards)
                noun = "card" if count == 1 else "cards"
                detail = f"{count} {noun}, {size.w:g}×{size.h:g} mm"
            else:
                detail = f"{component.kind}, layout {component.layout}"
            print(f"  {component.id:<22} {component.title}  ({detail})")
    return 0
