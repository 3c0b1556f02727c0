"""Write a folder of results whole or not at all: fill a hidden sibling, then swap it in."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..errors import UsageError
from ..resources import shipped


@contextmanager
def staged(target: Path) -> Iterator[Path]:
    """Yield an empty staging folder beside ``target``; on success it replaces ``target``
    (the old results are removed last), on any error it is deleted and ``target`` kept.
    Never inside the installed package, where a reinstall would lose the results."""
    if shipped(target):
        raise UsageError(f"{target.absolute()} is inside the installed pnp package, where a "
                         "reinstall would lose it; choose another --out folder")
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}."))
    try:
        yield staging
        old = None
        if target.exists():
            old = target.with_name(f".{target.name}.old")
            shutil.rmtree(old, ignore_errors=True)
            target.rename(old)
        staging.rename(target)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
