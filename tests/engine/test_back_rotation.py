"""--back-rotation, read back from the alignment page: the back's targets land where a turn
about the page centre puts them (tests/engine/test_alignment_sheet.py reads the sheet)."""

from __future__ import annotations

import math
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
    """The centres in mm of the page's crosshairs: the midpoints of their lines across
    (however turned, the one nearer the horizontal), 28 mm on the front, 16 mm on the back."""
    span = 16 if page else 28
    with pdfplumber.open(pdf) as doc:
        lines = doc.pages[page].lines
    found = []
    for line in lines:
        (x0, y0), (x1, y1) = line["pts"][0], line["pts"][-1]
        if abs(to_mm(math.hypot(x1 - x0, y1 - y0)) - span) < 0.01 and abs(y1 - y0) < abs(x1 - x0):
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


def test_only_back_pages_turn_and_the_card_backs_turn_with_them():
    options = PrintOptions(back_rotation=0.3)
    pages = impose_deck(Size(63.5, 88.9), ["f"] * 3, ["b"] * 3, A4, options)
    finished = for_printer(pages, options)
    assert [p.turn for p in finished] == [0.0 if p.side == Side.FRONT else 0.3 for p in pages]
    assert [p.placements for p in finished] == [p.placements for p in pages]
    assert for_printer(pages, PrintOptions()) == pages
