"""A build killed with SIGKILL at any moment, the build and its workers, leaves the last good
PDFs whole; the next build cleans what the killed one left and builds what is needed."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

pytestmark = pytest.mark.slow  # several real builds, killed and run again

BUILD = [sys.executable, "-m", "generator", "build", "microbious", "--lang", "en,fr",
         "--paper", "a4,letter", "--jobs", "2", "--quiet"]


def _pages(out: Path) -> dict[str, int]:
    """Every PDF of the folder, read through: its page count (a torn file raises)."""
    return {pdf.name: len(PdfReader(pdf).pages) for pdf in sorted(out.glob("*.pdf"))}


def _leftovers(out: Path) -> list[str]:
    return sorted(p.name for p in out.rglob("*") if p.name.endswith(".part"))


def test_a_build_killed_at_random_moments_leaves_whole_pdfs(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert subprocess.run([*BUILD, "--out", str(out)], cwd=tmp_path).returncode == 0
    good = _pages(out)
    assert len(good) == 4
    rng = random.Random(2026)
    for _ in range(6):
        build = subprocess.Popen([*BUILD, "--force", "--out", str(out)], cwd=tmp_path,
                                 start_new_session=True, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.05, 2.0))
        os.killpg(build.pid, signal.SIGKILL)  # the build and every worker, mid-write or not
        build.wait()
        assert _pages(out) == good  # each PDF is the last good one, or a whole new one
    done = subprocess.run([*BUILD, "--out", str(out)], cwd=tmp_path, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr
    assert _pages(out) == good and _leftovers(out) == []


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid``, read from /proc."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def _running(pid: int) -> bool:
    """Whether ``pid`` is a live process (not gone, not a zombie waiting to be reaped)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_stop_when_their_build_is_killed(tmp_path: Path) -> None:
    """SIGKILL to the build alone (as a deadline or the out-of-memory killer sends it, to
    one process): its pool workers end within seconds instead of drawing on for minutes."""
    build = subprocess.Popen([*BUILD, "--force", "--out", str(tmp_path / "out")],
                             cwd=tmp_path, start_new_session=True, stderr=subprocess.DEVNULL)
    try:
        started = time.monotonic()
        while len(workers := _children(build.pid)) < 2 and time.monotonic() - started < 60:
            time.sleep(0.05)
        assert len(workers) >= 2, "the build started no workers"
        os.kill(build.pid, signal.SIGKILL)
        build.wait()
        killed = time.monotonic()
        while any(_running(pid) for pid in workers) and time.monotonic() - killed < 5:
            time.sleep(0.05)
        assert not any(_running(pid) for pid in workers)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(build.pid, signal.SIGKILL)
