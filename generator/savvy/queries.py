"""A question put to Savvy — a tool and what it points at — read from words such as
``scanpad 1,2,3,6,7,8`` or ``estugamo row 2``, answered, and described for a person.

The command line (``pnp savvy answer``), the marks file and the terminal game all read their
questions here, so they accept the same words and refuse bad ones with the same message.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..errors import UsageError
from ..rules.save_patient_zero import MOLECULES, SIDE
from . import answers
from .answers import LabGrid, Secret
from .words import meaning


class Tool(StrEnum):
    """A tool card, the closed set of questions Savvy answers; its value is the word the
    command line, a marks file and the terminal game spell it with."""

    SAMPLY = "samply"
    MIKROSKOPO = "mikroskopo"
    ANALYZER = "analyzer"
    DEDUKTO = "dedukto"
    INTERVALLO = "intervallo"
    SCANPAD = "scanpad"
    CENTRIFUGO = "centrifugo"
    ESTUGAMO = "estugamo"
    FUZIO = "fuzio"
    SUBSTRAKTO = "substrakto"
    KOLOZOMI = "kolozomi"
    MEZAKOL = "mezakol"
    ANTIDOTE = "antidote"
    HACKZ = "hackz"
    SPIONADO = "spionado"


TOOLS = tuple(Tool)
NO_ANSWER = {
    Tool.HACKZ: "Hackz has no secret answer: the lab copies the tool the other lab has just "
                "played, so answer that tool instead",
    Tool.SPIONADO: "Spionado has no secret answer: Savvy lends 2 cards from the ✗ side of the "
                   "other lab's sheet, to be given back before the next turn",
}
BARE_TOOLS = (Tool.FUZIO, Tool.SUBSTRAKTO, Tool.MEZAKOL, Tool.HACKZ, Tool.SPIONADO)
# tools whose argument may be left out: Dedukto names the lab it deals to, the first by default
OPTIONAL_ARGUMENT = (Tool.DEDUKTO,)
SAMPLE_SIZE = 5  # molecules printed on a sample card
NUMBER = re.compile(r"^[0-9]{1,3}$", re.ASCII)


@dataclass(frozen=True)
class Query:
    """One use of a tool: ``arg`` is a card id, ``min``/``max``, a set of molecules, a
    (``row``|``col``, n) pair, a molecule, a sorted guess, a lab code (Dedukto), or None
    for bare tools."""

    tool: Tool
    arg: Any = None

    def words(self) -> str:
        """The query written back the way a marks file or the command line spells it."""
        arg = self.arg
        if arg is None:
            return str(self.tool)
        if isinstance(arg, tuple) and arg and arg[0] in ("row", "col"):
            return f"{self.tool} {arg[0]} {arg[1]}"
        if isinstance(arg, (frozenset, tuple)):
            return f"{self.tool} {','.join(map(str, sorted(arg)))}"
        return f"{self.tool} {arg}"


def tool_name(word: str) -> Tool:
    name = word.strip().lower()
    if name not in TOOLS:
        raise UsageError(f"unknown tool {word[:30]!r}; tools: {', '.join(TOOLS)}")
    return Tool(name)


def molecules(text: str, what: str) -> list[int]:
    """Numbers separated by commas or spaces, each a molecule of 1..25."""
    items = [t for t in re.split(r"[,\s]+", text.strip()) if t]
    if not items:
        raise UsageError(f"{what}: give molecule numbers of 1..25 separated by commas")
    values = []
    for item in items:
        if not NUMBER.match(item):
            raise UsageError(f"{what}: {item[:20]!r} is not a molecule number; molecules are "
                             "1..25")
        if int(item) not in MOLECULES:
            raise UsageError(f"{what}: molecule {int(item)} is outside 1..25")
        values.append(int(item))
    return values


def card_ranges(grid: LabGrid) -> str:
    labs: dict[str, int] = {}
    for card in grid.lab.samples:
        labs[card[0]] = labs.get(card[0], 0) + 1
    return " and ".join(f"{lab}1..{lab}{count}" for lab, count in labs.items())


def parse_query(grid: LabGrid, tool: str, args: Sequence[str]) -> Query:
    """Read a tool and its arguments; a UsageError names the problem and what is allowed."""
    name = tool_name(tool)
    text = " ".join(args).strip()
    if name in BARE_TOOLS:
        if text:
            raise UsageError(f"{name} takes no arguments, got {text[:30]!r}")
        return Query(name)
    if not text and name in OPTIONAL_ARGUMENT:
        return Query(name)
    if not text:
        raise UsageError(f"{name} needs an argument: {USAGE[name]}")
    return Query(name, PARSERS[name](grid, name, text))


def _card(grid: LabGrid, name: str, text: str) -> str | frozenset[int]:
    """A sample card by its id in this kit (M17), or by the molecules printed on it, so a
    retail box's own cards can be asked about (``samply 3,7,12,18,22``)."""
    card = text.upper()
    if text[:1].isdigit():
        found = molecules(text, name)
        if len(set(found)) != len(found) or len(found) != SAMPLE_SIZE:
            raise UsageError(f"{name}: a sample card holds {SAMPLE_SIZE} different molecules, "
                             f"got {text[:30]!r}")
        return frozenset(found)
    if card not in grid.lab.samples:
        raise UsageError(f"{name}: no sample card {text[:20]!r}; sample cards are "
                         f"{card_ranges(grid)}")
    return card


def _end(grid: LabGrid, name: str, text: str) -> str:
    end = text.lower()
    if end not in ("min", "max"):
        raise UsageError(f"intervallo: choose min or max, not {text[:20]!r}")
    return end


def _shape_names(shapes: Sequence[tuple[int, int]]) -> str:
    return " or ".join(f"{r}×{c}" for r, c in shapes)


def _block(grid: LabGrid, name: str, text: str) -> frozenset[int]:
    if answers.BLOCK_LABEL.match(text.lower()):
        cells = grid.blocks.get(text.lower())
        if cells is None:
            raise UsageError(f"scanpad: no block {text!r} on the grid; blocks are "
                             f"{', '.join(grid.blocks)}")
        return cells
    cells = frozenset(molecules(text, "scanpad"))
    if cells not in grid.blocks.values():
        example_label, example = next(iter(grid.blocks.items()))
        raise UsageError(f"scanpad: {text[:40]} is not a block; Scanpad frames "
                         f"{_shape_names(grid.scanpad_shapes)} molecules of the grid, such as "
                         f"{','.join(map(str, sorted(example)))} ({example_label})")
    return cells


def _centrifugo(grid: LabGrid, name: str, text: str) -> frozenset[int]:
    cells = frozenset(molecules(text, "centrifugo"))
    if cells not in grid.centrifugo_placements:
        example = sorted(grid.centrifugo_placements[0])
        raise UsageError(f"centrifugo: {text[:40]} is not a set of molecules Centrifugo can "
                         f"point at; it points at {len(grid.centrifugo_cells)} cells shaped "
                         f"like {','.join(map(str, example))}")
    return cells


def _line(grid: LabGrid, name: str, text: str) -> tuple[str, int]:
    parts = text.lower().split()
    kind = meaning(parts[0]) if parts else None  # row/col in any language the key prints
    if (kind not in ("row", "col") or len(parts) != 2 or not NUMBER.match(parts[1])
            or not 1 <= int(parts[1]) <= SIDE):
        raise UsageError(f"estugamo: write row N or col N with N of 1..{SIDE}, not "
                         f"{text[:30]!r}")
    return kind, int(parts[1])


def _molecule(grid: LabGrid, name: str, text: str) -> int:
    values = molecules(text, name)
    if len(values) != 1:
        raise UsageError(f"{name}: show one molecule of 1..25, not {text[:30]!r}")
    return values[0]


def _lab(grid: LabGrid, name: str, text: str) -> str:
    lab = text.upper()
    if lab not in grid.labs:
        raise UsageError(f"{name}: no lab {text[:20]!r}; labs are {', '.join(grid.labs)}")
    return lab


def _guess(grid: LabGrid, name: str, text: str) -> Secret:
    return answers.check_secret(molecules(text, name), "an Antidote guess")


PARSERS = {
    Tool.SAMPLY: _card, Tool.MIKROSKOPO: _card, Tool.ANALYZER: _card, Tool.INTERVALLO: _end,
    Tool.SCANPAD: _block, Tool.CENTRIFUGO: _centrifugo, Tool.ESTUGAMO: _line,
    Tool.KOLOZOMI: _molecule, Tool.ANTIDOTE: _guess, Tool.DEDUKTO: _lab,
}
USAGE = {
    Tool.SAMPLY: "a sample card id such as M17, or its 5 molecules such as 3,7,12,18,22",
    Tool.MIKROSKOPO: "a sample card id such as M17, or its 5 molecules",
    Tool.ANALYZER: "a sample card id such as M17, or its 5 molecules",
    Tool.INTERVALLO: "min or max",
    Tool.SCANPAD: "6 molecules of a block such as 1,2,3,6,7,8, or a label such as r1c1:2x3",
    Tool.CENTRIFUGO: "4 molecules such as 1,2,6,7", Tool.ESTUGAMO: "row N or col N",
    Tool.KOLOZOMI: "one molecule such as 7", Tool.ANTIDOTE: "3 molecules such as 5,9,23",
    Tool.DEDUKTO: "a lab such as T, or none for the first lab",
}


def ask(grid: LabGrid, secret: Secret, query: Query, seed: int, draw: int = 1) -> Any:
    """Savvy's answer: bool, count, row, zone label, colour name, molecule list, or None."""
    tool, arg = query.tool, query.arg
    if tool in (Tool.SAMPLY, Tool.MIKROSKOPO, Tool.ANALYZER):
        held = (answers.count_in(arg, secret) if isinstance(arg, frozenset)
                else answers.sample_count(grid, secret, arg))
        return held if tool == Tool.ANALYZER else held > 0
    if tool in (Tool.SCANPAD, Tool.ANTIDOTE):
        return answers.count_in(arg, secret)
    if tool == Tool.CENTRIFUGO:
        return answers.centrifugo(arg, secret)
    if tool == Tool.ESTUGAMO:
        return answers.estugamo(grid, secret, *arg)
    if tool == Tool.INTERVALLO:
        return answers.intervallo(grid, secret, arg)
    if tool == Tool.KOLOZOMI:
        return answers.kolozomi(grid, secret, arg)
    if tool == Tool.DEDUKTO:
        return answers.dedukto(secret, seed, grid.labs.index(arg) if arg else 0)
    if tool == Tool.FUZIO:
        return answers.fuzio(grid, secret)
    if tool == Tool.SUBSTRAKTO:
        return answers.substrakto(secret, seed, draw)
    if tool == Tool.MEZAKOL:
        return answers.mezakol(grid, secret)
    return None


def reply(grid: LabGrid, secret: Secret, query: Query, seed: int, draw: int = 1,
          misfunkcio: bool = False) -> dict[str, Any]:
    """Savvy's answer as ``pnp savvy answer --json`` prints it — ``{"answer": …}``, with the
    ``note`` of a tool that has no answer, or the ``misfunkcio`` readings of a broken Scanpad —
    so the command line and the referee page give one value for one question."""
    answer = ask(grid, secret, query, seed, draw)
    result: dict[str, Any] = {"answer": answer}
    if query.tool in NO_ANSWER:
        result["note"] = NO_ANSWER[query.tool]
    elif misfunkcio and query.tool == Tool.SCANPAD:
        result["misfunkcio"] = answers.misfunkcio_readings(answer)
    return result


def describe(query: Query, answer: Any) -> str:
    """The answer in a sentence a referee can read out or copy on the sheet."""
    tool, arg = query.tool, query.arg
    if tool in NO_ANSWER:
        return NO_ANSWER[tool]
    if isinstance(arg, frozenset):
        arg = ",".join(map(str, sorted(arg)))
    if tool in (Tool.SAMPLY, Tool.MIKROSKOPO):
        return f"{arg}: ✓ holds an antidote molecule" if answer else f"{arg}: ✗ holds none"
    if tool == Tool.ANALYZER:
        if answer == 0:
            return f"{arg}: 0 — a ✗ card; Analyzer takes only ✓ cards"
        return f"{arg}: x{answer}"
    if tool == Tool.INTERVALLO:
        return f"{arg}: row {answer}"
    if tool == Tool.DEDUKTO:
        return "not in the antidote: " + ", ".join(map(str, answer))
    if tool == Tool.FUZIO:
        return f"zone {answer}"
    if tool == Tool.SUBSTRAKTO:
        return f"difference {answer}"
    if tool == Tool.MEZAKOL:
        return f"colour {answer}"
    if isinstance(answer, bool):
        return "yes" if answer else "no"
    if tool == Tool.ANTIDOTE:
        found = " — the antidote is found" if answer == answers.SECRET_SIZE else ""
        return f"{answer} of {answers.SECRET_SIZE} right{found}"
    return f"{answer} of the framed molecules in the antidote"
