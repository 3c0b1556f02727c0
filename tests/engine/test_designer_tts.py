"""``pnp export tts``: sheets of at most 10 × 7 cards within 4096 px, a back, tts.json, and a
saved object a deck that Tabletop Simulator loads from Objects → Saved Objects."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from urllib.parse import urlparse

import pytest
from PIL import Image

from generator.cli import main
from generator.designer.card_sheets import grid, sheet_limits
from generator.designer.tts import ExportRequest, export_tts, saved_objects_folder
from support.paths import FIXTURES

SAMPLE = FIXTURES / "designer_deck"

# The keys of a saved object and of its deck, card and CustomDeck entries, with their JSON
# types, as TTS writes them (see generator/designer/tts_object.py for the sources).
SAVE_KEYS = {"SaveName": str, "Date": str, "VersionNumber": str, "GameMode": str,
             "GameType": str, "GameComplexity": str, "Tags": list, "Gravity": float,
             "PlayArea": float, "Table": str, "Sky": str, "Note": str, "TabStates": dict,
             "LuaScript": str, "LuaScriptState": str, "XmlUI": str, "ObjectStates": list}
OBJECT_KEYS = {"GUID": str, "Name": str, "Transform": dict, "Nickname": str,
               "Description": str, "GMNotes": str, "ColorDiffuse": dict, "Locked": bool,
               "Grid": bool, "Snap": bool, "Autoraise": bool, "Sticky": bool, "Tooltip": bool,
               "Hands": bool, "SidewaysCard": bool, "CustomDeck": dict, "LuaScript": str,
               "LuaScriptState": str, "XmlUI": str}
DECK_KEYS = {**OBJECT_KEYS, "DeckIDs": list, "ContainedObjects": list}
CARD_KEYS = {**OBJECT_KEYS, "CardID": int}
CUSTOM_DECK_KEYS = {"FaceURL": str, "BackURL": str, "NumWidth": int, "NumHeight": int,
                    "BackIsHidden": bool, "UniqueBack": bool, "Type": int}
TRANSFORM_KEYS = ("posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ")


def has_keys(data: dict, keys: dict[str, type]) -> None:
    for key, kind in keys.items():
        assert isinstance(data[key], kind) and not (kind is int and isinstance(data[key], bool)), \
            f"{key}: {data.get(key)!r} is not {kind.__name__}"


def local_file(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file" and parsed.netloc == "" and url.startswith("file:///")
    return Path(parsed.path)


def copy_sample(tmp_path: Path, name: str, cards_csv: str | None = None,
                expect: int | None = None) -> Path:
    game = Path(shutil.copytree(SAMPLE, tmp_path / name))
    if cards_csv is not None:
        (game / "cards.csv").write_text(cards_csv)
    if expect is not None:
        text = (game / "game.yaml").read_text().replace("expect: 7", f"expect: {expect}")
        (game / "game.yaml").write_text(text)
    return game


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("tts")
    assert main(["export", "tts", "--game-dir", str(SAMPLE), "--out", str(out)]) == 0
    return out / "designer-sample-en"


def test_sample_sheets_match_their_index(sample: Path):
    index = json.loads((sample / "tts.json").read_text())
    heroes, tokens = index["decks"]
    assert (heroes["id"], heroes["cards"], tokens["cards"]) == ("heroes", 7, 2)
    sheet, = heroes["sheets"]
    assert (sheet["grid"], sheet["cards"]) == ([4, 2], 7)
    cw, ch = heroes["card_px"]
    with Image.open(sample / sheet["image"]) as image:
        assert image.size == (4 * cw, 2 * ch) == tuple(sheet["px"])
        assert max(image.size) <= 4096
        assert image.getpixel((cw * 3 + cw // 2, ch + ch // 2)) == (255, 255, 255)  # 8th slot
        assert image.getpixel((cw // 2, 3)) == (0x26, 0x46, 0x53)   # card 1's band, no bleed
    assert 0.99 < (cw / ch) / (63.5 / 88.9) < 1.01                  # poker proportions
    with Image.open(sample / heroes["back"]) as back:
        assert back.size == (cw, ch)
    assert tokens["card_px"] == [826, 826] and tokens["dpi"] == 300  # small decks: 300 dpi cap


def test_saved_object_holds_every_card_of_the_deck(sample: Path):
    save = json.loads((sample / "heroes.json").read_text())
    has_keys(save, SAVE_KEYS)
    deck, = save["ObjectStates"]
    has_keys(deck, DECK_KEYS)
    assert deck["Name"] == "DeckCustom" and deck["Nickname"] == "Heroes"
    assert sorted(deck["Transform"]) == sorted(TRANSFORM_KEYS)
    assert list(deck["CustomDeck"]) == ["1"]
    custom = deck["CustomDeck"]["1"]
    has_keys(custom, CUSTOM_DECK_KEYS)
    assert (custom["NumWidth"], custom["NumHeight"]) == (4, 2)
    assert custom["BackIsHidden"] is True and custom["UniqueBack"] is False
    # the CSV's rows with their qty: Medic ×3, Runner ×2, Surgeon ×2, each copy its own id
    # (the basic layout numbers every card, so no two copies print the same)
    assert deck["DeckIDs"] == [100, 101, 102, 103, 104, 105, 106]
    cards = deck["ContainedObjects"]
    for card in cards:
        has_keys(card, CARD_KEYS)
        assert card["Name"] == "Card" and card["CustomDeck"] == {"1": custom}
    assert [c["CardID"] for c in cards] == deck["DeckIDs"]
    assert [c["Nickname"] for c in cards] == ["Medic"] * 3 + ["Runner"] * 2 + ["Surgeon"] * 2
    assert len({c["GUID"] for c in cards} | {deck["GUID"]}) == 8


def test_saved_object_urls_are_the_exported_files(sample: Path):
    index = json.loads((sample / "tts.json").read_text())
    for entry in index["decks"]:
        save = json.loads((sample / entry["saved_object"]).read_text())
        custom = save["ObjectStates"][0]["CustomDeck"]
        cw, ch = entry["card_px"]
        for number, sheet in enumerate(entry["sheets"], start=1):
            face = local_file(custom[str(number)]["FaceURL"])
            assert face == (sample / sheet["image"]).resolve() and face.is_absolute()
            with Image.open(face) as image:   # the stated grid at the stated cell size
                assert image.size == (custom[str(number)]["NumWidth"] * cw,
                                      custom[str(number)]["NumHeight"] * ch)
            back = local_file(custom[str(number)]["BackURL"])
            assert back == (sample / entry["back"]).resolve()
            with Image.open(back) as image:
                assert image.size == (cw, ch)


def test_copies_that_print_alike_share_one_slot(tmp_path: Path):
    game = copy_sample(tmp_path, "unnumbered")
    layout = game / "layouts" / "cards.yaml"
    layout.write_text(layout.read_text().replace("remove: [rule]", "remove: [rule, number]"))
    result = export_tts(ExportRequest(game, out_dir=tmp_path / "out", decks=("heroes",)))
    deck = json.loads((result.folder / "heroes.json").read_text())["ObjectStates"][0]
    assert deck["DeckIDs"] == [100, 100, 100, 101, 101, 102, 102]
    assert [c["Nickname"] for c in deck["ContainedObjects"]][2:4] == ["Medic", "Runner"]
    entry, = json.loads(result.index.read_text())["decks"]
    assert (entry["cards"], entry["slots"], entry["sheets"][0]["grid"]) == (7, 3, [2, 2])
    cw, ch = entry["card_px"]
    with Image.open(result.folder / entry["sheets"][0]["image"]) as sheet:
        slots = [sheet.crop((x * cw, y * ch, (x + 1) * cw, (y + 1) * ch)).tobytes()
                 for y, x in ((0, 0), (0, 1), (1, 0))]
    assert len(set(slots)) == 3                     # three different cards, one slot each


def test_base_url_writes_hosted_addresses(tmp_path: Path, capsys: pytest.CaptureFixture):
    assert main(["export", "tts", "--game-dir", str(SAMPLE), "--out", str(tmp_path),
                 "--only", "heroes", "--base-url", "https://example.org/decks/"]) == 0
    out = capsys.readouterr().out
    assert f"copy heroes.json into {saved_objects_folder()}" in out
    save = json.loads((tmp_path / "designer-sample-en" / "heroes.json").read_text())
    custom = save["ObjectStates"][0]["CustomDeck"]["1"]
    assert custom["FaceURL"] == "https://example.org/decks/heroes-sheet-1.png"
    assert custom["BackURL"] == "https://example.org/decks/heroes-back.png"


def test_a_base_url_that_is_not_http_is_refused(tmp_path: Path,
                                                capsys: pytest.CaptureFixture):
    assert main(["export", "tts", "--game-dir", str(SAMPLE), "--out", str(tmp_path),
                 "--base-url", "C:/decks"]) == 2
    err = capsys.readouterr().err
    assert "--base-url 'C:/decks'" in err and "https://" in err and "Traceback" not in err
    assert not (tmp_path / "designer-sample-en").exists()


def test_a_deck_of_one_card_is_a_custom_card(tmp_path: Path):
    game = copy_sample(tmp_path, "single")
    text = (game / "game.yaml").read_text().replace("qty: 2", "qty: 1")
    (game / "game.yaml").write_text(text)
    result = export_tts(ExportRequest(game, out_dir=tmp_path / "out", decks=("tokens",)))
    card, = json.loads((result.folder / "tokens.json").read_text())["ObjectStates"]
    has_keys(card, CARD_KEYS)
    assert card["Name"] == "CardCustom" and card["CardID"] == 100
    assert card["Nickname"] == "Plus one" and "DeckIDs" not in card
    assert local_file(card["CustomDeck"]["1"]["FaceURL"]).is_file()


def test_a_deck_of_75_needs_two_sheets_within_4096_px(tmp_path: Path):
    game = copy_sample(tmp_path, "big", "Name,Effect,Picture,Cost,Icon 1,Icon 2,qty\n"
                                        "Medic,Heal.,art/hero.png,2,heart,,75\n", expect=75)
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
    deck = json.loads((result.folder / "heroes.json").read_text())["ObjectStates"][0]
    assert list(deck["CustomDeck"]) == ["1", "2"]
    assert deck["DeckIDs"] == [*range(100, 170), *range(200, 205)]   # every slot it points
    assert deck["CustomDeck"]["2"]["FaceURL"].endswith("/heroes-sheet-2.png")  # at exists


def test_backs_that_differ_make_a_back_sheet(tmp_path: Path):
    game = copy_sample(tmp_path, "backs")
    (game / "layouts" / "backs.yaml").write_text(
        "titled-back:\n  extends: basic-back\n  elements:\n"
        "    - {type: text, x: 5, y: 5, w: 50, h: 8, text: '{{ card.title }}', size: 12}\n")
    text = (game / "game.yaml").read_text().replace("back: basic-back", "back: titled-back")
    (game / "game.yaml").write_text(text)
    result = export_tts(ExportRequest(game, out_dir=tmp_path / "out", decks=("heroes",)))
    custom = json.loads((result.folder / "heroes.json").read_text()
                        )["ObjectStates"][0]["CustomDeck"]["1"]
    assert custom["UniqueBack"] is True
    with Image.open(local_file(custom["BackURL"])) as backs, \
            Image.open(local_file(custom["FaceURL"])) as faces:
        assert backs.size == faces.size                  # a back for every slot


def test_a_deck_named_like_the_index_is_refused(tmp_path: Path,
                                                capsys: pytest.CaptureFixture):
    game = copy_sample(tmp_path, "clash")
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace("id: tokens",
                                                                             "id: tts"))
    assert main(["export", "tts", "--game-dir", str(game), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "a deck named 'tts' would overwrite tts.json" in err and "Traceback" not in err
    assert not (tmp_path / "out" / "designer-sample-en").exists()


@pytest.mark.parametrize("count, expected", [(1, (2, 2)), (7, (4, 2)), (21, (7, 3)),
                                             (69, (10, 7)), (70, (10, 7))])
def test_grids_stay_between_2x2_and_10x7(count: int, expected: tuple[int, int]):
    cols, rows = grid(count, sheet_limits("tts"))
    assert (cols, rows) == expected and cols * rows >= count


def test_saved_objects_folder_is_named_for_each_platform():
    assert saved_objects_folder("win32").endswith(r"Tabletop Simulator\Saves\Saved Objects")
    assert saved_objects_folder("darwin") == "~/Library/Tabletop Simulator/Saves/Saved Objects"
    assert saved_objects_folder("linux").startswith("~/.local/share/Tabletop Simulator/")


def test_export_needs_one_game(capsys: pytest.CaptureFixture):
    assert main(["export", "tts"]) == 2
    assert "--game-dir" in capsys.readouterr().err
