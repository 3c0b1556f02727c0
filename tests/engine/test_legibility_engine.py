"""The engine's side of a kit that is legible and safe to print double-sided: the 6 pt floor,
hyphenation before shrinking, odd-page starts, no placeholder address, a summary that takes
the pages it needs, and the colour report of `pnp check --accessibility`."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pypdf
import pytest
import zxingcpp

from generator.errors import ContentError, RenderError
from generator.imposition.plan import PrintOptions
from generator.pipeline.build import build
from generator.pipeline.load import load_game
from generator.pipeline.request import BuildRequest
from generator.render.fonts import font_name, register_fonts
from generator.render.text import fit_text
from support.cli import pnp
from support.legibility import small_text
from support.paths import FIXTURES
from support.pdf_text import page_lines
from support.pharma import render

FIXTURE = FIXTURES / "legible"


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "legible"
    shutil.copytree(FIXTURE, folder)
    return folder


def outline_pages(path: Path) -> dict[str, int]:
    """Outline entry → its 1-based page."""
    reader = pypdf.PdfReader(str(path))
    return {item.title: reader.get_destination_page_number(item) + 1 for item in reader.outline}


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_every_part_starts_on_an_odd_page_for_duplex(game, tmp_path):
    result = build(BuildRequest(game, "en", out_dir=tmp_path))
    starts = outline_pages(result.path)
    assert starts == {"Print and assembly guide": 1, "Cards": 3, "Score sheet": 5,
                      "Rule cards": 7, "Rule summary page": 9}
    assert result.pages == 10
    blank = page_lines(result.path, [5])[0]
    assert any("left blank" in line for line in blank)
    assert blank[-1].endswith("Score sheet")  # the blank back is not counted as a page


def test_single_sided_printing_gets_no_blank_pages(game, tmp_path):
    result = build(BuildRequest(game, "en", PrintOptions(duplex="none"), out_dir=tmp_path))
    assert outline_pages(result.path) == {"Print and assembly guide": 1, "Cards": 2,
                                          "Score sheet": 4, "Rule cards": 5,
                                          "Rule summary page": 7}


def test_a_fixed_size_under_the_floor_is_refused_where_it_is_written(game):
    edit(game / "layouts" / "cards.yaml", "size: 14}", "size: 5.5}")
    with pytest.raises(ContentError) as caught:
        load_game(game)
    message = str(caught.value)
    assert "cards.yaml:11 at sheet.elements[0].size" in message
    assert "5.5 pt is under the 6 pt floor" in message


def test_a_min_size_under_the_floor_is_refused_too(game):
    edit(game / "layouts" / "cards.yaml", "size: 12, color", "size: 12, min_size: 4, color")
    with pytest.raises(ContentError, match=r"face.elements\[1\].min_size: 4 pt is under"):
        load_game(game)


def test_a_computed_size_under_the_floor_stops_the_drawing(game, tmp_path):
    edit(game / "layouts" / "cards.yaml", "size: 14}", "size: \"{{ 3 + 2 }}\"}")
    with pytest.raises(RenderError, match="text size 5 pt is under the 6 pt floor"):
        build(BuildRequest(game, "en", out_dir=tmp_path))


def test_nothing_a_player_reads_is_under_6_pt(game, tmp_path):
    result = build(BuildRequest(game, "en", out_dir=tmp_path))
    assert small_text(result.path) == {}


def test_long_german_words_are_hyphenated_before_the_type_shrinks():
    register_fonts()
    text = "Die Selbstisolationsmaßnahmen beginnen bei Krankenhausaufenthalten"
    font = font_name("regular")
    assert fit_text(text, font, 22, 12, 8, 6, 1.2) is None      # without hyphenation: no fit
    fitted = fit_text(text, font, 22, 12, 8, 6, 1.2, "de")
    assert fitted is not None and fitted.size >= 6
    assert any(line.endswith("-") for line in fitted.lines)
    assert "".join(line.removesuffix("-") if line.endswith("-") else line + " "
                   for line in fitted.lines).strip() == text


def test_text_that_fits_unhyphenated_is_left_alone():
    register_fonts()
    fitted = fit_text("Play one card, then draw one card.", font_name("regular"), 60, 20, 9,
                      6, 1.2, "en")
    assert fitted is not None and fitted.size == 9
    assert not any(line.endswith("-") for line in fitted.lines)


def test_no_address_means_no_qr_code_and_nothing_pointing_nowhere(game, tmp_path):
    result = build(BuildRequest(game, "en", only=("rules", "rules-page"), out_dir=tmp_path,
                                guide=False))
    text = " ".join(" ".join(lines) for lines in page_lines(result.path))
    assert "http" not in text and "scan the code" not in text
    assert zxingcpp.read_barcodes(render(result.path, 0, px_per_mm=8)) == []


def test_a_real_address_prints_its_qr_code_on_the_last_rule_card(game, tmp_path):
    result = build(BuildRequest(game, "de", only=("rules",), out_dir=tmp_path,
                                rules_url="https://rules.test/{game}/{lang}", fallback="en",
                                guide=False))
    fronts, backs = (zxingcpp.read_barcodes(render(result.path, page, px_per_mm=8))
                     for page in (0, 1))
    assert fronts == [] and [code.text for code in backs] == ["https://rules.test/legible/de"]


def test_a_long_summary_flows_onto_a_second_page(game, tmp_path):
    template = game / "rules" / "legible.j2"
    long = " ".join(["{{ _('Play one card, then draw one card.') }}"] * 150)
    edit(template, "{{ _('Play one card, then draw one card.') }}", long)
    edit(template, "{{ _('The game ends when the deck is empty.') }}",
         " ".join(["{{ _('The game ends when the deck is empty.') }}"] * 150))
    result = build(BuildRequest(game, "en", only=("rules-page",), out_dir=tmp_path,
                                guide=False))
    pages = page_lines(result.path)
    assert len(pages) == 2
    assert any("GOAL" in line.upper() for line in pages[0])
    assert any(line.upper().startswith("END") for line in pages[1])
    assert pages[0][-1].endswith("Rule summary page · 1/2")
    assert small_text(result.path) == {}


def test_accessibility_report_passes_cued_colours(capsys, game):
    code, out, _ = pnp(["check", str(game), "--accessibility", "--json"], capsys)
    assert code == 0
    pairs = json.loads(out)[str(game)]
    assert {tuple(p["colours"]) for p in pairs} == {("red", "blue"), ("red", "green"),
                                                    ("blue", "green")}
    red_green = next(p for p in pairs if p["colours"] == ["red", "green"])
    assert set(red_green["delta_e"]) == {"normal", "deuteranopia", "protanopia", "tritanopia",
                                         "grayscale"}
    assert red_green["delta_e"]["deuteranopia"] < 20 < red_green["delta_e"]["normal"]
    assert red_green["cued"] and red_green["ok"]


def test_accessibility_report_fails_close_colours_without_cues(capsys, game):
    edit(game / "game.yaml", 'teams: {red: "●", blue: "■", green: "▲"}',
         'teams: {red: "", blue: "■", green: "▲"}')
    code, out, _ = pnp(["check", str(game), "--accessibility"], capsys)
    assert code == 2
    rows = {re.search(r"teams: (\S+)", line).group(1): line for line in out.splitlines()
            if "teams: " in line}
    assert rows["red–green"].endswith("none  TOO CLOSE, NO CUE")    # 9.6 in deuteranopia
    assert rows["red–blue"].endswith("none  TOO CLOSE, NO CUE")     # 0.9 in grayscale
    assert rows["blue–green"].endswith("■ / ▲  ok")


def test_a_cue_for_a_colour_outside_the_palette_is_named(game):
    edit(game / "game.yaml", 'green: "▲"}', 'green: "▲", teal: "◆"}')
    with pytest.raises(ContentError, match="colour_cues.teams.teal: 'teal' is not a palette"):
        load_game(game)
