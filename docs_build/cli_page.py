"""The command-line reference, written from pnp's own argument parsers: every command and
sub-command with its usage, options and example, as ``--help`` prints them."""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator

from generator.cli import COMMANDS, make_parser


def _commands(parser: argparse.ArgumentParser, words: tuple[str, ...]
              ) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """(the words that name a command, its parser), depth first, in ``--help`` order."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield (*words, name), sub
                yield from _commands(sub, (*words, name))


def page() -> str:
    os.environ["COLUMNS"] = "100"  # argparse wraps help to the terminal; the page is fixed
    parser = make_parser()
    parts = [
        "# Command reference",
        "",
        "Generated from pnp's argument parsers when the documentation is built: each section "
        "is what `pnp COMMAND --help` prints. Every command exits with 0 when all went well, "
        "2 for a mistake in its input (a message names the file, the place and the fix), 3 "
        "for an unexpected failure (`pnp --debug …` shows the traceback).",
        "",
        "Commands: " + ", ".join(f"[`{verb}`](#pnp-{verb})" for verb in COMMANDS) + ".",
        "",
        "```text",
        parser.format_help().rstrip(),
        "```",
    ]
    for words, sub in _commands(parser, ()):
        level = "#" * min(2 + len(words) - 1, 4)
        parts += ["", f"{level} pnp {' '.join(words)}", "", "```text",
                  sub.format_help().rstrip(), "```"]
    return "\n".join(parts) + "\n"
