"""The one rule for every file a game folder names, read or written: resolve it completely
(suffix added, every link followed), then require it inside the game folder or a folder the
user passed on the command line, and, to read it, a regular file of bounded size. A game
folder from a stranger may hold links to anywhere (``art.png -> ~/.ssh/id_rsa``); what they
point at must never reach a PDF, a cache or a hash, and nothing may be written through them.

Callers pass the folders a file may lie in (``roots``): the game folder, the user's layout or
catalog folders, the output folder, pnp's own templates. A refusal is one line naming the
file — or the link and its target — and what to do."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path

from .errors import ContentError, Problem
from .limits import past

FILE_LIMIT = "file_bytes"


class Refused(ContentError):
    """A path that resolves outside the folders it may lie in, or that is not a regular file
    of bounded size."""


def real(path: Path | str) -> Path:
    """``path`` made absolute with every link followed (``realpath``)."""
    return Path(os.path.realpath(path))


def _within(resolved: Path, roots: list[Path]) -> bool:
    return any(resolved == root or resolved.is_relative_to(root) for root in roots)


COPY_IT = "copy the file into the folder instead of linking to it"


def inside(path: Path | str, roots: Iterable[Path | str], what: str = "a file",
           fix: str = COPY_IT) -> Path:
    """``path`` resolved, when it lies in one of ``roots`` (each resolved too); else
    :class:`Refused` naming the link that leads out, and its target, when one does, and
    ``fix``."""
    path = Path(os.path.abspath(path))
    resolved = real(path)
    folders = [real(root) for root in roots]
    if _within(resolved, folders):
        return resolved
    link = _link_out(path, folders)
    where = folders[0] if folders else Path("/")
    if link is not None:
        raise Refused(Problem(str(link), "", f"a link to {os.readlink(link)}, which lies "
                              f"outside {where}; pnp reads and writes nothing outside the "
                              f"game folder and the folders you name: {fix}"))
    raise Refused(Problem(str(path), "", f"{what} that lies outside {where}; name a file "
                          "inside the game folder"))


def _link_out(path: Path, folders: list[Path]) -> Path | None:
    """The first link along ``path`` that lies in one of ``folders`` and leads out of them."""
    for depth in range(1, len(path.parts) + 1):
        prefix = Path(*path.parts[:depth])
        if prefix.is_symlink() and _within(real(prefix.parent), folders) \
                and not _within(real(prefix), folders):
            return prefix
    return None


def found_folder(path: Path | str, fix: str) -> Path:
    """``path``, a folder pnp finds by its name in the working folder rather than one the
    user named (which a downloaded folder may carry): absolute, and itself, never a link
    (to anywhere: what a link there leads to is no folder the user chose); else
    :class:`Refused` naming the link, its target and ``fix``."""
    path = Path(os.path.abspath(path))
    if path.is_symlink():
        raise Refused(Problem(str(path), "", f"a link to {real(path)}; pnp reads this folder "
                              f"only where it lies, never through a link: {fix}"))
    return path


def regular_file(path: Path | str, roots: Iterable[Path | str], what: str = "a file",
                 limit: str = FILE_LIMIT) -> Path:
    """``path`` resolved inside ``roots`` (see :func:`inside`), and a regular file no larger
    than the limit ``limit`` of ``templates/limits.yaml``: never a device, a pipe or a
    socket, which may never end."""
    from .limits import limit as value

    resolved = inside(path, roots, what)
    try:
        info = resolved.stat()
    except FileNotFoundError:
        raise Refused(Problem(str(path), "", "file not found")) from None
    except OSError as exc:
        raise Refused(Problem(str(path), "", f"cannot read it: {exc.strerror}")) from None
    if stat.S_ISDIR(info.st_mode):
        raise Refused(Problem(str(path), "", f"a folder, not {what}"))
    if not stat.S_ISREG(info.st_mode):
        raise Refused(Problem(str(path), "", "not a regular file (a device, pipe or socket); "
                              "name a file saved in the folder"))
    if info.st_size > value(limit):
        raise Refused(Problem(str(path), "", past(limit, f"{info.st_size:,} bytes")))
    return resolved


def read_inside(path: Path | str, roots: Iterable[Path | str], what: str = "a file",
                limit: str = FILE_LIMIT) -> bytes:
    """The bytes of ``path`` under the rule of :func:`regular_file`, read no further than
    the limit even when the file grows while it is read."""
    from .limits import limit as value

    resolved = regular_file(path, roots, what, limit)
    try:
        with resolved.open("rb") as stream:
            data = stream.read(value(limit) + 1)
    except OSError as exc:
        raise Refused(Problem(str(path), "", f"cannot read it: {exc.strerror}")) from None
    if len(data) > value(limit):
        raise Refused(Problem(str(path), "", past(limit, "the file")))
    return data


def writable(path: Path | str, roots: Iterable[Path | str], what: str = "a file") -> Path:
    """Where ``path`` is written: its folder resolved inside ``roots`` (a link in the game
    folder must not carry a cache or a catalog elsewhere), the name kept; an existing link
    at the name itself is replaced by the write, never followed."""
    path = Path(os.path.abspath(path))
    folder = path.parent
    existing = next(p for p in (folder, *folder.parents) if os.path.lexists(p))
    inside(existing, roots, what)
    return real(existing) / folder.relative_to(existing) / path.name


def hashed_bytes(path: Path, real_root: Path, content: bool = True, read: bool = True) -> bytes:
    """What hashing ``path``, a file below the folder ``real_root`` (resolved), may read:
    its bytes when it is a regular file inside the folder within ``file_bytes`` (and
    ``read``: one of the files a build reads); else only what it is — a link out by its
    target's name, a device or pipe by its kind, another file by its size and time (by its
    size alone without ``content``) — so hashing never reads what the game may not, nor
    waits on a pipe. OSError when it cannot be read; FileNotFoundError for a dangling link."""
    from .limits import limit as value

    target = real(path)
    if not target.is_relative_to(real_root):
        return b"link:" + os.readlink(path).encode()
    info = target.stat()
    if stat.S_ISDIR(info.st_mode):  # a link to a folder of the game: hashed there
        return b"folder"
    kind = f"{stat.S_IFMT(info.st_mode)}:{info.st_size}".encode()
    if not stat.S_ISREG(info.st_mode) or not content:
        return kind
    if info.st_size > value(FILE_LIMIT) or not read:
        return kind + str(info.st_mtime_ns).encode()
    return target.read_bytes()


def folder_files(root: Path) -> list[Path]:
    """Every entry below ``root`` that is not a folder (files, links, devices), sorted; a
    link to a folder is listed, never followed. Walked without recursion, and refused with
    one line past ``folder_depth`` folders nested, ``folder_files`` entries, or
    ``folder_bytes`` of regular files together: a folder from a zip may nest a thousand
    deep, or hold sparse files of gigabytes that a build never reads."""
    from .limits import limit as value

    found: list[Path] = []
    size = 0
    waiting = [(root, 0)]
    while waiting:
        folder, depth = waiting.pop()
        if depth > value("folder_depth"):
            first = root / folder.relative_to(root).parts[0]
            raise Refused(Problem(str(first), "", past(
                "folder_depth", "folders nested inside one another")))
        try:
            with os.scandir(folder) as entries:
                listed = list(entries)
        except (PermissionError, FileNotFoundError, NotADirectoryError):
            continue  # an unreadable folder holds nothing pnp reads
        for entry in listed:
            path = Path(entry.path)
            if entry.is_dir(follow_symlinks=False):
                waiting.append((path, depth + 1))
                continue
            found.append(path)
            if len(found) > value("folder_files"):
                raise Refused(Problem(str(root), "", past("folder_files", "files")))
            if entry.is_file(follow_symlinks=False):
                size += entry.stat(follow_symlinks=False).st_size
                if size > value("folder_bytes"):
                    raise Refused(Problem(str(root), "", past(
                        "folder_bytes", "files together (move what the game does not use "
                        "out of the folder)")))
    return sorted(found)
