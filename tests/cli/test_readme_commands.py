"""The README as a newcomer meets it: it opens with the two set-up commands, which work as
written in a fresh virtual environment (the first is typed here in a clean copy of the
project; the second is what .ci/run types, word for word), and every ``pnp`` command it shows
ends with the exit code it gives (0 unless it says the command fails)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from support.doc_commands import ROOT, prepare, run, steps

README = ROOT / "README.md"
VENV = "python3 -m venv .venv && . .venv/bin/activate && "


def set_up_commands() -> list[str]:
    """The lines of the README's first shell block."""
    first = re.search(r"```sh\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert first is not None, "the README shows no shell block"
    return first.group(1).splitlines()


def test_the_readme_opens_with_the_two_set_up_commands_in_a_venv():
    text = README.read_text(encoding="utf-8")
    assert text.index("```sh") < 100, "the two commands are not the README's first lines"
    install, test = set_up_commands()
    assert install == VENV + "pip install . && pnp build"
    assert test == VENV + "pip install '.[test]' && python3 -m pytest"


def test_ci_types_the_readmes_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert set_up_commands()[1] in ci.splitlines(), ".ci/run does not type the README's line"


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pnp") is None, reason="pnp is not installed")
def test_every_readme_command_runs_as_the_readme_says(tmp_path: Path) -> None:
    page = steps(README.read_text(encoding="utf-8"))
    assert len(page) >= 4, "the README's commands were not found"
    prepare(tmp_path, page)
    session, wrong = run(page, tmp_path)
    print("\n".join(session))  # the newcomer's session, for the record (pytest -s shows it)
    assert not wrong, "\n\n".join(wrong)


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_the_install_command_works_as_written_in_a_clean_copy(tmp_path: Path) -> None:
    """A clean copy of the project's files, outside any virtual environment: the README's
    first line makes one, installs pnp into it from PyPI and builds every kit."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                           check=True).stdout.decode().split("\0")
    copy = tmp_path / "pnp"
    for name in filter(None, files):
        if (ROOT / name).is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, copy / name)
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    here = os.environ.get("VIRTUAL_ENV")
    env["PATH"] = os.pathsep.join(p for p in env["PATH"].split(os.pathsep)
                                  if not here or not p.startswith(here))
    done = subprocess.run(["bash", "-c", set_up_commands()[0]], cwd=copy, env=env,
                          capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stderr[-2000:]
    assert len(list((copy / "output").glob("*.pdf"))) == 30, done.stdout[-2000:]
