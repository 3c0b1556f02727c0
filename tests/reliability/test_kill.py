"""A build killed with SIGKILL at any moment, the build and its workers, leaves the last good
PDFs whole; the next build cleans what the killed one left and builds what is needed."""

from __future__ import annotations

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
