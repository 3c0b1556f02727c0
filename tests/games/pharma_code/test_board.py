"""The race-track board tiled over A4 and Letter: the tiles re-assemble into the board.

Three views of the same promise: the plan's clips and offsets meet with the given overlap, the
words near each seam sit at the same board position on both tiles, and the pixels of the shared
strip match when the printed tiles are laid over each other."""

from __future__ import annotations

import pytest
from PIL import ImageChops

from generator.imposition.pages import SEAM_TICK, plan_board
from generator.imposition.plan import PagePlan, PrintOptions
from generator.pipeline.load import resolve_game
from generator.pipeline.plan import paper_size
from support.pharma import PX_PER_MM, build_kit, render, words_mm

OVERLAP = 10.0
MATCH = 0.02        # share of clearly differing pixels under which two strips match


@pytest.fixture(scope="module")
def board():
    game = resolve_game("pharma-code")
    component = game.component("board")
    assert component.overlap == OVERLAP
    return game.layouts[component.layout]


def _tiles(board, paper: str) -> tuple[list[PagePlan], int]:
    options = PrintOptions(paper=paper)
    pages = plan_board(board.name, board.size, paper_size(paper), options, OVERLAP)
    cols = round(len(pages) / len({p.placements[0].y for p in pages}))
    return pages, cols


def _origin(page: PagePlan) -> tuple[float, float]:
    """Where the board's top-left lands on the page: page mm = board mm + origin."""
    return page.placements[0].x, page.placements[0].y


def _seams(pages: list[PagePlan], cols: int):
    """(earlier tile, later tile, axis) for every pair of neighbours."""
    for index in range(len(pages)):
        if (index + 1) % cols:
            yield index, index + 1, "x"
        if index + cols < len(pages):
            yield index, index + cols, "y"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_plan_tiles_cover_the_board_and_overlap_by_10mm(board, paper):
    pages, cols = _tiles(board, paper)
    assert (len(pages), cols) == (4, 2)                     # 380 × 520 mm: 2 × 2 pages
    covered_w = max(p.placements[0].clip[0] + p.placements[0].clip[2] - _origin(p)[0]
                    for p in pages)
    covered_h = max(p.placements[0].clip[1] + p.placements[0].clip[3] - _origin(p)[1]
                    for p in pages)
    assert (covered_w, covered_h) == pytest.approx((board.size.w, board.size.h))
    for a, b, axis in _seams(pages, cols):
        ca, cb = pages[a].placements[0].clip, pages[b].placements[0].clip
        (ax, ay), (bx, by) = _origin(pages[a]), _origin(pages[b])
        if axis == "x":
            edge_a, start_b = ca[0] + ca[2] - ax, cb[0] - bx     # in board mm
            assert edge_a - start_b == pytest.approx(OVERLAP)
            assert (ca[1] - ay, ca[3]) == pytest.approx((cb[1] - by, cb[3]))
            glue = [m for m in pages[b].marks if m.kind == "glue" and m.x1 == m.x2]
            assert glue[0].x1 - bx == pytest.approx(edge_a)      # A's edge lands on B's line
            ends = sorted(m.x2 - ax for m in pages[a].marks if m.kind == "target"
                          and m.y1 == m.y2 and m.x2 == pytest.approx(ca[0] + ca[2]))
            starts = sorted(m.x1 - bx for m in pages[b].marks if m.kind == "target"
                            and m.y1 == m.y2 and m.x1 == pytest.approx(glue[0].x1))
            assert len(ends) == len(starts) == 2 and ends == pytest.approx(starts)
        else:
            edge_a, start_b = ca[1] + ca[3] - ay, cb[1] - by
            assert edge_a - start_b == pytest.approx(OVERLAP)
            assert (ca[0] - ax, ca[2]) == pytest.approx((cb[0] - bx, cb[2]))
            glue = [m for m in pages[b].marks if m.kind == "glue" and m.y1 == m.y2]
            assert glue[0].y1 - by == pytest.approx(edge_a)


def test_tile_labels_name_row_column_and_neighbours(board):
    pages, _ = _tiles(board, "a4")
    labels = [p.labels[0].text for p in pages]
    assert labels[0].startswith("R1C1  (2×2)") and "→ R1C2" in labels[0]
    assert "← R2C1" in labels[3] and "↑ R1C2" in labels[3]


@pytest.fixture(scope="module", params=["a4", "letter"])
def printed(request, tmp_path_factory, board):
    pdf = build_kit(tmp_path_factory.mktemp(request.param), paper=request.param,
                    only=("board",))
    pages, cols = _tiles(board, request.param)
    return pdf, pages, cols


def page_of(tile: int) -> int:
    """The PDF page (0-based) of a tile: each tile is followed by its own blank back."""
    return 2 * tile


def _strip_box(page: PagePlan, axis: str, side: str, inset: float) -> tuple[float, ...]:
    """The shared strip on one tile in page mm (x0, y0, x1, y1), ``inset`` mm clear of its
    edges, where the cut line, the glue line and the tick halves lie."""
    x, y, w, h = page.placements[0].clip
    if axis == "x":
        x0 = x + w - OVERLAP if side == "earlier" else x
        return (x0 + inset, y, x0 + OVERLAP - inset, y + h)
    y0 = y + h - OVERLAP if side == "earlier" else y
    return (x, y0 + inset, x + w, y0 + OVERLAP - inset)


def _crop(image, box: tuple[float, ...], shift: tuple[float, float] = (0.0, 0.0),
          nudge: tuple[int, int] = (0, 0)):
    """The ``box`` (page mm) of ``image``, moved ``shift`` mm (right, down) and ``nudge``
    pixels."""
    x0, y0, x1, y1 = (round(v * PX_PER_MM) for v in box)
    sx, sy = (round(v * PX_PER_MM) for v in shift)
    dx, dy = nudge
    return image.crop((x0 + sx + dx, y0 + sy + dy, x1 + sx + dx, y1 + sy + dy))


def _laid_over(image_a, box_a, image_b, box_b) -> float:
    """The mismatch of two strips laid over each other, at the best of a one-pixel nudge:
    the tiles' origins round to the pixel grid apart, and the board's horizontal edges
    (stage banners, chevrons) would count that rounding as a mismatch."""
    strip_a = _crop(image_a, box_a)
    return min(_mismatch(strip_a, _crop(image_b, box_b, nudge=(dx, dy)))
               for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def _mismatch(a, b, by: int = 60) -> float:
    """Share of pixels that differ by more than ``by`` grey levels between two equal-sized
    greyscale crops."""
    diff = ImageChops.difference(a, b).point(lambda v: 255 if v > by else 0)
    return sum(diff.histogram()[255:]) / (a.size[0] * a.size[1])


def test_printed_strips_match_when_tiles_are_laid_over(printed):
    pdf, pages, cols = printed
    images = [render(pdf, page_of(i)) for i in range(len(pages))]
    for a, b, axis in _seams(pages, cols):
        strip_a = _crop(images[a], _strip_box(pages[a], axis, "earlier", 1.0))
        inked = sum(strip_a.point(lambda v: 255 if v < 200 else 0).histogram()[255:])
        assert inked >= 4 * PX_PER_MM**2, "the strip should hold some drawing to compare"
        box_b = _strip_box(pages[b], axis, "later", 1.0)
        assert _laid_over(images[a], _strip_box(pages[a], axis, "earlier", 1.0), images[b],
                          box_b) < MATCH, f"tiles {a + 1} and {b + 1} do not match"
    # the comparison can fail: on every seam the same strip moved 6 mm along the seam no
    # longer matches (the seams run in the track's gaps, crossed by the road and the bands)
    for a, b, axis in _seams(pages, cols):
        along = (0.0, 6.0) if axis == "x" else (6.0, 0.0)
        moved = _crop(images[b], _strip_box(pages[b], axis, "later", 1.0), shift=along)
        strip_a = _crop(images[a], _strip_box(pages[a], axis, "earlier", 1.0))
        # (the pale road differs from the board's ground by some 55 grey levels; a strip in a
        # gap holds little else, so the shift must show a clear half percent more mismatch)
        laid = _mismatch(strip_a, _crop(images[b], _strip_box(pages[b], axis, "later", 1.0)),
                         by=25)
        shifted = _mismatch(strip_a, moved, by=25)
        assert shifted > laid + 0.005, f"tiles {a + 1} and {b + 1}: shift unseen"


def test_words_near_each_seam_sit_at_the_same_board_place(printed):
    pdf, pages, cols = printed
    words = [words_mm(pdf, page_of(i)) for i in range(len(pages))]
    compared = 0
    for a, b, axis in _seams(pages, cols):
        (ax, ay), (bx, by) = _origin(pages[a]), _origin(pages[b])
        x0, y0, x1, y1 = _strip_box(pages[b], axis, "later", 0.0)
        band = 45.0                     # mm either side of the shared strip (the track keeps clear)
        for word in words[a]:
            cx, cy, cw, ch = pages[a].placements[0].clip
            inside = cx <= word["x0"] and word["x1"] <= cx + cw and cy <= word["top"] \
                and word["bottom"] <= cy + ch
            if not inside or (not word["text"].isdigit() and len(word["text"]) < 3):
                continue               # page labels and footers are not part of the board
            bx0, btop = word["x0"] - ax, word["top"] - ay           # board mm
            near = (x0 - bx - band <= bx0 <= x1 - bx + band if axis == "x"
                    else y0 - by - band <= btop <= y1 - by + band)
            if not near:
                continue
            twins = [w for w in words[b] if w["text"] == word["text"]
                     and abs(w["x0"] - bx - bx0) < 0.2 and abs(w["top"] - by - btop) < 0.2]
            assert twins, f"{word['text']!r} of tile {a + 1} is not on tile {b + 1}"
            compared += 1
    assert compared >= 8


def test_seam_ticks_are_drawn_on_both_tiles(printed):
    pdf, pages, cols = printed
    a, b, _ = next(_seams(pages, cols))
    image_a, image_b = render(pdf, page_of(a)), render(pdf, page_of(b))
    tick_a = next(m for m in pages[a].marks if m.kind == "target")
    tick_b = next(m for m in pages[b].marks if m.kind == "target")
    for image, tick in ((image_a, tick_a), (image_b, tick_b)):
        middle = ((tick.x1 + tick.x2) / 2 * PX_PER_MM, (tick.y1 + tick.y2) / 2 * PX_PER_MM)
        # the darkest pixel the 0.3 pt hairline crosses, on the board's pale border (~240)
        x, y = round(middle[0]), round(middle[1])
        assert min(image.getpixel((x + dx, y + dy)) for dx in (-1, 0, 1)
                   for dy in (-1, 0, 1)) < 160
    assert tick_a.x2 - tick_a.x1 == pytest.approx(SEAM_TICK)


def test_board_is_printed_at_true_scale(printed, board):
    """Neighbouring track cells lie pitch_x mm apart on paper, as in the layout's data."""
    pdf, _, _ = printed
    pitch = resolve_game("pharma-code").component("board").vars["pitch_x"]
    centres = {w["text"]: (w["x0"] + w["x1"]) / 2 for w in words_mm(pdf, 0)
               if w["text"] in ("1", "2", "3") and w["size"] > 15}
    assert centres["2"] - centres["1"] == pytest.approx(pitch, abs=0.1)
    assert centres["3"] - centres["2"] == pytest.approx(pitch, abs=0.1)


def test_no_square_of_the_track_crosses_a_seam(printed):
    """Each tile's cut edges, glue lines and ticks lie in the track's gaps: no square read
    back from the printed tiles (its number, and the cell around it) reaches a seam's strip."""
    pdf, pages, cols = printed
    paper = "a4" if pages[0].width < 212 else "letter"
    seams_x = {p.placements[0].clip[0] + p.placements[0].clip[2] - _origin(p)[0]
               for p in pages[:cols - 1]}
    seams_y = {p.placements[0].clip[1] + p.placements[0].clip[3] - _origin(p)[1]
               for p in pages[::cols][:-1]}
    vars_ = resolve_game("pharma-code").component("board").vars
    cell = vars_["cell"]
    numbers = 0
    for index, page in enumerate(pages):
        ox, oy = _origin(page)
        for word in words_mm(pdf, page_of(index)):
            if not (word["text"].isdigit() and word["size"] > 15):
                continue                               # the squares' big numbers
            numbers += 1
            mid_x = (word["x0"] + word["x1"]) / 2 - ox
            mid_y = (word["top"] + word["bottom"]) / 2 - oy
            square = (mid_x - cell / 2, mid_y - cell / 2, mid_x + cell / 2, mid_y + cell / 2)
            for edge in seams_x:          # the strip from the glue line to the ticks' far end
                assert not (square[0] < edge + SEAM_TICK and square[2] > edge - OVERLAP), \
                    (paper, word["text"], edge)
            for edge in seams_y:
                assert not (square[1] < edge + SEAM_TICK and square[3] > edge - OVERLAP), \
                    (paper, word["text"], edge)
    assert numbers >= 40
