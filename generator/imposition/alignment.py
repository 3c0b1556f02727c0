"""The duplex calibration sheet: crosses on the front, the same crosses behind them on the
back with rulers, read from the back.

Everything a correction moves is in the back page's own coordinates (x to the right, y down,
as the back is seen when it faces you): ``--back-offset`` shifts what the back draws and
``--back-rotation`` turns it clockwise about its centre, for either flip. So the sheet is read
from the back, held to the light: the back's crosses carry the rulers on their arms, and the front's
long lines show through. Where a front line crosses a ruler, the ruler's number is the
correction itself, in mm, plus to the right and down; the same reading holds for a long-edge
and a short-edge flip. The top and bottom crosses of a column give the turn: a back turned by
θ clockwise moves its top cross right and its bottom cross left by ``span / 2 × θ``, so the
correction is ``(X top − X bottom) / span`` radians.
"""

from __future__ import annotations

import math

from ..content.model import Size
from .plan import Duplex, Label, Mark, MarkKind, PagePlan, PrintOptions, Side

ROWS = (0.2, 0.5, 0.8)       # the crosses' heights, as shares of the page's
COLUMNS = (0.25, 0.75)       # and their places across it
BACK_ARM = 8.0               # mm: each arm of a back cross
FRONT_ARM = 14.0             # a front cross's arms reach across the back's rulers
RULER_TICKS = 5              # ticks of 1 mm each way from the ruler's zero
NUMBER_SIZE = 6.0            # pt: the rulers' numbers (the legibility floor)
NOTE_SIZE = 7.0              # pt: the instructions


def alignment_pages(paper: Size, options: PrintOptions) -> list[PagePlan]:
    """The front (crosses and how to print) and the back (crosses, rulers, how to read)."""
    flip = Duplex.SHORT if options.duplex == Duplex.SHORT else Duplex.LONG
    targets = [(paper.w * fx, paper.h * fy) for fx in COLUMNS for fy in ROWS]
    front_marks = [mark for x, y in targets for mark in _cross(x, y, FRONT_ARM)]
    back_marks: list[Mark] = []
    back_labels: list[Label] = []
    for x, y in targets:
        bx, by = _behind(x, y, paper, flip, options.back_offset)
        back_marks += _cross(bx, by, BACK_ARM)
        marks, labels = _rulers(bx, by)
        back_marks += marks
        back_labels += labels
    top = options.margin + 4
    front_notes = (
        f"Duplex alignment sheet ({flip}-edge flip). Print this page on both sides of one "
        f"sheet, flipping on the {flip} edge, then turn to the side that says BACK.",
        "Read it from the back, held against the light: the back's rulers give the numbers to "
        "pass to pnp build.")
    span = paper.h * (ROWS[-1] - ROWS[0])
    dx, dy = options.back_offset
    back_notes = (
        "BACK. Hold this side towards you, against the light: the front's long lines show "
        "through the crosses.",
        "Where a front line crosses a ruler, the ruler's number is the correction in mm: "
        "+ X to the right (→), + Y down (↓).",
        f"--back-offset X,Y: X and Y at the middle crosses (the mean of the two), added to "
        f"this sheet's {dx:g},{dy:g}.",
        f"--back-rotation: (X top − X bottom of a column, {span:.1f} mm apart) × "
        f"{math.degrees(1 / span):.4f}, added to this sheet's {options.back_rotation:g}°.")
    front = PagePlan(paper.w, paper.h, (), tuple(front_marks), _notes(front_notes, top, options))
    back = PagePlan(paper.w, paper.h, (), tuple(back_marks),
                    (*_notes(back_notes, top, options), *back_labels), side=Side.BACK,
                    turn=options.back_rotation)
    return [front, back]


def _notes(lines: tuple[str, ...], top: float, options: PrintOptions) -> tuple[Label, ...]:
    step = NOTE_SIZE * 0.3528 * 1.35
    return tuple(Label(options.margin, top + i * step, line, NOTE_SIZE)
                 for i, line in enumerate(lines))


def _cross(x: float, y: float, arm: float) -> list[Mark]:
    return [Mark(x - arm, y, x + arm, y, kind=MarkKind.TARGET),
            Mark(x, y - arm, x, y + arm, kind=MarkKind.TARGET)]


def _rulers(x: float, y: float) -> tuple[list[Mark], list[Label]]:
    """Ticks on the cross's own arms, 1 mm apart and numbered every 5 mm: under the
    horizontal arm for X, right of the vertical arm for Y, each zero at the cross's centre.
    A ruler set off from the cross would read a turned back wrong by its distance × the
    turn (9 mm away and 0.3° turned: 0.05 mm)."""
    marks, labels = [], []
    for tick in range(-RULER_TICKS, RULER_TICKS + 1):
        length = 3.5 if tick % 5 == 0 else 2.0
        marks.append(Mark(x + tick, y, x + tick, y + length, MarkKind.RULER))
        marks.append(Mark(x, y + tick, x + length, y + tick, MarkKind.RULER))
        if tick % 5 == 0:
            number = f"+{tick}" if tick > 0 else f"−{-tick}" if tick else "0"
            if tick:  # the zero is the centre of the cross
                labels.append(Label(x + tick - 0.8 * len(number) / 2, y + 6.0, number,
                                    NUMBER_SIZE))
                labels.append(Label(x + 4.2, y + tick + 0.7, number, NUMBER_SIZE))
    return marks, labels


def _behind(x: float, y: float, paper: Size, flip: Duplex,
            offset: tuple[float, float]) -> tuple[float, float]:
    """Where a front point lies on the back page, moved by the back offset."""
    dx, dy = offset
    if flip == Duplex.SHORT:
        return x + dx, paper.h - y + dy
    return paper.w - x + dx, y + dy
