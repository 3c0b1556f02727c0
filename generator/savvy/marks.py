"""What a referee marked on a printed lab sheet, one mark a line, and whether it is right.

The format, one line a mark (blank lines and ``# comments`` are skipped)::

    TOOL ARGS = ANSWER          fuzio = 23-39 · estugamo row 2 = yes · scanpad 1,2,3,6,7,8 = 1
                                antidote 5,9,23 = 2 · analyzer M17 = 1 · samply M4 = no
                                dedukto = 1,2,3,4,6 · substrakto = 4 · mezakol = orange
    misfunkcio                  from here on, Scanpad marks are off by one (the interruption)

Yes/no answers may be written yes/no, y/n, true/false, ✓/✗ or in the words the page and key
print in French and German (oui/non, ja/nein; ligne/col., Reihe/Sp. for Estugamo's line).
A mark *fits* a secret when Savvy could have given it for that secret: any of the three
differences for Substrakto, any 5 molecules outside the antidote for Dedukto, one more or one
less after Misfunkcio.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..errors import ContentError, Problem, UsageError
from ..rules.save_patient_zero import MOLECULES, SIDE
from . import answers
from .answers import LabGrid, Secret
from .queries import NO_ANSWER, NUMBER, Query, Tool, ask, molecules, parse_query
from .words import meaning

BOOL_TOOLS = (Tool.SAMPLY, Tool.MIKROSKOPO, Tool.CENTRIFUGO, Tool.ESTUGAMO, Tool.KOLOZOMI)
COUNT_TOOLS = (Tool.ANALYZER, Tool.SCANPAD, Tool.ANTIDOTE)
MISFUNKCIO = "misfunkcio"
EXAMPLE = "write TOOL ARGS = ANSWER, such as 'fuzio = 23-39' or 'estugamo row 2 = yes'"


@dataclass(frozen=True)
class LabMark:
    """One line of a marks file: a question, the answer marked, and where it was read."""

    line: int
    query: Query
    answer: Any
    misfunkcio: bool = False

    def words(self) -> str:
        return f"{self.query.words()} = {format_answer(self.query.tool, self.answer)}"


def parse_marks(text: str, source: str, grid: LabGrid | None = None) -> list[LabMark]:
    """Read every mark; raise one ContentError naming each line that cannot be read."""
    grid = grid or answers.builtin_lab_grid()
    marks: list[LabMark] = []
    problems: list[Problem] = []
    misfunkcio = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.lower() in (MISFUNKCIO, f"interruption {MISFUNKCIO}"):
            misfunkcio = True
            continue
        try:
            marks.append(_mark(grid, line, number, misfunkcio))
        except UsageError as exc:
            problems.append(Problem(source, "", str(exc), number))
    if not marks and not problems:  # a blank sheet checks nothing: say so, never "0 OK"
        problems.append(Problem(source, "", f"the file holds no marks; {EXAMPLE}, one a line"))
    if problems:
        raise ContentError(problems)
    return marks


def _mark(grid: LabGrid, line: str, number: int, misfunkcio: bool) -> LabMark:
    question, equals, answer = line.partition("=")
    words = question.split()
    if not equals or not words:
        raise UsageError(f"cannot read {line[:40]!r}: {EXAMPLE}")
    query = parse_query(grid, words[0], words[1:])
    if query.tool in NO_ANSWER:
        raise UsageError(f"{NO_ANSWER[query.tool]}; mark the copied tool, or leave the line out")
    return LabMark(number, query, _answer(grid, query.tool, answer.strip()),
                   misfunkcio and query.tool == Tool.SCANPAD)


def _answer(grid: LabGrid, tool: Tool, text: str) -> Any:
    low = text.lower()
    if tool in BOOL_TOOLS:
        said = meaning(low)
        if said in ("yes", "no"):
            return said == "yes"
        raise UsageError(f"{tool}: answer yes or no, not {text[:20]!r}")
    if tool in COUNT_TOOLS:
        low = low[1:] if tool == Tool.ANALYZER and low.startswith("x") else low
        return _number(tool, low, 0, answers.SECRET_SIZE)
    if tool == Tool.INTERVALLO:
        return _number(tool, low.removeprefix("row").strip(), 1, SIDE)
    if tool == Tool.SUBSTRAKTO:
        return _number(tool, low, 1, max(MOLECULES) - min(MOLECULES))
    if tool == Tool.FUZIO:
        zones = [f"{a}-{b}" for a, b in grid.lab.fuzio]
        zone = re.sub(r"\s+", "", low)
        if zone not in zones:
            raise UsageError(f"fuzio: answer one of the zones {', '.join(zones)}, not "
                             f"{text[:20]!r}")
        return zone
    if tool == Tool.MEZAKOL:
        if low not in grid.lab.colour_order:
            raise UsageError(f"mezakol: answer one of the colours "
                             f"{', '.join(grid.lab.colour_order)}, not {text[:20]!r}")
        return low
    values = molecules(text, "dedukto")
    if len(set(values)) != answers.DEDUKTO_SIZE or len(values) != answers.DEDUKTO_SIZE:
        raise UsageError(f"dedukto: answer the {answers.DEDUKTO_SIZE} different molecules Savvy "
                         "gave, such as 1,2,3,4,6")
    return tuple(sorted(values))


def _number(tool: str, text: str, low: int, high: int) -> int:
    if not NUMBER.match(text) or not low <= int(text) <= high:
        raise UsageError(f"{tool}: answer a number of {low}..{high}, not {text[:20]!r}")
    return int(text)


def format_answer(tool: Tool, answer: Any) -> str:
    if isinstance(answer, bool):
        return "yes" if answer else "no"
    if isinstance(answer, (list, tuple)):
        return ",".join(map(str, answer))
    return str(answer)


def fits(grid: LabGrid, secret: Secret, mark: LabMark) -> bool:
    """Whether Savvy could have marked this for this secret."""
    tool, answer = mark.query.tool, mark.answer
    if tool == Tool.SUBSTRAKTO:
        return answer in answers.differences(secret)
    if tool == Tool.DEDUKTO:
        return not set(answer) & set(secret)
    truth = ask(grid, secret, mark.query, seed=0)
    if mark.misfunkcio:
        return answer in answers.misfunkcio_readings(truth)
    return answer == truth


def right_answer(grid: LabGrid, secret: Secret, mark: LabMark) -> str:
    """What Savvy should have marked, written like a marks file answer."""
    tool = mark.query.tool
    if tool == Tool.SUBSTRAKTO:
        return "one of " + ", ".join(map(str, answers.differences(secret)))
    if tool == Tool.DEDUKTO:
        inside = sorted(set(mark.answer) & set(secret))
        return f"5 molecules outside the antidote ({', '.join(map(str, inside))} is in it)"
    truth = ask(grid, secret, mark.query, seed=0)
    if mark.misfunkcio:
        readings = answers.misfunkcio_readings(truth)
        return " or ".join(map(str, readings)) + f" (Misfunkcio: the true count {truth} off by one)"
    return format_answer(tool, truth)
