"""``pnp i18n``: extract the message template, start a language, see what is left to translate.

A built-in game's catalogs are written to ``./pnp-locales/<game>/`` (or ``$PNP_LOCALES``), a
game folder of one's own keeps them in its ``locales/``; each command says where it wrote."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from ..content.wording import counted
from .options import csv_list

if TYPE_CHECKING:
    from pathlib import Path

WHERE = ("files go to ./pnp-locales/GAME/ for a built-in game (PNP_LOCALES=DIR: DIR/GAME/), "
         "to locales/ in a --game-dir folder")


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("i18n", help="translation catalogs: extract, init, update, status",
                            description=f"Translation catalogs; {WHERE}. Builds, pnp check and "
                            "status run from the same folder read them first.",
                            epilog="example: pnp i18n init es pharma-code")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    extract = actions.add_parser("extract", help="write messages.pot for each game named",
                                 description=f"Write messages.pot, every message a game's build "
                                 f"needs; {WHERE}.",
                                 epilog="example: pnp i18n extract pharma-code")
    init = actions.add_parser("init", help="start LANG.po for each game named",
                              description=f"Start LANG.po, already translated where the game "
                              f"has the text; {WHERE}.",
                              epilog="example: pnp i18n init es pharma-code")
    init.add_argument("lang", help="language code, such as es or zh")
    init.add_argument("--force", action="store_true", help="start an existing catalog again")
    update = actions.add_parser("update", help="merge what each game needs now into LANG.po",
                                description=f"Bring LANG.po up to date as msgmerge would: "
                                "unchanged texts keep their translation, changed ones stay "
                                "as fuzzy with the previous text (#|), removed ones become "
                                f"obsolete (#~), comments and header kept; {WHERE}.",
                                epilog="example: pnp i18n update es pharma-code")
    update.add_argument("lang", help="language code, such as es or zh")
    for action in (init, update):
        action.add_argument("--translator", metavar='"NAME <EMAIL>"',
                            help="the Last-Translator header (default: $PNP_TRANSLATOR, else "
                                 "git's user.name and user.email)")
    status = actions.add_parser("status", help="share translated per language and game",
                                description="Messages translated per language and game; "
                                "fuzzy entries and empty plural forms count as untranslated.",
                                epilog="example: pnp i18n status pharma-code --lang es -v")
    status.add_argument("--lang", type=csv_list, help="languages (default: all found)")
    status.add_argument("--json", action="store_true", help='{"fr": {"game": 100.0, …}, …}')
    status.add_argument("--verbose", "-v", action="store_true",
                        help="also list the missing and fuzzy message ids")
    for action in (extract, init, update, status):
        action.add_argument("games", nargs="*", help="game ids (default: every built-in game)")
        action.add_argument("--game-dir", help="a game folder of your own instead")
    for action in (extract, init, update):
        action.add_argument("--engine", action="store_true",
                            help="the engine's catalog instead of a game's: the print guide, "
                            "footers and rule cards every game shares, translated once "
                            "(./pnp-locales/_engine/)")


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..content.loader import builtin_games, game_folder
    from ..i18n import workflow
    from ..i18n.places import shown

    folders: list = [Path(args.game_dir)] if args.game_dir else [
        game_folder(g) for g in (args.games or builtin_games())]
    if getattr(args, "engine", False):
        folders = [None]  # the engine's catalog
    if args.action in ("extract", "init", "update"):
        for folder in folders:
            done = (workflow.Updated(workflow.extract(folder), True) if args.action == "extract"
                    else workflow.updated(folder, args.lang, args.translator)
                    if args.action == "update"
                    else workflow.Updated(workflow.init(folder, args.lang, args.force,
                                                        args.translator, _named(args, folder)),
                                          True))
            print(f"wrote {done.path}" if done.changed
                  else f"no change: {done.path} is up to date")
            _warn(done.note)
        for folder in folders if args.action in ("init", "update") else ():
            engine = folder and workflow.engine_catalog(folder, args.lang, args.action,
                                                        args.translator)
            if engine:  # the strings every built-in game shares, translated once
                print(f"wrote {engine.path} (shared by every game)")
                _warn(engine.note)
        if args.action in ("init", "update"):
            game = (f"--game-dir {shown(folders[0])}" if args.game_dir
                    else "GAME" if len(folders) != 1 or folders[0] is None
                    else folders[0].name)
            print(f"next: translate the msgstr lines, then  pnp build {game} --lang {args.lang}")
        return 0
    langs = args.lang or workflow.languages(folders)
    by_game = {f.name: workflow.status(f, langs) for f in folders}
    report = {lang: {game: states[lang] for game, states in by_game.items()} for lang in langs}
    if args.json:
        print(json.dumps({lang: {game: s.percent for game, s in games.items()}
                          for lang, games in report.items()}, indent=2))
        return 0
    _print_status(report, args.verbose)
    # every catalog is counted and every problem listed first; then, as pnp check does, a
    # catalog the build would refuse makes the exit code 2
    return 2 if any(s.problems for games in report.values() for s in games.values()) else 0


def _warn(note: str | None) -> None:
    """A catalog's note (fuzzy matching cut short by its budgets), as one line on stderr."""
    if note:
        print(f"warning: {note}", file=sys.stderr)


def _named(args: argparse.Namespace, folder: Path | None) -> str:
    """How the command line names ``folder``'s catalog, for advice that must run as printed."""
    from ..i18n.places import shown

    return ("--engine" if folder is None else f"--game-dir {shown(folder)}" if args.game_dir
            else folder.name)


def _print_status(report: dict, verbose: bool) -> None:
    """A line per language and game with its counts in strings and words, a line per part
    of the game below it, the catalogs' problems; the ids themselves only when asked."""
    from ..i18n.catalog import readable_key

    left = False
    for lang, games in report.items():
        for game, state in games.items():
            counts = [f"{state.translated}/{state.total} translated"]
            counts += [f"{len(ids)} {label}" for label, ids in
                       (("missing", state.missing), ("fuzzy", state.fuzzy)) if ids]
            counts += [counted(len(state.problems), "problem")] if state.problems else []
            counts += [f"words {state.words - state.words_left}/{state.words}"]
            if state.optional_empty:  # genders and gendered steps: optional, left empty
                counts += [f"{state.optional_empty} optional left empty (not counted; "
                           "msgfmt --statistics counts them untranslated)"]
            print(f"{lang:<6} {game:<22} {state.percent:5.1f} %  {', '.join(counts)}")
            for name, part in state.parts.items():
                if part.missing or part.fuzzy or verbose:
                    print(f"         {name:<44} {part.strings:4} strings {part.words:6} words"
                          f"  missing {part.missing} ({part.missing_words} words)"
                          f"  fuzzy {part.fuzzy} ({part.fuzzy_words} words)")
            for problem in state.problems:
                print(f"         problem: {problem}")
            left = left or bool(state.missing or state.fuzzy)
            for label, ids in (("missing", state.missing), ("fuzzy", state.fuzzy)):
                for message in ids if verbose else ():
                    print(f"         {label}: {readable_key(message, 90)}")
    if left and not verbose:
        print("(--verbose lists every part and the missing and fuzzy ids)")
