"""``pnp export tts``: sheets of at most 10 × 7 cards within 4096 px, a back, and tts.json."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from PIL import Image

from generator.cli import main
from generator.designer.tts import ExportRequest, export_tts, grid
from support.paths import FIXTURES

SAMPLE = FIXTURES / "designer_deck"


def test_sample_sheets_match_their_index(tmp_path: Path):
    assert main(["export", "tts", "--game-dir", str(SAMPLE), "--out", str(tmp_path)]) == 0
    folder = tmp_path / "designer-sample-en"
    index = json.loads((folder / "tts.json").read_text())
    heroes, tokens = index["decks"]
    assert (heroes["id"], heroes["cards"], tokens["cards"]) == ("heroes", 7, 2)
    sheet, = heroes["sheets"]
    assert (sheet["grid"], sheet["cards"]) == ([4, 2], 7)
    cw, ch = heroes["card_px"]
    with Image.open(folder / sheet["image"]) as image:
        assert image.size == (4 * cw, 2 * ch) == tuple(sheet["px"])
        assert max(image.size) <= 4096
        assert image.getpixel((cw * 3 + cw // 2, ch + ch // 2)) == (255, 255, 255)  # 8th slot
        assert image.getpixel((cw // 2, 3)) == (0x26, 0x46, 0x53)   # card 1's band, no bleed
    assert 0.99 < (cw / ch) / (63.5 / 88.9) < 1.01                  # poker proportions
    with Image.open(folder / heroes["back"]) as back:
        assert back.size == (cw, ch)
    assert tokens["card_px"] == [826, 826] and tokens["dpi"] == 300  # small decks: 300 dpi cap


def test_a_deck_of_75_needs_two_sheets_within_4096_px(tmp_path: Path):
    game = Path(shutil.copytree(SAMPLE, tmp_path / "big"))
    (game / "cards.csv").write_text("Name,Effect,Picture,Cost,Icon 1,Icon 2,qty\n"
                                    "Medic,Heal.,art/hero.png,2,heart,,75\n")
    text = (game / "game.yaml").read_text().replace("expect: 7", "expect: 75")
    (game / "game.yaml").write_text(text)
    result = export_tts(ExportRequest(game, out_dir=tmp_path / "out", decks=("heroes",)))
    index = json.loads(result.index.read_text())
    sheets = index["decks"][0]["sheets"]
    assert [(s["grid"], s["cards"], s["first_card"]) for s in sheets] == [
        ([10, 7], 70, 1), ([3, 2], 5, 71)]
    for sheet in sheets:
        with Image.open(result.folder / sheet["image"]) as image:
            assert image.size == tuple(sheet["px"])
            assert image.width <= 4096 and image.height <= 4096
    assert sheets[0]["px"][0] > 4000      # the full sheet uses the room it has
    assert result.cards == 75 and result.sheets == 2


@pytest.mark.parametrize("count, expected", [(1, (2, 2)), (7, (4, 2)), (21, (7, 3)),
                                             (69, (10, 7)), (70, (10, 7))])
def test_grids_stay_between_2x2_and_10x7(count: int, expected: tuple[int, int]):
    cols, rows = grid(count)
    assert (cols, rows) == expected and cols * rows >= count


def test_export_needs_one_game(capsys: pytest.CaptureFixture):
    assert main(["export", "tts"]) == 2
    assert "--game-dir" in capsys.readouterr().err
