"""Every command's --help has a description and one example that parses; the table of help
texts holds rows only for commands whose modules write none; an unknown flag shows the usage of
the command it was given to; ``pnp --version``."""

from __future__ import annotations

import argparse
import re
import shlex

import pytest

from generator.cli import COMMANDS, main, make_parser
from generator.cli.command_help import HELP, sub_commands

ALL = [words for words, _ in sub_commands(make_parser())]
EXAMPLE = re.compile(r"example:\s+(pnp .+)", re.DOTALL)


def test_the_table_covers_every_command_once() -> None:
    bare = argparse.ArgumentParser(prog="pnp")
    sub = bare.add_subparsers()
    for module in COMMANDS.values():
        module.register(sub)
    for words, parser in sub_commands(bare):
        own = bool(parser.description or parser.epilog)
        assert own != (words in HELP), (
            f"'pnp {words}': " + ("its module and HELP both describe it" if own else
                                  "no description: add a row to cli/command_help.HELP"))
    assert set(HELP) <= set(ALL), f"rows for no command: {set(HELP) - set(ALL)}"


@pytest.mark.parametrize("words", ALL)
def test_help_has_a_description_and_an_example_that_parses(
        words: str, capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit) as stop:
        main([*words.split(), "--help"])
    out = capsys.readouterr().out
    assert stop.value.code == 0
    parser = dict(sub_commands(make_parser()))[words]
    assert parser.description and parser.description.split()[0] in out
    found = EXAMPLE.search(out)
    assert found, f"'pnp {words} --help' shows no example"
    argv = shlex.split(" ".join(found.group(1).split()))[1:]
    assert argv[:len(words.split())] == words.split() or not words
    make_parser().parse_args(argv)  # SystemExit (a usage error) fails the test


@pytest.mark.parametrize("words", [w for w in ALL if w])
def test_unknown_flag_shows_that_commands_usage(words: str,
                                                capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit) as stop:
        main([*words.split(), "--no-such-flag"])
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert err.startswith(f"usage: pnp {words} "), err.splitlines()[0]
    assert f"pnp {words}: error: " in err  # the flag, or a required argument missing first


def test_version(capsys: pytest.CaptureFixture) -> None:
    from importlib.metadata import version

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"pnp {version('pnp')}"
