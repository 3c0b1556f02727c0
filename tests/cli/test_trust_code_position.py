"""``--trust-code`` is taken wherever a user types it, as other flags are: before or after a
command's arguments, on nested commands (``pnp i18n update``) too, and each command's help
lists it."""

from __future__ import annotations

import pytest

from generator.cli import make_parser

PLACES = [
    ["build", "--trust-code", "--game-dir", "g"],
    ["build", "--game-dir", "g", "--trust-code"],
    ["i18n", "--trust-code", "update", "es", "--game-dir", "g"],
    ["i18n", "update", "--trust-code", "es", "--game-dir", "g"],
    ["i18n", "update", "es", "--game-dir", "g", "--trust-code"],
    ["i18n", "status", "--game-dir", "g", "--trust-code"],
    ["check", "--game-dir", "g", "--lang", "es", "--trust-code"],
]


@pytest.mark.parametrize("argv", PLACES, ids=" ".join)
def test_trust_code_is_taken_in_every_position(argv):
    assert make_parser().parse_args(argv).trust_code is True


def test_without_it_nothing_is_trusted():
    assert getattr(make_parser().parse_args(["i18n", "update", "es"]), "trust_code",
                   False) is False


def test_a_nested_command_s_help_lists_it(capsys):
    with pytest.raises(SystemExit):
        make_parser().parse_args(["i18n", "update", "--help"])
    assert "--trust-code" in capsys.readouterr().out
