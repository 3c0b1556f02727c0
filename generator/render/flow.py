"""Rich text flowed into a box: headings, paragraphs and bullets with inline icons, in one or
more columns, shrunk as one piece until it fits (rule summaries read best at one size).

Laying out is pure measurement; drawing is separate, so a build can check that a translation
fits without drawing it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from ..units import PT_PER_MM, mm
from .blocks import Block, Icon
from .colours import set_fill
from .fonts import draw_text, font_name, text_width
from .text import STEP, room_after, split_word, tokens

# kind: (size relative to the body, font style, space before in ems)
KINDS = {
    "title": (1.2, "bold", 0.9),
    "heading": (1.05, "bold", 0.55),
    "para": (1.0, "regular", 0.35),
    "item": (1.0, "regular", 0.15),
}
BULLET = "•"
ICON_HEIGHT = 1.0  # ems: an inline icon is as tall as the text is large
BASELINE = 0.8  # ems from the top of a line to its baseline, as plain text elements use


@dataclass(frozen=True)
class Run:
    """A piece of one line, positioned in mm from the box's top-left (y is the baseline)."""

    x: float
    y: float
    size: float
    font: str
    accent: bool
    text: str = ""
    icon: str | None = None
    width: float = 0.0


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


IconRatio = Callable[[str], float]  # layout name → width / height


def fit_flow(blocks: Sequence[Block], w: float, h: float, style: FlowStyle,
             icon_ratio: IconRatio) -> list[Run]:
    """The runs at the largest size that fits, or FlowOverflow."""
    size = style.size
    spilled = blocks[0] if blocks else None
    while size >= style.min_size - 1e-9:
        for lang in dict.fromkeys(("", style.lang)):
            runs, spilled = _lay_out(blocks, w, h, size, style, icon_ratio, lang)
            if spilled is None:
                return runs
        size -= STEP
    assert spilled is not None
    raise FlowOverflow(spilled)


@lru_cache(maxsize=512)
def fitted_flow(blocks: tuple[Block, ...], w: float, h: float, style: FlowStyle,
                ratios: tuple[tuple[str, float], ...]) -> tuple[Run, ...]:
    """``fit_flow`` remembered, with the icons' proportions given as data: every language's
    rule text is fitted once to check it, and each build then draws one of them again."""
    return tuple(fit_flow(blocks, w, h, style, dict(ratios).__getitem__))


def _lay_out(blocks: Sequence[Block], w: float, h: float, size: float, style: FlowStyle,
             icon_ratio: IconRatio, lang: str) -> tuple[list[Run], Block | None]:
    col_w = (w - style.gap * (style.columns - 1)) / style.columns
    runs: list[Run] = []
    column, y = 0, 0.0
    for block in blocks:
        scale, font_style, before = KINDS[block.kind]
        bsize = size * scale
        font = font_name(font_style)
        em = bsize / PT_PER_MM
        line_h = em * style.leading
        indent = text_width(BULLET + " ", font, bsize) / PT_PER_MM if block.kind == "item" else 0
        lines = _break(block.pieces, font, bsize, (col_w - indent) * PT_PER_MM, icon_ratio,
                       lang)
        if lines is None:
            return runs, block
        if y > 0:
            y += before * em
        keep = 2 if block.kind in ("title", "heading") else 1  # no heading alone at the foot
        for index, line in enumerate(lines):
            if y + line_h * (keep if index == 0 else 1) > h + 1e-6:
                column, y = column + 1, 0.0
                if column >= style.columns:
                    return runs, block
            left = column * (col_w + style.gap)
            baseline = y + BASELINE * em
            accent = block.kind in ("title", "heading")
            if block.kind == "item" and index == 0:
                runs.append(Run(left, baseline, bsize, font, accent, BULLET))
            runs.extend(Run(left + indent + x, baseline, bsize, font, accent, text, icon, width)
                        for x, text, icon, width in line)
            y += line_h
    return runs, None


Placed = tuple[float, str, str | None, float]  # x mm, text, icon layout, width mm


def _break(pieces: Sequence[str | Icon], font: str, size: float, width_pt: float,
           icon_ratio: IconRatio, lang: str = "") -> list[list[Placed]] | None:
    """Greedy line breaking over words and icons, hyphenating (in ``lang``) a word the line
    cannot hold; None when one word is wider than the box."""
    lines: list[list[Placed]] = [[]]
    x = 0.0
    for joiner, word, icon in _words(pieces):
        while True:
            own = (size * ICON_HEIGHT * icon_ratio(icon) if icon
                   else text_width(word, font, size))
            gap = text_width(joiner, font, size) if lines[-1] else 0.0
            if x + gap + own <= width_pt:
                break
            cut = None if icon else split_word(word, lang,
                                               room_after(x + gap, font, size, width_pt))
            if cut is not None:
                x = _place(lines[-1], x, gap, joiner, cut[0], None,
                           text_width(cut[0], font, size))
            elif not lines[-1] or own > width_pt:
                return None
            lines.append([])
            x, joiner = 0.0, ""
            if cut is not None:
                word = cut[1]
        x = _place(lines[-1], x, gap, joiner, word, icon, own)
    return lines


def _place(line: list[Placed], x: float, gap: float, joiner: str, word: str,
           icon: str | None, own: float) -> float:
    """Add a word (merged into the line's last text run) or an icon; the new x in points."""
    if icon is None and line and line[-1][2] is None:
        last = line[-1]
        line[-1] = (last[0], last[1] + (joiner if gap else "") + word, None,
                    (x + gap + own) / PT_PER_MM - last[0])
    else:
        line.append(((x + gap) / PT_PER_MM, word, icon, own / PT_PER_MM))
    return x + gap + own


def _words(pieces: Sequence[str | Icon]) -> list[tuple[str, str, str | None]]:
    words: list[tuple[str, str, str | None]] = []
    for piece in pieces:
        if isinstance(piece, Icon):
            words.append((" ", "", piece.layout))
            continue
        words.extend((joiner, word, None) for joiner, word in tokens(piece))
    return words


def draw_flow(canvas: Canvas, runs: Sequence[Run], x: float, y: float, colour: Color,
              accent: Color, draw_icon: Callable[[str, float, float, float, float], None]
              ) -> None:
    """Draw laid-out runs in a box whose top-left is (x, y) mm; icons through a callback
    taking (layout, x, y, w, h) in mm."""
    for run in runs:
        if run.icon:
            em = run.size / PT_PER_MM
            draw_icon(run.icon, x + run.x, y + run.y - BASELINE * em * 0.95, run.width,
                      em * ICON_HEIGHT)
            continue
        canvas.saveState()
        set_fill(canvas, accent if run.accent else colour)
        draw_text(canvas, mm(x + run.x), -mm(y + run.y), run.text, run.font, run.size)
        canvas.restoreState()
