"""Gang-runs (``gang_cut: true``): tiles edge to edge that share their cut lines. Read back from
the PDF: crop marks only on the grid's lines and only outside the block, the number of cuts in
the page's top label, and the 100 COVID-19 tiles on one page for about 20 cuts, not 400."""

from __future__ import annotations

import re
import shutil

import pdfplumber
import pytest

from generator.content.model import Size
from generator.errors import ContentError
from generator.i18n.catalog import translator
from generator.imposition.gang import cut_count, gang_grid
from generator.imposition.plan import PrintOptions
from generator.pipeline.load import load_game
from generator.pipeline.plan import plan_components
from generator.pipeline.request import BuildRequest
from support.paths import FIXTURES
from support.pdf_text import page_lines
from support.units import to_mm

GAME = FIXTURES / "shared_parts"


def crop_marks_mm(path, page: int) -> list[tuple[float, float, float, float]]:
    """Every 4 mm crop mark of a page: left, top, right, bottom in mm."""
    with pdfplumber.open(str(path)) as pdf:
        lines = pdf.pages[page].lines
    marks = [(to_mm(min(m["x0"], m["x1"])), to_mm(m["top"]), to_mm(max(m["x0"], m["x1"])),
              to_mm(m["bottom"])) for m in lines]
    return [m for m in marks if abs(m[2] - m[0] + m[3] - m[1] - 4) < 0.02]


def distinct(values) -> list[float]:
    return sorted({round(v, 2) for v in values})


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_100_covid_tiles_on_one_page_for_22_cuts(built, paper):
    """10 × 10 tiles of 19 mm (the square the default size makes): 11 vertical and 11
    horizontal cuts."""
    result = built("clinic-covid19", "en", only=("covid-tiles",), paper=paper, guide=False)
    assert result.pages == 2                                  # the tiles and a blank back
    lines = page_lines(result.path, [0])[0]
    assert lines.count("COVID-19") == 100
    marks = crop_marks_mm(result.path, 0)
    columns = distinct(m[0] for m in marks if m[2] - m[0] < 0.01)
    rows = distinct(m[1] for m in marks if m[3] - m[1] < 0.01)
    assert (len(columns), len(rows)) == (11, 11)
    for lines_at in (columns, rows):  # one tile (19 mm) apart: no gutter, no inner bleed
        assert {round(b - a, 2) for a, b in zip(lines_at, lines_at[1:], strict=False)} == {19}
    assert "✂ 22 = 11 ↕ + 11 ↔" in lines
    left, top, right, bottom = columns[0], rows[0], columns[-1], rows[-1]
    for x0, y0, x1, y1 in marks:  # outside the block of tiles: none between two tiles
        assert x1 < left or x0 > right or y1 < top or y0 > bottom, (x0, y0, x1, y1)


def test_a_gang_run_has_no_bleed_between_tiles_but_bleeds_at_its_edges():
    """The fixture's 30 tiles: each clipped to its trim box, grown by the bleed only where no
    tile touches it."""
    game = load_game(GAME)
    options = PrintOptions()
    plans = plan_components(game, BuildRequest(game.id, "en", options, only=("tiles",)),
                            translator("en", game.folder))
    page = plans[0].pages[0]
    tiles = page.placements
    assert len(tiles) == 30
    first, second = tiles[0], tiles[1]
    assert second.x - first.x == pytest.approx(20)             # edge to edge: no gutter
    assert first.clip == pytest.approx((first.x - 3, first.y - 3, 23, 23))
    assert second.clip == pytest.approx((second.x, second.y - 3, 20, 23))
    last = tiles[-1]
    assert last.clip[2:] == pytest.approx((23, 23))             # alone in its row's end


def test_a_gutter_asks_for_gaps_so_no_gang_run(built):
    result = built(GAME, "en", only=("tiles",), gutter=4.0, bleed=0.0, crop_marks=False,
                    guide=False)
    assert not any(line.startswith("✂") for line in page_lines(result.path, [0])[0])


def test_cut_count_counts_grid_lines():
    grid = gang_grid(Size(20, 20), Size(210, 297), PrintOptions())
    assert (grid.cols, grid.rows) == (9, 13)
    assert cut_count(grid, 100) == 10 + 13
    assert cut_count(grid, 5) == 6 + 2
    assert cut_count(grid, grid.per_page) == 10 + 14


@pytest.mark.parametrize("change, message", [
    ("    gang_cut: true\n    share: true\n", "use either 'gang_cut' or 'share'"),
    ("    gang_cut: yes please\n", "expected true or false"),
])
def test_bad_gang_cut_is_refused_where_it_is_written(tmp_path, change, message):
    folder = tmp_path / "game"
    shutil.copytree(GAME, folder)
    path = folder / "game.yaml"
    text = path.read_text()
    path.write_text(text.replace("    back: sp-back\n    cards:\n      - {n: 7, qty: 3}\n",
                                 f"    back: sp-back\n{change}    cards:\n"
                                 "      - {n: 7, qty: 3}\n"))
    with pytest.raises(ContentError) as caught:
        load_game(folder)
    text = str(caught.value)
    assert message in text
    assert re.search(r"game\.yaml:\d+ at components\W+1\W+gang_cut", text), text
