"""Safe zones: what carries meaning on a card stays ``safe`` mm (templates/sizes.yaml, 1/8 in)
inside the trim. ``pnp check`` names each element over the line, the vendor preflight refuses
an order file with a character inside it and a card image the shop would not take, and every
one-up file of the built-in games is read back character by character."""

from __future__ import annotations

import shutil
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image

from generator.content.model import Size
from generator.content.sizes import safe_zone
from generator.designer.vendor import vendors
from generator.designer.vendor_preflight import OrderedDeck, OrderPdf, check_image, preflight
from generator.errors import RenderError
from generator.pipeline.build import build_one_up
from generator.pipeline.check import check_game
from support.paths import FIXTURES
from support.units import PT_PER_MM

SAMPLE = FIXTURES / "designer_deck"
GAMES = ["save-patient-zero", "patient-zero-solo", "microbious", "clinic-covid19", "pharma-code"]
# the hero card's extra line, moved 2 mm into the safe zone, and a corner icon 2.5 mm into it;
# a full-bleed picture beside them is art, which may run off the cut
CROSSING = """
    - {type: text, x: 1.175, y: "{{ h - 12 }}", w: 20, h: 4, text: "Prototype", size: 6}
    - {id: corner, type: image, src: "gi:virus", x: 0.675, y: 20, w: 6, h: 6}
    - {type: image, src: "gi:virus", x: 0, y: 0, w: 63.5, h: 88.9, bleed: true}
"""


def crossing_sample(tmp_path: Path) -> Path:
    folder = tmp_path / "deck"
    shutil.copytree(SAMPLE, folder)
    layouts = folder / "layouts" / "cards.yaml"
    layouts.write_text(layouts.read_text(encoding="utf-8").rstrip("\n") + CROSSING,
                       encoding="utf-8")
    return folder


def test_the_safe_zone_is_data_with_the_shops_eighth_of_an_inch_by_default():
    assert safe_zone(Size(63.5, 88.9)) == pytest.approx(25.4 / 8)
    assert safe_zone(Size(12.3, 45.6)) == pytest.approx(3.175)  # a size the table does not name
    for shop in vendors().values():
        assert shop.safe == pytest.approx(3.175) and shop.mode == "RGB", shop.id


def test_check_names_each_element_across_the_safe_zone_and_how_far(tmp_path: Path):
    assert check_game(SAMPLE, ["en"]) == []
    problems = check_game(crossing_sample(tmp_path), ["en"])
    over = [line for line in problems if "safe zone" in line]
    assert len(over) == 2, problems  # the text and the icon, not the full-bleed picture
    text, icon = sorted(over, key=lambda line: "corner" in line)
    assert "layouts/cards.yaml:hero.elements[" in text
    assert "reaches 2.00 mm into the 3.175 mm safe zone" in text
    assert "(id corner)" in icon and "reaches 2.50 mm" in icon


def test_preflight_refuses_a_character_inside_the_safe_zone(tmp_path: Path):
    deck = OrderedDeck("heroes", 7, Size(63.5, 88.9), shared_back=True)
    order = OrderPdf(300, True, True)
    clean = build_one_up(SAMPLE, "en", tmp_path / "clean", 3.175, ("heroes",), back_first=True)
    preflight(clean.path, order, [deck], 3.175, 3.175)
    crossing = build_one_up(crossing_sample(tmp_path), "en", tmp_path / "crossing", 3.175,
                            ("heroes",), back_first=True)
    with pytest.raises(RenderError, match=r"page 2: 'P' lies 1\.\d\d mm inside the trim, "
                                          r"within the 3\.175 mm safe zone"):
        preflight(crossing.path, order, [deck], 3.175, 3.175)


def test_preflight_refuses_a_card_image_of_another_size_mode_or_resolution(tmp_path: Path):
    good = tmp_path / "good.png"
    Image.new("RGB", (825, 1125), "white").save(good, dpi=(300, 300))
    check_image(good, (825, 1125), "RGB", 300)
    for name, image, dpi, found in [
            ("small.png", Image.new("RGB", (824, 1125)), 300, r"824×1125 px where .* 825×1125"),
            ("alpha.png", Image.new("RGBA", (825, 1125)), 300, r"colour mode RGBA where .* RGB"),
            ("screen.png", Image.new("RGB", (825, 1125)), 72, r"72 dpi where .* 300")]:
        image.save(tmp_path / name, dpi=(dpi, dpi))
        with pytest.raises(RenderError, match=found):
            check_image(tmp_path / name, (825, 1125), "RGB", 300)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_no_character_of_a_one_up_file_lies_within_the_safe_zone(tmp_path: Path, game: str,
                                                                  lang: str):
    """Every deck of every built-in game as a print shop takes it (``--one-up --pdfx``):
    each character's box, as pdfplumber reads it, at least its size's safe zone (3.175 mm;
    1.5 mm on a 16 mm die sticker, a label cut at home) inside its TrimBox."""
    from generator.content.model import Size
    from generator.content.sizes import safe_zone

    path = build_one_up(game, lang, tmp_path).path
    worst, where = 99.0, ""
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) > 0
        for number, page in enumerate(pdf.pages, start=1):
            left, bottom, right, top = (float(v) for v in page.page_obj.attrs["TrimBox"])
            height = float(page.mediabox[3])
            safe = safe_zone(Size(round((right - left) / PT_PER_MM, 2),
                                  round((top - bottom) / PT_PER_MM, 2)))
            for char in page.chars:
                if not char["text"].strip():
                    continue
                gap = min(char["x0"] - left, right - char["x1"],
                          (height - char["bottom"]) - bottom, top - (height - char["top"]))
                if gap / PT_PER_MM - safe < worst:  # how far outside its zone, least first
                    worst, where = gap / PT_PER_MM - safe, (f"page {number} {char['text']!r} "
                                                            f"({safe:g} mm zone)")
    assert worst >= -0.005, f"{path.name}: {where} is {-worst:.2f} mm into the safe zone"
