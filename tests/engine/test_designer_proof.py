"""``pnp proof`` PNGs, read back pixel by pixel: sizes, bleed colour at the edge, nothing but
fills and art outside the safe zone, the SVG icon and PNG art drawn, contact sheets paged."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest
from PIL import Image

from generator.cli import main
from generator.designer.proof import ProofRequest, proof
from generator.errors import RenderError
from support.paths import FIXTURES

SAMPLE = FIXTURES / "designer_deck"
DPI = 150
ACCENT, PAPER = (0x26, 0x46, 0x53), (0xFD, 0xF6, 0xE3)    # the sample's palette
HEART, ART_RED = (0xC1, 0x12, 0x1F), (0xAE, 0x20, 0x12)  # icons/heart.svg, art/hero.png
SAFE_MM, BLEED_MM = 3.0, 3.0


def px(length_mm: float) -> int:
    return round(length_mm / 25.4 * DPI)


@pytest.fixture(scope="module")
def proofs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("proofs")
    assert main(["proof", "--game-dir", str(SAMPLE), "--out", str(out)]) == 0
    return out / "designer-sample-en"


def near(a: tuple[int, ...], b: tuple[int, ...], tol: float = 10) -> bool:
    return math.dist(a[:3], b[:3]) <= tol


def outside_safe_zone(image: Image.Image) -> list[tuple[int, int]]:
    """Pixels between the bleed edge and the safe zone (3 mm inside the trim)."""
    margin = px(BLEED_MM + SAFE_MM) - 1
    w, h = image.size
    return [(x, y) for y in range(h) for x in range(w)
            if x < margin or y < margin or x >= w - margin or y >= h - margin]


def strays(image: Image.Image) -> list[tuple[int, int]]:
    """Pixels outside the safe zone that are neither the paper nor the band fill, nor the
    colour of their row at the bleed edge (the anti-aliased foot of the band)."""
    pixels = image.load()
    return [(x, y) for x, y in outside_safe_zone(image)
            if not any(near(pixels[x, y], c, 6) for c in (PAPER, ACCENT, pixels[0, y]))]


def count(image: Image.Image, colour: tuple[int, int, int], box_mm: tuple[float, ...]) -> int:
    x0, y0, x1, y1 = (px(v + BLEED_MM) for v in box_mm)
    pixels = image.load()
    return sum(near(pixels[x, y], colour) for x in range(x0, x1) for y in range(y0, y1))


def test_one_png_per_distinct_face_one_shared_back_and_contact_sheets(proofs: Path):
    names = sorted(p.name for p in proofs.iterdir())
    assert names == ["heroes-001-front.png", "heroes-002-front.png", "heroes-003-front.png",
                     "heroes-back.png", "heroes-contact-1.png",
                     "tokens-001-front.png", "tokens-contact-1.png"]


@pytest.mark.parametrize("name, size_mm", [
    ("heroes-001-front.png", (63.5, 88.9)), ("heroes-back.png", (63.5, 88.9)),
    ("tokens-001-front.png", (70, 70))])
def test_pngs_are_trim_plus_bleed_at_the_asked_dpi(proofs: Path, name: str, size_mm):
    with Image.open(proofs / name) as image:
        assert image.size == (px(size_mm[0] + 6), px(size_mm[1] + 6))
        assert round(image.info["dpi"][0]) == DPI


@pytest.mark.parametrize("name", ["heroes-001-front.png", "heroes-003-front.png",
                                  "heroes-back.png", "tokens-001-front.png"])
def test_bleed_colour_reaches_the_edge(proofs: Path, name: str):
    image = Image.open(proofs / name).convert("RGB")
    pixels, (w, h), inside = image.load(), image.size, px(BLEED_MM + 1)
    for x in range(w):   # top and bottom edges repeat what lies 1 mm inside the trim
        assert near(pixels[x, 0], pixels[x, inside], 3)
        assert near(pixels[x, h - 1], pixels[x, h - 1 - inside], 3)
    for y in range(h):
        assert near(pixels[0, y], pixels[inside, y], 3)
        assert near(pixels[w - 1, y], pixels[w - 1 - inside, y], 3)
    assert near(pixels[0, 0], ACCENT, 3)          # the band and back fill reach the corner
    if name != "heroes-back.png":
        assert near(pixels[0, h // 2], PAPER, 3)


@pytest.mark.parametrize("name", ["heroes-001-front.png", "heroes-002-front.png",
                                  "heroes-003-front.png", "heroes-back.png",
                                  "tokens-001-front.png"])
def test_nothing_but_fills_lies_outside_the_safe_zone(proofs: Path, name: str):
    assert strays(Image.open(proofs / name).convert("RGB")) == []


def test_the_safe_zone_check_catches_text_in_the_margin(tmp_path: Path):
    """The same check fails once a user layout (--layouts, searched first) pushes the card
    number into the margin: the check above can fail."""
    mine = tmp_path / "layouts"
    mine.mkdir()
    (mine / "hero.yaml").write_text(
        'hero:\n  extends: basic-card\n  override:\n    number: {x: "{{ w - 11.2 }}"}\n')
    result = proof(ProofRequest(SAMPLE, dpi=DPI, out_dir=tmp_path / "out", decks=("heroes",),
                                layout_dirs=(mine,)))
    assert len(strays(Image.open(result.folder / "heroes-001-front.png").convert("RGB"))) > 20


def test_svg_icons_png_art_and_the_overridden_band_are_drawn(proofs: Path):
    medic = Image.open(proofs / "heroes-001-front.png").convert("RGB")
    runner = Image.open(proofs / "heroes-002-front.png").convert("RGB")
    token = Image.open(proofs / "tokens-001-front.png").convert("RGB")
    icon_row = (3.5, 16 + 88.9 * 0.4, 10, 22 + 88.9 * 0.4)
    assert count(medic, HEART, icon_row) > 100          # one SVG heart
    assert count(runner, HEART, icon_row) == 0          # no icon in its row
    assert count(medic, ART_RED, (3.5, 15, 60, 50)) > 2000
    band_foot = (1, 13.3, 2, 13.7)                      # hero's band: 14 mm, basic-card's 13
    assert count(medic, ACCENT, band_foot) > 0 and count(token, ACCENT, band_foot) == 0


def test_contact_sheets_hold_24_cards_each(tmp_path: Path):
    result = proof(ProofRequest("save-patient-zero", dpi=100, out_dir=tmp_path,
                                decks=("samples-m",)))
    assert (result.cards, result.backs) == (40, 1)
    sizes = [Image.open(p).size for p in result.contact_sheets]
    # mini-euro 44 × 68 mm at 100 dpi: 173 × 267 px thumbnails, 6 columns, 16 px gaps
    assert sizes == [(16 + 6 * 189, 16 + 4 * 311), (16 + 6 * 189, 16 + 3 * 311)]


def test_a_failed_proof_leaves_the_last_good_one(tmp_path: Path):
    first = proof(ProofRequest(SAMPLE, dpi=60, out_dir=tmp_path, decks=("heroes",)))
    before = sorted(p.name for p in first.folder.iterdir())
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "hero.yaml").write_text("hero:\n  extends: basic-card\n  elements:\n"
                                      "    - {type: rect, fill: no-such-colour}\n")
    with pytest.raises(RenderError, match="no-such-colour"):
        proof(ProofRequest(SAMPLE, dpi=60, out_dir=tmp_path, decks=("heroes",),
                           layout_dirs=(broken,)))
    assert sorted(p.name for p in first.folder.iterdir()) == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


@pytest.mark.parametrize("fit, left_of_middle", [("cover", ART_RED), ("fill", (0xE9, 0xD8, 0xA6))])
def test_full_bleed_art_reaches_the_edge(tmp_path: Path, fit: str, left_of_middle):
    """A 3:2 picture over a whole portrait card with bleed: cover crops its sides (the red disc
    comes near the left edge), fill stretches it (the sky stays there); both reach every edge."""
    mine = tmp_path / "layouts"
    mine.mkdir()
    (mine / "hero.yaml").write_text(
        "hero:\n  extends: basic-card\n  elements:\n"
        f"    - {{type: image, src: art/hero.png, fit: {fit}, bleed: true}}\n")
    result = proof(ProofRequest(SAMPLE, dpi=DPI, out_dir=tmp_path / "out", decks=("heroes",),
                                layout_dirs=(mine,)))
    image = Image.open(result.folder / "heroes-001-front.png").convert("RGB")
    w, h = image.size
    sky, sea = (0xE9, 0xD8, 0xA6), (0x00, 0x5F, 0x73)
    assert near(image.getpixel((0, 0)), sky) and near(image.getpixel((w - 1, 0)), sky)
    assert near(image.getpixel((w // 2, h - 1)), sea) and near(image.getpixel((0, h - 1)), sea)
    assert near(image.getpixel((w // 10, h // 2)), left_of_middle)


def test_backs_that_differ_are_written_card_by_card_and_each_distinct_one_sheeted(
        tmp_path: Path):
    """Backs showing the cost (2, 1, 3, 2): the first back waits while it is the only one,
    then is written for its card when a second appears; the sheet shows each back once."""
    game = tmp_path / "game"
    shutil.copytree(SAMPLE, game)
    with (game / "cards.csv").open("a", encoding="utf-8") as table:
        table.write("Nurse,Heal one wound.,art/hero.png,2,heart,,1\n")
    (game / "layouts" / "cost-back.yaml").write_text(
        "cost-back:\n  extends: basic-back\n  remove: [title]\n  elements:\n"
        "    - {type: text, x: 6, y: 30, w: 50, h: 20, text: \"{{ card.get('cost') }}\","
        " size: 30, color: white, align: center}\n", encoding="utf-8")
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8").replace("back: basic-back", "back: cost-back")
                    .replace("expect: 7", "expect: 8"), encoding="utf-8")
    result = proof(ProofRequest(game, dpi=40, out_dir=tmp_path / "out", decks=("heroes",)))
    names = sorted(p.name for p in result.folder.iterdir())
    backs = [n for n in names if n.endswith("-back.png")]
    assert backs == [f"heroes-00{n}-back.png" for n in range(1, 5)] and result.backs == 4
    first, last = (Image.open(result.folder / f"heroes-00{n}-back.png") for n in (1, 4))
    assert first.tobytes() == last.tobytes()  # Medic and Nurse cost 2
    assert first.tobytes() != Image.open(result.folder / "heroes-002-back.png").tobytes()
    assert len(result.contact_sheets) == 1
    sheet = Image.open(result.contact_sheets[0]).convert("RGB")
    # 4 faces and 3 distinct backs: the 7th cell (row 2, column 1) drawn, the 8th empty
    dots = [round(mm / 25.4 * 40) for mm in (63.5 + 6, 88.9 + 6, 3)]  # card + bleed at 40 dpi
    thumb_w, thumb_h = dots[0] - 2 * dots[2], dots[1] - 2 * dots[2]
    y = 16 + (thumb_h + 28 + 16) + thumb_h // 2
    seventh, eighth = (sheet.getpixel((16 + col * (thumb_w + 16) + thumb_w // 2, y))
                       for col in (0, 1))
    assert sheet.height == 16 + 2 * (thumb_h + 28 + 16)
    assert near(eighth, (0xD9, 0xD9, 0xD9), 2) and not near(seventh, (0xD9, 0xD9, 0xD9), 2)
