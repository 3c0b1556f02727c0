"""Patient Zero: A Solo Epidemic's art read back from the PDF: a card back whose pattern runs
to the bleed edge (no frame for a drifting duplex to show), a paper die whose every fold is
dashed, and die faces whose limb names sit on one line in German, the longest language."""

from __future__ import annotations

import math

import pdfplumber
import pytest

from generator.pipeline.load import resolve_game
from support.clips import clip_boxes
from support.legibility import letter_heights
from support.solo import build_kit, filled_boxes, hex_rgb, text_runs
from support.units import PT_PER_MM

pytestmark = pytest.mark.slow  # each test builds a part of the kit

BLEED = 3.0  # mm round each card


@pytest.fixture(scope="module")
def game():
    return resolve_game("patient-zero-solo")


def test_back_pattern_runs_to_the_bleed_edge(tmp_path, game):
    """Each card back is its pale field to the bleed edge, no inset frame (a drifting duplex
    shows no lopsided white border), and its shapes run past the trim on every side."""
    built = build_kit(tmp_path, only=("deck",))
    index = built.first_page["deck"] + 1  # the first sheet's backs
    cards = [box for box in dict.fromkeys(clip_boxes(built.path, index))
             if abs(box[2] - box[0] - 63.5 - 2 * BLEED) < 0.3]
    assert len(cards) == 9
    fields = filled_boxes(built.path, index, hex_rgb(game.palette["back-field"]))
    for left, top, right, bottom in cards:
        assert any(f[0] <= left + 0.1 and f[2] >= right - 0.1 and f[1] <= top + 0.1
                   and f[3] >= bottom - 0.1 for f in fields), "the field stops short of the bleed"
    shapes = [box for colour in game.data["colours"]
              for box in filled_boxes(built.path, index, hex_rgb(game.palette[colour]))]
    columns, rows = game.vars["back"]["grid"]
    assert len(shapes) == 9 * columns * rows
    for left, top, right, bottom in cards:
        mine = [b for b in shapes if left - 3 <= b[0] and b[2] <= right + 3
                and top - 3 <= b[1] and b[3] <= bottom + 3]
        trim = (left + BLEED, top + BLEED, right - BLEED, bottom - BLEED)
        assert min(b[0] for b in mine) < trim[0] and max(b[2] for b in mine) > trim[2]
        assert min(b[1] for b in mine) < trim[1] and max(b[3] for b in mine) > trim[3]


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


def test_die_faces_name_each_limb_whole(tmp_path):
    """A two-word limb name is drawn whole on every face, on one line or two (the sticker's
    13 mm cannot hold "Rechtes Bein" at a legible size), never hyphenated."""
    built = build_kit(tmp_path, "de", only=("die-stickers", "paper-die"))
    for component in ("die-stickers", "paper-die"):
        runs = [r.text for r in text_runs(built.path, built.first_page[component])]
        assert not [run for run in runs if run.endswith("-")], component
        drawn = " ".join(runs)
        for name in ("Rechtes Bein", "Linkes Bein", "Rechter Arm", "Linker Arm"):
            assert drawn.count(name) == 2, (component, name)  # a sticker and a die face


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_die_labels_read_at_6_pt_or_more(tmp_path, lang):
    """The stickers' and the paper die's limb names are set in the caps-only display face: a
    player reads them by their capitals, which are drawn at least 6 pt tall (at 7 pt, Bebas
    Neue's capitals were 4.9 pt: what reviewers read as 4–5 pt type)."""
    built = build_kit(tmp_path, lang, only=("die-stickers", "paper-die"))
    heights = letter_heights(built.path, built.first_page["die-stickers"], "Bebas")
    assert len(heights) >= 2 * 6 * 4  # six names on the stickers and on the die, 4+ letters
    small = [(letter, round(height, 2)) for letter, height in heights if height < 6.0]
    assert small == []
