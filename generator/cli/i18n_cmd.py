"""``pnp i18n``: extract the message template, start a language, see what is left to translate."""

from __future__ import annotations

import argparse
import json

from .options import csv_list


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("i18n", help="translation catalogs: extract, init, status")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    extract = actions.add_parser("extract", help="write locales/messages.pot for each game")
    init = actions.add_parser("init", help="start locales/LANG.po for each game")
    init.add_argument("lang", help="language code, such as es or zh")
    init.add_argument("--force", action="store_true", help="start an existing catalog again")
    status = actions.add_parser("status", help="share translated per language and game")
    status.add_argument("--lang", type=csv_list, help="languages (default: all found)")
    status.add_argument("--json", action="store_true", help='{"fr": {"game": 100.0, …}, …}')
    for action in (extract, init, status):
        action.add_argument("games", nargs="*", help="game ids (default: every built-in game)")
        action.add_argument("--game-dir", help="a game folder of your own instead")


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..content.loader import builtin_games, game_folder
    from ..i18n import workflow

    folders = [Path(args.game_dir)] if args.game_dir else [
        game_folder(g) for g in (args.games or builtin_games())]
    if args.action == "extract":
        for folder in folders:
            print(f"wrote {workflow.extract(folder)}")
        return 0
    if args.action == "init":
        for folder in folders:
            print(f"wrote {workflow.init(folder, args.lang, args.force)}")
        return 0
    report = {lang: {f.name: workflow.status(f, lang) for f in folders}
              for lang in (args.lang or workflow.languages(folders))}
    if args.json:
        print(json.dumps({lang: {game: s.percent for game, s in games.items()}
                          for lang, games in report.items()}, indent=2))
        return 0
    for lang, games in report.items():
        for game, state in games.items():
            print(f"{lang:<6} {game:<22} {state.percent:5.1f} %")
            for label, ids in (("missing", state.missing), ("fuzzy", state.fuzzy)):
                for message in ids:
                    print(f"         {label}: {message[:90]!r}")
    return 0
