"""``pnp``: one sub-command a module, each a thin layer over the library.

Heavy libraries (reportlab, Babel) are imported inside the commands, so ``pnp --help`` is quick.
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import bounded
from . import (
    build_cmd,
    check_cmd,
    command_help,
    export_cmd,
    i18n_cmd,
    list_cmd,
    new_cmd,
    proof_cmd,
    savvy_cmd,
    score_cmd,
    watch_cmd,
)
from .options import Command
from .terminal import visible_output

# the exit code a shell reports for a tool stopped by SIGPIPE (128 + 13), as in `yes | head`
PIPE_CLOSED = 141

# verb → its module, in the order ``pnp --help`` lists them (the module, not its ``run``, so a
# test can patch ``run``)
COMMANDS: Mapping[str, Command] = {
    "build": build_cmd, "list": list_cmd, "savvy": savvy_cmd, "score": score_cmd,
    "i18n": i18n_cmd, "check": check_cmd, "new": new_cmd, "proof": proof_cmd,
    "export": export_cmd, "watch": watch_cmd,
}


class _Parser(argparse.ArgumentParser):
    """A parser that refuses the arguments it does not know itself, with its own usage:
    argparse leaves them to the top parser, whose usage says nothing of the command typed.
    Sub-commands get this class too (argparse makes them of their parent's class)."""

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None,
                         ) -> tuple[argparse.Namespace, list[str]]:
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed, extras


class _Version(argparse.Action):
    """``--version``: the installed package's version, looked up only when asked (importing
    importlib.metadata takes some 40 ms, about as long as the rest of ``pnp --help``)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help="show pnp's version and exit")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            print(f"pnp {version('pnp')}")
        except PackageNotFoundError:  # run from a source tree that was never installed
            print("pnp (not installed)")
        parser.exit()


def make_parser() -> argparse.ArgumentParser:
    """The whole command line: every command with its options, description and example."""
    parser = _Parser(prog="pnp")
    parser.add_argument("--version", action=_Version)
    parser.add_argument("--debug", action="store_true", help="show tracebacks on errors")
    sub = parser.add_subparsers(dest="verb", metavar="COMMAND")
    for module in COMMANDS.values():
        module.register(sub)
    for command in sub.choices.values():
        _network_option(command)
        _trust_option(command)
    command_help.apply(parser)
    return parser


def _network_option(parser: argparse.ArgumentParser) -> None:
    """``--allow-private-urls`` on every command that reads a game folder (``--game-dir``),
    whose ``cards_url`` may be fetched; nested commands (``pnp export tts``) too."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command in action.choices.values():
                _network_option(command)
    if "--game-dir" in parser._option_string_actions:
        parser.add_argument("--allow-private-urls", action="store_true",
                            help="let a deck's cards_url reach this machine (localhost) or a "
                                 "private network; refused by default, since a stranger's game "
                                 "folder could use it to read a service that only trusts "
                                 "local requests")


def _trust_option(parser: argparse.ArgumentParser) -> None:
    """``--trust-code`` on every command and every nested one (``pnp i18n update``), so it
    goes before or after a command's arguments as any other flag does; unset, it leaves what
    an outer command set (argparse copies a subcommand's defaults over its parent's)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command in action.choices.values():
                _trust_option(command)
    parser.add_argument("--trust-code", action="store_true", default=argparse.SUPPRESS,
                        help="run the Python a game folder brings (its python/ package); "
                             "only for folders whose author you trust")


def _pipe_closed() -> int:
    """Stop quietly when the reader of our output has gone (``pnp list | head``), as Unix
    tools do; standard output goes to /dev/null so that Python's last flush finds no closed
    pipe either."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # a stdout without a file descriptor (a test's capture)
        pass
    return PIPE_CLOSED


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command line; everything it prints goes out through ``terminal``."""
    with visible_output():
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    from ..errors import PnpError

    parser = make_parser()
    args = parser.parse_args(argv)
    if not args.verb:
        parser.print_help()
        return 2
    if getattr(args, "allow_private_urls", False):
        from ..content.fetch import allow_private

        allow_private()
    from ..rules import TRUST_VARIABLE

    trusting = getattr(args, "trust_code", False) and os.environ.get(TRUST_VARIABLE) != "1"
    if trusting:  # read by generator.rules, in this process and the build workers it starts
        os.environ[TRUST_VARIABLE] = "1"
    try:
        code = int(COMMANDS[args.verb].run(args) or 0)
        sys.stdout.flush()  # a closed pipe shows here at the latest, where it is caught
        return code
    except BrokenPipeError:
        return _pipe_closed()
    except PnpError as exc:
        if args.debug:
            traceback.print_exc()
        print(bounded(f"error: {exc}"), file=sys.stderr)
        for note in getattr(exc, "__notes__", ()):  # what a catalogue build did not write
            print(bounded(note), file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except MemoryError:  # past every budget of templates/limits.yaml, or a small machine
        print("error: out of memory: the game asks more than this machine gives; see "
              "docs/security.md for the budgets of a build", file=sys.stderr)
        return 2
    except Exception:  # noqa: BLE001 - the last line of defence: no bare traceback for users
        if args.debug:
            raise
        _, value, _ = sys.exc_info()
        print(bounded(f"internal error: {type(value).__name__}: {value} (run with --debug for "
                       "details and please report it)"), file=sys.stderr)
        return 3
    finally:
        if trusting:
            del os.environ[TRUST_VARIABLE]


def entry() -> None:
    sys.exit(main())
