"""A hostile machine is a user error: a full disk, a read-only or forbidden folder, a folder
where a PDF goes, a file where the build records go — one line naming the path and what to do,
exit 2, the last good PDF kept byte for byte, no temporary file left, and no record that calls
a PDF up to date when it is not. A killed build's temporary files are cleared by the next one;
two builds into one folder take turns."""

from __future__ import annotations

import errno
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.errors import UsageError
from generator.files import write_atomically
from support.cli import new_game, pnp

BUILD = "build --game-dir my-game --out out --jobs 1 --paper a4"
FAULTS = {  # errno → what the line says to do
    errno.ENOSPC: "the disk is full; free at least 1 kB on it and try again",
    errno.EDQUOT: "your disk quota is used up; free at least 1 kB and try again",
    errno.EROFS: "the file system is read-only; choose another --out folder",
    errno.EACCES: "no permission to write in {folder}; choose another --out folder, "
                  "or make it writable",
    errno.EISDIR: "a folder is in the way of a file written there; move or rename it, or "
                  "choose another --out folder",
    errno.ENAMETOOLONG: "the path is too long for the file system; choose another --out "
                        "folder with a shorter path",
    errno.EIO: "Input/output error; check the disk and try again",
}


def fail_with(code: int):
    def fail(*args, **kwargs):
        raise OSError(code, os.strerror(code))
    return fail


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*.part"))


@pytest.mark.parametrize("code", FAULTS, ids=errno.errorcode.get)
@pytest.mark.parametrize("where", ["tempfile.mkstemp", "os.fsync", "os.replace"])
def test_a_fault_while_writing_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  code: int, where: str):
    path = tmp_path / "kit.pdf"
    path.write_bytes(b"the last good PDF")
    module, name = where.split(".")
    monkeypatch.setattr(sys.modules[module], name, fail_with(code))
    with pytest.raises(UsageError) as error:
        write_atomically(path, b"a new PDF")
    assert str(error.value) == (f"cannot write {path}: "
                                + FAULTS[code].format(folder=tmp_path))
    assert path.read_bytes() == b"the last good PDF"
    assert leftovers(tmp_path) == []


def test_a_folder_in_the_way_is_named(tmp_path: Path):
    (tmp_path / "kit.pdf").mkdir()
    with pytest.raises(UsageError) as error:
        write_atomically(tmp_path / "kit.pdf", b"%PDF")
    assert str(error.value) == (f"cannot write {tmp_path}/kit.pdf: a folder has that name; "
                                "move or rename the folder")
    (tmp_path / "records").write_text("")
    with pytest.raises(UsageError) as error:
        write_atomically(tmp_path / "records" / "a.json", b"{}")
    assert str(error.value) == (f"cannot write {tmp_path}/records/a.json: {tmp_path}/records is "
                                "a file, where pnp needs a folder; move or rename that file")
    assert leftovers(tmp_path) == []


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> Path:
    return new_game(tmp_path, monkeypatch, capsys)


def test_a_full_disk_in_a_build_keeps_the_pdf_and_its_record_honest(
        game: Path, capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch):
    assert pnp(BUILD, capsys)[0] == 0
    pdf = Path("out/my-game-en-a4.pdf")
    good = pdf.read_bytes()
    cards = game / "cards.csv"
    cards.write_text(cards.read_text().replace("Healer", "Medic"))
    with monkeypatch.context() as patch:
        patch.setattr(os, "fsync", fail_with(errno.ENOSPC))
        code, _, err = pnp(BUILD, capsys)
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert re.fullmatch(rf"error: cannot write {pdf}: the disk is full; free at least "
                        r"\d+ kB on it and try again", err.strip())
    assert pdf.read_bytes() == good and leftovers(game.parent) == []
    code, out, _ = pnp(BUILD, capsys)  # the space is back: built, not skipped as up to date
    assert code == 0 and "wrote out/my-game-en-a4.pdf" in out and pdf.read_bytes() != good


def test_a_pdf_name_taken_by_a_folder(game: Path, capsys: pytest.CaptureFixture):
    (game.parent / "out" / "my-game-en-a4.pdf").mkdir(parents=True)
    code, _, err = pnp(BUILD, capsys)
    assert code == 2
    assert "error: cannot write out/my-game-en-a4.pdf: a folder has that name; move or " \
           "rename the folder" in err
    assert leftovers(game.parent) == []


def test_the_records_folder_being_a_file(game: Path, capsys: pytest.CaptureFixture):
    records = Path("out/.pnp-builds")  # as --out names it
    records.parent.mkdir()
    records.write_text("not a folder")
    code, _, err = pnp(BUILD, capsys)
    assert code == 2
    assert err.strip() == (f"error: cannot write {records}/lock: {records} is a file, where "
                           "pnp needs a folder; move or rename that file")
    assert not list(records.parent.glob("*.pdf"))


def test_a_killed_builds_temporary_files_are_removed(game: Path, capsys: pytest.CaptureFixture):
    out = game.parent / "out"
    (out / ".pnp-builds").mkdir(parents=True)
    stale = [out / ".my-game-en-a4.pdf.k1ll3d.part", out / ".pnp-builds" / ".ab12.json.x9.part"]
    for path in stale:
        path.write_bytes(b"half a file")
    other = out / ".notes.txt.k1ll3d.part"  # not a file pnp writes here: not ours to remove
    other.write_text("")
    code, out_text, _ = pnp(BUILD, capsys)
    assert code == 0 and "wrote out/my-game-en-a4.pdf" in out_text
    assert leftovers(out) == [other.name]


WAITING = "waiting for another pnp build into out/ to finish…"


def _holder(lock: Path) -> int | None:
    """The process holding the flock on ``lock``, as /proc/locks lists it."""
    inode = lock.stat().st_ino
    for line in Path("/proc/locks").read_text().splitlines():
        fields = line.split()
        if "FLOCK" in fields and fields[-3].endswith(f":{inode}"):
            return int(fields[-4])
    return None


@pytest.mark.skipif(not Path("/proc/locks").exists(), reason="needs Linux's /proc/locks")
def test_two_builds_into_one_folder_take_turns_and_the_second_says_so(game: Path):
    """Two real pnp builds: the first is paused while it holds the folder; the second waits,
    saying so once on stderr, and both end with the same whole PDF."""
    lock = game.parent / "out" / ".pnp-builds" / "lock"
    command = [sys.executable, "-m", "generator", *BUILD.split(), "--force"]
    first = subprocess.Popen(command, cwd=game.parent, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not (lock.exists() and _holder(lock) == first.pid):
        assert first.poll() is None and time.monotonic() < deadline, "the first never locked"
        time.sleep(0.01)
    os.kill(first.pid, signal.SIGSTOP)  # mid-way through its build, holding the folder
    try:
        second = subprocess.Popen(command, cwd=game.parent, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True)
        time.sleep(4)
        assert second.poll() is None, "the second build did not wait its turn"
        assert not list(lock.parent.parent.glob("*.pdf"))
    finally:
        os.kill(first.pid, signal.SIGCONT)
    outs = [process.communicate(timeout=180) for process in (first, second)]
    assert [process.returncode for process in (first, second)] == [0, 0], outs
    assert outs[0][1] == "" and outs[1][1].splitlines() == [WAITING]
    assert all("wrote out/my-game-en-a4.pdf" in out for out, _ in outs)
    assert len(PdfReader(lock.parent.parent / "my-game-en-a4.pdf").pages) >= 2
    assert leftovers(game.parent) == []


def test_a_build_that_fails_early_leaves_no_new_folder(game: Path, capsys: pytest.CaptureFixture):
    with (game / "game.yaml").open("a") as spoilt:
        spoilt.write("colour_scheme: dark\n")
    code, _, err = pnp(BUILD.replace("--out out", "--out out/new/kits"), capsys)
    assert code == 2 and "unknown key 'colour_scheme'" in err
    assert not (game.parent / "out").exists()
    (game.parent / "out").mkdir()  # a folder of the user's stays, even empty
    assert pnp(BUILD, capsys)[0] == 2
    assert (game.parent / "out").is_dir()


def test_an_unreadable_file_in_the_game_folder_is_named(game: Path, capsys: pytest.CaptureFixture,
                                                        monkeypatch: pytest.MonkeyPatch):
    locked = game / "art" / "locked.png"
    locked.write_bytes(b"")
    read_bytes = Path.read_bytes

    def forbidden(path: Path) -> bytes:
        if path.name == locked.name:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
        return read_bytes(path)
    monkeypatch.setattr(Path, "read_bytes", forbidden)
    code, _, err = pnp(BUILD, capsys)
    assert code == 2
    assert err.strip() == (f"error: {locked}: cannot read it (Permission denied); make it "
                           "readable or move it out of the folder")


def test_a_record_that_cannot_be_written_never_vouches_for_the_pdf(
        game: Path, capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch):
    assert pnp(BUILD, capsys)[0] == 0
    cards = game / "cards.csv"
    cards.write_text(cards.read_text().replace("Healer", "Medic"))
    replace = os.replace

    def full_for_records(source: str, target: Path) -> None:
        if str(target).endswith(".json"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        replace(source, target)
    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", full_for_records)
        code, _, err = pnp(BUILD, capsys)
    assert code == 2 and "/.pnp-builds/" in err and "the disk is full" in err
    assert leftovers(game.parent) == []
    code, out, _ = pnp(BUILD, capsys)  # the old record is of other inputs: built again
    assert code == 0 and "wrote out/my-game-en-a4.pdf" in out
    code, out, _ = pnp(BUILD, capsys)
    assert code == 0 and "unchanged out/my-game-en-a4.pdf" in out
