"""Rich text flowed into a box: headings, paragraphs and bullets with inline icons, in one or
more columns, shrunk as one piece until it fits (rule summaries read best at one size).

Laying out is pure measurement; drawing is separate, so a build can check that a translation
fits without drawing it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from ..content.typography import Hyphenation
from ..units import PT_PER_MM, mm
from .blocks import Block
from .colours import set_fill
from .fonts import draw_text, font_name, text_width
from .inline import BASELINE, Picture, Ratio, Word, paragraphs, picture_box, placed, width
from .text import ANYWHERE, STEP, break_balanced, set_by_language

# kind: (size relative to the body, font style, space before in ems)
KINDS = {
    "title": (1.2, "bold", 0.9),
    "heading": (1.05, "bold", 0.55),
    "para": (1.0, "regular", 0.35),
    "item": (1.0, "regular", 0.15),
}
BULLET = "•"


@dataclass(frozen=True)
class Run:
    """A piece of one line, positioned in mm from the box's top-left (y is the baseline)."""

    x: float
    y: float
    size: float
    font: str
    accent: bool
    text: str = ""
    icon: Picture | None = None
    ems: float = 0.0  # the picture's width
    colour: str | None = None  # an inline ``{red}`` colour's name


@dataclass(frozen=True)
class FlowStyle:
    size: float
    min_size: float
    leading: float = 1.22
    columns: int = 1
    gap: float = 4.0
    lang: str = ""  # hyphenation patterns, used when the text does not fit without them


class FlowOverflow(Exception):
    """No size from ``size`` down to ``min_size`` fits; ``block`` is the first that spills."""

    def __init__(self, block: Block):
        super().__init__(block.text[:60])
        self.block = block


class Flowed(NamedTuple):
    """Laid-out runs, and whether the language's hyphenation was tried to get them (another
    language might have broken the same text elsewhere)."""

    runs: tuple[Run, ...]
    by_language: bool
    size: float  # the body size the text was set at


def fit_flow(blocks: Sequence[Block], w: float, h: float, style: FlowStyle,
             icon_ratio: Ratio) -> Flowed:
    """The runs at the largest size that fits, or FlowOverflow."""
    size = style.size
    spilled = blocks[0] if blocks else None
    words = [paragraphs(block.pieces, font_name(KINDS[block.kind][1]), icon_ratio, style.lang)
             for block in blocks]
    lengths = [[sum(width(word, 1.0) for _, word in paragraph) for paragraph in block]
               for block in words]
    tried = any(set_by_language(block.pieces, style.lang) for block in blocks)
    while size >= style.min_size - 1e-9:
        last = size - STEP < style.min_size - 1e-9  # laid out all the same: its overflow
        if not last and _too_long(blocks, lengths, w, h, size, style):  # names the block
            size -= STEP
            continue
        # at each size: no split, then split as the language's rule allows, then anywhere
        # its patterns allow, so a flow is never set smaller to spare a hyphen
        for lang, rule in dict.fromkeys((("", None), (style.lang, None),
                                         (style.lang, ANYWHERE))):
            tried = tried or bool(lang)
            runs, spilled = _lay_out(blocks, words, w, h, size, style, lang, last, rule)
            if spilled is None:
                return Flowed(tuple(runs), tried, size)
        size -= STEP
    assert spilled is not None
    raise FlowOverflow(spilled)


@lru_cache(maxsize=512)
def fitted_flow(blocks: tuple[Block, ...], w: float, h: float, style: FlowStyle,
                ratios: tuple[tuple[Picture, float], ...]) -> Flowed:
    """``fit_flow`` remembered, with the icons' proportions given as data: every language's
    rule text is fitted once to check it, and each build then draws one of them again."""
    return fit_flow(blocks, w, h, style, dict(ratios).__getitem__)


def _too_long(blocks: Sequence[Block], lengths: Sequence[list[float]], w: float, h: float,
              size: float, style: FlowStyle) -> bool:
    """Whether the text cannot fit at ``size`` however its lines break: even lines filled to
    their last point (``lengths``: each paragraph's words end to end at 1 pt, no spaces) take
    more height than the columns have. Most sizes a long text is tried at fail; this says so
    without laying it out."""
    col_w = (w - style.gap * (style.columns - 1)) / style.columns
    need = 0.0
    for block, paragraph_lengths in zip(blocks, lengths, strict=True):
        scale, font_style, _ = KINDS[block.kind]
        bsize = size * scale
        indent = (text_width(BULLET + " ", font_name(font_style), bsize) / PT_PER_MM
                  if block.kind == "item" else 0)
        room = (col_w - indent) * PT_PER_MM
        if room <= 0:
            return False  # the layout says what is wrong
        lines = sum(max(1, math.ceil(length * bsize / room - 1e-6))
                    for length in paragraph_lengths)
        need += lines * bsize / PT_PER_MM * style.leading
    return need > style.columns * (h + 1e-6) * (1 + 1e-9) + 1e-6


@dataclass(frozen=True)
class _Laid:
    """A block broken into lines at one size, with what placing it needs."""

    block: Block
    lines: list
    size: float
    font: str
    em: float
    line_h: float
    indent: float
    before: float

    @property
    def height(self) -> float:
        return len(self.lines) * self.line_h


def _lay_out(blocks: Sequence[Block], words: Sequence[list[list[Word]]], w: float, h: float,
             size: float, style: FlowStyle, lang: str, last: bool = False,
             rule: Hyphenation | None = None) -> tuple[list[Run], Block | None]:
    """The runs of ``blocks`` at ``size``, and the first block that spills (None if none).
    A one-word heading is hyphenated only at the ``last`` size tried: before, it shrinks.
    Blocks go line by line, column after column. A column breaks between blocks: a block
    that fits a column is moved whole to the next one rather than split, and a heading goes
    with the block it heads; only a block longer than a column is split, never leaving a
    single line at a column's foot."""
    col_w = (w - style.gap * (style.columns - 1)) / style.columns
    laid: list[_Laid] = []
    for block, block_words in zip(blocks, words, strict=True):
        scale, font_style, before = KINDS[block.kind]
        bsize = size * scale
        font = font_name(font_style)
        em = bsize / PT_PER_MM
        indent = text_width(BULLET + " ", font, bsize) / PT_PER_MM if block.kind == "item" else 0
        label = block.kind in ("title", "heading") and all(len(p) <= 1 for p in block_words)
        lines = break_balanced(block_words, bsize, (col_w - indent) * PT_PER_MM,
                               "" if label and not last else lang, rule=rule)
        if lines is None:
            return [], block
        laid.append(_Laid(block, lines, bsize, font, em, em * style.leading, indent, before))
    runs: list[Run] = []
    column, y = 0, 0.0
    for index, item in enumerate(laid):
        if y > 0:
            y += item.before * item.em
        following = laid[index + 1] if index + 1 < len(laid) else None
        if y > 0 and y + _kept(item, following, h) > h + 1e-6:
            column, y = column + 1, 0.0
            if column >= style.columns:
                return runs, item.block
        block = item.block
        for number, line in enumerate(item.lines):
            if y + item.line_h > h + 1e-6:
                column, y = column + 1, 0.0
                if column >= style.columns:
                    return runs, block
            left = column * (col_w + style.gap)
            baseline = y + BASELINE * item.em
            accent = block.kind in ("title", "heading")
            if block.kind == "item" and number == 0:
                runs.append(Run(left, baseline, item.size, item.font, accent, BULLET))
            runs.extend(Run(left + item.indent + x, baseline, item.size, bit.font, accent,
                            bit.text, bit.icon, bit.ems, bit.colour)
                        for x, bit in placed(line, item.size))
            y += item.line_h
    return runs, None


def _kept(item: _Laid, following: _Laid | None, h: float) -> float:
    """The height that must fit below the current line for ``item`` to start there: the
    whole block when a column holds it, else its first two lines; a heading or title with
    what it heads (as much of it as would have to stay together)."""
    own = item.height if item.height <= h + 1e-6 else min(item.height, 2 * item.line_h)
    if item.block.kind not in ("title", "heading") or following is None:
        return own
    spacing = following.before * following.em
    rest = following.height if own + spacing + following.height <= h + 1e-6 else min(
        following.height, 2 * following.line_h)
    return own + spacing + rest


DrawIcon = Callable[[Picture, float, float, float, float], None]  # icon, x, y, w, h in mm


def draw_flow(canvas: Canvas, runs: Sequence[Run], x: float, y: float, colour: Color,
              accent: Color, draw_icon: DrawIcon,
              inline: Callable[[str], Color] | None = None) -> None:
    """Draw laid-out runs in a box whose top-left is (x, y) mm; pictures through a callback
    taking (icon, x, y, w, h) in mm; ``inline`` gives an inline ``{name}``'s colour."""
    for run in runs:
        if run.icon is not None:
            draw_icon(run.icon, *picture_box(run.icon, run.ems, run.font, x + run.x, y + run.y,
                                             run.size))
            continue
        canvas.saveState()
        set_fill(canvas, inline(run.colour) if run.colour and inline
                 else accent if run.accent else colour)
        draw_text(canvas, mm(x + run.x), -mm(y + run.y), run.text, run.font, run.size)
        canvas.restoreState()
