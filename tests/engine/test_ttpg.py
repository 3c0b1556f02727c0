"""``pnp export ttpg``: a Tabletop Playground card template a deck, with its card sheets in a
package's Textures folder."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from PIL import Image

from generator.cli import main
from generator.designer.ttpg import ExportRequest, export_ttpg
from support.paths import FIXTURES

SAMPLE = FIXTURES / "designer_deck"

# The keys Tabletop Playground's schema requires of a card template, and the types and ranges
# it gives the ones a card sheet sets (plasticity-studios/tabletop-playground-schemas,
# src/templates.ts, CardTemplate; object-template.ts, ObjectTemplate).
REQUIRED = {"Type": str, "GUID": str, "Name": str, "Metadata": str, "CollisionType": str,
            "SurfaceType": str, "Models": list, "Tags": list, "FrontTexture": str,
            "BackIndex": int, "HiddenIndex": int, "Indices": list, "CardNames": dict,
            "CardMetadata": dict, "CardTags": dict}
SHEET_KEYS = {"BackTexture": str, "NumHorizontal": int, "NumVertical": int, "Width": float,
              "Height": float, "Thickness": float, "Model": str, "HiddenInHand": bool,
              "CanStack": bool}
COLLISION = {"Ground", "Penetrable", "Regular", "Static"}
SURFACE = {"Cardboard", "Cloth", "Glass", "Metal", "Plastic", "Silent", "Wood"}
MODELS = {"Hexagonal", "Round", "Rounded", "Square"}


def check_template(template: dict) -> None:
    for key, kind in {**REQUIRED, **SHEET_KEYS}.items():
        value = template[key]
        assert isinstance(value, kind) and not (kind is int and isinstance(value, bool)), key
    assert template["Type"] == "Card" and re.fullmatch(r"[0-9A-F]{32}", template["GUID"])
    assert template["CollisionType"] in COLLISION and template["SurfaceType"] in SURFACE
    assert template["Model"] in MODELS
    assert template["BackIndex"] >= -3 and template["HiddenIndex"] >= -3
    assert 1 <= template["NumHorizontal"] <= 128 and 1 <= template["NumVertical"] <= 128
    assert template["Thickness"] >= 0.01 and min(template["Width"], template["Height"]) >= 0.1
    assert template["Indices"] and all(isinstance(i, int) and i >= 0
                                       for i in template["Indices"])


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("ttpg")
    assert main(["export", "ttpg", "--game-dir", str(SAMPLE), "--out", str(out)]) == 0
    return out / "designer-sample-en"


def load(folder: Path, name: str) -> dict:
    return json.loads((folder / "Templates" / "designer-sample-en" / name).read_text())


def test_a_template_a_deck_with_the_schema_keys(sample: Path):
    names = sorted(p.name for p in (sample / "Templates" / "designer-sample-en").iterdir())
    assert names == ["heroes.json", "tokens.json"]
    heroes, tokens = load(sample, "heroes.json"), load(sample, "tokens.json")
    for template in (heroes, tokens):
        check_template(template)
    assert heroes["GUID"] != tokens["GUID"] and heroes["Name"] == "Heroes"
    assert (heroes["Width"], heroes["Height"]) == (6.35, 8.89)       # poker, in cm
    assert (tokens["Width"], tokens["Height"]) == (7.0, 7.0)         # square-70


def test_indices_and_names_cover_every_physical_card(sample: Path):
    heroes = load(sample, "heroes.json")
    assert len(heroes["Indices"]) == len(heroes["CardNames"]) == 7
    assert heroes["Indices"] == list(range(7))        # numbered cards: one slot each
    assert list(heroes["CardNames"]) == [str(i) for i in range(7)]
    assert list(heroes["CardNames"].values()) == (["Medic"] * 3 + ["Runner"] * 2
                                                  + ["Surgeon"] * 2)
    slots = heroes["NumHorizontal"] * heroes["NumVertical"]
    assert max(heroes["Indices"]) < slots
    tokens = load(sample, "tokens.json")
    assert len(tokens["Indices"]) == len(tokens["CardNames"]) == 2


def test_textures_exist_with_the_stated_grid(sample: Path):
    for name in ("heroes.json", "tokens.json"):
        template = load(sample, name)
        front = sample / "Textures" / template["FrontTexture"]
        back = sample / "Textures" / template["BackTexture"]
        with Image.open(front) as sheet, Image.open(back) as card:
            assert template["BackIndex"] == -2                    # one back image for all
            assert sheet.size == (template["NumHorizontal"] * card.width,
                                  template["NumVertical"] * card.height)
            assert max(sheet.size) <= 4096
            ratio = (card.width / card.height) / (template["Width"] / template["Height"])
            assert 0.99 < ratio < 1.01


def test_copies_that_print_alike_repeat_their_index(tmp_path: Path):
    game = Path(shutil.copytree(SAMPLE, tmp_path / "unnumbered"))
    layout = game / "layouts" / "cards.yaml"
    layout.write_text(layout.read_text().replace("remove: [rule]", "remove: [rule, number]"))
    result = export_ttpg(ExportRequest(game, out_dir=tmp_path / "out", decks=("heroes",)))
    template = json.loads(result.objects[0].read_text())
    assert template["Indices"] == [0, 0, 0, 1, 1, 2, 2]
    assert (template["NumHorizontal"], template["NumVertical"]) == (2, 2)
    assert len(template["CardNames"]) == 7 and template["CardNames"]["3"] == "Runner"


def test_a_deck_on_two_sheets_gets_a_template_a_sheet(tmp_path: Path):
    game = Path(shutil.copytree(SAMPLE, tmp_path / "big"))
    (game / "cards.csv").write_text("Name,Effect,Picture,Cost,Icon 1,Icon 2,qty\n"
                                    "Medic,Heal.,art/hero.png,2,heart,,75\n")
    text = (game / "game.yaml").read_text().replace("expect: 7", "expect: 75")
    (game / "game.yaml").write_text(text)
    result = export_ttpg(ExportRequest(game, out_dir=tmp_path / "out", decks=("heroes",)))
    assert [p.name for p in result.objects] == ["heroes-1.json", "heroes-2.json"]
    first, second = (json.loads(p.read_text()) for p in result.objects)
    for template in (first, second):
        check_template(template)
        with Image.open(result.folder / "Textures" / template["FrontTexture"]) as sheet:
            assert max(sheet.size) <= 4096
    assert (len(first["Indices"]), len(second["Indices"])) == (70, 5)
    assert second["Indices"] == [0, 1, 2, 3, 4] and second["Name"] == "Heroes (2/2)"
    assert first["FrontTexture"] != second["FrontTexture"]
    assert result.cards == 75 and result.sheets == 2


def test_backs_that_differ_are_a_back_sheet(tmp_path: Path):
    game = Path(shutil.copytree(SAMPLE, tmp_path / "backs"))
    (game / "layouts" / "backs.yaml").write_text(
        "titled-back:\n  extends: basic-back\n  elements:\n"
        "    - {type: text, x: 5, y: 5, w: 50, h: 8, text: '{{ card.title }}', size: 12}\n")
    text = (game / "game.yaml").read_text().replace("back: basic-back", "back: titled-back")
    (game / "game.yaml").write_text(text)
    result = export_ttpg(ExportRequest(game, out_dir=tmp_path / "out", decks=("heroes",)))
    template = json.loads(result.objects[0].read_text())
    assert template["BackIndex"] == -3                    # the back sheet, slot for slot
    textures = result.folder / "Textures"
    with Image.open(textures / template["BackTexture"]) as backs, \
            Image.open(textures / template["FrontTexture"]) as faces:
        assert backs.size == faces.size


def test_cli_says_where_the_folders_go(tmp_path: Path, capsys: pytest.CaptureFixture):
    assert main(["export", "ttpg", "--game-dir", str(SAMPLE), "--out", str(tmp_path),
                 "--only", "tokens"]) == 0
    out = capsys.readouterr().out
    assert "1 card template" in out and "Templates/" in out and "Textures/" in out
