"""The commands a page of documentation shows, read as a newcomer would type them: the lines
of its ```` ```sh ```` blocks that start with ``pnp``, the first cell of its tables headed
``| command |``, and the files its ```` ```lang title="path" ```` blocks tell the reader
to write, all in the order they appear."""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SH_BLOCK = re.compile(r"^```sh\n(.*?)^```", re.S | re.M)
TABLE_COMMAND = re.compile(r"^\|\s*`(pnp [^`]*)`", re.M)
FILE_BLOCK = re.compile(r'^```\w+ title="([^"]+)"\n(.*?)^```', re.S | re.M)


@dataclass(frozen=True)
class Step:
    """A command to type, or a file to write (``path`` relative to the working folder)."""

    command: str = ""
    path: str = ""
    text: str = ""


def steps(markdown: str) -> list[Step]:
    """Commands and files in page order, each command once (``pnp new`` first: a page may
    show building the game it makes before the section that makes it)."""
    found: list[tuple[int, Step]] = []
    for block in SH_BLOCK.finditer(markdown):
        offset = block.start(1)
        for line in block.group(1).splitlines(keepends=True):
            command = line.split("#")[0].strip()
            if command.startswith("pnp "):
                found.append((offset, Step(command=command)))
            offset += len(line)
    found += [(row.start(), Step(command=row.group(1).strip()))
              for row in TABLE_COMMAND.finditer(markdown)
              if _table_header(markdown, row.start()).startswith("| command |")]
    found += [(block.start(), Step(path=block.group(1), text=block.group(2)))
              for block in FILE_BLOCK.finditer(markdown)]
    ordered = [step for _, step in sorted(found, key=lambda pair: pair[0])]
    ordered.sort(key=lambda step: not step.command.startswith("pnp new "))
    return list(dict.fromkeys(ordered))


def _table_header(markdown: str, at: int) -> str:
    """The first line of the table whose row starts at ``at``."""
    header = ""
    for line in reversed(markdown[:at].splitlines()):
        if not line.startswith("|"):
            break
        header = line
    return header


def documentation_pages() -> list[Path]:
    """Every page of the documentation site written by hand (the generated ones hold no
    commands to type)."""
    return sorted((ROOT / "docs").rglob("*.md"))


# the pages say these fail, and with which code
EXPECTED = {
    "pnp build pharma-code --lang es": 2,   # es.po is not finished: the missing ids are listed
    "pnp build pharma-code --lang it": 2,   # a language the game lacks
    "pnp check my-game --lang de": 2,       # a fresh scaffold has no German yet
    "pnp savvy play --seed 7 --lab T --interruptions": 1,  # typed 'quit': the game is lost
    "pnp export mpc save-patient-zero --only molecules": 2,  # no MakePlayingCards size: the nearest
}
# commands that run until Ctrl-C: started, interrupted once they print this line, then exit 0
UNTIL_CTRL_C = {"pnp watch --game-dir my-game --no-browser": "build 1: ok"}
MARKS = """# Lab-M, game of 5,9,24
fuzio = 23-39
estugamo row 2 = yes
samply M4 = no
kolozomi 3 = no
"""  # all right for 5,9,24 (tests/cli/test_savvy.py checks more of them)


def prepare(folder: Path, page: list[Step]) -> None:
    """What a reader of the page has at hand: the game ``pnp new my-game`` makes (unless the
    page makes it), a copy of pharma-code to change, a Savvy marks file and a photo of an
    answer key."""
    from generator.designer.scaffold import create_game
    from generator.resources import games_dir

    if Step(command="pnp new my-game") not in page:
        create_game(folder / "my-game")
    shutil.copytree(games_dir() / "pharma-code", folder / "my-pharma")
    (folder / "sheet.txt").write_text(MARKS, encoding="utf-8")
    if any("photo.png" in step.command for step in page):
        _key_photo(folder)


def _key_photo(folder: Path) -> None:
    """``photo.png``: the answer key of game 42, as a phone would photograph it."""
    import pypdfium2

    assert subprocess.run([_pnp(), "savvy", "key", "--seed", "42", "--out", "key"], cwd=folder,
                          capture_output=True).returncode == 0
    pdf = pypdfium2.PdfDocument(next((folder / "key").glob("*.pdf")))
    pdf[0].render(scale=200 / 72).to_pil().save(folder / "photo.png")


def _pnp() -> str:
    found = shutil.which("pnp")
    assert found is not None, "pnp is not installed: pip install '.[test]'"
    return found


def run(page: list[Step], folder: Path) -> tuple[list[str], list[str]]:
    """Type the page's commands and write its files in ``folder``, in order: the session as
    a log, and each command that ended with another exit code than the page gives it."""
    session, wrong = [], []
    for step in page:
        if step.path:
            (folder / step.path).parent.mkdir(parents=True, exist_ok=True)
            (folder / step.path).write_text(step.text, encoding="utf-8")
            session.append(f"(wrote {step.path})")
            continue
        if step.command in UNTIL_CTRL_C:
            done = _run_until_ready(step.command, folder, UNTIL_CTRL_C[step.command])
        else:
            done = subprocess.run([_pnp(), *step.command.split()[1:]], cwd=folder,
                                  input="quit\n", capture_output=True, text=True, timeout=600)
        session.append(f"$ {step.command}  → exit {done.returncode}")
        if done.returncode != EXPECTED.get(step.command, 0):
            wrong.append(f"{step.command}: exit {done.returncode}\n{done.stderr[-600:]}")
    return session, wrong


def _run_until_ready(command: str, cwd: Path, ready: str) -> subprocess.CompletedProcess[str]:
    """A command that runs until Ctrl-C, as a user stops it once it prints ``ready``."""
    process = subprocess.Popen([_pnp(), *command.split()[1:]], cwd=cwd, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    watchdog = threading.Timer(600, process.kill)  # a line that never comes fails, not hangs
    watchdog.start()
    assert process.stdout is not None
    out = []
    for line in process.stdout:
        out.append(line)
        if ready in line:
            process.send_signal(signal.SIGINT)
    _, err = process.communicate()
    watchdog.cancel()
    return subprocess.CompletedProcess(command, process.returncode, "".join(out), err)
