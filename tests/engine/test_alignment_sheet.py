"""The calibration sheet tells the truth in both flips: a simulated printer shifts and turns
the back; the sheet is read as its own words say (from the back, on its rulers, with the
formula it prints), the correction it gives is printed, and what is left is under 0.05 mm
and 0.02°."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pdfplumber
import pytest

from generator.imposition.plan import PrintOptions
from generator.pipeline.build import build_alignment_page
from support.units import to_mm

W, H = 210.0, 297.0
Point = tuple[float, float]


def lines(pdf: Path, page: int) -> list[tuple[Point, Point]]:
    """Every straight line of a page, its ends in mm from the top-left corner."""
    with pdfplumber.open(pdf) as doc:
        found = doc.pages[page].lines
    return [((to_mm(line["pts"][0][0]), to_mm(line["pts"][0][1])),
             (to_mm(line["pts"][-1][0]), to_mm(line["pts"][-1][1]))) for line in found]


def length(line: tuple[Point, Point]) -> float:
    return math.dist(*line)


def mid(line: tuple[Point, Point]) -> Point:
    return ((line[0][0] + line[1][0]) / 2, (line[0][1] + line[1][1]) / 2)


def crosses(pdf: Path, page: int, arm: float) -> list[Point]:
    """The centres of the crosses whose arms are ``arm`` mm: their across lines' midpoints."""
    return [mid(line) for line in lines(pdf, page) if abs(length(line) - 2 * arm) < 0.01
            and abs(line[1][1] - line[0][1]) < abs(line[1][0] - line[0][0])]


class Printer:
    """A duplex printer that prints every back shifted by ``shift`` mm and turned ``turn``°
    clockwise about the page centre, in the back's own coordinates (as seen facing it)."""

    def __init__(self, shift: Point, turn: float):
        self.shift, self.angle = shift, math.radians(turn)

    def __call__(self, point: Point) -> Point:
        cx, cy, a = W / 2, H / 2, self.angle
        x, y = point[0] - cx, point[1] - cy
        return (cx + x * math.cos(a) - y * math.sin(a) + self.shift[0],
                cy + x * math.sin(a) + y * math.cos(a) + self.shift[1])


def seen_from_back(point: Point, flip: str) -> Point:
    """A front point where it shows through, on the back as the back faces you."""
    return (point[0], H - point[1]) if flip == "short" else (W - point[0], point[1])


def read(pdf: Path, flip: str, printer: Printer) -> dict[Point, Point]:
    """Each back cross (as drawn) → the two ruler numbers under the front's lines: the
    place along each printed ruler, counted in its printed ticks from its 0."""
    back = lines(pdf, 1)
    fronts = [seen_from_back(p, flip) for p in crosses(pdf, 0, 14.0)]
    readings = {}
    for cross in crosses(pdf, 1, 8.0):
        front = min(fronts, key=lambda p: math.dist(p, cross))
        # the rulers' long ticks (0 and ±5 mm) nearest this cross, printed by the printer
        ticks = [line for line in back if abs(length(line) - 3.5) < 0.01
                 and math.dist(mid(line), cross) < 16]
        across = sorted((t for t in ticks if abs(t[0][0] - t[1][0]) < 0.5),
                        key=lambda t: mid(t)[0])
        down = sorted((t for t in ticks if abs(t[0][1] - t[1][1]) < 0.5),
                      key=lambda t: mid(t)[1])
        # each tick's end on the arm: the X ruler's 0 and +5, the Y ruler's 0 and +5
        x0, x5 = (printer(min(t, key=lambda p: p[1])) for t in across[1:3])
        y0, y5 = (printer(min(t, key=lambda p: p[0])) for t in down[1:3])
        # where the front's vertical line (x = front.x) meets the X ruler, in its units
        t_x = (front[0] - x0[0]) / ((x5[0] - x0[0]) / 5)
        t_y = (front[1] - y0[1]) / ((y5[1] - y0[1]) / 5)
        readings[cross] = (t_x, t_y)
    return readings


def correction(pdf: Path, flip: str, printer: Printer,
               options: PrintOptions) -> tuple[tuple[float, float], float]:
    """What the back page's words say to pass, given its readings."""
    with pdfplumber.open(pdf) as doc:
        text = doc.pages[1].extract_text()
    assert "+ X to the right (→), + Y down (↓)" in text
    factor = float(re.search(r"apart\) × ([\d.]+), added", text).group(1))
    readings = read(pdf, flip, printer)
    middle = [r for c, r in readings.items() if abs(c[1] - H / 2) < 20]
    dx = sum(r[0] for r in middle) / len(middle) + options.back_offset[0]
    dy = sum(r[1] for r in middle) / len(middle) + options.back_offset[1]
    turns = []
    for column in (lambda c: c[0] < W / 2, lambda c: c[0] >= W / 2):
        mine = sorted(((c, r) for c, r in readings.items() if column(c)), key=lambda i: i[0][1])
        turns.append((mine[0][1][0] - mine[-1][1][0]) * factor)
    return (dx, dy), sum(turns) / len(turns) + options.back_rotation


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("shift, turn", [((0.7, -0.4), 0.3), ((-1.1, 0.6), -0.45)])
def test_one_reading_corrects_a_shifted_and_turned_back(tmp_path, flip, shift, turn):
    printer = Printer(shift, turn)
    first = PrintOptions(duplex=flip)
    sheet = build_alignment_page(first, tmp_path / "first").path
    offset, rotation = correction(sheet, flip, printer, first)
    corrected = PrintOptions(duplex=flip, back_offset=offset, back_rotation=rotation)
    again = build_alignment_page(corrected, tmp_path / "again").path
    fronts = [seen_from_back(p, flip) for p in crosses(again, 0, 14.0)]
    landed = [printer(p) for p in crosses(again, 1, 8.0)]
    worst = max(min(math.dist(f, b) for b in landed) for f in fronts)
    assert worst < 0.05
    assert abs(rotation + turn) < 0.02
    # and read once more, the sheet now asks for nothing more
    offset_2, rotation_2 = correction(again, flip, printer, corrected)
    assert math.dist(offset_2, offset) < 0.05 and abs(rotation_2 - rotation) < 0.02
