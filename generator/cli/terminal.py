"""The one door out of pnp to the terminal: standard output and standard error pass every
character a stranger's folder could have put in a message through ``errors.visible``, so no
title, key or address can move the cursor, erase a line or retitle the window."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

from ..errors import visible


class VisibleStream:
    """A text stream that writes to ``raw`` what ``visible`` leaves of each write; all else
    (``isatty``, ``fileno``, ``flush``, ``encoding``) is the raw stream's."""

    def __init__(self, raw: TextIO):
        self.raw = raw

    def write(self, text: str) -> int:
        self.raw.write(visible(text))
        return len(text)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


def raw(stream: Any) -> TextIO:
    """The stream under a VisibleStream: for rich, whose own escapes draw the progress bar
    (the text given to it is made visible before)."""
    return stream.raw if isinstance(stream, VisibleStream) else stream


@contextmanager
def visible_output() -> Iterator[None]:
    """Standard output and error made VisibleStreams while a command runs (print, warnings,
    argparse and tracebacks all write there), then put back as they were."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = VisibleStream(raw(out)), VisibleStream(raw(err))
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err
