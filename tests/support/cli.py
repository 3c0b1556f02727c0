"""Running ``pnp`` as a user types it, in-process: a command line, its exit code and what it
printed; and a game made by ``pnp new`` in a fresh working folder, where every command of a
test then runs."""

from __future__ import annotations

import shlex
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

import pytest

from generator.cli import main


class Ran(NamedTuple):
    """What a command did: its exit code, its standard output and its standard error."""

    code: int
    out: str
    err: str

    @property
    def printed(self) -> tuple[int, str]:
        """The exit code and all the command printed, output then errors."""
        return self.code, self.out + self.err


def pnp(command: str | Sequence[str], capsys: pytest.CaptureFixture) -> Ran:
    """``pnp command`` in this process: a line split as a shell would, or its arguments;
    its exit code (argparse's usage errors included), output and errors. The one way tests
    run pnp in-process."""
    argv = shlex.split(command) if isinstance(command, str) else list(command)
    try:
        code = main(argv)
    except SystemExit as stop:
        code = int(stop.code or 0)
    captured = capsys.readouterr()
    return Ran(code, captured.out, captured.err)


def pnp_command() -> list[str]:
    """The installed ``pnp`` beside this Python, else on the PATH, else the package's main:
    for the tests that run it as a separate process."""
    script = Path(sys.executable).with_name("pnp")
    if script.is_file():
        return [str(script)]
    found = shutil.which("pnp")
    return [found] if found else [sys.executable, "-m", "generator"]


def new_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
             capsys: pytest.CaptureFixture) -> Path:
    """``pnp new my-game`` in ``tmp_path``, made the working folder (with no PNP_LOCALES
    from the environment); the game's folder."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PNP_LOCALES", raising=False)
    assert pnp("new my-game", capsys)[0] == 0
    return tmp_path / "my-game"


def translators_copy(game_id: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A built-in game copied into ``tmp_path`` as a game folder of one's own, which a
    translator named by PNP_TRANSLATOR (Ana Ruiz) works on; the folder."""
    monkeypatch.setenv("PNP_TRANSLATOR", "Ana Ruiz <ana@example.org>")
    from generator.content.loader import game_folder

    folder = tmp_path / game_id
    shutil.copytree(game_folder(game_id), folder)
    return folder
