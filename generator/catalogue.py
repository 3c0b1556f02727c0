"""Many PDFs at once: a process pool across game × language × paper jobs, and a content hash
that skips a PDF whose inputs have not changed since it was written."""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_EXCEPTION, ProcessPoolExecutor, wait
from dataclasses import asdict
from pathlib import Path

from .build import BuildRequest, BuildResult, build
from .content.loader import game_folder
from .fingerprint import Stamp, request_hash
from .render.document import write_atomically

STAMP_DIR = ".pnp-stamps"  # inside the output folder: one small JSON per PDF

Notify = Callable[[BuildResult], None]


def default_jobs() -> int:
    return os.cpu_count() or 1


def _inputs(request: BuildRequest) -> tuple[str, Path]:
    """The request's input hash and where its stamp lives."""
    folder = request.game if isinstance(request.game, Path) else game_folder(request.game)
    folder = folder.resolve()
    settings = {**asdict(request), "game": str(folder), "out_dir": None}
    key = json.dumps([str(folder), request.lang, request.options.paper, request.only])
    name = hashlib.sha256(key.encode()).hexdigest()[:24]
    folders = [folder, *(Path(d).resolve() for d in request.layout_dirs)]
    return request_hash(settings, folders), Path(request.out_dir) / STAMP_DIR / f"{name}.json"


def _skip(request: BuildRequest, inputs: str, stamp_path: Path) -> BuildResult | None:
    """The PDF on disk, when its stamp proves it came from these very inputs."""
    started = time.perf_counter()
    stamp = Stamp.read(stamp_path)
    out_dir = Path(request.out_dir)
    if stamp is None or not stamp.still_valid(inputs, out_dir):
        return None
    return BuildResult(out_dir / stamp.pdf, stamp.pages, stamp.cards,
                       time.perf_counter() - started, stamp.size, skipped=True)


def _build_and_stamp(request: BuildRequest, inputs: str, stamp_path: Path) -> BuildResult:
    result = build(request)
    if not result.fallback_ids:  # a build that fell back warns every time, so never skip it
        stat = result.path.stat()
        stamp = Stamp(inputs, result.path.name, stat.st_size, stat.st_mtime_ns, result.pages,
                      result.cards)
        write_atomically(stamp_path, stamp.to_json().encode())
    return result


def build_all(requests: Sequence[BuildRequest], jobs: int = 1, force: bool = False,
              notify: Notify | None = None) -> list[BuildResult]:
    """Build every request whose inputs changed (all with ``force``), in parallel when
    ``jobs`` > 1; results in request order.

    The first failure stops the run: jobs not yet started are cancelled, and PDFs already
    written are complete (each one is written atomically)."""
    notify = notify or (lambda result: None)
    results: dict[int, BuildResult] = {}
    todo: list[tuple[int, BuildRequest, str, Path]] = []
    for index, request in enumerate(requests):
        inputs, stamp_path = _inputs(request)
        skipped = None if force else _skip(request, inputs, stamp_path)
        if skipped is None:
            todo.append((index, request, inputs, stamp_path))
        else:
            results[index] = skipped
            notify(skipped)
    if jobs <= 1 or len(todo) <= 1:
        for index, *job in todo:
            results[index] = _build_and_stamp(*job)
            notify(results[index])
    else:
        with ProcessPoolExecutor(max_workers=min(jobs, len(todo))) as pool:
            futures = {pool.submit(_build_and_stamp, *job): index for index, *job in todo}
            pending = set(futures)
            while pending:
                done, pending = wait(pending, return_when=FIRST_EXCEPTION)
                for future in done:
                    if future.exception() is not None:
                        for other in pending:
                            other.cancel()
                        raise future.exception()  # type: ignore[misc]
                    results[futures[future]] = future.result()
                    notify(results[futures[future]])
    return [results[i] for i in range(len(requests))]
