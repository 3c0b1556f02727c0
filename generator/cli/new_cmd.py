"""``pnp new``: a starter game folder to edit and build with ``--game-dir``."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("new", help="create a game folder to start your own deck")
    p.add_argument("folder", help="the folder to create, such as my-game")
    p.add_argument("--title", help="the game's title (default: from the folder name)")


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..designer.scaffold import create_game

    target = Path(args.folder)
    files = create_game(target, args.title)
    print(f"created {target}/ with {', '.join(str(f) for f in files)}")
    print(f"next: edit {target}/cards.csv, then run  pnp build --game-dir {target} --paper a4")
    return 0
