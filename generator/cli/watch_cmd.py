"""``pnp watch``: a live preview of a game in the browser, rebuilt on every save: a
designer's own folder, or a built-in game in a translator's language."""

from __future__ import annotations

import argparse

from ..content.sizes import papers
from .options import language


def port(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        number = -1
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port from 0 to 65535, got {value!r}")
    return number


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "watch", help="a live preview in the browser that rebuilds on every save",
        description="Serve the latest proofs of a game folder on http://127.0.0.1 (a contact "
        "sheet a deck, each card at full size, the PDF's pages) and rebuild them whenever a "
        "file of the folder is saved: only the cards an edit changed are drawn again, and a "
        "broken file shows its error on the page beside the last good proofs. Runs until "
        "Ctrl-C.",
        epilog="example: pnp watch microbious --lang es --fallback en --port 8000 --no-browser")
    p.add_argument("game", nargs="?", help="a built-in game's id (a translator's preview: "
                   "its catalogs in ./pnp-locales/ are watched too)")
    p.add_argument("--game-dir", help="the game folder to watch")
    p.add_argument("--port", type=port, default=0, help="port on 127.0.0.1 (default: a free one)")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser")
    p.add_argument("--lang", type=language, default="en", help="language (default en)")
    p.add_argument("--out", default="output", help="where the PDF is written (default output)")
    p.add_argument("--paper", choices=list(papers()), default="a4",
                   help="the paper of the PDF whose pages the preview shows (default a4)")
    p.add_argument("--fallback", choices=["en"], help="draw untranslated text in English, "
                   "marked [EN] on its card and listed on the page")


def run(args: argparse.Namespace) -> int:
    import webbrowser
    from pathlib import Path

    from ..content.loader import game_folder
    from ..content.wording import counted
    from ..designer.watch import Preview, Status, WatchRequest, describe, watch
    from ..designer.watch_server import PreviewServer
    from ..errors import UsageError

    if bool(args.game) == bool(args.game_dir):
        raise UsageError("name a built-in game (pnp watch microbious --lang es) or a folder "
                         "of your own (--game-dir my-game), one of the two")
    folder = game_folder(args.game) if args.game else Path(args.game_dir)
    preview = Preview(WatchRequest(folder, args.lang, out_dir=Path(args.out),
                                   paper=args.paper, fallback=args.fallback))
    server = PreviewServer(preview, args.port).start()
    print(f"watching {preview.folder}: open {server.url} (Ctrl-C stops)", flush=True)
    if not args.no_browser:
        webbrowser.open(server.url)

    def report(status: Status) -> None:
        if status.ok:
            print(f"build {status.build}: ok in {status.seconds:.2f} s", flush=True)
            return
        print(f"build {status.build}: {counted(len(status.errors), 'error')}, the page keeps "
              f"build {preview.proofs.build}", flush=True)
        for error in status.errors:
            print(f"  {describe(error)}", flush=True)

    try:
        watch(preview, on_build=report)
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
    print("stopped")
    return 0
