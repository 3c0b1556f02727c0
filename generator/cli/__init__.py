"""``pnp``: one sub-command a module, each a thin layer over the library.

Heavy libraries (reportlab, Babel) are imported inside the commands, so ``pnp --help`` is quick.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import traceback
from collections.abc import Sequence

VERBS = ("build", "list", "savvy", "score", "i18n", "check", "new", "proof", "export")


def _parser() -> tuple[argparse.ArgumentParser, dict[str, object]]:
    parser = argparse.ArgumentParser(
        prog="pnp", description="Print-and-play kits and referee tools for five medical games.")
    parser.add_argument("--debug", action="store_true", help="show tracebacks on errors")
    sub = parser.add_subparsers(dest="verb", metavar="COMMAND")
    modules: dict[str, object] = {}
    for verb in VERBS:
        try:
            module = importlib.import_module(f"{__name__}.{verb}_cmd")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{verb}_cmd":
                raise
            continue
        module.register(sub)  # type: ignore[attr-defined]
        modules[verb] = module
    return parser, modules


def main(argv: Sequence[str] | None = None) -> int:
    from ..errors import PnpError

    parser, modules = _parser()
    args = parser.parse_args(argv)
    if not args.verb:
        parser.print_help()
        return 2
    try:
        return int(modules[args.verb].run(args) or 0)  # type: ignore[attr-defined]
    except PnpError as exc:
        if args.debug:
            traceback.print_exc()
        print(f"error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except Exception:  # noqa: BLE001 - the last line of defence: no bare traceback for users
        if args.debug:
            raise
        _, value, _ = sys.exc_info()
        print(f"internal error: {type(value).__name__}: {value} (run with --debug for details and "
              "please report it)", file=sys.stderr)
        return 3


def entry() -> None:
    sys.exit(main())
