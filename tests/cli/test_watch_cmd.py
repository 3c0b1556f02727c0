"""``pnp watch`` as a user runs it: it prints the address it serves, a line a build, serves
the status there, and stops cleanly on Ctrl-C (exit 0, "stopped", no traceback); a busy port
or a missing folder is an error before anything is served."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

from support.cli import pnp
from support.paths import ROOT
from support.watch_game import edit_text, make_game


def start(game: Path, *extra: str) -> subprocess.Popen[str]:
    """``pnp watch`` of the source tree under test, in ``game``'s parent folder."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen([sys.executable, "-m", "generator", "watch", "--game-dir",
                             game.name, "--no-browser", *extra], cwd=game.parent, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def read_until(process: subprocess.Popen[str], text: str, lines: list[str]) -> str:
    assert process.stdout is not None
    while True:
        line = process.stdout.readline()
        assert line, f"pnp watch ended before printing {text!r}: {lines}"
        lines.append(line)
        if text in line:
            return line


def status(url: str) -> dict:
    with urllib.request.urlopen(url + "status.json", timeout=20) as response:
        return json.load(response)


def test_it_serves_rebuilds_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    game = make_game(tmp_path / "my-game", 3)
    process = start(game)
    lines: list[str] = []
    try:
        opened = read_until(process, "open http://127.0.0.1:", lines)
        url = opened.split("open ", 1)[1].split()[0]
        read_until(process, "build 1: ok in", lines)
        assert status(url)["build"] == 1
        edit_text(game, 2, "Edited while pnp watch runs.")
        read_until(process, "build 2: ok in", lines)
        assert status(url) | {"seconds": 0} == {"build": 2, "ok": True, "seconds": 0,
                                                "errors": []}
        (game / "game.yaml").write_text("id: [\n", encoding="utf-8")
        read_until(process, "build 3: 1 error, the page keeps build 2", lines)
        where = read_until(process, "game.yaml:", lines)
        assert "YAML" in where
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    assert out.splitlines()[-1] == "stopped"
    assert "Traceback" not in err and "Error" not in err
    assert (game.parent / "output" / "my-game-en-a4.pdf").is_file()


def test_a_busy_port_is_refused(tmp_path: Path, capsys) -> None:
    game = make_game(tmp_path / "my-game", 1)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = pnp(f"watch --game-dir {game} --no-browser --port {port}", capsys)
    assert code == 2 and f"cannot serve on port {port}" in err and "--port" in err


def test_a_missing_folder_is_refused(tmp_path: Path, capsys) -> None:
    code, _, err = pnp(f"watch --game-dir {tmp_path / 'nowhere'} --no-browser", capsys)
    assert code == 2 and "is not a folder" in err
    code, _, err = pnp("watch --game-dir . --port 70000", capsys)
    assert code == 2 and "port from 0 to 65535" in err
