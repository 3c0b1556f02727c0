"""``pnp new``: a starter game folder to edit and build with ``--game-dir``."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("new", help="create a game folder to start your own deck",
                       description="Create a starter game folder (game.yaml, a layout, a card "
                       "list, art/ and icons/) to build with --game-dir; never inside the "
                       "installed package.", epilog="example: pnp new my-game --title 'My Game'")
    p.add_argument("folder", help="the folder to create, such as my-game")
    p.add_argument("--title", help="the game's title (default: from the folder name)")


def run(args: argparse.Namespace) -> int:
    import shlex
    from pathlib import Path

    from ..designer.scaffold import create_game

    target = Path(args.folder)
    files = create_game(target, args.title)
    print(f"created {target.absolute()}/ with {', '.join(str(f) for f in files)}")
    shown = shlex.quote(str(target))
    print(f"next: edit {shown}/cards.csv, then run  pnp build --game-dir {shown} --paper a4")
    return 0
