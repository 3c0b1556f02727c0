"""Patient Zero: A Solo Epidemic's art read back from the PDF: a card back whose pattern tiles
inside each card (nothing clipped at a seam), a paper die whose every fold is dashed, and die
faces whose limb names sit on one line in German, the longest language."""

from __future__ import annotations

import math

import pdfplumber
import pytest

from generator.pipeline.load import resolve_game
from support.clips import clip_boxes
from support.solo import build_kit, filled_boxes, hex_rgb, text_runs
from support.units import PT_PER_MM

pytestmark = pytest.mark.slow  # each test builds a part of the kit

BLEED = 3.0  # mm round each card


@pytest.fixture(scope="module")
def game():
    return resolve_game("patient-zero-solo")


def test_back_pattern_tiles_inside_each_card(tmp_path, game):
    """Every disease shape of the back lies inside its card's white margin: none is cut at
    a seam, and each card shows the same 30 shapes."""
    built = build_kit(tmp_path, only=("deck",))
    index = built.first_page["deck"] + 1  # the first sheet's backs
    margin = game.vars["back"]["margin"]
    cards = [(left + BLEED, top + BLEED, right - BLEED, bottom - BLEED)
             for left, top, right, bottom in dict.fromkeys(clip_boxes(built.path, index))
             if abs(right - left - 63.5 - 2 * BLEED) < 0.3]
    assert len(cards) == 9
    shapes = [box for colour in game.data["colours"]
              for box in filled_boxes(built.path, index, hex_rgb(game.palette[colour]))]
    counts = [sum(1 for b in shapes if c[0] + margin <= b[0] and b[2] <= c[2] - margin
                  and c[1] + margin <= b[1] and b[3] <= c[3] - margin) for c in cards]
    assert counts == [30] * 9 and len(shapes) == 9 * 30


def test_paper_die_draws_every_fold_dashed_once(tmp_path, game):
    """Each fold of vars.die_folds is one dashed line (read back with its dash pattern), so
    'fold along the dashed lines' is what the sheet shows; the only other dashed line is the
    legend's short sample beside the word 'fold'."""
    built = build_kit(tmp_path, only=("paper-die",))
    with pdfplumber.open(built.path) as pdf:
        lines = pdf.pages[built.first_page["paper-die"]].lines
    dashed = [line for line in lines if line.get("dash") and line["dash"][0]]
    ends = [tuple(sorted((round(x / PT_PER_MM, 1), round(y / PT_PER_MM, 1))
                         for x, y in line["pts"])) for line in dashed]
    # the legend's sample of a fold is the one short dashed line; every fold spans a face
    legend = [e for e in ends if math.dist(*e) < 10]
    ends = [e for e in ends if e not in legend]
    assert len(legend) == 1 and len(ends) == len(game.vars["die_folds"]) == 12
    left, top = min(p[0] for e in ends for p in e), min(p[1] for e in ends for p in e)
    drawn = {tuple((round(x - left), round(y - top)) for x, y in e) for e in ends}
    wanted = {tuple(sorted(((x1, y1), (x2, y2)))) for x1, y1, x2, y2 in game.vars["die_folds"]}
    assert drawn == wanted


def test_german_die_faces_name_each_limb_on_one_line(tmp_path):
    """A two-word limb name is one drawn string on every face, not two lines."""
    built = build_kit(tmp_path, "de", only=("die-stickers", "paper-die"))
    for component in ("die-stickers", "paper-die"):
        runs = {r.text for r in text_runs(built.path, built.first_page[component])}
        assert {"Rechtes Bein", "Linkes Bein", "Rechter Arm", "Linker Arm"} <= runs, component
