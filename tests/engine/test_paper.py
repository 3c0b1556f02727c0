"""Paper and printing, read back from the PDFs as a printer meets them (issue 29): poker decks
9 a page on A4 and 8 on Letter, cut lines shared, crop marks and every character clear of the
printer's 5 mm margin, and the whole file printed double-sided on the long edge puts every
back behind its front and a blank behind every one-sided page."""

from __future__ import annotations

import pdfplumber
import pytest

from generator.content.loader import builtin_games
from generator.content.model import Board, Sheet
from generator.i18n.catalog import translator
from generator.i18n.engine_messages import BLANK_BACK
from generator.pipeline.load import load_builtin
from support.paper import chars_near_edge, footer_parts, footers
from support.paths import ROOT
from support.pdf_text import page_lines
from support.units import to_mm

GAMES = builtin_games()
MARGIN = 5.0  # mm: the printer margin every kit assumes (templates/sizes.yaml, printer:)
POKER = (63.5, 88.9)


def card_boxes(path, page: int) -> list[tuple[float, float, float, float]]:
    """The poker cards' trim boxes of a back page, in mm: the back layout's outer frame is
    drawn on each card's trim, so it is read from its rectangles of that size."""
    with pdfplumber.open(str(path)) as pdf:
        rects = pdf.pages[page].rects
    boxes = {(round(to_mm(r["x0"]), 1), round(to_mm(r["top"]), 1), round(to_mm(r["x1"]), 1),
              round(to_mm(r["bottom"]), 1)) for r in rects}
    return sorted(b for b in boxes if (round(b[2] - b[0]), round(b[3] - b[1])) in (
        (64, 89), (89, 64)))


@pytest.mark.parametrize("paper, per_page", [("a4", 9), ("letter", 8)])
def test_poker_cards_nine_a_page_on_a4_and_eight_on_letter(built, paper, per_page):
    result = built("microbious", "en", only=("deck",), paper=paper, guide=False)
    backs = page_lines(result.path, [1])[0]
    assert sum(line.count("MICROBIOUS") for line in backs) == per_page
    assert result.pages == 2 * -(-54 // per_page)           # 6 sheets on A4, 7 on Letter


def test_the_guide_says_why_letter_prints_eight(built):
    result = built("microbious", "en", paper="letter")
    guide = " ".join(page_lines(result.path, [0])[0])
    assert ("Microbious cards: 8 to a page, to stay clear of that margin; a printer that "
            "prints to the paper’s very edge would fit 9.") in guide
    assert "Rule cards:" not in guide        # 4 cards: one page either way, nothing to say
    a4 = " ".join(page_lines(built("microbious", "en", paper="a4").path, [0])[0])
    assert "to a page" not in a4


def test_a_gutter_keeps_the_cards_apart(built):
    """``--gutter``: each card with its own bleed, as before: 6 poker cards an A4 page."""
    result = built("microbious", "en", only=("deck",), paper="a4", guide=False,
                   shared_cuts=False)
    backs = page_lines(result.path, [1])[0]
    assert sum(line.count("MICROBIOUS") for line in backs) == 6


def crop_marks(lines: list[dict]) -> list[tuple[float, float, float, float]]:
    """Crop marks in mm: the black hairlines drawn over a wider white one (their edge on a
    dark bleed), which no card's art draws."""
    def box(ln: dict) -> tuple[float, float, float, float]:
        return (round(to_mm(ln["x0"]), 2), round(to_mm(ln["top"]), 2),
                round(to_mm(ln["x1"]), 2), round(to_mm(ln["bottom"]), 2))
    white = {box(ln) for ln in lines if ln["linewidth"] > 0.5}
    return [box(ln) for ln in lines if ln["linewidth"] < 0.3 and box(ln) in white]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_stay_out_of_the_margin_and_off_the_cards(built, paper):
    """Cut lines shared: one mark a line, at the margin or beyond; none reaches a card."""
    result = built("microbious", "en", only=("deck",), paper=paper, guide=False)
    with pdfplumber.open(str(result.path)) as pdf:
        page = pdf.pages[0]
        w, h = to_mm(page.width), to_mm(page.height)
        lines = crop_marks(page.lines)
    assert lines
    xs = sorted({x0 for x0, _, x1, _ in lines if abs(x1 - x0) < 0.01})
    ys = sorted({y0 for _, y0, _, y1 in lines if abs(y1 - y0) < 0.01})
    cols, rows = (3, 3) if paper == "a4" else (2, 4)
    assert (len(xs), len(ys)) == (cols + 1, rows + 1)         # one line between neighbours
    pitch_x, pitch_y = (63.5, 88.9) if paper == "a4" else (88.9, 63.5)
    for lines_at, pitch in ((xs, pitch_x), (ys, pitch_y)):  # no gutter, no inner bleed
        assert [b - a for a, b in zip(lines_at, lines_at[1:], strict=False)] == \
            pytest.approx([pitch] * (len(lines_at) - 1), abs=0.02)
    for x0, y0, x1, y1 in lines:
        assert min(x0, y0, w - x1, h - y1) >= MARGIN - 0.01
        inside_x = xs[0] < x0 < xs[-1] or xs[0] < x1 < xs[-1]
        inside_y = ys[0] < y0 < ys[-1] or ys[0] < y1 < ys[-1]
        assert not (inside_x and inside_y), (x0, y0, x1, y1)  # never on a card


KITS = [(game, lang, paper) for game in GAMES for lang in ("en", "de")
        for paper in ("a4", "letter")]


@pytest.mark.parametrize("game, lang, paper", KITS)
@pytest.mark.slow
def test_no_visible_character_within_5_mm_of_the_edge(built, game, lang, paper):
    assert chars_near_edge(built(game, lang, paper=paper).path, MARGIN) == []


def one_sided_titles(game: str, lang: str) -> set[str]:
    """The parts printed on one side only, a page each: board tiles and the copies of a
    one-page sheet (a rule summary reads on both sides; a screen's pages are its sides)."""
    model = load_builtin(game)
    tr = translator(lang, model.folder)
    two_sided = {s.component for s in model.assembly if s.duplex}
    return {tr.gettext(c.title) for c in model.components
            if isinstance(c, Board) or isinstance(c, Sheet) and c.id not in two_sided
            and c.layout != "rules-page"}


@pytest.mark.parametrize("game, lang, paper", [(g, "de", p) for g in GAMES
                                               for p in ("a4", "letter")])
@pytest.mark.slow
def test_the_whole_file_double_sided_pairs_every_front_with_its_back(built, game, lang, paper):
    """Printed whole, double-sided: an even page count; behind every front either its own
    back (the same part) or a blank page saying so; behind a one-sided page always a blank;
    behind the guide, the part the game prints there (``behind_guide``)."""
    path = built(game, lang, paper=paper).path
    model = load_builtin(game)
    tr = translator(lang, model.folder)
    prefix = f"{tr.gettext(model.title)} · {lang.upper()} · "
    pages = footers(path)
    texts = [" ".join(lines) for lines in page_lines(path)]
    note = " ".join(tr.gettext(BLANK_BACK).split())
    assert len(pages) % 2 == 0
    one_sided = one_sided_titles(game, lang)
    on_guide_back = {tr.gettext(c.title) for c in model.components
                     if c.id in {s.component for s in model.assembly if s.behind_guide}}
    for front in range(0, len(pages), 2):
        parts, counted = footer_parts(pages[front], prefix)
        assert counted and note not in texts[front], (front + 1, pages[front])
        behind, behind_counted = footer_parts(pages[front + 1], prefix)
        if not behind_counted:                            # a blank back, saying so
            assert note in " ".join(texts[front + 1].split()), (front + 2, pages[front + 1])
            continue
        if front == 0 and behind <= on_guide_back:  # the part the game prints there
            continue
        assert behind <= parts, (front + 1, pages[front], pages[front + 1])
        assert not parts & one_sided, (front + 1, pages[front], pages[front + 1])


def sheets_table(doc: str, heading: str) -> dict[tuple[str, str], tuple[int, int]]:
    """The sheets table under ``heading`` in ``doc``: (kit, paper) -> (sheets now, the most
    allowed)."""
    text = (ROOT / doc).read_text(encoding="utf-8")
    rows = {}
    for line in text.split(heading, 1)[1].split("\n## ", 1)[0].splitlines():
        cells = [c.strip().strip("`") for c in line.strip().strip("|").split("|")]
        if len(cells) == 7 and cells[0] in GAMES:
            rows[cells[0], "a4"] = (int(cells[2]), int(cells[3]))
            rows[cells[0], "letter"] = (int(cells[5]), int(cells[6]))
    return rows


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.slow
def test_the_sheets_each_kit_takes_are_those_the_docs_give_and_within_the_issue(
        built, game, paper):
    """Sheets counted from the PDF (two pages a sheet, printed double-sided) are the figure
    the README and docs/paper.md give, and no more than issue 29 allows."""
    with pdfplumber.open(str(built(game, "en", paper=paper).path)) as pdf:
        sheets = (len(pdf.pages) + 1) // 2
    for doc, heading in (("README.md", "## Sheets each kit takes"),
                         ("docs/paper.md", "## Sheets per kit")):
        now, most = sheets_table(doc, heading)[game, paper]
        assert sheets == now, f"{game} {paper}: {sheets} sheets, {doc} says {now}"
        assert sheets <= most


@pytest.mark.parametrize("game", [g for g in GAMES
                                  if any(isinstance(c, Board) for c in load_builtin(g).components)])
def test_a_part_with_blank_backs_numbers_its_printed_pages_one_to_n(built, game):
    """A board tiled over pages with blank backs between them counts its tiles 1/N..N/N:
    blank backs take no number (they read "1/4, 3/4, 5/4, 7/4" before)."""
    model = load_builtin(game)
    board = next(c for c in model.components if isinstance(c, Board))
    path = built(game, "en", only=(board.id,), paper="a4", guide=False).path
    tr = translator("en", model.folder)
    prefix = f"{tr.gettext(model.title)} · EN · "
    counts = [footer.rpartition(" · ")[2] for footer in footers(path)
              if footer_parts(footer, prefix)[1]]
    total = len(counts)
    assert total > 1 and len(footers(path)) > total        # tiles, with blank backs between
    assert counts == [f"{n}/{total}" for n in range(1, total + 1)]
