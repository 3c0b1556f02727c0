"""Icons of the bundled game-icons.net set by name, read back from the PDF: ``src: gi:syringe``
fills its image box in the element's colour, ``:gi-virus:`` sits in a line of text in the
text's colour, a game folder's own ``icons/gi-pill.png`` wins over the bundled icon, an
unknown name stops the build naming the nearest names, and every icon of the set turns into
PDF path operators (arcs included)."""

from __future__ import annotations

import math
import re
import shutil
from pathlib import Path

import pdfplumber
import pytest

from generator.content.icon_set import icon_set, paths
from generator.render.svg_path import PathError, pdf_operators
from support.cli import pnp
from support.paths import FIXTURES
from support.pdf_text import filled
from support.units import to_mm

GAME = FIXTURES / "game_icons"
ACCENT, INK = "#b3261e", "#1d3557"  # the fixture's palette
BADGE = 12.0  # mm: the image box of the fixture's token


def groups(shapes: list[dict], gap: float = 20.0) -> list[tuple[float, float, float, float]]:
    """The bounding boxes (pt) of shapes lying within ``gap`` pt of each other."""
    boxes: list[list[float]] = []
    for shape in sorted(shapes, key=lambda s: (s["x0"], s["top"])):
        box = [shape["x0"], shape["top"], shape["x1"], shape["bottom"]]
        for other in boxes:
            if box[0] < other[2] + gap and box[2] > other[0] - gap and \
                    box[1] < other[3] + gap and box[3] > other[1] - gap:
                other[:] = [min(box[0], other[0]), min(box[1], other[1]),
                            max(box[2], other[2]), max(box[3], other[3])]
                break
        else:
            boxes.append(box)
    return [tuple(b) for b in boxes]  # type: ignore[misc]


@pytest.fixture(scope="module")
def tokens(built) -> pdfplumber.page.Page:
    pdf = pdfplumber.open(built(GAME, "en", guide=False).path)
    return next(page for page in pdf.pages if "Cure" in (page.extract_text() or ""))


def test_an_image_of_a_bundled_icon_fills_its_box_in_its_colour(tokens):
    badges = groups(filled(tokens, ACCENT))
    assert len(badges) == 2  # one syringe a token
    for x0, top, x1, bottom in badges:
        longest = to_mm(max(x1 - x0, bottom - top))
        assert BADGE * 0.8 < longest <= BADGE + 0.05  # the icon's own margin, no more


def test_an_inline_icon_is_drawn_in_the_colour_of_its_text(tokens):
    # the tokens lie turned a quarter: a letter's box runs its font size across the line
    size = max(c["width"] if not c["upright"] else c["height"] for c in tokens.chars
               if c["text"] == "C")
    (virus,) = groups(filled(tokens, INK), gap=2.0)
    across = max(virus[2] - virus[0], virus[3] - virus[1])
    assert 0.6 * size < across <= 0.76 * size  # about the capitals' height (0.73 em)


def test_the_game_folders_own_icon_wins_over_the_bundled_one(tokens):
    assert len(tokens.images) == 1  # icons/gi-pill.png, not the set's pill


def spoiled(tmp_path: Path, old: str, new: str, file: str = "game.yaml") -> Path:
    game = tmp_path / "game"
    shutil.copytree(GAME, game)
    path = game / file
    path.write_text(path.read_text().replace(old, new))
    return game


@pytest.mark.parametrize("old, new, file, says", [
    (":gi-virus:", ":gi-viruss:", "game.yaml",
     "'gi-viruss' is not an icon of the bundled game-icons.net set; the nearest are gi-virus"),
    ("gi:syringe", "gi:syringes", "layouts/tokens.yaml",
     "'gi:syringes' is not an icon of the bundled game-icons.net set; the nearest are "
     "gi:syringe"),
])
def test_an_unknown_name_stops_the_build_naming_the_nearest(tmp_path, capsys, old, new, file,
                                                            says):
    game = spoiled(tmp_path, old, new, file)
    out = tmp_path / "out"
    code, stdout, stderr = pnp(f"build --game-dir {game} --lang en --out {out}", capsys)
    assert code == 2
    assert says in stdout + stderr and "Traceback" not in stdout + stderr
    assert not list(out.glob("*.pdf")) if out.exists() else True


def points(operators: str) -> list[tuple[float, float]]:
    """The end point of every segment of PDF path operators."""
    found = []
    for line in operators.splitlines():
        numbers = [float(n) for n in re.findall(r"-?[\d.]+", line)]
        if len(numbers) >= 2:
            found.append((numbers[-2], numbers[-1]))
    return found


def test_arcs_become_curves_on_the_ellipse():
    circle = pdf_operators("M0 256A256 256 0 1 0 512 256A256 256 0 1 0 0 256z")
    assert circle.count(" c") == 4 and circle.endswith("h\nf")  # a quarter turn a curve
    assert all(abs(math.dist(p, (256, 256)) - 256) < 0.02 for p in points(circle))


def test_compact_numbers_and_arc_flags_are_read_as_svg_writes_them():
    # flags run into the numbers after them; ".5.5" is two numbers; a command repeats
    ops = pdf_operators("m10 10a5 5 0 0020 0l.5.5h-1v-2 3 4 5z", even_odd=True)
    curves = [line for line in ops.splitlines() if line.endswith(" c")]
    assert len(curves) == 2 and points(curves[-1])[0] == (30, 10)  # a half turn, radius grown
    assert points(ops)[3:] == [(30.5, 10.5), (29.5, 10.5), (29.5, 8.5), (29.5, 11.5),
                               (29.5, 15.5), (29.5, 20.5)]
    assert ops.splitlines()[-2:] == ["h", "f*"]


def test_a_broken_path_is_an_error_naming_where():
    with pytest.raises(PathError, match="'L' lacks a number at character"):
        pdf_operators("M0 0L5")


def test_every_icon_of_the_set_turns_into_path_operators():
    names = icon_set().names()
    assert len(names) > 4000 and icon_set().size == (512, 512)
    assert icon_set().body("eskimo") == icon_set().body("person-in-blizzard")  # an alias
    for name in names:
        (d, _), = paths(name)
        assert pdf_operators(d).endswith("f"), name
