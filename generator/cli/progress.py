"""What ``pnp build`` prints while it works: one line a PDF, plus a rich progress bar on a
terminal once a build has run for a second, and one summary line at the end; nothing but
warnings with ``--quiet``."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..content.wording import agreeing, counted, some


def _line(result: Any) -> str:
    if result.skipped:
        return f"unchanged {result.path}  (inputs as when written; --force rebuilds)"
    return (f"wrote {result.path}  {result.pages} pages, {result.cards} cards, "
            f"{result.bytes / 1024:.0f} KiB, {result.seconds:.2f} s")


def _warn(result: Any) -> None:
    if result.fallback_ids:
        count = len(result.fallback_ids)
        print(f"warning: {result.path.name}: {counted(count, 'message')} "
              f"{agreeing(count, 'has', 'have')} no '{result.lang}' translation; drawn in "
              f"English and marked [EN]: {_named(result.fallback_ids)}", file=sys.stderr)


def _named(keys: Any) -> str:
    """The first few messages drawn in English, readable, then how many more."""
    from ..i18n.catalog import readable_key

    return some([readable_key(key, 60) for key in sorted(keys)])


def _count(number: int, noun: str) -> str:
    return f"{number:,} {noun}{'' if number == 1 else 's'}"


def summary(results: Sequence[Any], out_dir: Path) -> str:
    """The line that ends a build: PDFs, pages, the sheets of paper they print on (from each
    BuildResult) and the folder that holds them, as an absolute path to open."""
    unchanged = sum(1 for r in results if r.skipped)
    kept = f" ({unchanged:,} unchanged)" if unchanged else ""
    return (f"{_count(len(results), 'PDF')}{kept}, {_count(sum(r.pages for r in results), 'page')}"
            f" on {_count(sum(r.sheets for r in results), 'sheet')} of paper, in "
            f"{Path(out_dir).resolve()}")


BAR_AFTER_S = 1.0  # a build that ends sooner never shows a bar


@contextmanager
def reporter(total: int, quiet: bool) -> Iterator[Any]:
    """Yield a function to call with each finished BuildResult (from any thread)."""
    if quiet:
        yield _warn
        return
    if total < 2 or not sys.stdout.isatty():
        def plain(result: Any) -> None:
            _warn(result)
            print(_line(result))
        yield plain
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from ..errors import visible
    from .terminal import raw

    # rich draws the bar with escapes of its own, so it writes past terminal's stream; the
    # lines it is given are made visible first
    # a plain string column is printed as it is, markup and all: the style goes in a TextColumn
    progress = Progress(TextColumn("{task.description}", style="progress.description"),
                        BarColumn(),
                        MofNCompleteColumn(), TimeElapsedColumn(),
                        console=Console(file=raw(sys.stdout)))
    task = progress.add_task("building", total=total)
    started = time.monotonic()

    def bar(result: Any) -> None:
        _warn(result)
        if not progress.live.is_started and time.monotonic() - started >= BAR_AFTER_S:
            progress.start()
        progress.console.print(visible(_line(result)), highlight=False, markup=False)
        progress.advance(task)

    try:
        yield bar
    finally:
        if progress.live.is_started:
            progress.stop()
