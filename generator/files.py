"""Writing files on a hostile machine: whole or not at all, and a fault of the machine (a full
disk, a read-only or forbidden folder, something in the way) told as a user error of one line
that names the path and what to do. Every command that writes goes through here."""

from __future__ import annotations

import contextlib
import errno
import math
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from .errors import UsageError
from .paths import inside
from .resources import shipped

TEMP_SUFFIX = ".part"  # a file being written: ".<name>.<random>.part" beside its target
ELSEWHERE = "choose another --out folder"  # what to do instead, for a command with --out


class WriteFailure(UsageError):
    """A file or folder the machine would not let pnp write: the message a user reads, and
    the path and error it was made from (kept in this process only), so that a caller
    writing into a folder of its own (``designer.staging``) can name its target instead."""

    def __init__(self, message: str, path: Path | None = None, cause: OSError | None = None):
        super().__init__(message)
        self.path, self.cause = path, cause


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


FILE_MODE = 0o666 & ~_umask()  # what open() would give: mkstemp makes 0600
FOLDER_MODE = 0o777 & ~_umask()  # what mkdir() would give: mkdtemp makes 0700


def output_inside_working_folder(folder: Path) -> None:
    """The one rule of every output folder (``build``, ``proof``, every ``export``): one
    typed as a relative path must not lead out of the working folder through a link — run
    in a stranger's game folder, its ``output`` may be a link to anywhere. A folder named
    by its absolute path is the user's own choice."""
    if not folder.is_absolute():
        inside(folder, [Path.cwd()], "the output folder",
               "name the folder it points to with --out if you mean it")


def write_atomically(path: Path, data: bytes, elsewhere: str = ELSEWHERE) -> None:
    """Write beside the target, flush to the disk and rename: a failed or killed run never
    leaves a broken file, and the last good one survives byte for byte. Never inside the
    installed package, where a reinstall would lose the file. A fault of the machine is a
    UsageError (see :func:`write_failure`), with no temporary file, nor a folder made for
    the file, left behind."""
    if shipped(path):
        raise UsageError(f"{path.parent.absolute()} is inside the installed pnp package, where "
                         f"a reinstall would lose what is written there; {elsewhere}")
    temp: str | None = None
    made = first_missing(path.parent)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.",
                                        suffix=TEMP_SUFFIX)
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())  # a full disk may only say so here
        os.chmod(temp, FILE_MODE)  # a PDF is a document to share
        os.replace(temp, path)
    except OSError as exc:
        raise write_failure(path, exc, elsewhere, len(data)) from None
    finally:
        if temp is not None and os.path.lexists(temp):
            with contextlib.suppress(OSError):
                os.unlink(temp)
        if not _present(path):  # failed: no new empty folder stays
            remove_made(path.parent, made)


@contextlib.contextmanager
def restored_on_failure(path: Path) -> Iterator[None]:
    """Keep a hard link to the file at ``path`` while the block runs; if the block fails, put
    that file back: a run that replaced ``path`` and then failed at another file (a build's
    record) leaves the last good one, byte for byte. Without a file there, or on a file
    system without hard links, nothing is kept."""
    kept = path.with_name(f".{path.name}.kept{TEMP_SUFFIX}")
    try:
        with contextlib.suppress(FileNotFoundError):
            kept.unlink()
        os.link(path, kept)
    except OSError:
        yield
        return
    try:
        yield
    except BaseException:
        with contextlib.suppress(OSError):
            os.replace(kept, path)  # the same file still there: nothing moves
        raise
    finally:
        with contextlib.suppress(OSError):
            kept.unlink()


def fsync_file(path: Path) -> None:
    """Flush a file written by another library (Pillow, shutil) to the disk, so that a
    rename that publishes it never publishes an empty file after a crash."""
    handle = os.open(path, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def write_failure(path: Path, exc: OSError, elsewhere: str = ELSEWHERE,
                  needed: int | None = None, whole_folder: bool = False) -> WriteFailure:
    """The one line a user reads when ``path`` (a file, or with ``whole_folder`` a folder
    written whole) cannot be written: which path, why, and what to do — ``elsewhere`` says how
    to write somewhere else, ``needed`` how many bytes the disk must hold. Python's own
    message names an errno."""
    blocker = next((p for p in (path.parent, *path.parent.parents)
                    if _present(p) and not p.is_dir()), None)
    if blocker is not None:
        return WriteFailure(f"cannot write {path}: {blocker} is a file, where pnp needs a "
                            "folder; move or rename that file", path, exc)
    code = exc.errno or 0
    if code == errno.EISDIR and path.is_dir() and not whole_folder:
        return WriteFailure(f"cannot write {path}: a folder has that name; move or rename the "
                            "folder", path, exc)
    space = f"at least {_amount(needed)}" if needed else "some space"
    advice = {
        errno.ENOSPC: f"the disk is full; free {space} on it and try again",
        errno.EDQUOT: f"your disk quota is used up; free {space} and try again",
        errno.EROFS: f"the file system is read-only; {elsewhere}",
        errno.EACCES: f"no permission to write in {path.parent}; {elsewhere}, or make it "
                      "writable",
        errno.EISDIR: f"a folder is in the way of a file written there; move or rename it, "
                      f"or {elsewhere}",
        errno.ENAMETOOLONG: f"the path is too long for the file system; {elsewhere} with a "
                            "shorter path",
    }
    advice[errno.EPERM] = advice[errno.EACCES]
    return WriteFailure(f"cannot write {path}: "
                        + advice.get(code, f"{exc.strerror or exc}; check the disk and try again"),
                        path, exc)


def _present(path: Path) -> bool:
    """Whether something is at ``path`` (a dangling link too); a path the system refuses (too
    long) holds nothing."""
    return os.path.lexists(path)


def _amount(size: int) -> str:
    return f"{size / 1e6:.1f} MB" if size >= 100_000 else f"{max(1, math.ceil(size / 1e3))} kB"


def remove_temporaries(folder: Path, ending: str) -> None:
    """Remove the temporary files a killed run left in ``folder`` for targets whose names end
    in ``ending`` (".pdf"): only call it while no other run can be writing there."""
    for temp in folder.glob(f".*{ending}.*{TEMP_SUFFIX}"):
        with contextlib.suppress(OSError):
            temp.unlink()


def first_missing(folder: Path) -> Path | None:
    """The outermost of ``folder`` and its parents that does not exist yet: what making
    ``folder`` creates (None when it exists)."""
    missing = None
    for candidate in (folder, *folder.parents):
        if _present(candidate):
            break
        missing = candidate
    return missing


def remove_made(folder: Path, made: Path | None) -> None:
    """After a run that failed: remove ``folder`` and its parents up to ``made`` (what
    :func:`first_missing` said the run would create), each only if it is empty, so a
    failed run leaves no new empty folder behind."""
    if made is None or not (made == folder or made in folder.parents):
        return
    for candidate in (folder, *folder.parents):
        with contextlib.suppress(OSError):  # not empty, or already gone: kept as it is
            candidate.rmdir()
        if candidate == made:
            break
