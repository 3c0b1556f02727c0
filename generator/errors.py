"""The project's own errors: every message names the file, the place and the fix."""

from __future__ import annotations

import re
from dataclasses import dataclass

EXCERPT_CHARS = 60  # how much of a stranger's text a message quotes

# C0 controls but tab and line feed, DEL and the C1 controls: what a terminal obeys; and the
# bidirectional controls, which make a terminal show a line in an order it does not have
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e"
                      r"\u2066-\u2069]")


def visible(text: str) -> str:
    """``text`` with every control character a terminal would obey (ESC, CR, BEL, C1…)
    written as its escape (``\\x1b``), tabs and line breaks kept: what pnp prints."""
    return _CONTROL.sub(lambda found: repr(found.group())[1:-1], text)


def excerpt(value: object, chars: int = EXCERPT_CHARS) -> str:
    """A stranger's value as a message quotes it: a text's first ``chars`` characters,
    quoted as Python writes a string (every control character and line break escaped), any
    other value as Python writes it, cut there; then ``…`` when there was more. One
    helper, so no message grows with the text it names. A short value reads as ``!r``."""
    if isinstance(value, str):
        return repr(value[:chars]) + ("…" if len(value) > chars else "")
    shown = repr(value)
    return shown if len(shown) <= chars else shown[:chars] + "…"


# the longest line of an error pnp prints: what a message quotes is bounded where it is
# written (excerpt); this stops one that is not from filling the terminal
ERROR_LINE_CHARS = 1000


def bounded(message: str) -> str:
    """``message`` with each line cut at :data:`ERROR_LINE_CHARS`, then ``…``."""
    return "\n".join(line if len(line) <= ERROR_LINE_CHARS else line[:ERROR_LINE_CHARS] + "…"
                     for line in message.splitlines())


# why a template nested past Python's recursion fails (jinja parses and compiles by
# recursion): one sentence for a render and for ``pnp i18n extract``, which parses it too
NESTED_TEMPLATE = ("past the maximum recursion depth: a macro that calls itself without end, "
                   "or brackets, operators or filters nested too deeply (write it in smaller "
                   "steps, with {% set %} or vars)")


class PnpError(Exception):
    """Base of every error the CLI reports without a traceback (exit code 2)."""

    exit_code = 2


CELL = "column "  # the path of a Problem in a cards file's cell: "column 'Art'", its row the line


@dataclass(frozen=True)
class Problem:
    """One problem in one input file, at a key path and (when known) a line."""

    file: str
    path: str
    message: str
    line: int | None = None

    def __str__(self) -> str:
        where = self.file
        if self.line and self.path.startswith(CELL):  # a spreadsheet's cell: one row number
            return f"{where} at row {self.line}, {self.path}: {self.message}"
        if self.line:
            where += f":{self.line}"
        if self.path:
            where += f" at {self.path}"
        return f"{where}: {self.message}"


class ContentError(PnpError):
    """Invalid game data, layout or translation; carries every problem found in one run."""

    def __init__(self, problems: list[Problem] | Problem):
        self.problems = [problems] if isinstance(problems, Problem) else list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    def __reduce__(self):  # a build in a worker process sends its problems back whole
        return type(self), (self.problems,)


class UsageError(PnpError):
    """A command-line argument the program cannot use; the message says what is allowed."""


class RenderError(PnpError):
    """Something valid as data that cannot be drawn (text that will not fit its box)."""
