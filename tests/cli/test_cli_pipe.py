"""``pnp … | head``: when the reader of pnp's output has gone, pnp stops quietly with the exit
code a shell gives a tool stopped by SIGPIPE, never an "internal error" or a traceback. Run
as a separate process whose standard output is a pipe already closed at the other end."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from generator.cli import PIPE_CLOSED
from support.cli import pnp_command


def run_into_closed_pipe(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run([*pnp_command(), *args], stdout=write_end, stderr=subprocess.PIPE,
                              stdin=subprocess.DEVNULL, text=True, cwd=cwd, timeout=300)
    finally:
        os.close(write_end)


@pytest.mark.parametrize("args", [
    ["list"],
    ["savvy", "key", "--solution", "5,9,24", "--json"],
    ["savvy", "layout"],
    ["build", "save-patient-zero", "--only", "lab-sheet", "--lang", "en", "--paper", "a4"],
], ids=lambda args: " ".join(args[:2]))
def test_a_closed_pipe_stops_pnp_quietly(args: list[str], tmp_path: Path) -> None:
    done = run_into_closed_pipe(args, tmp_path)
    assert done.stderr == ""
    assert done.returncode == PIPE_CLOSED
