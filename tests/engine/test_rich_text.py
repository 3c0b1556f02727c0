"""Card text markup read back from the PDF: **bold** and *italic* runs in DejaVu's bold and
oblique faces with the marks not printed, ``:name:`` icons at the text's height on its
baseline, crowded markup shrunk inside its box, a German word hyphenated in bold, escapes and
ordinary colons kept as text, and broken markup or a missing icon stopping ``pnp check`` and
``pnp build`` with the card and field named."""

from __future__ import annotations

import re
import shutil
from itertools import groupby
from pathlib import Path

import pdfplumber
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.content.markup import MarkupError, Span, Symbol, parse
from generator.render import flow
from generator.render.blocks import Block
from generator.render.flow import KINDS, FlowStyle, fit_flow
from generator.render.fonts import font_name
from generator.render.inline import paragraphs, width
from generator.render.text import fit_text
from support.cli import pnp
from support.paths import FIXTURES
from support.units import PT_PER_MM, to_mm

GAME = FIXTURES / "rich_text"
ASCENT = 1556 / 2048  # DejaVu Sans's typographic ascender: the icons' height in ems
SPACE = 651 / 2048  # DejaVu Sans's space, in ems
LABEL_BOX = (3, 3, 24, 14)  # the label layout's text box, mm from the card's top-left


def baseline(char: dict) -> float:
    """Where the char's baseline lies across its line (cards may be turned a quarter)."""
    matrix = char["matrix"]
    return round(matrix[5] if abs(matrix[0]) > 0.5 else matrix[4], 1)


def runs(page: pdfplumber.page.Page) -> list[tuple[str, str]]:
    """The drawn text as (font, text) runs of one line each, in drawing order."""
    return [(font.split("+")[-1], "".join(c["text"] for c in chars)) for (font, _), chars
            in groupby(page.chars, key=lambda c: (c["fontname"], baseline(c)))]


def drawn(page: pdfplumber.page.Page) -> str:
    """The drawn text, its lines joined by spaces."""
    return " ".join("".join(c["text"] for c in line)
                    for _, line in groupby(page.chars, key=baseline))


@pytest.fixture(scope="module")
def english(built) -> pdfplumber.PDF:
    return pdfplumber.open(built(GAME, "en", guide=False).path)


@pytest.fixture(scope="module")
def labels(built) -> pdfplumber.PDF:
    """The labels one a page, upright (on a sheet the imposition may turn them a quarter to
    fit more: the label's own layout is what these tests read)."""
    return pdfplumber.open(built(GAME, "en", only=("labels",), one_up=True, guide=False).path)


@pytest.fixture(scope="module")
def german_labels(built) -> pdfplumber.PDF:
    return pdfplumber.open(built(GAME, "de", only=("labels",), one_up=True, guide=False).path)


def label(pdf: pdfplumber.PDF, word: str) -> tuple[pdfplumber.page.Page, float, float]:
    """The page of the label whose text holds ``word``, with its card's top-left corner
    (pt, y downwards): its frame, 3 mm in."""
    page = next(page for page in pdf.pages if word in drawn(page))
    (frame,) = [r for r in page.rects if r["stroke"] and not r["fill"]]
    return page, frame["x0"] - 3 * PT_PER_MM, frame["top"] - 3 * PT_PER_MM


def test_bold_and_italic_runs_are_drawn_in_their_faces_without_the_marks(english):
    page = english.pages[0]
    found = runs(page)
    assert ("DejaVuSans-Bold", "Heal") in found  # the card's body, not only its bold title
    assert ("DejaVuSans-Oblique", "draw") in found
    assert ("DejaVuSans-BoldOblique", "again") in found
    text = drawn(page)
    # no marks printed; the heart is a picture between "Pay" and "to", not text
    assert "Heal two wounds, then draw one card. Payto do it again." in text
    assert "**" not in text and ":heart:" not in text.split("Plain")[0]


def test_escapes_and_ordinary_colons_stay_text(english):
    text = drawn(english.pages[0])
    assert "Wrong: draw one at 10:30, not *3* nor :heart:." in text
    assert parse("Wrong: draw one at 10:30:45, a:b:c") == (
        Span("Wrong: draw one at 10:30:45, a:b:c"),)
    assert parse(r"\*3\* and \:heart: and \\") == (Span("*3* and :heart: and \\"),)
    assert parse("(:heart:) x") == (Span("("), Symbol("heart"), Span(") x"))
    assert parse("***both*** plain") == (Span("both", True, True), Span(" plain"))


@pytest.mark.parametrize("text, mark", [("**Heal two", "'**'"), ("a *b", "'*'"),
                                        ("*a **b*", "'**'")])
def test_markup_that_does_not_close_is_an_error_saying_the_fix(text, mark):
    with pytest.raises(MarkupError, match=rf"{re.escape(mark)} at character \d+ .* is never "
                                          r"closed.*\\\*"):
        parse(text)


def test_an_icon_sits_on_the_baseline_at_the_text_height(labels):
    page, _, _ = label(labels, "Take")
    take = next(c for c in page.chars if c["text"] == "T" and c["size"] > 6)
    baseline, size = take["matrix"][5], take["size"]
    (pill,) = [i for i in page.images if abs(i["y1"] - i["y0"] - ASCENT * size) < 1]
    assert to_mm(abs(pill["y0"] - baseline)) < 0.2  # bottom on the baseline
    assert to_mm(abs(pill["height"] - ASCENT * size)) < 0.2
    assert to_mm(abs(pill["width"] - 2 * ASCENT * size)) < 0.2  # the PNG is 2:1
    now = next(c for c in page.chars if c["text"] == "n" and abs(c["x0"] - pill["x1"]) < 5)
    assert now["x0"] > pill["x1"]  # the icon takes its own width in the line


def test_crowded_markup_shrinks_and_stays_inside_its_box(labels):
    page, left, top = label(labels, "Each")
    x0, y0 = left + LABEL_BOX[0] * PT_PER_MM, top + LABEL_BOX[1] * PT_PER_MM
    x1, y1 = x0 + LABEL_BOX[2] * PT_PER_MM, y0 + LABEL_BOX[3] * PT_PER_MM
    chars = [c for c in page.chars if x0 - 1 < c["x0"] < x1 + 1 and y0 - 1 < c["top"] < y1]
    text = "".join(c["text"] for c in chars)
    assert text.startswith("Each player") and text.endswith("on.") and "*" not in text
    sizes = {round(c["size"], 2) for c in chars}
    assert len(sizes) == 1 and 6 <= sizes.pop() < 10  # shrunk as one, not under the floor
    size = chars[0]["size"]
    height = page.height
    for char in chars:
        baseline = height - char["matrix"][5]  # y downwards
        assert x0 - 0.01 <= char["x0"] and char["x1"] <= x1 + 0.01
        assert y0 + 0.8 * size - 0.01 <= baseline <= y1 - 0.2 * size + 0.01
    pictures = [i for i in page.images if x0 - 1 < i["x0"] < x1]
    assert len(pictures) == 2  # :pill: twice
    for picture in pictures:
        assert x0 - 0.01 <= picture["x0"] and picture["x1"] <= x1 + 0.01
        assert y0 - 0.01 <= picture["top"] and picture["bottom"] <= y1 + 0.01
        beside = [c for c in chars if c["text"] != " "
                  and abs(height - c["matrix"][5] - picture["bottom"]) < 0.5]
        left = [picture["x0"] - c["x1"] for c in beside if c["x1"] <= picture["x0"] + 0.01]
        right = [c["x0"] - picture["x1"] for c in beside if c["x0"] >= picture["x1"] - 0.01]
        assert len(left) + len(right) == len(beside)  # no letter under a picture
        for gaps in (left, right):  # one space, as written, on each side that has a word
            assert not gaps or to_mm(abs(min(gaps) - SPACE * size)) < 0.1
    hearts = [c for c in page.curves if x0 - 1 < c["x0"] < x1]
    assert len(hearts) == 2  # the SVG icon, drawn as a vector
    for heart in hearts:  # its path ends 3/24 of the icon above the viewBox's bottom
        on = max(c["matrix"][5] for c in chars if c["matrix"][5] <= heart["y0"] + 0.1)
        assert to_mm(abs(heart["y0"] - (on + ASCENT * size * 3 / 24))) < 0.2


def test_a_german_word_is_hyphenated_in_bold_before_the_text_shrinks(german_labels):
    page, left, top = label(german_labels, "Die")
    chars = [c for c in page.chars if left < c["x0"] < left + 30 * PT_PER_MM
             and c["top"] < top + 20 * PT_PER_MM]
    lines = [("".join(c["text"] for c in line), {c["fontname"].split("+")[-1] for c in line})
             for line in (list(group) for _, group in groupby(chars, key=baseline))]
    texts = [text for text, _ in lines]
    assert texts[0].endswith("Desinfek-") and texts[1] == "tionsmittel-"
    assert lines[1][1] == {"DejaVuSans-Bold"}  # the hyphen too
    size = chars[0]["size"]
    unhyphenated = fit_text("Die **Desinfektionsmittelflasche** hilft.", font_name("regular"),
                            *LABEL_BOX[2:], 10, 6, 1.2)
    assert unhyphenated is None or unhyphenated.size < size


def test_bold_words_and_icons_count_their_width_when_measured():
    plain = fit_text("Heal two wounds and draw one card now", font_name("regular"), 30, 9,
                     10, 6, 1.2)
    bold = fit_text("**Heal two wounds and draw one card now**", font_name("regular"), 30, 9,
                    10, 6, 1.2)
    icons = fit_text("Heal :a: two :a: wounds and draw one card now", font_name("regular"),
                     30, 9, 10, 6, 1.2, "", ((Symbol("a"), 2.0),))
    assert plain is not None and bold is not None and icons is not None
    assert bold.size < plain.size and icons.size < plain.size


def test_rule_text_reads_the_same_markup_with_the_same_engine():
    blocks = (Block("para", ("Draw **two** cards, then *discard* one.",)),)
    laid = fit_flow(blocks, 80, 20, FlowStyle(8, 6), lambda icon: 1.0).runs
    assert {(run.text, run.font) for run in laid} >= {
        ("two", font_name("bold")), ("discard", font_name("italic"))}
    assert "*" not in "".join(run.text for run in laid)


def spoiled(tmp_path: Path, body: str) -> Path:
    """The fixture with its first card's text replaced."""
    game = tmp_path / "game"
    shutil.copytree(GAME, game)
    cards = game / "cards.csv"
    lines = cards.read_text().splitlines()
    lines[1] = f'Heal,"{body}",1'
    cards.write_text("\n".join(lines) + "\n")
    return game


@pytest.mark.parametrize("body, says", [
    ("Pay :ghost: now", "':ghost:' names an icon, but the game folder has no icons/ghost.svg "
                        "or icons/ghost.png"),
    ("**Heal two wounds", "the bold mark '**' at character 1"),
])
@pytest.mark.parametrize("command", ["check --game-dir {game}",
                                     "build --game-dir {game} --lang en --out {out}"])
def test_broken_markup_names_the_card_and_field_and_exits_2(tmp_path, capsys, body, says,
                                                            command):
    game = spoiled(tmp_path, body)
    out = tmp_path / "out"
    code, stdout, stderr = pnp(command.format(game=game, out=out), capsys)
    assert code == 2
    message = stdout + stderr
    assert f"{game / 'cards.csv'} at row 2, column 'body': deck 'spells', card 1 ('Heal')" \
        in message  # one row number: the spreadsheet's
    assert says in message and "Traceback" not in message
    assert not list(out.glob("*.pdf")) if out.exists() else True


def test_the_fit_check_reads_the_markup_of_every_language(tmp_path, capsys):
    """Every language's catalog is read before any is drawn: a translation whose mark never
    closes stops the English build, naming its .po line and msgid (issue 33)."""
    game = tmp_path / "game"
    shutil.copytree(GAME, game)
    layouts = game / "layouts" / "cards.yaml"
    layouts.write_text(layouts.read_text() + '    - {id: note, type: text, x: 3, y: 17, w: 24, '
                       'h: 2.5, size: 6, text: "{{ _(\'Keep :pill: cool\') }}"}\n')
    catalog = game / "locales" / "de.po"
    catalog.write_text(catalog.read_text() + '\nmsgid "Keep :pill: cool"\n'
                       'msgstr "**Kühl :pill: lagern"\n')
    code, stdout, stderr = pnp(f"build --game-dir {game} --lang en --out {tmp_path / 'out'}",
                               capsys)
    assert code == 2
    assert f"{catalog}:15 at msgid 'Keep :pill: cool': card markup in the translation" in stderr
    assert "'**' at character 1 of '**Kühl :pill: lagern' is never closed" in stderr + stdout


def test_a_layouts_written_out_text_is_checked_when_the_game_loads(tmp_path, capsys):
    game = tmp_path / "game"
    shutil.copytree(GAME, game)
    layouts = game / "layouts" / "cards.yaml"
    layouts.write_text(layouts.read_text() + '    - {id: note, type: text, x: 3, y: 17, w: 24, '
                       'h: 2.5, size: 6, text: "Keep :ghost: cool"}\n')
    code, stdout, stderr = pnp(f"check --game-dir {game}", capsys)
    assert code == 2
    assert (f"{layouts} at label.elements[3].text: text box 'note': ':ghost:' names an icon, "
            "but the game folder has no icons/ghost.svg or icons/ghost.png") in stdout + stderr


WORDS = st.sampled_from(["Draw", "two", "cards,", "Handwaschungsanleitung", "**bold**",
                         "*it*", "the", "Infektionsschutzmaßnahmen", "—", "of", "a", "7"])
BLOCKS = st.lists(st.builds(
    lambda kind, paragraphs: Block(kind, ("\n".join(" ".join(p) for p in paragraphs),)),
    st.sampled_from(sorted(KINDS)),
    st.lists(st.lists(WORDS, max_size=12), min_size=1, max_size=3)), min_size=1, max_size=8)


@settings(max_examples=300, deadline=None, database=None)
@given(blocks=BLOCKS, w=st.floats(20, 120), h=st.floats(8, 80), columns=st.integers(1, 3),
       size=st.sampled_from([6.0, 6.25, 7.5, 9.0, 11.0]), lang=st.sampled_from(["", "de"]))
def test_a_size_ruled_out_without_laying_out_is_one_the_layout_refuses(blocks, w, h, columns,
                                                                        size, lang):
    """``_too_long`` skips sizes at which the text cannot fit, so it must never skip one at
    which it does: a size it rules out is one where laying out spills, hyphenated or not."""
    style = FlowStyle(size, 6.0, columns=columns, gap=3.0, lang=lang)
    words = [paragraphs(b.pieces, font_name(KINDS[b.kind][1]), lambda icon: 1.0)
             for b in blocks]
    lengths = [[sum(width(word, 1.0) for _, word in p) for p in block] for block in words]
    if flow._too_long(blocks, lengths, w, h, size, style):
        assert flow._lay_out(blocks, words, w, h, size, style, lang)[1] is not None


def test_a_text_far_too_long_for_its_box_is_ruled_out_without_laying_it_out():
    blocks = (Block("para", ("Draw two cards and discard one. " * 40,)),)
    words = [paragraphs(b.pieces, font_name("regular"), lambda icon: 1.0) for b in blocks]
    lengths = [[sum(width(word, 1.0) for _, word in p) for p in block] for block in words]
    style = FlowStyle(9, 6)
    assert flow._too_long(blocks, lengths, 40, 20, 9.0, style)
    assert not flow._too_long(blocks, lengths, 190, 270, 9.0, style)
