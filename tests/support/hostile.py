"""A stranger's game folder, and ``pnp`` run on it as a separate process under a memory cap
and a deadline: what the hostile-folder suite (``tests/reliability/test_hostile_folders.py``)
asserts of every case — exit 2 with one line, nothing written outside the game folder and
the output folder, and no byte from outside the folder in any PDF."""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader

MEMORY_BYTES = 1 << 30  # the issue's bound: a build of any folder stays under 1 GB
DEADLINE_S = 60  # and fails cleanly within a minute
MARK = "OUTSIDE-SECRET-5b1e"  # in every file outside the game folder; never in a PDF
SECRET_SVG = (f'<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">'
              f'<text x="2" y="20">{MARK}</text></svg>')


@dataclass(frozen=True)
class Stranger:
    """The folders of one case: ``game`` (made by ``pnp new``), ``out`` (the output
    folder), ``outside`` (the victim's files, each holding :data:`MARK`), ``cache``
    (pnp's own cache folder, XDG_CACHE_HOME)."""

    root: Path

    @property
    def game(self) -> Path:
        return self.root / "my-game"

    @property
    def out(self) -> Path:
        return self.root / "out"

    @property
    def outside(self) -> Path:
        return self.root / "outside"

    @property
    def cache(self) -> Path:
        return self.root / "cache"


def make_stranger(root: Path, template: Path) -> Stranger:
    """A copy of the ``pnp new`` game ``template`` in ``root``, beside the victim's files."""
    stranger = Stranger(root)
    shutil.copytree(template, stranger.game, symlinks=True)
    stranger.outside.mkdir()
    (stranger.outside / "secret.txt").write_text(MARK)
    (stranger.outside / "secret.csv").write_text(f"Name,Text,qty\n{MARK},{MARK},1\n")
    (stranger.outside / "secret.svg").write_text(SECRET_SVG)
    (stranger.outside / "secret.yaml").write_text(
        f"leak: {{extends: basic-card, elements: [{{type: text, x: 1, y: 1, w: 50, h: 5, "
        f"text: {MARK}}}]}}\n")
    (stranger.outside / "secret.po").write_text(
        f'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        f'msgid "Cards"\nmsgstr "{MARK}"\n')
    (stranger.outside / "folder").mkdir()
    return stranger


def _capped() -> None:
    """In the child, before pnp starts: at most :data:`MEMORY_BYTES` of address space."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))


@dataclass(frozen=True)
class Run:
    code: int
    err: str
    seconds: float


def run_pnp(stranger: Stranger, *args: str, cwd: Path | None = None,
            script: Path | None = None) -> Run:
    """``pnp args`` in a new process, capped and with a deadline (a hang fails the test);
    run by ``script`` instead of ``python -m generator`` when one is given."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PNP_")}
    env["XDG_CACHE_HOME"] = str(stranger.cache)
    started = time.monotonic()
    start = [str(script)] if script else ["-m", "generator"]
    done = subprocess.run([sys.executable, *start, *args], cwd=cwd or stranger.root,
                          env=env, capture_output=True, text=True, timeout=DEADLINE_S,
                          preexec_fn=_capped)
    return Run(done.returncode, done.stderr, time.monotonic() - started)


def snapshot(stranger: Stranger) -> dict[str, tuple[int, int]]:
    """Every path under the case's root outside the game, output and cache folders, with its
    size and modification time: what a run must leave as it was."""
    kept = {stranger.game, stranger.out, stranger.cache}
    found = {}
    for path in stranger.root.rglob("*"):
        if any(path == k or k in path.parents for k in kept):
            continue
        info = path.lstat()
        found[str(path)] = (info.st_size, info.st_mtime_ns)
    return found


def leaked(stranger: Stranger) -> list[str]:
    """The PDFs in the game and output folders that hold :data:`MARK`, in their bytes or
    their text."""
    found = []
    for pdf in [*stranger.out.rglob("*.pdf"), *stranger.game.rglob("*.pdf")]:
        data = pdf.read_bytes()
        text = " ".join(page.extract_text() or "" for page in PdfReader(pdf).pages)
        if MARK.encode() in data or MARK in text:
            found.append(str(pdf))
    return found


def new_game_template(root: Path) -> Path:
    """A game made by ``pnp new`` in ``root``, under the same cap: what each case copies."""
    stranger = Stranger(root)
    stranger.out.mkdir()
    assert run_pnp(stranger, "new", "my-game").code == 0
    return stranger.game


BUILD = ("build", "--game-dir", "my-game", "--lang", "en", "--paper", "a4", "--out", "out")


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} is not in {path}"
    path.write_text(text.replace(old, new))


def refused(s: Stranger, *fragments: str, args: tuple[str, ...] = BUILD) -> str:
    """Run ``pnp args``; assert exit 2, one line holding every fragment, nothing written
    outside; the line."""
    before = snapshot(s)
    run = run_pnp(s, *args)
    lines = run.err.strip().splitlines()
    assert run.code == 2, run.err[-3000:]
    assert len(lines) == 1, run.err[-3000:]
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    assert snapshot(s) == before
    assert not any(s.out.glob("*.pdf"))
    return lines[0]


def layout_text(s: Stranger, text: str) -> None:
    edit(s.game / "layouts" / "cards.yaml", "size: 6, color: muted}",
         f"size: 6, color: muted}}\n    - {{type: text, x: 3, y: 3, w: 30, h: 5, "
         f"text: \"{text}\"}}")
