"""``pnp export tgc|mpc|drivethru|printplaygames``: one image per distinct face and back at the
shop's pixel size, a manifest whose quantities are the deck, refusal of sizes the shop does
not print, and ``--fit nearest`` saying how much it scales."""

from __future__ import annotations

import csv
import json
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from pypdf import PdfReader

from generator.cli import main
from generator.content.model import Size
from generator.designer.vendor import match, nearest, tolerance_mm, vendor, vendors
from support.paths import FIXTURES
from support.units import PT_PER_MM

SAMPLE = FIXTURES / "designer_deck"  # heroes: 7 poker cards of 3 rows (qty 3, 2, 2), one back
#                                      tokens: 2 identical 70 mm squares, no back layout


def export(tmp_path: Path, *args: str) -> int:
    return main(["export", *args, "--game-dir", str(SAMPLE), "--out", str(tmp_path)])


def read_manifest(folder: Path) -> tuple[dict, list[dict[str, str]]]:
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    with (folder / "manifest.csv").open(encoding="utf-8", newline="") as stream:
        return manifest, list(csv.DictReader(stream))


def test_every_product_pixel_size_is_its_trim_and_bleed_at_its_dpi():
    for shop in vendors().values():
        assert shop.dpi == 300 and shop.format == "PNG RGB"
        for product in shop.products:
            w = (product.trim.w + 2 * product.bleed[0]) / 25.4 * shop.dpi
            h = (product.trim.h + 2 * product.bleed[1]) / 25.4 * shop.dpi
            assert abs(w - product.px[0]) <= 1 and abs(h - product.px[1]) <= 1, \
                (shop.id, product.id, w, h)


def test_published_figures():
    px = {(shop.id, p.id): p.px for shop in vendors().values() for p in shop.products}
    assert px[("tgc", "poker")] == (825, 1125) and px[("tgc", "mini")] == (600, 825)
    assert px[("tgc", "tarot")] == (900, 1500) and px[("tgc", "square")] == (1125, 1125)
    assert px[("mpc", "poker")] == (822, 1122)
    assert min(p.bleed[0] for p in vendor("printplaygames").products) >= 2


@pytest.mark.parametrize("size, product", [
    (Size(63.5, 88.9), "poker"), (Size(63.2, 88.6), "poker"),   # within 0.75 mm
    (Size(63, 88), "euro-poker"), (Size(70, 70), "euro-square"),
    (Size(69.85, 120.65), "tarot"), (Size(70, 120), "tarot"),
    (Size(44, 68), None), (Size(88.9, 63.5), None)])           # landscape poker: no product
def test_a_deck_matches_a_product_within_the_tolerance(size: Size, product: str | None):
    found = match(size, vendor("tgc"), tolerance_mm())
    assert (found.id if found else None) == product


def test_the_nearest_product_to_a_mini_euro_deck_is_the_mini_deck():
    (product, scale), _ = nearest(Size(44, 68), vendor("tgc"))
    assert product.id == "mini" and scale == pytest.approx(63.5 / 68)


def unnumbered(tmp_path: Path) -> Path:
    """The sample without the "n/total" the basic card prints: copies of a row look alike."""
    game = Path(shutil.copytree(SAMPLE, tmp_path / "unnumbered"))
    layouts = game / "layouts" / "cards.yaml"
    text = layouts.read_text().replace("remove: [rule]", "remove: [rule, number]")
    layouts.write_text(text + "token:\n  extends: basic-card\n  remove: [number]\n")
    yaml = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(yaml.replace("front: basic-card", "front: token"))
    return game


def test_tgc_images_are_unique_faces_at_its_pixel_sizes(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture):
    game = unnumbered(tmp_path)
    assert main(["export", "tgc", "--game-dir", str(game), "--out", str(tmp_path / "out")]) == 0
    folder = tmp_path / "out" / "designer-sample-en"
    manifest, rows = read_manifest(folder)
    decks = {d["id"]: d for d in manifest["decks"]}
    assert (decks["heroes"]["product"], decks["tokens"]["product"]) == ("poker", "euro-square")
    assert all(d["scale"] == 1 for d in decks.values())
    sizes = {"heroes": (825, 1125), "tokens": (900, 900)}
    for row in rows:
        with Image.open(folder / row["file"]) as image:
            assert (image.size, image.mode) == (sizes[row["deck"]], "RGB")
            assert image.info["dpi"] == pytest.approx((300, 300), rel=1e-4)
    # every file on disk is a manifest row, and nothing else is there
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [r["file"] for r in rows] + ["manifest.csv", "manifest.json"])
    assert [(r["file"], r["deck"], r["side"], int(r["quantity"])) for r in rows] == [
        (f["file"], f["deck"], f["side"], f["quantity"]) for f in manifest["files"]]
    # three rows of heroes (qty 3, 2, 2) are three faces; one back for all; the two tokens
    # are one face, and their missing back one blank back
    assert quantities(rows) == {("heroes", "front"): [3, 2, 2], ("heroes", "back"): [7],
                                ("tokens", "front"): [2], ("tokens", "back"): [2]}
    with Image.open(folder / "heroes-front-001.png") as one, \
            Image.open(folder / "heroes-front-002.png") as two:
        assert one.tobytes() != two.tobytes()
    with Image.open(folder / "tokens-back-001.png") as blank:
        assert blank.getcolors() == [(900 * 900, (255, 255, 255))]
    out = capsys.readouterr().out
    assert "heroes: 7 cards on Poker Deck (63.5×88.9 mm, 825×1125 px), as is" in out
    assert "wrote 6 images of 9 cards" in out


def test_cards_that_print_their_number_are_each_their_own_image(tmp_path: Path):
    """The basic card prints "2/7": no two heroes look alike, so none is written once for
    several (a copy is not assumed to look like its row's first)."""
    assert export(tmp_path, "tgc", "--only", "heroes") == 0
    _, rows = read_manifest(tmp_path / "designer-sample-en")
    assert quantities(rows) == {("heroes", "front"): [1] * 7, ("heroes", "back"): [7]}


def quantities(rows: list[dict[str, str]]) -> dict[tuple[str, str], list[int]]:
    found: dict[tuple[str, str], list[int]] = {}
    for row in rows:
        found.setdefault((row["deck"], row["side"]), []).append(int(row["quantity"]))
    return found


def test_mpc_refuses_a_size_it_does_not_print_naming_the_nearest(
        tmp_path: Path, capsys: pytest.CaptureFixture):
    assert export(tmp_path, "mpc") == 2
    err = capsys.readouterr().err
    assert "MakePlayingCards has no card product of the size of 1 deck (within 0.75 mm" in err
    assert "tokens is 70×70 mm: nearest Poker size 63.5×88.9 mm (scale 90.7%)" \
        in err
    assert "--fit nearest" in err and "--only heroes" in err
    assert "Traceback" not in err
    assert not any(tmp_path.iterdir())          # nothing written, not even a staging folder


def test_fit_nearest_scales_on_purpose_and_says_by_how_much(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture):
    assert export(tmp_path, "mpc", "--fit", "nearest") == 0
    out = capsys.readouterr().out
    assert "tokens: 2 cards on Poker size (63.5×88.9 mm, 822×1122 px), " \
           "scaled to 90.7% to fit its trim" in out
    assert "heroes: 7 cards on Poker size (63.5×88.9 mm, 822×1122 px), as is" \
        in out
    manifest, rows = read_manifest(tmp_path / "designer-sample-en")
    assert {d["id"]: d["scale"] for d in manifest["decks"]} == {
        "heroes": 1.0, "tokens": round(63.5 / 70, 4)}
    for row in rows:
        with Image.open(tmp_path / "designer-sample-en" / row["file"]) as image:
            assert image.size == (822, 1122)
    totals = {(d["id"]): d["cards"] for d in manifest["decks"]}
    for side in ("front", "back"):
        for deck, cards in totals.items():
            assert sum(int(r["quantity"]) for r in rows
                       if r["deck"] == deck and r["side"] == side) == cards


def test_the_scaled_card_keeps_its_proportions_centred_in_the_trim(tmp_path: Path):
    """The 70 mm token as is on TGC's Euro Square (900 px) and at 90.7 % on MPC's poker card
    (822 × 1122 px): down the middle of both, every edge (the band's, the rule's) lies at the
    same distance from the centre times 63.5 / 70 — uniformly scaled, centred, not stretched."""
    assert export(tmp_path / "tgc", "tgc", "--only", "tokens") == 0
    assert export(tmp_path / "mpc", "mpc", "--only", "tokens", "--fit", "nearest") == 0
    as_is = edges(tmp_path / "tgc" / "designer-sample-en" / "tokens-front-001.png")
    scaled = edges(tmp_path / "mpc" / "designer-sample-en" / "tokens-front-001.png")
    assert len(as_is) == len(scaled) >= 2
    for y_as_is, y_scaled in zip(as_is, scaled, strict=True):
        assert abs((y_scaled - 1122 / 2) - (y_as_is - 900 / 2) * 63.5 / 70) <= 2


def edges(path: Path) -> list[int]:
    """Where the colour changes down the middle column of an image."""
    with Image.open(path) as image:
        column = [image.getpixel((image.width // 2, y)) for y in range(image.height)]
    return [y for y in range(1, len(column)) if column[y] != column[y - 1]]


def test_drivethru_orders_the_decks_it_takes_as_a_one_up_pdfx_file(
        tmp_path: Path, capsys: pytest.CaptureFixture):
    """DriveThruCards takes one PDF/X-1a file a deck: ``pnp build --pdfx --one-up`` of each
    deck it takes as is, each page its card at trim + 1/8 in bleed, the back of card 1 first,
    at most 240 % ink, beside the images. The token scaled onto its poker card is left out of
    it, and the export says so."""
    assert export(tmp_path, "drivethru", "--fit", "nearest") == 0
    folder = tmp_path / "designer-sample-en"
    manifest, rows = read_manifest(folder)
    assert manifest["not_in_pdf"] == ["tokens"]
    pdf, = manifest["pdfs"]
    reader = PdfReader(folder / pdf)
    assert pdf == "designer-sample-en-heroes-bleed3.175-one-up-back-first-pdfx-ink240.pdf"
    assert len(reader.pages) == 2 * 7                           # the 7 heroes, front and back
    backs = [page.get_contents().get_data() for page in reader.pages[0::2]]
    faces = [page.get_contents().get_data() for page in reader.pages[1::2]]
    assert len(set(backs)) == 1 and len(set(faces)) == 7        # one back, first; 7 faces
    for page in reader.pages:
        mm = [round(float(v) / PT_PER_MM, 3) for v in (*page.mediabox, *page.trimbox)]
        assert mm == [0, 0, 69.85, 95.25, 3.175, 3.175, 66.675, 92.075]
    assert "/GTS_PDFX" in str(reader.trailer["/Root"]["/OutputIntents"][0]["/S"])
    with Image.open(folder / "heroes-front-001.png") as image:
        assert image.size == (825, 1125)                       # the page at 300 dpi
    out = capsys.readouterr().out
    assert f"{pdf}: the file to order from DriveThruCards (PDF/X-1a, CMYK, at most 240 % " \
        "ink, one card a page, each back then its face)" in out
    assert "note: tokens scaled, so not in the PDF" in out


def test_export_vendor_needs_one_game(capsys: pytest.CaptureFixture):
    assert main(["export", "tgc"]) == 2
    assert "--game-dir" in capsys.readouterr().err


@pytest.mark.skipif(shutil.which("gs") is None, reason="Ghostscript (gs) is not installed")
def test_drivethru_order_file_stays_under_240_percent_ink_at_every_pixel(tmp_path: Path):
    """Ghostscript separates the file as a press would (tiff32nc: C, M, Y, K a pixel)."""
    assert export(tmp_path, "drivethru", "--fit", "nearest") == 0
    folder = tmp_path / "designer-sample-en"
    pdf, = read_manifest(folder)[0]["pdfs"]
    tiff = tmp_path / "page-%03d.tif"
    subprocess.run(["gs", "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER", "-sDEVICE=tiff32nc",
                    "-r72", f"-sOutputFile={tiff}", str(folder / pdf)], check=True)
    most = 0.0
    for page in sorted(tmp_path.glob("page-*.tif")):
        with Image.open(page) as image:
            most = max(most, float(np.asarray(image, dtype=np.float64).sum(axis=-1).max()))
    assert 150 < most / 255 * 100 <= 240 + 1  # dark cards reach the limit, never past it


def test_preflight_refuses_an_order_file_over_the_shops_ink(tmp_path: Path):
    from generator.designer.vendor_preflight import OrderedDeck, OrderPdf, preflight
    from generator.errors import RenderError
    from generator.pipeline.build import build_one_up

    heavy = build_one_up(SAMPLE, "en", tmp_path, 3.175, ("heroes",), back_first=True).path
    deck = OrderedDeck("heroes", 7, Size(63.5, 88.9), shared_back=True)
    preflight(heavy, OrderPdf(300, True, True), [deck], 3.175, 3.175)  # under 300 %
    with pytest.raises(RenderError, match=r"over 240 %"):
        preflight(heavy, OrderPdf(240, True, True), [deck], 3.175, 3.175)
    with pytest.raises(RenderError, match=r"odd pages are not its back"):
        preflight(build_one_up(SAMPLE, "en", tmp_path / "f", 3.175, ("heroes",)).path,
                  OrderPdf(300, True, True), [deck], 3.175, 3.175)
