"""The project's own errors: every message names the file, the place and the fix."""

from __future__ import annotations

from dataclasses import dataclass


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
