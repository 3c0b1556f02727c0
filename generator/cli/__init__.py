"""``pnp``: one sub-command a module, each a thin layer over the library.

Heavy libraries (reportlab, Babel) are imported inside the commands, so ``pnp --help`` is quick.
"""

from __future__ import annotations

import argparse
import sys
import traceback
from collections.abc import Mapping, Sequence

from . import (
    build_cmd,
    check_cmd,
    export_cmd,
    i18n_cmd,
    list_cmd,
    new_cmd,
    proof_cmd,
    savvy_cmd,
    score_cmd,
)
from .options import Command

# verb → its module, in the order ``pnp --help`` lists them (the module, not its ``run``, so a
# test can patch ``run``)
COMMANDS: Mapping[str, Command] = {
    "build": build_cmd, "list": list_cmd, "savvy": savvy_cmd, "score": score_cmd,
    "i18n": i18n_cmd, "check": check_cmd, "new": new_cmd, "proof": proof_cmd,
    "export": export_cmd,
}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pnp", description="Print-and-play kits and referee tools for five medical games.")
    parser.add_argument("--debug", action="store_true", help="show tracebacks on errors")
    sub = parser.add_subparsers(dest="verb", metavar="COMMAND")
    for module in COMMANDS.values():
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from ..errors import PnpError

    parser = _parser()
    args = parser.parse_args(argv)
    if not args.verb:
        parser.print_help()
        return 2
    try:
        return int(COMMANDS[args.verb].run(args) or 0)
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
