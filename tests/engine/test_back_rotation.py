"""--back-rotation, read back from the alignment page: the back's targets land where a turn
about the page centre puts them, and the formula the front prints gives the turn back."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pdfplumber
import pytest

from generator.content.model import Size
from generator.imposition.imposition import impose_deck
from generator.imposition.plan import PrintOptions, Side
from generator.pipeline.build import build_alignment_page
from generator.pipeline.plan import for_printer
from support.units import to_mm

A4 = Size(210, 297)
TARGETS = [(210 * fx, 297 * fy) for fx in (0.25, 0.75) for fy in (0.2, 0.5, 0.8)]


def centres(pdf: Path, page: int) -> list[tuple[float, float]]:
    """The centres in mm of the page's crosshairs: the midpoints of their 16 mm lines across
    (however turned, the one nearer the horizontal)."""
    with pdfplumber.open(pdf) as doc:
        lines = doc.pages[page].lines
    found = []
    for line in lines:
        (x0, y0), (x1, y1) = line["pts"][0], line["pts"][-1]
        if abs(to_mm(math.hypot(x1 - x0, y1 - y0)) - 16) < 0.01 and abs(y1 - y0) < abs(x1 - x0):
            found.append((round(to_mm((x0 + x1) / 2), 3), round(to_mm((y0 + y1) / 2), 3)))
    return sorted(found)


def near(found: list[tuple[float, float]], expected: list[tuple[float, float]]) -> bool:
    """The same points, each within 5 µm."""
    return len(found) == len(expected) and all(
        math.dist(f, e) < 0.005 for f, e in zip(found, expected, strict=True))


def turned(x: float, y: float, degrees: float) -> tuple[float, float]:
    """(x, y) turned clockwise (y downwards) about the A4 page's centre."""
    cx, cy, a = A4.w / 2, A4.h / 2, math.radians(degrees)
    return (cx + (x - cx) * math.cos(a) - (y - cy) * math.sin(a),
            cy + (x - cx) * math.sin(a) + (y - cy) * math.cos(a))


def behind(x: float, y: float, duplex: str) -> tuple[float, float]:
    """Where a front point lies on the back page, for the sheet's flip."""
    return (x, A4.h - y) if duplex == "short" else (A4.w - x, y)


@pytest.mark.parametrize("duplex, degrees", [("long", 0.5), ("long", -1.2), ("short", 0.8)])
def test_back_targets_turn_about_the_page_centre(tmp_path, duplex, degrees):
    result = build_alignment_page(PrintOptions(duplex=duplex, back_rotation=degrees), tmp_path)
    assert result.path.name == f"alignment-a4-{duplex}-turn{degrees:g}.pdf"
    assert near(centres(result.path, 0), sorted(TARGETS))
    assert near(centres(result.path, 1),
                sorted(turned(*behind(x, y, duplex), degrees) for x, y in TARGETS))


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_the_printed_formula_reads_the_turn_back(tmp_path, duplex):
    """X at a target is the back offset that target alone would ask for; a back turned by θ
    moves the top and bottom targets of a column sideways by opposite amounts, and the
    front's formula turns their difference back into θ, in the order it names them."""
    degrees = 0.4
    plain = build_alignment_page(PrintOptions(duplex=duplex), tmp_path / "plain")
    turned_back = build_alignment_page(PrintOptions(duplex=duplex, back_rotation=degrees),
                                       tmp_path / "turned")
    with pdfplumber.open(plain.path) as doc:
        text = doc.pages[0].extract_text()
    match = re.search(r"\(X (top|bottom) − X (top|bottom) target of a column, ([\d.]+) mm "
                      r"apart\) × ([\d.]+) = --back-rotation", text)
    assert match, text
    first, _, span, factor = match.groups()
    assert float(span) == pytest.approx(0.6 * A4.h, abs=0.05)
    # the left column, as seen from the front: on the back it is the right one (long edge)
    # or the left one upside down (short edge)
    moved = {}
    after_turn = centres(turned_back.path, 1)
    for before in centres(plain.path, 1):
        after = min(after_turn, key=lambda point: math.dist(point, before))
        front_y = A4.h - before[1] if duplex == "short" else before[1]
        front_x = A4.w - before[0] if duplex == "long" else before[0]
        if front_x < A4.w / 2 and abs(front_y - A4.h / 2) > 1:
            moved["top" if front_y < A4.h / 2 else "bottom"] = after[0] - before[0]
    second = "bottom" if first == "top" else "top"
    assert (moved[first] - moved[second]) * float(factor) == pytest.approx(degrees, rel=0.01)


def test_only_back_pages_turn_and_the_card_backs_turn_with_them():
    options = PrintOptions(back_rotation=0.3)
    pages = impose_deck(Size(63.5, 88.9), ["f"] * 3, ["b"] * 3, A4, options)
    finished = for_printer(pages, options)
    assert [p.turn for p in finished] == [0.0 if p.side == Side.FRONT else 0.3 for p in pages]
    assert [p.placements for p in finished] == [p.placements for p in pages]
    assert for_printer(pages, PrintOptions()) == pages
