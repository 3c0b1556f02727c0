"""A designer's own deck folder (tests/fixtures/designer_deck): CSV with qty, a fields: mapping, a
layout extending the built-in basic-card, a PNG and an SVG, two card sizes in one game."""

from __future__ import annotations

import shutil
from pathlib import Path

import pdfplumber
import pytest

from generator.cli import main
from generator.errors import ContentError, RenderError
from generator.imposition.plan import PrintOptions
from generator.pipeline.build import build
from generator.pipeline.load import load_game
from generator.pipeline.request import BuildRequest
from generator.render.expressions import as_list
from support.paths import FIXTURES

SAMPLE = FIXTURES / "designer_deck"


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    """A private copy of the sample folder, free to break."""
    return Path(shutil.copytree(SAMPLE, tmp_path / "deck"))


def page_texts(path: Path) -> list[str]:
    with pdfplumber.open(path) as pdf:
        return [page.extract_text() or "" for page in pdf.pages]


def test_csv_rows_expand_by_qty_and_take_mapped_fields():
    deck = load_game(SAMPLE).component("heroes")
    names = [card.fields["title"] for card in deck.cards]
    assert names == ["Medic"] * 3 + ["Runner"] * 2 + ["Surgeon"] * 2
    surgeon = deck.cards[-1].fields
    assert surgeon["icons"] == ("heart", "heart")          # two icon columns, both filled
    assert deck.cards[3].fields["icons"] == ()             # empty cells dropped
    assert surgeon["Name"] == "Surgeon"                    # the row keeps its own columns
    assert "qty" not in surgeon


def test_sample_builds_end_to_end_with_each_size_on_its_own_sheets(tmp_path: Path):
    result = build(BuildRequest(SAMPLE, "en", PrintOptions(paper="a4"), out_dir=tmp_path))
    assert result.cards == 9
    back, *texts = page_texts(result.path)[1:]  # page 1 is the print guide, then its back
    # the 7 heroes on 1 page (cut lines shared) + its backs, 1 token page (no backs) and its
    # blank back for duplex
    assert len(texts) == result.pages - 2 == 4
    assert "This side is left blank" in back
    heroes, tokens = texts[:2], texts[2:]
    assert sum(t.count("Medic") for t in heroes) == 3
    assert sum(t.count("Surgeon") for t in heroes) == 2
    squeezed = "".join(heroes).replace("\n", "").replace(" ", "")   # cards turn on the page
    assert "Removeoneinfectiontokenfroma" in squeezed and "limbofyourchoice." in squeezed
    assert all("Plus one" not in t for t in heroes)
    assert tokens[0].count("Plus one") == 2 and "Medic" not in tokens[0]
    assert "Sample Prototype" in texts[1]                   # the built-in back, behind page 1


def test_game_dir_builds_english_only_by_default(tmp_path: Path):
    assert main(["build", "--game-dir", str(SAMPLE), "--paper", "a4", "--out", str(tmp_path),
                 "--quiet"]) == 0
    assert sorted(p.name for p in tmp_path.glob("*.pdf")) == ["designer-sample-en-a4.pdf"]


def test_a_mapped_column_the_csv_lacks_is_named_with_the_columns_it_has(sample: Path):
    game = sample / "game.yaml"
    game.write_text(game.read_text().replace("title: Name", "title: Nmae"))
    with pytest.raises(ContentError) as failure:
        load_game(sample)
    message = str(failure.value)
    assert ("game.yaml:16 at components[0].fields.title: field 'title' reads column 'Nmae' "
            "(did you mean 'Name'?), which cards.csv does not have") in message
    assert "its columns: Name, Effect, Picture" in message
    assert message.count("Nmae") == 1                       # once, not once per row


def test_a_missing_image_fails_with_exit_2_naming_the_file(sample: Path, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture):
    cards = sample / "cards.csv"
    cards.write_text(cards.read_text().replace("art/hero.png,1", "art/runner.png,1"))
    code = main(["build", "--game-dir", str(sample), "--paper", "a4", "--out", str(tmp_path)])
    assert code == 2
    err = capsys.readouterr().err
    assert "image not found" in err and "runner.png" in err and "Traceback" not in err
    assert not list(tmp_path.glob("*.pdf"))


def test_an_image_src_without_suffix_finds_the_svg(sample: Path, tmp_path: Path):
    cards = sample / "cards.csv"
    cards.write_text(cards.read_text().replace("art/hero.png,2", "icons/heart,2"))
    result = build(BuildRequest(sample, "en", PrintOptions(paper="a4"), out_dir=tmp_path))
    assert result.pages == 6  # the guide, its back; heroes and backs; tokens and a blank back


def test_cells_become_lists_for_icon_rows():
    assert as_list("heart; star,  drop") == ["heart", "star", "drop"]
    assert as_list(("heart", "", None)) == ["heart"]
    assert as_list("") == [] and as_list(None) == []


def test_an_unknown_fit_names_the_choices(sample: Path, tmp_path: Path):
    layouts = sample / "layouts" / "cards.yaml"
    extra = "    - {type: image, src: art/hero.png, fit: stretch}\n"
    layouts.write_text(layouts.read_text() + extra)
    with pytest.raises(RenderError, match="'stretch' is not one of contain, cover, fill"):
        build(BuildRequest(sample, "en", PrintOptions(paper="a4"), out_dir=tmp_path))
