"""``cards_url:``: a deck's CSV published on the web, built from a copy kept beside the game
in ``.pnp-cache/``.

Every build fetches the address again (once a process: ``reuse_within_s`` in
``templates/cards_url.yaml``) and writes the copy only when its bytes changed. The pipeline
does this before it fingerprints the game (:func:`refresh`): the copy lies in the game
folder, and ``Game.fingerprint`` hashes every file of the folder by content, so a changed
sheet is a new fingerprint and rebuilds, and an unchanged one leaves the copy, the fingerprint
and the PDFs as they were. When the network is down or the server fails, the game builds from
the last copy with a one-line warning naming the address and the copy's age; with no copy
it is an error."""

from __future__ import annotations

import errno
import hashlib
import os
import re
import sys
import tempfile
import time
import urllib.parse
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import ContentError, Problem, excerpt
from ..paths import Refused, regular_file, writable
from ..resources import templates_dir
from .cards_limits import MAX_FILE_BYTES
from .yamlio import load_yaml

CACHE_DIR = ".pnp-cache"
# (copy, address) → when this process last fetched it (time.monotonic) and why that failed
_fetched: dict[tuple[Path, str], tuple[float, str | None]] = {}


@lru_cache(maxsize=1)
def settings() -> dict[str, float]:
    """The time-outs and reuse window of ``templates/cards_url.yaml``."""
    return {k: float(v) for k, v in load_yaml(templates_dir() / "cards_url.yaml").items()}


URL_CHARS = 160  # how much of an address a message quotes (a published sheet's has ~120)


def _shown(url: str) -> str:
    """The address as a message names it: as written when it is short and plain, else
    an excerpt (a stranger's address may hold escapes or megabytes)."""
    plain = len(url) <= URL_CHARS and url.isprintable() and " " not in url
    return url if plain else excerpt(url, URL_CHARS)


def copy_path(folder: Path, url: str) -> Path:
    """Where the copy of ``url`` lives: named by its host and a hash of the whole address,
    so a deck pointed at another address never builds from the old one's copy."""
    host = re.sub(r"[^a-z0-9.-]", "_", urllib.parse.urlsplit(url).hostname or "sheet")[:60]
    return folder / CACHE_DIR / f"{host}-{hashlib.sha256(url.encode()).hexdigest()[:12]}.csv"


def copy_of(folder: Path, url: str) -> Path:
    """The copy of ``url`` to build from, fetched first unless this process did so within
    ``reuse_within_s``; a ContentError when the address is not http(s), or it cannot be
    fetched and there is no copy yet."""
    if urllib.parse.urlsplit(url).scheme not in ("http", "https"):
        raise ContentError(Problem(_shown(url), "", "expected an http:// or https:// address (in "
                                   "Google Sheets: File › Share › Publish to web, as CSV)"))
    folder = folder.resolve()  # one copy and one fetch, however the folder was written
    try:  # no link left there by the folder's author is read or written through
        path = writable(copy_path(folder, url), [folder], "the copy of a published sheet")
        cache = folder / CACHE_DIR
        if cache.is_symlink():
            raise Refused(Problem(str(cache), "", f"a link to {os.readlink(cache)}; pnp "
                                  "writes its copies of published sheets only into a real "
                                  f"{CACHE_DIR} folder: remove the link"))
        if os.path.lexists(path):
            regular_file(path, [folder], "the copy of a published sheet")
    except Refused as exc:  # the deck's problem names the address; this, the link
        raise ContentError(Problem(_shown(url), "", str(exc.problems[0]))) from None
    last = _fetched.get((path, url))
    if last is None or time.monotonic() - last[0] > settings()["reuse_within_s"]:
        failure = _fetch(url, path)
        _fetched[(path, url)] = (time.monotonic(), failure)
        if failure is not None and path.is_file():
            print(f"warning: cannot fetch {_shown(url)} ({failure}); building from the copy of "
                  f"{_age(path)} ago, {path.relative_to(folder)}", file=sys.stderr)
    else:
        failure = last[1]
    if not path.is_file():
        raise ContentError(Problem(_shown(url), "", f"cannot fetch it ({failure}), and there is "
                                   f"no copy of it in {CACHE_DIR}/ yet; check the address (in "
                                   "Google Sheets: File › Share › Publish to web, as CSV) and "
                                   "the network"))
    return path


class _Spent:
    """Seconds spent downloading since the game's sheets were last refreshed (a build
    refreshes them once, at its start), all its decks' addresses together: twenty decks at
    a slow server must not take twenty deadlines."""

    seconds = 0.0


def forget() -> None:
    """Forget what this process fetched, so the next load fetches every address again: a
    long-running process (a preview that rebuilds on save) calls it before a rebuild."""
    _fetched.clear()


def refresh(folder: Path) -> None:
    """Fetch every ``cards_url`` of the game at ``folder`` (its folder or its game.yaml)
    now, before its files are hashed. Problems are left to the loader, which names the
    deck: a game.yaml that does not read, an address that cannot be fetched."""
    path = folder / "game.yaml" if folder.is_dir() else folder
    try:
        raw: Any = load_yaml(path)
    except ContentError:
        return
    components = raw.get("components") if isinstance(raw, dict) else None
    _Spent.seconds = 0.0  # one game's decks share build_total_s
    for item in components if isinstance(components, list) else ():
        url = item.get("cards_url") if isinstance(item, dict) else None
        if isinstance(url, str):
            try:
                copy_of(path.parent, url)
            except ContentError:
                pass


def _fetch(url: str, path: Path) -> str | None:
    """Fetch ``url`` into ``path`` (written only when its bytes changed, through a
    temporary file renamed when whole); why it failed, or None."""
    from .fetch import FetchFailed, download  # the network stack, only for a sheet to fetch

    limits = settings()
    left = limits["build_total_s"] - _Spent.seconds
    if left <= 0:
        return (f"the build's {limits['build_total_s']:g} s for downloads (build_total_s in "
                "templates/cards_url.yaml) are spent")
    started = time.monotonic()
    try:
        data = download(url, limits["timeout_s"], min(limits["total_s"], left), MAX_FILE_BYTES)
    except FetchFailed as exc:
        return str(exc)
    finally:
        _Spent.seconds += time.monotonic() - started
    try:
        if path.is_file() and path.read_bytes() == data:
            return None
        _write_copy(path, data)
    except OSError as exc:
        return f"cannot write its copy {path}: {exc.strerror}"
    return None


def _write_copy(path: Path, data: bytes) -> None:
    """Write the copy through a temporary file that did not exist before (``mkstemp``:
    ``O_CREAT | O_EXCL``, so a link planted at any name is never followed) in a cache
    folder that is a real folder, then rename it over the copy."""
    path.parent.mkdir(exist_ok=True)
    if path.parent.is_symlink() or not path.parent.is_dir():
        raise OSError(errno.ENOTDIR, f"{CACHE_DIR} is a link or not a folder")
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temp, path)
    finally:
        if os.path.lexists(temp):
            os.unlink(temp)


def _age(path: Path) -> str:
    """How long ago the copy was written, in the largest unit that fits: '3 h', '2 d'."""
    seconds = max(0.0, time.time() - path.stat().st_mtime)
    for unit, size in (("d", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size:
            return f"{seconds // size:.0f} {unit}"
    return f"{seconds:.0f} s"
