"""Many PDFs at once: a process pool across game × language × paper jobs, and a content hash
that skips a PDF whose inputs have not changed since it was written.

Two builds into one output folder take turns: each holds an exclusive lock on
``.pnp-builds/lock`` from reading the records to writing the last PDF, so neither can read a
record while the other is replacing its PDF; the one that waits says so, once, on stderr.
The operating system drops the lock of a killed build, so there is no stale lock to clear; a
killed build's temporary files are removed by the next build, under the lock, before it
starts."""

from __future__ import annotations

import contextlib
import gc
import hashlib
import json
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_EXCEPTION, ProcessPoolExecutor, wait
from dataclasses import asdict
from pathlib import Path
from typing import Any

from ..content.loader import game_folder
from ..errors import PnpError, UsageError
from ..files import (
    first_missing,
    remove_made,
    remove_temporaries,
    restored_on_failure,
    write_atomically,
    write_failure,
)
from ..paths import folder_files
from ..render.fonts import register_fonts
from ..render.sandbox import build_templates, count_build_templates, past_build_templates
from ..render.text import preload_hyphenation
from .build import build, output_folder
from .fingerprint import BuildRecord, request_hash
from .lifeline import pool_context, stop_with_parent
from .load import game_fingerprint, resolve_game
from .request import BuildRequest, BuildResult, named, pdf_name, sheets_of

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

RECORDS_DIR = ".pnp-builds"  # inside the output folder: one small JSON per PDF
LOCK_NAME = "lock"  # in RECORDS_DIR: held by the build writing into the folder

YOUNG_OBJECTS = 20_000  # new objects between collections while building (Python's: 700)
GUESS_BYTES_PER_S = 100_000  # data and layout bytes built per second, when no record tells
GUESS_SUFFIXES = (".yaml", ".yml", ".csv")

Notify = Callable[[BuildResult], None]
Waiting = Callable[[Path], None]  # told of an output folder another build holds
Job = tuple[int, BuildRequest, str, str, Path, float]  # index, request, fingerprint, inputs,
# record, cost


def default_jobs() -> int:
    return os.cpu_count() or 1


def _folder(request: BuildRequest) -> Path:
    folder = request.game if isinstance(request.game, Path) else game_folder(request.game)
    return folder.resolve()


def _inputs(request: BuildRequest, fingerprints: dict[tuple, str]) -> tuple[str, str, Path]:
    """The request's game fingerprint, its input hash and where its record lives. A game's
    files are hashed once a run (``fingerprints``), and the fingerprint goes with the job, so
    the worker that builds it does not hash them again."""
    folder = _folder(request)
    layout_dirs = tuple(request.layout_dirs)
    fingerprint = fingerprints.get((folder, layout_dirs))
    if fingerprint is None:
        fingerprint = fingerprints[(folder, layout_dirs)] = game_fingerprint(folder,
                                                                             layout_dirs)
    settings = {**asdict(request), "game": str(folder), "out_dir": None}
    # one record a PDF file: what picks the file's name (request.named) picks the record
    said = named(request)
    key = json.dumps([str(folder), *(asdict(v) if v is said.options else v for v in said)])
    name = hashlib.sha256(key.encode()).hexdigest()[:24]
    return (fingerprint, request_hash(settings, fingerprint),
            Path(request.out_dir) / RECORDS_DIR / f"{name}.json")


def _skip(request: BuildRequest, inputs: str, record: BuildRecord | None) -> BuildResult | None:
    """The PDF on disk, when its record proves it came from these very inputs."""
    started = time.perf_counter()
    out_dir = Path(request.out_dir)
    if record is None or not record.still_valid(inputs, out_dir):
        return None
    return BuildResult(out_dir / record.pdf, record.pages, sheets_of(record.pages, request.options),
                       record.cards, time.perf_counter() - started, record.size, request.lang,
                       skipped=True)


def _build_and_record(request: BuildRequest, fingerprint: str, inputs: str,
                      record_path: Path) -> BuildResult:
    """Build the PDF, then its record; if the record cannot be written, the PDF its last
    record names is put back as it was."""
    last = BuildRecord.read(record_path)
    kept = (Path(request.out_dir) / last.pdf if last is not None and Path(last.pdf).name == last.pdf
            else None)
    with restored_on_failure(kept) if kept is not None else contextlib.nullcontext():
        result = build(request, fingerprint)
        if not result.fallback_ids:  # a build that fell back warns every time: never skipped
            stat = result.path.stat()
            record = BuildRecord(inputs, result.path.name, stat.st_size, stat.st_mtime_ns,
                                 result.pages, result.cards, round(result.seconds, 3))
            write_atomically(record_path, record.to_json().encode())
    return result


_finished: Any = None  # in a worker: the queue that reports each PDF as soon as it is written


def _worker_start(finished: Any, parent: int, templates: Any) -> None:
    global _finished
    stop_with_parent(parent)  # killed, the build takes its workers with it
    _finished = finished
    count_build_templates(templates)  # the build's template seconds, with the others'
    gc.set_threshold(YOUNG_OBJECTS, *gc.get_threshold()[1:])  # for the worker's life


@contextlib.contextmanager
def _fewer_collections() -> Iterator[None]:
    """Python's cycle collector, less often while a batch builds. A build makes hundreds of
    thousands of objects that live to its end (drawings kept for the next document, fitted
    text, compiled templates); at the default pace (every 700 new objects) the collector
    walks them over and over, a sixth of a catalogue's time. Young objects are collected
    every ``YOUNG_OBJECTS`` instead, which costs a few megabytes of garbage kept longer."""
    old = gc.get_threshold()
    gc.set_threshold(YOUNG_OBJECTS, *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)


@contextlib.contextmanager
def _frozen_for_workers() -> Iterator[None]:
    """What this process holds, out of the collector's sight while the pool's workers are
    forked from it: their collections then never walk (and so never copy) the modules and
    data they share with it, as ``gc.freeze`` is meant for. Seen again afterwards."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _build_batch(batch: list[Job]) -> list[BuildResult]:
    results = []
    for index, request, fingerprint, inputs, record_path, _ in batch:
        results.append(_build_and_record(request, fingerprint, inputs, record_path))
        _finished.put((index, results[-1]))
    return results


def _in_pool(todo: list[Job], workers: int, notify: Notify, results: dict[int, BuildResult],
             templates: Any) -> dict[int, BuildResult]:
    """Build the batches over a process pool. Workers report each PDF when it is written
    (a thread here passes it on to ``notify`` and into ``results``, which therefore holds
    every PDF written when one fails), so progress moves PDF by PDF."""
    context = pool_context()
    preload_hyphenation({job[1].lang for job in todo})  # forked workers share them, and
    register_fonts()  # the fonts' metrics, instead of each reading them again
    finished = context.SimpleQueue()
    failures: list[BaseException] = []

    def report() -> None:
        while (item := finished.get()) is not None:
            results[item[0]] = item[1]
            try:
                notify(item[1])
            except Exception as exc:  # raised again in the caller's thread
                failures.append(exc)

    reader = threading.Thread(target=report, name="pnp-progress", daemon=True)
    reader.start()
    try:
        with _frozen_for_workers(), ProcessPoolExecutor(
                max_workers=workers, mp_context=context, initializer=_worker_start,
                initargs=(finished, os.getpid(), templates)) as pool:
            futures = [pool.submit(_build_batch, batch) for batch in _batches(todo, workers)]
            done, pending = wait(futures, return_when=FIRST_EXCEPTION)
            failed = [error for f in done if (error := f.exception()) is not None]
            if failed:
                for other in pending:
                    other.cancel()
                raise failed[0]
    finally:  # the pool has shut down: every report is in the queue before this end mark
        finished.put(None)
        reader.join()
    if failures:
        raise failures[0]
    return results


def _batches(todo: list[Job], workers: int) -> list[list[Job]]:
    """Tasks for the pool: the PDFs of one game stay together, so a worker loads the game and
    compiles its templates once, cut where a batch would exceed a worker's fair share; the
    longest first, so the last to finish is short."""
    share = sum(job[-1] for job in todo) / workers
    games: dict[Path, list[Job]] = {}
    for job in todo:
        games.setdefault(_folder(job[1]), []).append(job)
    batches: list[list[Job]] = []
    for jobs in games.values():
        # a language's papers one after the other: the second replays the first's drawings
        jobs.sort(key=lambda job: job[1].lang)
        batch: list[Job] = []
        cost = 0.0
        for job in jobs:
            if batch and cost + job[-1] > share:
                batches.append(batch)
                batch, cost = [], 0.0
            batch.append(job)
            cost += job[-1]
        batches.append(batch)
    return sorted(batches, key=lambda b: -sum(j[-1] for j in b))


def _cost(request: BuildRequest, record: BuildRecord | None) -> float:
    """Seconds the last build of this PDF took, or a guess from the size of the game's data
    and layouts (not its catalogs or pictures, which cost little to draw)."""
    if record is not None and record.seconds > 0:
        return record.seconds
    folder = _folder(request)
    files = folder_files(folder) if folder.is_dir() else [folder]
    drawn = sum(f.stat().st_size for f in files if f.suffix in GUESS_SUFFIXES and f.is_file())
    return drawn / GUESS_BYTES_PER_S


def build_all(requests: Sequence[BuildRequest], jobs: int = 1, force: bool = False,
              notify: Notify | None = None, waiting: Waiting | None = None) -> list[BuildResult]:
    """Build every request whose inputs changed (all with ``force``), in parallel when
    ``jobs`` > 1; results in request order.

    Every output folder is checked (and made) first; ``waiting`` is told of each one that
    another build holds (by default a line on stderr). The first failure stops the run: jobs
    not yet started are cancelled, PDFs already written are complete (each one is written
    atomically), and an output folder this run made and left empty is removed."""
    notify = notify or (lambda result: None)
    with contextlib.ExitStack() as locks:
        for out_dir in sorted(dict.fromkeys(Path(r.out_dir) for r in requests)):
            locks.enter_context(_folder_turn(out_dir, waiting or _say_waiting))
        return _build_all(requests, jobs, force, notify)


def _say_waiting(out_dir: Path) -> None:
    print(f"waiting for another pnp build into {out_dir}/ to finish…", file=sys.stderr,
          flush=True)


@contextlib.contextmanager
def _folder_turn(out_dir: Path, waiting: Waiting) -> Iterator[None]:
    """This build's turn at ``out_dir``, made if missing: wait while another build holds it,
    then remove what a killed build left half-written (its PDFs' and records' temporary
    files). If this build made the folder and fails with nothing written, the folder goes."""
    made = first_missing(Path(out_dir))
    try:
        folder = output_folder(out_dir)
        lock_path = folder / RECORDS_DIR / LOCK_NAME
        _no_links(lock_path)
        with _locked(lock_path, waiting):
            remove_temporaries(folder, ".pdf")
            remove_temporaries(lock_path.parent, ".json")
            try:
                yield
            except BaseException:
                if made is not None and _only_the_lock(folder):
                    lock_path.unlink()  # a build waiting on it makes the next one
                    lock_path.parent.rmdir()
                raise
    except BaseException:
        remove_made(Path(out_dir), made)  # each folder only if empty
        raise


LOCK_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0)


def _no_links(lock_path: Path) -> None:
    """Refuse a records folder, or a lock, that is a link: an output folder from a stranger
    (``output/`` in their game folder) may carry one to anywhere, and a build would write
    its records there, or make a file at the link's target."""
    for path in (lock_path.parent, lock_path):
        if path.is_symlink():
            raise UsageError(f"{path} is a link to {os.readlink(path)}; pnp keeps its build "
                             "records only in a real folder: remove the link")


def _only_the_lock(folder: Path) -> bool:
    records = folder / RECORDS_DIR
    return ([p.name for p in folder.iterdir()] == [RECORDS_DIR]
            and [p.name for p in records.iterdir()] == [LOCK_NAME])


@contextlib.contextmanager
def _locked(lock_path: Path, waiting: Waiting) -> Iterator[None]:
    """Hold the lock file ``lock_path``, telling ``waiting`` once if another build holds it.
    A lock file removed while this build waited (its folder was left empty) is made again."""
    told = False
    while True:
        try:
            lock_path.parent.mkdir(parents=True, exist_ok=True)
            handle = os.fdopen(os.open(lock_path, LOCK_FLAGS, 0o666), "ab")
        except OSError as exc:
            raise write_failure(lock_path, exc) from None
        if fcntl is None:  # Windows has none: there, two builds must not share a folder
            break
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if not told:
                waiting(lock_path.parent.parent)
                told = True
            fcntl.flock(handle, fcntl.LOCK_EX)  # released when the file closes or we die
        if _same_file(handle, lock_path):
            break
        handle.close()
    with handle:
        yield


def _same_file(handle: Any, path: Path) -> bool:
    try:
        return os.path.samestat(os.fstat(handle.fileno()), path.stat())
    except FileNotFoundError:
        return False


def _build_all(requests: Sequence[BuildRequest], jobs: int, force: bool,
               notify: Notify) -> list[BuildResult]:
    """``build_all`` once every output folder is this build's; a failure says which PDFs of
    the run were not written (the one that failed and those never started) and which were.
    A refusal of the command itself (a UsageError: untrusted game code, a bad option) gets no
    such line: nothing could be written until the command changes, and the error says how;
    nor does the whole run's budget, ``build_template_seconds``, the one line told."""
    results: dict[int, BuildResult] = {}
    # the seconds of every template of the run, each worker's counted in (one number in
    # shared memory): build_template_seconds holds them all
    templates = pool_context().Value("d", 0.0)
    try:
        return _build_each(requests, jobs, force, notify, results, templates)
    except PnpError as exc:
        if (len(requests) > 1 and not isinstance(exc, UsageError)
                and not past_build_templates(templates)):
            exc.add_note(_unwritten(requests, results))
        raise


def _unwritten(requests: Sequence[BuildRequest], results: dict[int, BuildResult]) -> str:
    """One line: the PDFs of the run that were not written, and how many were."""
    missing = [_name(r) for i, r in enumerate(requests) if i not in results]
    return (f"not written ({len(missing)} of {len(requests)} PDFs): {', '.join(missing)}; "
            f"the other {len(requests) - len(missing)} are complete. Fix the error above and "
            "build again: what is up to date is skipped")


def _name(request: BuildRequest) -> str:
    """The PDF's file name; the game and language when the game itself cannot be read."""
    try:
        return pdf_name(resolve_game(request.game, request.layout_dirs), request)
    except PnpError:
        return f"{Path(request.game).name}-{request.lang}-{request.options.paper}.pdf"


def _build_each(requests: Sequence[BuildRequest], jobs: int, force: bool, notify: Notify,
                results: dict[int, BuildResult], templates: Any) -> list[BuildResult]:
    todo: list[Job] = []
    fingerprints: dict[tuple, str] = {}
    for index, request in enumerate(requests):
        fingerprint, inputs, record_path = _inputs(request, fingerprints)
        record = BuildRecord.read(record_path)
        skipped = None if force else _skip(request, inputs, record)
        if skipped is None:
            todo.append((index, request, fingerprint, inputs, record_path,
                         _cost(request, record)))
        else:
            results[index] = skipped
            notify(skipped)
    if jobs <= 1 or len(todo) <= 1:
        with _fewer_collections(), build_templates(templates):
            for index, request, fingerprint, inputs, record_path, _ in todo:
                results[index] = _build_and_record(request, fingerprint, inputs, record_path)
                notify(results[index])
    else:
        _in_pool(todo, min(jobs, len(todo)), notify, results, templates)
    return [results[i] for i in range(len(requests))]
