"""Shared pages (``share: true``): small parts of a game print together instead of a page each.
Read back from the PDF: fewer pages, each part's bookmark on the page that holds it, crop marks
on every trim edge, every trim box inside the page and clear of the others, and each back
exactly behind its front once the sheet is turned (long or short edge, within 0.1 mm)."""

from __future__ import annotations

import itertools

import pdfplumber
import pypdf
import pytest

from generator.content.loader import builtin_games
from generator.content.model import Size
from generator.i18n.catalog import translator
from generator.imposition.plan import Duplex, PagePlan, Placement, PrintOptions, Side
from generator.imposition.shared import SharedItem, pack_shared
from generator.pipeline.load import load_builtin, load_game
from generator.pipeline.plan import paper_size, plan_components
from generator.pipeline.request import BuildRequest
from support.paths import FIXTURES
from support.pdf_text import page_size_mm, words_mm
from support.units import to_mm

GAME = FIXTURES / "shared_parts"
SHARERS = ("stickers", "aid", "tracker")


def outline(path) -> dict[str, int]:
    """Each bookmark's title and the 0-based page it opens."""
    reader = pypdf.PdfReader(str(path))
    return {item.title: reader.get_destination_page_number(item) for item in reader.outline}


def crop_lines(path, page: int) -> tuple[list[float], list[float]]:
    """The x of every vertical and the y of every horizontal 4 mm crop mark, in mm."""
    with pdfplumber.open(str(path)) as pdf:
        lines = pdf.pages[page].lines
    xs, ys = [], []
    for line in lines:
        w, h = to_mm(abs(line["x1"] - line["x0"])), to_mm(abs(line["bottom"] - line["top"]))
        if abs(w + h - 4) < 0.02:
            (xs if w < 0.01 else ys).append(to_mm(line["x0"] if w < 0.01 else line["top"]))
    return xs, ys


def near(value: float, values: list[float], tolerance: float = 0.05) -> bool:
    return any(abs(value - v) < tolerance for v in values)


def filled_boxes(path, page: int, size: tuple[float, float]) -> list[tuple[float, ...]]:
    """Filled rectangles of ``size`` mm (either way round) on a page: left, top, right,
    bottom in mm. A card's background fills its bleed box."""
    with pdfplumber.open(str(path)) as pdf:
        rects = pdf.pages[page].rects
    boxes = [tuple(to_mm(r[k]) for k in ("x0", "top", "x1", "bottom")) for r in rects]
    return [b for b in boxes if any(abs(b[2] - b[0] - w) < 0.05 and abs(b[3] - b[1] - h) < 0.05
                                    for w, h in (size, size[::-1]))]


def behind(front: tuple[float, ...], width: float, height: float, duplex: str
           ) -> tuple[float, ...]:
    """Where a box on a front page lies on the back page of the same sheet: mirrored about
    the page's vertical axis (long-edge flip) or its horizontal axis (short edge)."""
    left, top, right, bottom = front
    if duplex == "long":
        return width - right, top, width - left, bottom
    return left, height - bottom, right, height - top


def shared_pages(game, options: PrintOptions) -> list[PagePlan]:
    plans = plan_components(game, BuildRequest(game.id, "en", options),
                            translator("en", game.folder))
    return [page for plan in plans if plan.shared_outline for page in plan.pages]


def box(p: Placement, bleed: bool = False) -> tuple[float, float, float, float]:
    """A placement's trim box (or what it draws: its bleed box, or its clip when it shares
    its cut lines with its neighbours) on the page: left, top, right, bottom."""
    if bleed and p.clip is not None:
        x, y, w, h = p.clip
        return x, y, x + w, y + h
    w, h = p.footprint
    b = p.bleed if bleed else 0.0
    return p.x - b, p.y - b, p.x + w + b, p.y + h + b


def test_the_parts_share_one_page_and_its_back(built):
    result = built(GAME, "en", paper="a4", guide=False)
    alone = [built(GAME, "en", only=(part,), paper="a4", guide=False).pages for part in SHARERS]
    # each part alone: a page and its back; the tracker's two one-sided copies a blank back each
    assert alone == [2, 2, 4]
    marks = outline(result.path)
    assert [marks[t] for t in ("Stickers", "Aid card", "Tracker")] == [0, 0, 0]
    assert marks["Plain cards"] == 2 and marks["Tiles"] == 4
    assert result.pages == 6
    words = [w["text"] for w in words_mm(result.path, 0)]
    assert {f"F{n}" for n in (1, 2, 3, 4, 5, 6, 8)} <= set(words)
    # read back: the stickers' and the aid's bleed fills, the trackers' frames
    boxes = [*filled_boxes(result.path, 0, (22, 22)), *filled_boxes(result.path, 0, (86, 56)),
             *filled_boxes(result.path, 0, (90, 60))]
    assert len(boxes) == 6 + 1 + 2
    width, height = page_size_mm(result.path)
    assert all(0 < left < right < width and 0 < top < bottom < height
               for left, top, right, bottom in boxes)
    for a, b in itertools.combinations(boxes, 2):  # touching edges (the two trackers) are fine
        assert a[2] <= b[0] + 0.01 or b[2] <= a[0] + 0.01 or a[3] <= b[1] + 0.01 \
            or b[3] <= a[1] + 0.01, (a, b)
    assert words.count("TRACKER") == 2
    assert "B8" in [w["text"] for w in words_mm(result.path, 1)]


def test_fold_and_glue_keeps_two_sided_parts_on_their_own_pages():
    options = PrintOptions(duplex="none", backs="fold")
    game = load_game(GAME)
    plans = plan_components(game, BuildRequest(game.id, "en", options),
                            translator("en", game.folder))
    shared, = [plan for plan in plans if plan.shared_outline]
    assert [entry.component_id for entry in shared.outline] == ["stickers", "tracker"]
    assert "aid" in [plan.component_id for plan in plans]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_on_every_trim_edge_of_every_card(built, paper):
    result = built(GAME, "en", paper=paper, guide=False)
    page, = shared_pages(load_game(GAME), PrintOptions(paper=paper))[:1]
    xs, ys = crop_lines(result.path, 0)
    for p in page.placements:
        if p.side == Side.FRONT:
            left, top, right, bottom = box(p)
            assert near(left, xs) and near(right, xs), p.component
            assert near(top, ys) and near(bottom, ys), p.component
    assert page_size_mm(result.path) == pytest.approx(tuple(vars(paper_size(paper)).values()))


SHARING_GAMES = [g for g in builtin_games()
                 if any(getattr(c, "share", False) for c in load_builtin(g).components)]
OPTIONS = [PrintOptions(paper=paper, duplex=duplex, bleed=bleed)
           for paper, duplex, bleed in itertools.product(("a4", "letter"),
                                                         ("long", "short", "none"), (3.0, 0.0))]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: f"{o.paper}-{o.duplex}-{o.bleed:g}")
@pytest.mark.parametrize("game_id", [*SHARING_GAMES, "fixture"])
def test_every_part_inside_the_page_and_none_overlap(game_id, options):
    game = load_game(GAME) if game_id == "fixture" else load_builtin(game_id)
    pages = shared_pages(game, options)
    assert pages, "no shared pages"
    for page in pages:
        boxes = [box(p, bleed=True) for p in page.placements]
        for left, top, right, bottom in boxes:
            assert options.margin - 1e-6 <= left and right <= page.width - options.margin + 1e-6
            assert options.margin - 1e-6 <= top and bottom <= page.height - options.margin + 1e-6
        for a, b in itertools.combinations(boxes, 2):
            assert a[2] <= b[0] + 1e-6 or b[2] <= a[0] + 1e-6 or a[3] <= b[1] + 1e-6 \
                or b[3] <= a[1] + 1e-6, (a, b)
        for mark in page.marks:
            assert min(mark.x1, mark.x2) >= 0 and max(mark.x1, mark.x2) <= page.width
            assert min(mark.y1, mark.y2) >= 0 and max(mark.y1, mark.y2) <= page.height


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_each_back_lies_behind_its_front(built, duplex):
    """The aid card's back (its white fill) lands exactly behind its front's blue fill, seen
    through the sheet, and nothing else of the shared page has a back."""
    result = built(GAME, "en", only=SHARERS, duplex=duplex, guide=False)
    width, height = page_size_mm(result.path)
    front, = filled_boxes(result.path, 0, (86, 56))
    back, = filled_boxes(result.path, 1, (86, 56))
    assert back == pytest.approx(behind(front, width, height, duplex), abs=0.1)
    assert filled_boxes(result.path, 1, (22, 22)) == []  # the one-sided stickers: no back
    assert len(filled_boxes(result.path, 0, (22, 22))) == 6


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_covid_propagation_back_behind_its_front_on_the_shared_page(built, paper, duplex):
    """The Propagation tile (180×148 mm since it holds the round track) on its shared page:
    its high side lands exactly behind its low side, its fill within 0.1 mm and, read the
    right way up (long edge), every word of the table where the front has it. (On A4 the
    round marker shares the A5 summary card's page, not the tile's.)"""
    result = built("clinic-covid19", "en", paper=paper, duplex=duplex)
    marks = outline(result.path)
    page = marks["Propagation tile"]
    assert paper != "a4" or marks["Round marker"] == marks["Summary card"] != page
    width, height = page_size_mm(result.path)
    front, = filled_boxes(result.path, page, (186, 154))
    back, = filled_boxes(result.path, page + 1, (186, 154))
    assert back == pytest.approx(behind(front, width, height, duplex), abs=0.1)
    if duplex == "short":  # the back is printed upside down: its words read backwards
        return
    for word in ("Tiles", "DECEASED", "CURED", "SELF-ISOLATION"):
        f = next(w for w in words_mm(result.path, page) if w["text"] == word)
        b = next(w for w in words_mm(result.path, page + 1) if w["text"] == word)
        assert f["x0"] - front[0] == pytest.approx(b["x0"] - back[0], abs=0.1)
        assert f["top"] - front[1] == pytest.approx(b["top"] - back[1], abs=0.1)
        assert front[0] < f["x0"] < f["x1"] < front[2]


def pages_alone(game, component_id: str, paper: str) -> int:
    """The pages one part takes printed on its own (fronts, backs and blank backs)."""
    request = BuildRequest(game.id, "en", PrintOptions(paper=paper), only=(component_id,))
    return sum(len(plan.pages) for plan in plan_components(game, request,
                                                           translator("en", game.folder)))


# COVID: the 180×148 mm Propagation tile leaves its page room for the round marker only, so
# the three parts take two pages and their backs, not one. Pharma: its five poker decks run on
# as one (5 full A4 pages of 9, 6 Letter pages of 8), the rest and the pawns on one more page.
@pytest.mark.parametrize("game_id, before, after", [
    ("clinic-covid19", {"a4": 6, "letter": 6}, {"a4": 4, "letter": 4}),
    ("patient-zero-solo", {"a4": 8, "letter": 8}, {"a4": 2, "letter": 2}),
    ("pharma-code", {"a4": 20, "letter": 20}, {"a4": 12, "letter": 14})])
def test_shared_parts_take_fewer_pages(built, game_id, before, after):
    """What the sharers take each on its own against what they take together."""
    game = load_builtin(game_id)
    sharers = tuple(c.id for c in game.components if getattr(c, "share", False))
    for paper in ("a4", "letter"):
        assert sum(pages_alone(game, s, paper) for s in sharers) == before[paper], paper
        assert built(game_id, "en", only=sharers, paper=paper, guide=False).pages \
            == after[paper], paper


def test_single_sided_backs_follow_at_the_end_and_blank_backs_hold_no_part():
    item = SharedItem("a", Size(80, 50), ("f",) * 9, ("b",) * 9)
    lone = SharedItem("c", Size(16, 16), ("s",), (None,))
    a4 = Size(210, 297)
    simplex = pack_shared([item, lone], a4, PrintOptions(duplex=Duplex.NONE), "blank")
    assert [p.side for p in simplex] == [Side.FRONT, Side.FRONT, Side.BACK]
    duplex = pack_shared([item, lone], a4, PrintOptions(), "blank")
    assert [p.side for p in duplex] == [Side.FRONT, Side.BACK, Side.FRONT, Side.BLANK]
    assert duplex[3].placements == () and duplex[3].labels[0].text == "blank"


def test_a_card_too_big_for_the_page_is_refused():
    big = SharedItem("big", Size(300, 400), ("f",), (None,))
    with pytest.raises(ValueError, match="'big': 1 .* remove its 'share: true'"):
        pack_shared([big], Size(210, 297), PrintOptions(), "blank")


def test_decks_of_one_size_run_on_and_fill_their_pages():
    """Two poker decks of 7 and 13 cards (20) take two full A4 pages of 9, edge to edge, and
    their last 2 cards a third page beside the stickers; each card keeps its own deck, its
    index there and its back exactly behind it."""
    a = SharedItem("a", Size(63.5, 88.9), ("fa",) * 7, ("ba",) * 7)
    b = SharedItem("b", Size(63.5, 88.9), ("fb",) * 13, ("bb",) * 13)
    stickers = SharedItem("s", Size(16, 16), ("s",) * 3, (None,) * 3)
    a4 = Size(210, 297)
    pages = pack_shared([a, stickers, b], a4, PrintOptions(), "blank")
    assert [p.side for p in pages] == [Side.FRONT, Side.BACK] * 3
    fronts = [[(p.component, p.item, p.layout) for p in page.placements] for page in pages[::2]]
    assert fronts[0] == [("a", i, "fa") for i in range(7)] + [("b", 0, "fb"), ("b", 1, "fb")]
    assert fronts[1] == [("b", i, "fb") for i in range(2, 11)]
    assert sorted(fronts[2]) == [("b", 11, "fb"), ("b", 12, "fb")] + [("s", i, "s")
                                                                       for i in range(3)]
    full = pages[0].placements
    assert all(p.clip is not None for p in full)     # full pages share their cut lines
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        behind = {(p.component, p.item): box(p) for p in back.placements}
        for p in front.placements:
            if p.component == "s":
                assert (p.component, p.item) not in behind
                continue
            left, top, right, bottom = box(p)
            assert behind[(p.component, p.item)] == pytest.approx(
                (a4.w - right, top, a4.w - left, bottom), abs=1e-6)
