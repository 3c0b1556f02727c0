"""A hostile machine on demand, as SQLite's I/O-error tests make one: the n-th file creation,
write, fsync or rename under a folder fails with the errno of a full disk, a read-only file
system, a forbidden folder or a folder in the way. tests/reliability/test_write_faults.py runs
every command that writes under :func:`injected`; tests/support/bad_inputs.py shows what a user
reads for a few of them."""

from __future__ import annotations

import builtins
import errno
import io
import os
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

POINTS = ("create", "write", "fsync", "rename")  # each call of one kind fails in turn
CODES = (errno.ENOSPC, errno.EROFS, errno.EACCES, errno.EISDIR)
WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


@dataclass
class Fault:
    """Make call number ``nth`` (from 1) of kind ``point`` fail with ``code``; with no point,
    only count. ``calls`` counts the calls of each kind made under the folder."""

    point: str | None = None
    code: int = errno.ENOSPC
    nth: int = 0
    fired: bool = False

    def __post_init__(self) -> None:
        self.calls: Counter[str] = Counter()

    def check(self, point: str, filename: Any = None) -> None:
        """Count a call of kind ``point``; raise if it is the one to fail. A creation names
        its file, as the system's errors do; a write or fsync does not."""
        self.calls[point] += 1
        if point == self.point and self.calls[point] == self.nth:
            self.fired = True
            raise OSError(self.code, os.strerror(self.code),
                          *([str(filename)] if filename is not None else []))


class _Writer:
    """A file opened for writing whose ``write`` goes through the fault."""

    def __init__(self, stream: Any, fault: Fault):
        self._stream, self._fault = stream, fault

    def write(self, data: Any) -> int:
        self._fault.check("write")
        return self._stream.write(data)

    def __enter__(self) -> _Writer:
        return self

    def __exit__(self, *exc: Any) -> None:
        self._stream.close()

    def __iter__(self) -> Iterator[Any]:
        return iter(self._stream)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _path_of(fd: int) -> str:
    try:
        return os.readlink(f"/proc/self/fd/{fd}")
    except OSError:
        return ""


@contextmanager
def injected(root: Path, fault: Fault) -> Iterator[Fault]:
    """Every creation, write, fsync and rename of a file or folder under ``root`` made in
    this process goes through ``fault`` while the block runs."""
    root_text = os.path.realpath(root) + os.sep

    def ours(path: Any) -> bool:
        if isinstance(path, int):
            path = _path_of(path)
        text = os.fsdecode(path) if isinstance(path, str | bytes | os.PathLike) else ""
        return bool(text) and os.path.realpath(text).startswith(root_text)

    real = {name: getattr(os, name) for name in
            ("open", "mkdir", "fsync", "replace", "rename", "write", "sendfile")}
    real_open = io.open

    def open_(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        writing = any(flag in mode for flag in "wax+")
        if writing and ours(file) and not isinstance(file, int):
            fault.check("create", file)
        stream = real_open(file, mode, *args, **kwargs)
        return _Writer(stream, fault) if writing and ours(file) else stream

    def os_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & WRITING and ours(path):
            fault.check("create", path)
        return real["open"](path, flags, *args, **kwargs)

    def mkdir(path: Any, *args: Any, **kwargs: Any) -> None:
        if ours(path) and not os.path.isdir(path):
            fault.check("create", path)
        real["mkdir"](path, *args, **kwargs)

    def fsync(fd: Any) -> None:
        if ours(fd if isinstance(fd, int) else fd.fileno()):
            fault.check("fsync")
        real["fsync"](fd)

    def moved(name: str) -> Any:
        def move(source: Any, target: Any, *args: Any, **kwargs: Any) -> None:
            if ours(target):
                fault.check("rename", source)
            real[name](source, target, *args, **kwargs)
        return move

    def write(fd: int, data: Any) -> int:
        if ours(fd):
            fault.check("write")
        return real["write"](fd, data)

    def sendfile(out_fd: int, *args: Any) -> int:
        if ours(out_fd):
            fault.check("write")
        return real["sendfile"](out_fd, *args)

    patches = {(os, "open"): os_open, (os, "mkdir"): mkdir, (os, "fsync"): fsync,
               (os, "replace"): moved("replace"), (os, "rename"): moved("rename"),
               (os, "write"): write, (os, "sendfile"): sendfile, (io, "open"): open_,
               (builtins, "open"): open_}
    saved = {key: getattr(*key) for key in patches}
    for (module, name), replacement in patches.items():
        setattr(module, name, replacement)
    try:
        yield fault
    finally:
        for (module, name), original in saved.items():
            setattr(module, name, original)
