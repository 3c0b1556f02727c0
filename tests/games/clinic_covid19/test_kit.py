"""COVID-19 for Clinic Deluxe read back from its PDFs: 100 tiles, the round marker, the
Propagation tile with the published row starred, count tracks for its zones, its two sides
lined up for duplex printing, the summary card, and fr/de builds that fit."""

from __future__ import annotations

import re

import pdfplumber
import pypdfium2 as pdfium
import pytest

from generator.errors import ContentError
from generator.imposition.plan import PrintOptions
from generator.pipeline.build import build
from generator.pipeline.load import load_builtin, load_game
from generator.pipeline.request import BuildRequest
from support.greys import PX_PER_MM, mean_lightness
from support.pdf_text import page_lines, page_size_mm, words_mm
from support.units import PT_PER_MM

TILE = (180.0, 148.0)  # the Propagation tile's size in game.yaml
ROW_Y = {"small": (55.5, 65), "medium": (65, 74.5), "large": (74.5, 84)}  # mm inside the tile
TABLE_X = 35  # the rounds' columns start here, mm inside the tile


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    return build(BuildRequest("clinic-covid19", "en", out_dir=tmp_path_factory.mktemp("cv"),
                              only=("covid-tiles", "round-marker", "propagation", "summary-card")))


@pytest.fixture(scope="module")
def pages(kit):
    return page_lines(kit.path)


def component_pages(pages, title):
    """The pages whose footer names the component (a shared page names each part on it)."""
    return [lines for lines in pages if title in lines[-1].split(" · ")[2:-1]]


def test_100_tiles_one_marker(kit, pages):
    assert kit.cards == 100 + 1 + 1 + 1
    tiles = component_pages(pages, "COVID-19 tiles")
    assert sum(lines.count("COVID-19") for lines in tiles) == 100
    marker = component_pages(pages, "Round marker")    # the word on its front; a back of its own
    assert [lines.count("ROUND") for lines in marker] == [1, 0]


def test_propagation_sides_and_flags(pages):
    front, back = component_pages(pages, "Propagation tile")
    assert "▼ LOW CONTAGION" in front and "▲ HIGH CONTAGION" in back
    # the published row (low contagion, medium self-isolation) alone has its ★; this edition's
    # rows their †; each mark explained on the side that prints it
    rows = ("small †", "medium †", "large †", "medium ★")
    assert "SELF-ISOLATION" in front and [x for x in front if x in rows] == [
        "small †", "medium ★", "large †"]
    assert [x for x in back if x in rows] == ["small †", "medium †", "large †"]
    assert "★ published figures" in " ".join(front) and "★" not in " ".join(back)
    for side in (front, back):
        assert "† This edition’s ruling" in " ".join(side).replace("'", "’")
        assert not [line for line in side if "house default" in line or "not a published" in line]
    for side in (front, back):
        rounds = [r for line in side for r in re.findall(r"Round \d", line)]
        assert [f"Round {n}" for n in range(1, 7)] == rounds
        assert "CURED" in side and "DECEASED" in side


def trim_box(path, page: int) -> tuple[float, float]:
    """Top-left of the Propagation tile's trim box on a page: its fill covers the trim box and
    3 mm of bleed (the page may hold other parts beside it)."""
    with pdfplumber.open(str(path)) as pdf:
        rects = pdf.pages[page].rects
    fill, = [r for r in rects if abs((r["x1"] - r["x0"]) / PT_PER_MM - TILE[0] - 6) < 0.05
             and abs((r["bottom"] - r["top"]) / PT_PER_MM - TILE[1] - 6) < 0.05]
    return fill["x0"] / PT_PER_MM + 3, fill["top"] / PT_PER_MM + 3


def _border(path, page: int):
    """The Propagation tile's top border band (its outer 3 mm, above the white panel) on a
    page, in grey: its mean L*, and how many of its light pattern pixels sit in the upper and
    in the lower half of the triangles' row (0.4 to 2.6 mm from the trim)."""
    left, top = trim_box(path, page)
    image = pdfium.PdfDocument(path)[page].render(scale=PX_PER_MM * 25.4 / 72,
                                                  grayscale=True).to_pil().convert("L")
    band = image.crop(tuple(round(v * PX_PER_MM) for v in (left, top, left + TILE[0], top + 3)))
    counts, half = band.histogram(), band.width * band.height // 2
    ground = next(g for g in range(256) if sum(counts[:g + 1]) > half)  # the band's own grey
    pixels = band.load()
    rows = range(round(0.4 * PX_PER_MM), round(2.6 * PX_PER_MM))
    middle = (rows.start + rows.stop - 1) / 2
    light = [(x, y) for x in range(band.width) for y in rows if pixels[x, y] > ground + 12]
    return (mean_lightness(band), sum(y < middle for _, y in light),
            sum(y > middle for _, y in light))


def test_propagation_sides_differ_in_grey_and_pattern(kit, pages):
    """Low side ▼, high side ▲, at least 20 L* apart in grayscale, so a player tells them
    apart without colour (the back is mirrored left to right only: up stays up)."""
    front = next(i for i, lines in enumerate(pages) if "▼ LOW CONTAGION" in lines)
    low_l, low_up, low_down = _border(kit.path, front)
    high_l, high_up, high_down = _border(kit.path, front + 1)
    assert low_l - high_l >= 20, (low_l, high_l)
    assert low_up > 1.5 * low_down and high_down > 1.5 * high_up, \
        (low_up, low_down, high_up, high_down)


def row_numbers(path, page: int, left: float, top: float, row: str) -> list[int]:
    """The tiles per player of one self-isolation row, round 1 to 6, left to right."""
    y0, y1 = ROW_Y[row]
    words = [w for w in words_mm(path, page) if w["text"].isdigit()
             and top + y0 < (w["top"] + w["bottom"]) / 2 < top + y1
             and (w["x0"] + w["x1"]) / 2 > left + TABLE_X]
    return [int(w["text"]) for w in sorted(words, key=lambda w: w["x0"])]


def test_published_column_and_house_defaults_printed(kit):
    pages = page_lines(kit.path)
    front = next(i for i, lines in enumerate(pages) if "▼ LOW CONTAGION" in lines)
    left, top = trim_box(kit.path, front)
    table = load_builtin("clinic-covid19").data["propagation"]
    assert row_numbers(kit.path, front, left, top, "medium") == [4, 4, 6, 6, 8, 8]
    assert table["low"]["medium"] == {"tiles": (4, 4, 6, 6, 8, 8), "official": True}
    for column in ROW_Y:
        assert row_numbers(kit.path, front, left, top, column) == list(
            table["low"][column]["tiles"])


def _squares_mm(path, page: int, left: float, top: float, side: float) -> list[tuple]:
    """Top-left corners (mm inside the tile) of the squares (rounded too) of ``side`` mm."""
    with pdfplumber.open(str(path)) as pdf:
        rects = pdf.pages[page].rects + pdf.pages[page].curves
    found = []
    for r in rects:
        w, h = (r["x1"] - r["x0"]) / PT_PER_MM, (r["bottom"] - r["top"]) / PT_PER_MM
        x, y = r["x0"] / PT_PER_MM - left, r["top"] / PT_PER_MM - top
        if abs(w - side) < 0.05 and abs(h - side) < 0.05 and 0 <= x <= TILE[0] \
                and 0 <= y <= TILE[1]:
            found.append((round(x, 1), round(y, 1)))
    return sorted(found)


def test_round_track_and_zones_hold_the_pieces(kit):
    """The round marker (a tile's size) has a space a round, in one row over the table's
    columns; each zone is an open area (no tile spaces that would suggest a maximum) over a
    count track from 0 to vars.count_track, all inside the tile's trim."""
    pages = page_lines(kit.path)
    front = next(i for i, lines in enumerate(pages) if "▼ LOW CONTAGION" in lines)
    left, top = trim_box(kit.path, front)
    game = load_builtin("clinic-covid19")
    tile, most = game.vars["tile"], game.vars["count_track"]
    track = _squares_mm(kit.path, front, left, top, tile + 1)
    assert len(track) == 6 and len({y for _, y in track}) == 1
    assert all(TABLE_X <= x and x + tile + 1 <= TILE[0] - 4 for x, _ in track)
    assert _squares_mm(kit.path, front, left, top, tile) == []
    counts = [w for w in words_mm(kit.path, front) if w["text"].isdigit()
              and top + 90 < w["top"] and w["bottom"] < top + TILE[1] - 4]
    for zone in (lambda x: x < left + TILE[0] / 2, lambda x: x > left + TILE[0] / 2):
        assert sorted(int(w["text"]) for w in counts if zone(w["x0"])) == list(range(most + 1))


@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -1.0)])
def test_propagation_back_lines_up_behind_the_front(tmp_path, offset):
    """Long-edge duplex: the high side lands exactly behind the low side (plus the offset)."""
    options = PrintOptions(back_offset=offset)
    result = build(BuildRequest("clinic-covid19", "en", options=options,
                                only=("propagation",), out_dir=tmp_path, guide=False))
    assert result.pages == 2
    width, _ = page_size_mm(result.path)
    left, top = trim_box(result.path, 0)
    back_left, back_top = width - left - TILE[0] + offset[0], top + offset[1]
    for word in ("Tiles", "Round", "DECEASED"):
        f = next(w for w in words_mm(result.path, 0) if w["text"] == word)
        b = next(w for w in words_mm(result.path, 1) if w["text"] == word)
        assert f["x0"] - left == pytest.approx(b["x0"] - back_left, abs=0.05)
        assert f["top"] - top == pytest.approx(b["top"] - back_top, abs=0.05)
    back_numbers = row_numbers(result.path, 1, back_left, back_top, "medium")
    assert back_numbers == [6, 6, 8, 8, 10, 10]


def test_summary_card_round_infections_and_victory(pages):
    front, back = component_pages(pages, "Summary card")
    assert "EACH ROUND" in front
    text = " ".join(back)
    assert "INFECTIONS AND THE END" in back and "END OF THE GAME" in back
    assert "TACTICAL VICTORY: total popularity 40 × the number of players or less. †" in text
    assert "strictly more cured patients than deceased" in text


def test_summary_card_is_an_upright_a5_of_readable_text(kit, pages):
    """The player aid reads as printed: an A5 card upright on its page (its fill 148 × 210 mm
    plus the bleed, taller than wide), every letter of both sides upright and 7 pt or more."""
    for side in ("EACH ROUND", "INFECTIONS AND THE END"):
        page = next(i for i, lines in enumerate(pages) if side in lines)
        with pdfplumber.open(str(kit.path)) as pdf:
            rects, chars = pdf.pages[page].rects, pdf.pages[page].chars
        fill, = [r for r in rects if abs(r["width"] / PT_PER_MM - 154) < 0.05
                 and abs(r["height"] / PT_PER_MM - 216) < 0.05]
        card = [c for c in chars if fill["x0"] <= c["x0"] and c["x1"] <= fill["x1"]
                and fill["top"] <= c["top"] and c["bottom"] <= fill["bottom"]]
        assert len(card) > 500 and all(c["upright"] for c in card)
        assert min(c["size"] for c in card if c["text"].strip()) >= 7 - 0.01


@pytest.mark.parametrize("lang, words", [
    ("fr", ["▼ CONTAGION FAIBLE", "★ chiffres publiés", "Tour 1", "GUÉRIS", "CONFINEMENT"]),
    ("de", ["▼ NIEDRIGE ANSTECKUNG", "★ veröffentlichte Zahlen", "Runde 1", "GEHEILT",
            "SELBSTISOLATION"]),
])
def test_translations_fit(tmp_path, lang, words):
    result = build(BuildRequest("clinic-covid19", lang, only=("propagation", "summary-card"),
                                out_dir=tmp_path, guide=False))
    front = next(page for page in page_lines(result.path) if words[0] in page)  # the low side
    assert all(word in " ".join(front) for word in words)
    assert "house default" not in front


def _game_with(tmp_path, *changes: tuple[str, str]):
    """Load a copy of the game whose game.yaml has the given (old, new) text replacements."""
    source = load_builtin("clinic-covid19").folder
    text = (source / "game.yaml").read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new, 1)
    folder = tmp_path / "covid"
    folder.mkdir()
    (folder / "layouts").symlink_to(source / "layouts")
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    return load_game(folder)


def test_table_must_grow_with_contagion(tmp_path):
    with pytest.raises(ContentError, match=r"propagation.high.medium: round 3 gives fewer"):
        _game_with(tmp_path, ("[6, 6, 8, 8, 10, 10]", "[6, 6, 5, 8, 10, 10]"))


def test_table_must_shrink_with_isolation_and_count_six_rounds(tmp_path):
    with pytest.raises(ContentError) as error:
        _game_with(tmp_path,
                   ("large: {tiles: [3, 3, 5, 5, 7, 7]", "large: {tiles: [5, 3, 5, 5, 7, 7]"),
                   ("small: {tiles: [5, 5, 7, 7, 9, 9]", "small: {tiles: [5, 5, 7]"))
    message = str(error.value)
    assert "low.medium: round 1 gives fewer tiles than low/large" in message
    assert "low.small.tiles: expected 6 whole numbers" in message
    assert "game.yaml:" in message
