"""Every command that writes, on a hostile machine: each file creation, write, fsync and rename
it makes fails in turn with a full disk (every call up to 12 of a kind, else five spread from
the first to the last), and the first and the last with a read-only file system, no permission
and a folder in the way. Each time: exit 2, one line on stderr naming the
path and what to do, and every file as it was — the last good output byte for byte, no
temporary file, no record that calls an output up to date (the run after a fault still writes).
``pnp score`` writes nothing, whatever the disk does."""

from __future__ import annotations

import errno
import re
import shlex
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from generator.cli import main
from generator.cli.export_cmd import TARGETS
from support.cli import pnp
from support.faults import CODES, POINTS, Fault, injected

ADVICE = {  # what the line says for each errno, after "cannot write PATH: "
    errno.ENOSPC: r"the disk is full; free (at least \d+(\.\d)? [kM]B|some space) on it and "
                  r"try again",
    errno.EROFS: r"the file system is read-only; (?P<elsewhere>.+)",
    errno.EACCES: r"no permission to write in \S+; (?P<elsewhere>.+), or make it writable",
    errno.EISDIR: r"a folder is in the way of a file written there; move or rename it, or "
                  r"(?P<elsewhere>.+)",
}
OUT = "choose another --out folder"


def edit(relative: str, old: str, new: str) -> Callable[[Path], None]:
    def change(work: Path) -> None:
        path = work / relative
        path.write_text(path.read_text().replace(old, new))
    return change


CHANGE_CARDS = edit("my-game/cards.csv", "Healer", "Medic")
CHANGE_TITLE = edit("my-game/game.yaml", "title: !t Cards", "title: !t Playing cards")


@dataclass(frozen=True)
class Command:
    """A command that writes: the run that leaves a good output, the change that makes the
    next run write other bytes, that run, the paths its error may name and what it says to
    do instead."""

    name: str
    argv: str
    names: str                      # a regular expression of the paths the line may name
    before: str | None = None       # the run that leaves the last good output
    change: Callable[[Path], None] | None = CHANGE_CARDS
    elsewhere: str = OUT


BUILD = "build --game-dir my-game --out out --jobs 1 --paper a4"
COMMANDS = [
    Command("build", BUILD, r"out/(my-game-en-a4\.pdf|\.pnp-builds/(lock|\w+\.json))", BUILD),
    Command("build alignment page", "build --alignment-page --paper letter --out out",
            r"out/alignment-letter[\w-]*\.pdf", "build --alignment-page --paper letter "
            "--out out --duplex short", None),
    Command("proof", "proof --game-dir my-game --out out/proofs", r"out/proofs/my-game-en",
            "proof --game-dir my-game --out out/proofs"),
    *(Command(f"export {target}", f"export {target} --game-dir my-game --out out/{target}",
              rf"out/{target}/my-game[\w-]*", f"export {target} --game-dir my-game "
              f"--out out/{target}") for target in TARGETS),
    Command("savvy new", "savvy new --seed 7 --lang fr --out out", r"out/savvy-key-7\.pdf",
            "savvy new --seed 7 --out out", None),
    Command("savvy key", "savvy key --solution 5,9,24 --seed 7 --lang de --out out",
            r"out/savvy-key-7\.pdf", "savvy key --solution 5,9,24 --seed 7 --out out", None),
    Command("savvy page", "savvy page --seed 7 --lang de --out out", r"out/savvy-page-7\.html",
            "savvy page --seed 7 --out out", None),
    Command("i18n extract", "i18n extract --game-dir my-game", r"my-game/locales/messages\.pot",
            "i18n extract --game-dir my-game", CHANGE_TITLE,
            elsewhere="copy the game folder to a place you can write to"),
    Command("i18n init", "i18n init fr --game-dir my-game --force", r"my-game/locales/fr\.po",
            "i18n init fr --game-dir my-game", CHANGE_TITLE,
            elsewhere="copy the game folder to a place you can write to"),
    Command("new", "new second-game", r"second-game", None, None,
            elsewhere="create the game in another folder"),
]


def snapshot(work: Path) -> dict[str, bytes | None]:
    """Every file and folder under ``work``: a file's bytes, None for a folder."""
    return {str(p.relative_to(work)): None if p.is_dir() else p.read_bytes()
            for p in sorted(work.rglob("*"))}


@pytest.fixture(scope="module")
def worlds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Per command, a folder ``work`` with a game, the command's last good output and the
    change that makes its next run write other bytes, kept as ``template`` and copied back
    for every run (at the same place: a build's records name the game folder's path)."""
    made: dict[str, Path] = {}
    with pytest.MonkeyPatch.context() as patch:
        for command in COMMANDS:
            work = tmp_path_factory.mktemp(command.name.replace(" ", "-")) / "work"
            work.mkdir()
            patch.chdir(work)
            patch.delenv("PNP_LOCALES", raising=False)
            assert main(["new", "my-game"]) == 0
            if command.before:
                assert main(shlex.split(command.before)) == 0, command.before
            if command.change:
                command.change(work)
            shutil.copytree(work, work.with_name("template"), symlinks=True)
            made[command.name] = work
    return made


def _afresh(work: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``work`` as the world was made, the working folder."""
    shutil.rmtree(work)
    shutil.copytree(work.with_name("template"), work, symlinks=True)
    monkeypatch.chdir(work)
    monkeypatch.delenv("PNP_LOCALES", raising=False)
    return work


_CALLS: dict[str, Fault] = {}  # command name → its calls when nothing fails, counted once


def _calls(command: Command, work: Path, monkeypatch: pytest.MonkeyPatch,
           capsys: pytest.CaptureFixture) -> Fault:
    """The calls of each kind the command makes when nothing fails."""
    if command.name not in _CALLS:
        _afresh(work, monkeypatch)
        with injected(work, Fault()) as counted:
            code, _, err = pnp(command.argv, capsys)
        assert code == 0, err
        _CALLS[command.name] = counted
    return _CALLS[command.name]


EVERY_CALL_UP_TO = 12  # a full disk fails each call in turn up to this many, else five of them


def _turns(calls: int, code: int) -> list[int]:
    """Which of ``calls`` calls fail, one a run: with a full disk each in turn (five spread
    from the first to the last when there are many: a deck's PNG writes); with the other
    errnos, whose path through the code is the same, the first and the last."""
    if code != errno.ENOSPC:
        return sorted({1, calls})
    if calls <= EVERY_CALL_UP_TO:
        return list(range(1, calls + 1))
    return sorted({1 + round(i * (calls - 1) / 4) for i in range(5)})


def _cases() -> list:
    """Every command × kind of call × errno; in the fast loop (not ``slow``), a full disk at
    each kind of call of ``pnp build``."""
    return [pytest.param(command, point, code,
                         id=f"{command.name}-{point}-{errno.errorcode[code]}",
                         marks=() if command.name == "build" and code == errno.ENOSPC
                         else pytest.mark.slow)
            for command in COMMANDS for point in POINTS for code in CODES]


@pytest.mark.parametrize(("command", "point", "code"), _cases())
def test_each_fault_is_one_line_and_changes_nothing(
        command: Command, point: str, code: int, worlds: dict[str, Path],
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    work = worlds[command.name]
    calls = _calls(command, work, monkeypatch, capsys).calls[point]
    if not calls:
        pytest.skip(f"{command.name} makes no {point} call")
    for nth in _turns(calls, code):
        before = snapshot(_afresh(work, monkeypatch))
        with injected(work, Fault(point, code, nth)) as fault:
            status, _, err = pnp(command.argv, capsys)
        assert fault.fired
        lines = err.strip().splitlines()
        assert status == 2 and len(lines) == 1, (nth, err)
        match = re.fullmatch(rf"error: cannot write (?:/\S*/)?(?P<path>{command.names}): "
                             rf"{ADVICE[code]}",
                             lines[0])
        assert match, (nth, lines[0])
        assert match.groupdict().get("elsewhere") in (None, command.elsewhere), lines[0]
        assert snapshot(work) == before, f"call {nth} of {calls} changed the folder"
    status, _, err = pnp(command.argv, capsys)  # the disk is back: the command writes
    assert status == 0 and snapshot(work) != before, err


SCORES = ["score solo --colours 3 --cubes 5", "score pharma --cards 3,8,J,15,22,9,40,41,60",
          "score microbious --hand big-red,good-vaccine,hydroxy --caller"]


@pytest.mark.parametrize("argv", SCORES)
def test_score_writes_nothing(argv: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                              capsys: pytest.CaptureFixture):
    monkeypatch.chdir(tmp_path)
    with injected(tmp_path, Fault()) as counted:
        code, out, err = pnp(argv, capsys)
    assert code == 0 and out and not err
    assert sum(counted.calls.values()) == 0 and not list(tmp_path.iterdir())


LONG = "x" * 300  # one name longer than any file system allows (255 bytes)


@pytest.mark.parametrize("command", [c for c in COMMANDS if " --out " in c.argv or
                                     c.name == "new"], ids=lambda c: c.name)
def test_a_path_too_long_is_named(command: Command, tmp_path: Path,
                                  monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture):
    monkeypatch.chdir(tmp_path)
    assert pnp("new my-game", capsys)[0] == 0
    argv = re.sub(r"--out \S+", f"--out out/{LONG}", command.argv).replace(
        "new second-game", f"new out/{LONG}")
    status, _, err = pnp(argv, capsys)
    assert status == 2 and len(err.strip().splitlines()) == 1, err
    assert re.search(r"the path is too long for the file system; (choose another --out folder|"
                     r"create the game in another folder) with a shorter path$|cannot be made "
                     r"\(File name too long\); name a folder you can write to$", err.strip())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["my-game"]
