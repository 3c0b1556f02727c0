"""Write a folder of results whole or not at all: fill a hidden sibling, then swap it in."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..errors import UsageError
from ..files import (
    ELSEWHERE,
    FOLDER_MODE,
    WriteFailure,
    first_missing,
    fsync_file,
    output_inside_working_folder,
    remove_made,
    write_failure,
)
from ..resources import shipped


@contextmanager
def staged(target: Path, elsewhere: str = ELSEWHERE) -> Iterator[Path]:
    """Yield an empty staging folder beside ``target``; on success its files are flushed to
    the disk and it replaces ``target`` (the old results are removed last); on any error it
    is deleted, ``target`` kept and a parent folder made for it removed. A fault of the
    machine while writing in the staging folder is a UsageError naming ``target`` (see
    ``files.write_failure``; ``elsewhere`` says where else to write). Never inside the
    installed package, where a reinstall would lose the results."""
    if shipped(target):
        raise UsageError(f"{target.absolute()} is inside the installed pnp package, where a "
                         f"reinstall would lose it; {elsewhere}")
    output_inside_working_folder(target.parent)
    made = first_missing(target.parent)
    staging: Path | None = None
    try:
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            staging = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}."))
            os.chmod(staging, FOLDER_MODE)  # results to share, like any folder made here
        except OSError as exc:
            raise write_failure(target, exc, elsewhere, whole_folder=True) from None
        try:
            yield staging
        except WriteFailure as failure:  # a file written atomically into the staging folder
            if failure.cause is None or failure.path is None or \
                    not failure.path.absolute().is_relative_to(staging.absolute()):
                raise
            raise write_failure(target, failure.cause, elsewhere, whole_folder=True) from None
        except OSError as exc:
            if _read_elsewhere(exc, staging):
                raise
            raise write_failure(target, exc, elsewhere, whole_folder=True) from None
        try:
            for written in staging.rglob("*"):
                if written.is_file():
                    fsync_file(written)
            _swap_in(staging, target)
        except OSError as exc:
            raise write_failure(target, exc, elsewhere, whole_folder=True) from None
    finally:
        if staging is not None and staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
        if not os.path.lexists(target):  # (a path too long for the system is not there)
            remove_made(target.parent, made)


def _swap_in(staging: Path, target: Path) -> None:
    """Rename ``staging`` to ``target``; the old ``target`` is put back if that fails."""
    old = target.with_name(f".{target.name}.old")
    kept = target.exists()
    if kept:
        shutil.rmtree(old, ignore_errors=True)
        target.rename(old)
    try:
        staging.rename(target)
    except OSError:
        if kept:
            old.rename(target)
        raise
    shutil.rmtree(old, ignore_errors=True)


def _read_elsewhere(exc: OSError, staging: Path) -> bool:
    """An error that names only files outside the staging folder came from reading an input,
    not from writing the results: not a fault of the output folder. (A copy names both.)"""
    named = [Path(os.fsdecode(n)).absolute() for n in (exc.filename, exc.filename2)
             if n is not None]
    return bool(named) and not any(n.is_relative_to(staging.absolute()) for n in named)
