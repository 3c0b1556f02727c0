"""Inline icon size and shift, and inline colour, in card text (issue 27, item 7), read back
from the PDF: ``:pill@2:`` twice the height on the baseline, ``:pill@1.5,+1:`` raised 1 mm,
``{accent}…{/}`` and ``{#c0392b}…{/}`` in their colours with the text around them in the
element's, and the markup's own errors."""

from __future__ import annotations

import shutil

import pdfplumber
import pytest

from generator.content.markup import MarkupError, Span, Symbol, parse
from generator.imposition.plan import PrintOptions
from generator.pipeline.build import build
from generator.pipeline.request import BuildRequest
from support.cli import pnp
from support.paths import FIXTURES
from support.units import PT_PER_MM, to_mm

ASCENT = 1556 / 2048  # DejaVu Sans's ascender: a :name: icon's height in ems at @1
LABELS = '''  - id: labels
    title: Labels
    size: poker
    front: label
    cards:
      - {title: Big, body: "Big :pill@2: now"}
      - {title: Raised, body: "Up :pill@1.5,+1: now"}
      - {title: Colours, body: "Mix {accent}teal{/} and {#c0392b}red **bold**{/} ink"}
'''


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> pdfplumber.page.Page:
    game = tmp_path_factory.mktemp("inline") / "game"
    shutil.copytree(FIXTURES / "rich_text", game)
    yaml = game / "game.yaml"
    text = yaml.read_text()
    yaml.write_text(text[:text.index("  - id: labels")] + LABELS)
    out = tmp_path_factory.mktemp("out")
    pdf = build(BuildRequest(game, "en", PrintOptions(), only=("labels",), out_dir=out,
                             guide=False)).path
    return pdfplumber.open(pdf).pages[0]


def word(page: pdfplumber.page.Page, text: str) -> list[dict]:
    """The chars of the first drawn ``text`` (one line)."""
    chars = page.chars
    joined = "".join(c["text"] for c in chars)
    start = joined.index(text)
    return chars[start:start + len(text)]


def icon_after(page: pdfplumber.page.Page, text: str) -> dict:
    last = word(page, text)[-1]
    return min((i for i in page.images if i["x0"] > last["x1"] - 0.1
                and abs(i["y0"] - last["matrix"][5]) < 20), key=lambda i: i["x0"])


def test_an_icon_at_twice_its_size_stands_on_the_baseline(page) -> None:
    big = word(page, "Big")[0]
    pill = icon_after(page, "Big")
    size, baseline = big["size"], big["matrix"][5]
    assert to_mm(abs(pill["height"] - 2 * ASCENT * size)) < 0.1
    assert to_mm(abs(pill["width"] - 4 * ASCENT * size)) < 0.1  # the PNG is 2:1
    assert to_mm(abs(pill["y0"] - baseline)) < 0.1


def test_a_shifted_icon_is_raised_by_its_shift(page) -> None:
    up = word(page, "Up")[0]
    pill = icon_after(page, "Up")
    assert to_mm(abs(pill["height"] - 1.5 * ASCENT * up["size"])) < 0.1
    assert abs(to_mm(pill["y0"] - up["matrix"][5]) - 1.0) < 0.05  # 1 mm above the baseline
    now = next(c for c in page.chars if c["text"] == "n" and c["x0"] > pill["x1"] - 0.1)
    assert now["x0"] >= pill["x1"] - 0.01  # the icon keeps its own width in the line


def rgb(char: dict) -> tuple[float, ...]:
    return tuple(round(v, 3) for v in char["non_stroking_color"])


def test_inline_colours_paint_their_words_only(page) -> None:
    def hexed(value: str) -> tuple[float, ...]:
        return tuple(round(int(value[i:i + 2], 16) / 255, 3) for i in (1, 3, 5))

    teal, red, bold = word(page, "teal"), word(page, "red"), word(page, "bold")
    assert {rgb(c) for c in teal} == {hexed("#264653")}  # the palette's accent
    assert {rgb(c) for c in red + bold} == {hexed("#c0392b")}
    assert all(c["fontname"].endswith("DejaVuSans-Bold") for c in bold)
    around = word(page, "Mix") + word(page, "ink")
    assert {rgb(c) for c in around} == {(0.0,)} or {rgb(c) for c in around} == {(0, 0, 0)}
    assert "{" not in "".join(c["text"] for c in page.chars)


def test_the_syntax_reads_as_documented() -> None:
    assert parse(":virus@1.4:") == (Symbol("virus", 1.4),)
    assert parse("a :virus@1.2,-0.5: b")[1] == Symbol("virus", 1.2, -0.5)
    assert parse(":virus@1,+2pt:")[0] == Symbol("virus", 1.0, pytest.approx(2 / PT_PER_MM))
    assert parse("{red}a {blue}b{/}{/}") == (Span("a ", colour="red"), Span("b", colour="blue"))
    assert parse("set {count} and \\{/}") == (Span("set {count} and {/}"),)  # braces as text
    assert parse("{red}never closed") == (Span("{red}never closed"),)
    with pytest.raises(MarkupError, match="closes no colour"):
        parse("a{/}")
    with pytest.raises(MarkupError, match=r"'\{blue\}' at character 10 .* close it with '\{/\}'"):
        parse("{red}a{/}{blue}b{red}c{/}")


def test_an_unknown_inline_colour_stops_check_and_build_alike(tmp_path, capsys) -> None:
    game = tmp_path / "game"
    shutil.copytree(FIXTURES / "rich_text", game)
    csv = game / "cards.csv"
    csv.write_text(csv.read_text().replace("Heal,\"**Heal**", "Heal,\"{tael}x{/} **Heal**"))
    checked = pnp(f"check {game} --lang en", capsys)
    built = pnp(f"build --game-dir {game} --lang en --out {tmp_path / 'out'}", capsys)
    assert checked[0] == built[0] == 2
    line = built[2].splitlines()[0]
    assert line == checked[2].splitlines()[0]
    assert "unknown colour 'tael'; use '#rrggbb' or a palette name: accent" in line


def test_the_documented_examples_read_as_the_page_says() -> None:
    """docs/layout-markup.md: each example card's text and each written form of its table
    reads without error, and the examples it explains read as explained."""
    import re

    import yaml

    from support.paths import ROOT

    page = (ROOT / "docs" / "layout-markup.md").read_text(encoding="utf-8")
    cards = yaml.safe_load(re.search(r"```yaml\n(.*?)```", page, re.S)[1])["cards"]
    bodies = {card["title"]: parse(card["body"]) for card in cards}
    assert Span("Danger:", colour="red") in bodies["Alarm"]
    assert Symbol("coin", 1.6) in bodies["Giant"] and Symbol("gem", 0.8, 1.0) in bodies["Raised"]
    assert bodies["Plain"] == (Span("At 10:30 pay *3* or {count} coins."),)
    written = re.findall(r"^\| `([^`|]+)`", page, re.M)
    assert len(written) >= 8
    for form in written:
        parse(form)
