"""Running ``pnp`` as a user types it, in-process: a command line, its exit code and what it
printed; and a game made by ``pnp new`` in a fresh working folder, where every command of a
test then runs."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from generator.cli import main


def pnp(command: str, capsys: pytest.CaptureFixture) -> tuple[int, str, str]:
    """``pnp command`` (split as a shell would): its exit code, argparse's usage errors
    included, its standard output and its standard error."""
    try:
        code = main(shlex.split(command))
    except SystemExit as stop:
        code = int(stop.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def new_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
             capsys: pytest.CaptureFixture) -> Path:
    """``pnp new my-game`` in ``tmp_path``, made the working folder (with no PNP_LOCALES
    from the environment); the game's folder."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PNP_LOCALES", raising=False)
    assert pnp("new my-game", capsys)[0] == 0
    return tmp_path / "my-game"
