"""The print engine as a user meets it: page sizes, card pitch, crop marks and backs, in mm."""

from __future__ import annotations

import math

import pdfplumber
import pytest

from generator.content.model import Size
from generator.imposition.imposition import back_rotation, impose_deck, plan_grid
from generator.imposition.plan import PrintOptions
from generator.pipeline.build import build_alignment_page
from support.paths import FIXTURES
from support.units import to_mm

REG = FIXTURES / "registration"
A4, LETTER = Size(210, 297), Size(215.9, 279.4)


def words(pdf_path, page_index):
    """The page's characters in drawing order (upside-down text included), and its size."""
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[page_index]
        return page.chars, to_mm(page.width), to_mm(page.height)


def centres(chars, prefix):
    """Card number → (x, y) centre in mm of each 'F7' / 'B7' label, however it is turned."""
    found = {}
    for index, char in enumerate(chars):
        if char["text"] != prefix:
            continue
        run = [char]
        for follower in chars[index + 1:]:
            if not follower["text"].isdigit():
                break
            run.append(follower)
        if len(run) == 1:
            continue
        number = int("".join(c["text"] for c in run[1:]))
        x0, x1 = min(c["x0"] for c in run), max(c["x1"] for c in run)
        top, bottom = min(c["top"] for c in run), max(c["bottom"] for c in run)
        found[number] = (to_mm((x0 + x1) / 2), to_mm((top + bottom) / 2))
    return found


@pytest.mark.parametrize("paper, size", [("a4", (210.0, 297.0)), ("letter", (215.9, 279.4))])
def test_page_size_matches_the_paper(built, paper, size):
    result = built("save-patient-zero", only=("lab-sheet",), paper=paper)
    with pdfplumber.open(result.path) as pdf:
        for page in pdf.pages:
            assert to_mm(page.width) == pytest.approx(size[0], abs=0.1)
            assert to_mm(page.height) == pytest.approx(size[1], abs=0.1)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cards_per_page_is_the_most_that_fits(paper):
    sheet = A4 if paper == "a4" else LETTER
    options = PrintOptions(paper=paper)
    grid = plan_grid(Size(44, 68), sheet, options)
    reserve = options.margin + options.mark_length + options.mark_gap
    for rotated in (False, True):
        w, h = (68, 44) if rotated else (44, 68)
        fits = int((sheet.w - 2 * reserve) // (w + 6)) * int((sheet.h - 2 * reserve) // (h + 6))
        assert grid.per_page >= fits
    assert grid.per_page == 10


def test_card_pitch_and_crop_marks_in_the_pdf(built):
    """Cards apart (--gutter): fronts sit 70 + 6 mm apart; every trim line has marks that stay
    clear of the bleed."""
    result = built(REG, only=("big",), guide=False, shared_cuts=False)
    found, _, _ = words(result.path, 0)
    front = centres(found, "F")
    assert sorted(front) == [1, 2, 3, 4]
    assert front[2][0] - front[1][0] == pytest.approx(76.0, abs=0.1)
    assert front[3][1] - front[1][1] == pytest.approx(126.0, abs=0.1)
    with pdfplumber.open(result.path) as pdf:
        lines = pdf.pages[0].lines
    xs = sorted({round(to_mm(ln["x0"]), 1) for ln in lines if ln["x0"] == ln["x1"]})
    left_trim = front[1][0] - 35
    expected = [left_trim, left_trim + 70, left_trim + 76, left_trim + 146]
    assert xs == pytest.approx(expected, abs=0.1)
    ys = sorted({round(to_mm(ln["top"]), 1) for ln in lines if ln["top"] == ln["bottom"]})
    gaps = [b - a for a, b in zip(ys, ys[1:], strict=False)]
    assert gaps == pytest.approx([120, 6, 120], abs=0.1)
    assert ys[0] < front[1][1] < ys[1]
    bleed_box = (xs[0] - 3, ys[0] - 3, xs[-1] + 3, ys[-1] + 3)
    for line in lines:
        x0, x1 = to_mm(line["x0"]), to_mm(line["x1"])
        top, bottom = to_mm(line["top"]), to_mm(line["bottom"])
        inside_x = x1 > bleed_box[0] + 0.01 and x0 < bleed_box[2] - 0.01
        inside_y = bottom > bleed_box[1] + 0.01 and top < bleed_box[3] - 0.01
        assert not (inside_x and inside_y), f"crop mark at {x0:.1f},{top:.1f} touches a card"


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_land_behind_their_fronts(built, duplex):
    result = built(REG, only=("big",), guide=False, duplex=duplex)
    front_words, width, height = words(result.path, 0)
    back_words, _, _ = words(result.path, 1)
    front, back = centres(front_words, "F"), centres(back_words, "B")
    assert sorted(back) == sorted(front)
    for number, (fx, fy) in front.items():
        bx, by = back[number]
        if duplex == "long":
            assert (bx, by) == pytest.approx((width - fx, fy), abs=0.1)
        else:
            assert (bx, by) == pytest.approx((fx, height - fy), abs=0.1)


def test_back_offset_moves_every_back(built):
    plain = built(REG, only=("big",), guide=False)
    moved = built(REG, only=("big",), guide=False, back_offset=(1.5, -0.5))
    before = centres(words(plain.path, 1)[0], "B")
    after = centres(words(moved.path, 1)[0], "B")
    for number in before:
        assert after[number][0] - before[number][0] == pytest.approx(1.5, abs=0.1)
        assert after[number][1] - before[number][1] == pytest.approx(-0.5, abs=0.1)


def target_arms(pdf_path, page_index) -> tuple[list[tuple[float, ...]], float, float]:
    """The arms of the alignment page's targets as (x0, top, x1, bottom) in mm, 28 mm long
    on the front (they reach across the back's rulers) and 16 mm on the back (the ruler
    ticks are left out), and the page's width and height in mm."""
    span = 16 if page_index else 28
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[page_index]
        lines = [tuple(to_mm(line[k]) for k in ("x0", "top", "x1", "bottom"))
                 for line in page.lines]
        width, height = to_mm(page.width), to_mm(page.height)
    arms = [line for line in lines
            if abs(max(line[2] - line[0], line[3] - line[1]) - span) < 0.1]
    return arms, width, height


@pytest.mark.parametrize("paper, duplex", [("a4", "long"), ("letter", "short")])
def test_alignment_page_targets_lie_behind_each_other(tmp_path, paper, duplex):
    pdf = build_alignment_page(PrintOptions(paper=paper, duplex=duplex), tmp_path).path
    front, width, height = target_arms(pdf, 0)
    back, _, _ = target_arms(pdf, 1)
    if duplex == "long":   # the sheet turns about its long edge: x is mirrored
        seen_through = [(width - x1, top, width - x0, bottom) for x0, top, x1, bottom in back]
    else:
        seen_through = [(x0, height - bottom, x1, height - top) for x0, top, x1, bottom in back]
    assert len(front) == len(back) == 12  # six crosses a side
    for arm in front:  # the same line, shorter: the same midpoint and the same direction
        middle = ((arm[0] + arm[2]) / 2, (arm[1] + arm[3]) / 2)
        across = arm[2] - arm[0] > arm[3] - arm[1]
        gap = min(math.dist(middle, ((o[0] + o[2]) / 2, (o[1] + o[3]) / 2))
                  for o in seen_through if (o[2] - o[0] > o[3] - o[1]) == across)
        assert gap <= 0.1, f"front target arm {arm} has no back arm behind it ({gap:.2f} mm)"

def test_rotated_cards_keep_their_backs_upright_and_aligned():
    options = PrintOptions(paper="a4")
    pages = impose_deck(Size(44, 68), ["f"] * 10, ["b"] * 10, A4, options)
    front, back = pages[0], pages[1]
    assert back.side == "back"
    for f, b in zip(front.placements, back.placements, strict=True):
        fw, fh = f.footprint
        assert (b.x + fw / 2, b.y + fh / 2) == pytest.approx((210 - f.x - fw / 2, f.y + fh / 2))
        assert b.rotation == back_rotation(f.rotation, "long") == (-f.rotation) % 360
    assert back_rotation(0, "short") == 180 and back_rotation(90, "short") == 90


def test_simplex_puts_backs_at_the_end_and_fold_pairs_them(built):
    simplex = impose_deck(Size(70, 120), ["f"] * 5, ["b"] * 5, A4, PrintOptions(duplex="none"))
    assert [p.side for p in simplex] == ["front", "front", "back", "back"]
    fold = impose_deck(Size(70, 120), ["f"] * 5, ["b"] * 5, A4,
                       PrintOptions(duplex="none", backs="fold"))
    placements = [p for page in fold for p in page.placements]
    assert [p.side for p in placements[:2]] == ["front", "back"]
    assert any(m.kind == "fold" for m in fold[0].marks)
    result = built(REG, only=("big",), guide=False, duplex="none", backs="fold")
    found, _, _ = words(result.path, 0)
    front, back = centres(found, "F"), centres(found, "B")
    fold_x = [to_mm(ln["x0"]) for ln in pdfplumber.open(result.path).pages[0].lines
              if ln["x0"] == ln["x1"] and ln["height"] > 100]
    assert fold_x, "fold line drawn"
    assert (front[1][0] + back[1][0]) / 2 == pytest.approx(fold_x[0], abs=0.1)


def test_no_bleed_and_gutter_options_change_the_pitch(built):
    result = built(REG, only=("big",), guide=False, bleed=0.0, gutter=4.0)
    front = centres(words(result.path, 0)[0], "F")
    assert front[2][0] - front[1][0] == pytest.approx(74.0, abs=0.1)


def test_ink_saver_still_builds_every_card(built):
    result = built("save-patient-zero", only=("tools-m",), ink_saver=True)
    assert result.cards == 24
