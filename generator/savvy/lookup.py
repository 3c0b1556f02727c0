"""Every question Savvy can be asked in one game, answered once, here, as lookup tables for the
referee page (``page.py``): the page turns what was tapped or linked into a key and looks the
key up, so it computes no answer itself and cannot disagree with ``pnp savvy answer``.

A key is what follows the tool on the command line, normalized the same way here and in the
page's script (``questionKey`` in ``templates/savvy/page.js``): the words are lower-cased and
split at commas and spaces; numbers alone are sorted and joined by commas (``1,2,3,6,7,8``,
in any order on the command line), other words are joined by one space (``row 2``, ``m17``,
``r1c1:2x3``). A Substrakto card after the first adds `` --draw N``, a Scanpad after Misfunkcio
`` --misfunkcio``: the two options of ``pnp savvy answer`` that change an answer.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..rules.save_patient_zero import MOLECULES, SIDE
from . import answers
from .answers import LabGrid, Secret
from .marks import BOOL_TOOLS, COUNT_TOOLS, LabMark, fits, format_answer
from .queries import NO_ANSWER, TOOLS, Tool, parse_query, reply
from .words import ENGLISH

NUMERAL = re.compile(r"^[0-9]+$", re.ASCII)
SPLIT = re.compile(r"[\s,]+")
DRAW_TOOLS = (Tool.SUBSTRAKTO,)  # the tools whose answer depends on --draw (queries.ask)
MISFUNKCIO_TOOLS = (Tool.SCANPAD,)  # the tools --misfunkcio changes (queries.reply)


def args_key(text: str) -> str:
    """The arguments of a question, normalized (see the module's docstring)."""
    words = [w for w in SPLIT.split(text.lower()) if w]
    if words and all(NUMERAL.match(w) for w in words):
        return ",".join(map(str, sorted(int(w) for w in words)))
    return " ".join(str(int(w)) if NUMERAL.match(w) else w for w in words)


def question_key(args: str, draw: int = 1, misfunkcio: bool = False) -> str:
    """The lookup key of one question of a tool: its arguments, then the options."""
    key = args_key(args)
    if draw != 1:
        key += f" --draw {draw}"
    if misfunkcio:
        key += " --misfunkcio"
    return key


@dataclass(frozen=True)
class Question:
    """One question as the command line asks it: ``pnp savvy answer TOOL ARGS [--draw N]
    [--misfunkcio]``."""

    tool: Tool
    args: str = ""
    draw: int = 1
    misfunkcio: bool = False

    @property
    def key(self) -> str:
        return question_key(self.args, self.draw, self.misfunkcio)


def arguments(grid: LabGrid, tool: Tool) -> list[str]:
    """Every way the command line may point this tool (each block also by its label, each
    Estugamo line by each of its words, Dedukto with no lab and with each lab)."""
    if tool in (Tool.SAMPLY, Tool.MIKROSKOPO, Tool.ANALYZER):
        return list(grid.lab.samples)
    if tool == Tool.DEDUKTO:
        return ["", *grid.labs]
    if tool == Tool.INTERVALLO:
        return ["min", "max"]
    if tool == Tool.SCANPAD:
        return [*grid.blocks, *(answers.placement_label(c) for c in grid.blocks.values())]
    if tool == Tool.CENTRIFUGO:
        return [answers.placement_label(cells) for cells in grid.centrifugo_placements]
    if tool == Tool.ESTUGAMO:
        return [f"{word} {n}" for word in (*ENGLISH["row"], *ENGLISH["col"])
                for n in range(1, SIDE + 1)]
    if tool == Tool.KOLOZOMI:
        return [str(m) for m in MOLECULES]
    if tool == Tool.ANTIDOTE:
        return [answers.placement_label(guess) for guess in answers.all_secrets()]
    return [""]


def questions(grid: LabGrid, tool: Tool) -> Iterator[Question]:
    """Every question of one tool: each argument, each draw of a lab's Substrakto cards, and
    each Scanpad block with and without Misfunkcio."""
    draws = range(1, grid.tool_cards.get(tool, 1) + 1) if tool in DRAW_TOOLS else (1,)
    broken = (False, True) if tool in MISFUNKCIO_TOOLS else (False,)
    for args in arguments(grid, tool):
        for draw in draws:
            for misfunkcio in broken:
                yield Question(tool, args, draw, misfunkcio)


def candidates(grid: LabGrid, tool: Tool) -> list[Any]:
    """Every answer a lab's sheet can hold for this tool, as the marks file reads them (a
    Dedukto mark one molecule at a time: it is right when none of its molecules is in the
    antidote, so each molecule is right or wrong on its own)."""
    if tool in BOOL_TOOLS:
        return [True, False]
    if tool in COUNT_TOOLS:
        return list(range(answers.SECRET_SIZE + 1))
    if tool == Tool.INTERVALLO:
        return list(range(1, SIDE + 1))
    if tool == Tool.SUBSTRAKTO:
        return list(range(1, max(MOLECULES) - min(MOLECULES) + 1))
    if tool == Tool.FUZIO:
        return [f"{low}-{high}" for low, high in grid.lab.fuzio]
    if tool == Tool.MEZAKOL:
        return list(grid.lab.colour_order)
    if tool == Tool.DEDUKTO:
        return [(m,) for m in MOLECULES]
    return []


@dataclass(frozen=True)
class Record:
    """One distinct answer of a tool: the value ``pnp savvy answer --json`` prints (and its
    exact text), and the marks a lab's sheet may hold for it that are right."""

    tool: Tool
    value: dict[str, Any]
    json: str
    right: tuple[str, ...]


@dataclass
class Tables:
    """The page's data: per tool, question key → index of its record."""

    keys: dict[str, dict[str, int]] = field(default_factory=dict)
    records: list[Record] = field(default_factory=list)


def tables(grid: LabGrid, secret: Secret, seed: int) -> Tables:
    """Answer every question of every tool for one game (secret and seed)."""
    found = Tables()
    index: dict[tuple[Tool, str, tuple[str, ...]], int] = {}
    for tool in TOOLS:
        keys = found.keys.setdefault(str(tool), {})
        options = candidates(grid, tool)
        for question in questions(grid, tool):
            query = parse_query(grid, tool, question.args.split())
            value = reply(grid, secret, query, seed, question.draw, question.misfunkcio)
            text = json.dumps(value, ensure_ascii=False)
            right = tuple(format_answer(tool, c) for c in options if tool not in NO_ANSWER
                          and fits(grid, secret, LabMark(0, query, c, question.misfunkcio)))
            at = index.get((tool, text, right))
            if at is None:
                at = index[tool, text, right] = len(found.records)
                found.records.append(Record(tool, value, text, right))
            keys[question.key] = at
    return found
