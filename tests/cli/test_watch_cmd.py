"""``pnp watch`` as a user runs it: it prints the address it serves, a line a build, serves
the status there, and stops cleanly on Ctrl-C (exit 0, "stopped", no traceback); a busy port
or a missing folder is an error before anything is served."""

from __future__ import annotations

import json
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

from support.cli import pnp
from support.paths import ROOT
from support.watch_game import edit_text, make_game


class Watcher:
    """``pnp watch`` of the source tree under test, in ``game``'s parent folder; its output
    read line by line in a thread, so a line that never comes fails the test, not hangs it."""

    def __init__(self, game: Path, *extra: str):
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "generator", "watch", "--game-dir", game.name,
             "--no-browser", *extra], cwd=game.parent, env=env, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put("")

    def until(self, text: str, seconds: float = 60) -> str:
        """The first line from now that holds ``text``."""
        while True:
            try:
                line = self.lines.get(timeout=seconds)
            except queue.Empty:
                raise AssertionError(f"no {text!r} within {seconds} s: {self.seen}") from None
            assert line, f"pnp watch ended before printing {text!r}: {self.seen}"
            self.seen.append(line)
            if text in line:
                return line

    def stop(self) -> tuple[int, str, str]:
        """Ctrl-C; the exit code, the rest of its output and its errors."""
        self.process.send_signal(signal.SIGINT)
        assert self.process.stderr is not None
        self.process.wait(30)
        rest = []
        while (line := self.lines.get(timeout=10)):
            rest.append(line)
        return self.process.returncode, "".join(self.seen + rest), self.process.stderr.read()


def status(url: str) -> dict:
    with urllib.request.urlopen(url + "status.json", timeout=20) as response:
        return json.load(response)


def test_it_serves_rebuilds_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    game = make_game(tmp_path / "my-game", 3)
    watcher = Watcher(game)
    try:
        url = watcher.until("open http://127.0.0.1:").split("open ", 1)[1].split()[0]
        watcher.until("build 1: ok in")
        assert status(url)["build"] == 1
        edit_text(game, 2, "Edited while pnp watch runs.")
        watcher.until("build 2: ok in")
        assert status(url) | {"seconds": 0} == {"build": 2, "ok": True, "seconds": 0,
                                                "errors": []}
        (game / "game.yaml").write_text("id: [\n", encoding="utf-8")
        watcher.until("build 3: 1 error, the page keeps build 2")
        assert "YAML" in watcher.until("game.yaml:")
    finally:
        code, out, err = watcher.stop()
    assert code == 0, err
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
