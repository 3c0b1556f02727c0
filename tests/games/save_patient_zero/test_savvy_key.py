"""The answer-key PDF: one page with every answer, and a QR code that restores the game."""

from __future__ import annotations

import json
from pathlib import Path

import pdfplumber
import pypdfium2
import pytest
import zxingcpp

from generator.cli import main
from generator.savvy import answers
from generator.savvy.key import key_path, render_key, write_key
from support.legibility import small_text
from support.units import PT_PER_MM

SECRET, SEED = (5, 9, 24), 4242


@pytest.fixture(scope="module")
def english(tmp_path_factory) -> Path:
    return write_key(SECRET, SEED, "en", "a4", tmp_path_factory.mktemp("key"))


def rasterize(pdf: Path, out: Path, dpi: int = 150) -> Path:
    document = pypdfium2.PdfDocument(str(pdf))
    image = document[0].render(scale=dpi / 72).to_pil()
    image.save(out)
    return out


def test_one_a4_page_named_after_the_seed(english):
    assert english.name == f"savvy-key-{SEED}.pdf" == key_path(SEED).name
    assert not list(english.parent.glob("*.part"))
    with pdfplumber.open(english) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        assert (round(page.width / PT_PER_MM), round(page.height / PT_PER_MM)) == (210, 297)


def test_every_answer_is_printed(english):
    with pdfplumber.open(english) as pdf:
        text = pdf.pages[0].extract_text()
    key = answers.key(answers.builtin_lab_grid(), SECRET)
    assert "ANSWER KEY" in text and f"Game {SEED}" in text
    assert "FUZIO (sum 38)" in text and "23-39" in text
    for word in ("SUBSTRAKTO", "MEZAKOL", "DEDUKTO", "KOLOZOMI", "SCANPAD", "✓ MIN", "✓ MAX"):
        assert word in text
    assert " ".join(str(d) for d in key["substrakto"]) in text
    for card, count in key["samples"].items():
        assert (f"{card} ✓ x{count}" if count else f"{card} ✗") in text


def test_the_qr_code_decodes_back_to_solution_and_seed(english, tmp_path):
    image = rasterize(english, tmp_path / "key.png")
    from PIL import Image

    with Image.open(image) as picture:
        codes = zxingcpp.read_barcodes(picture)
    assert [c.text for c in codes] == [f"pnp-savvy:v1:5,9,24:{SEED}"]


def test_key_qr_restores_the_game(english, tmp_path, capsys):
    image = rasterize(english, tmp_path / "photo.png", dpi=100)
    assert main(["savvy", "key", "--qr", str(image), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["solution"] == [5, 9, 24]
    assert main(["savvy", "key", "--qr", str(image), "--out", str(tmp_path)]) == 0
    assert (tmp_path / f"savvy-key-{SEED}.pdf").is_file()


def test_key_qr_without_a_code_is_a_clear_error(tmp_path, capsys):
    from PIL import Image

    blank = tmp_path / "blank.png"
    Image.new("L", (200, 200), 255).save(blank)
    assert main(["savvy", "key", "--qr", str(blank)]) == 2
    err = capsys.readouterr().err
    assert "no Savvy QR code" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("lang, title, yes", [("fr", "FEUILLE DE RÉPONSES", "oui"),
                                               ("de", "LÖSUNGSBLATT", "ja")])
def test_french_and_german_keys(tmp_path, lang, title, yes):
    path = tmp_path / "key.pdf"
    path.write_bytes(render_key(SECRET, SEED, lang, "letter"))
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        text = page.extract_text()
        assert round(page.width / PT_PER_MM, 1) == 215.9
    assert title in text and f" {yes}" in text


def test_new_picks_the_seeded_secret(tmp_path, capsys):
    assert main(["savvy", "new", "--seed", "42", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    path = tmp_path / "savvy-key-42.pdf"
    assert f"answer key written to {path}" in out and path.is_file()
    secret = answers.secret_for_seed(42)
    image = rasterize(path, tmp_path / "42.png")
    from PIL import Image

    with Image.open(image) as picture:
        assert zxingcpp.read_barcodes(picture)[0].text == answers.qr_payload(secret, 42)


def test_the_key_covers_centrifugo_dedukto_of_each_lab_and_substrakto_draws(english):
    with pdfplumber.open(english) as pdf:
        text = " ".join(pdf.pages[0].extract_text().split())
    grid = answers.builtin_lab_grid()
    key = answers.key(grid, SECRET, SEED)
    assert "CENTRIFUGO" in text
    for cells, yes in zip(grid.centrifugo_placements, key["centrifugo"].values(), strict=True):
        first, last = sorted(cells, key=grid.lab.position)[::len(cells) - 1]
        assert f"{first}–{last} {'yes' if yes else 'no'}" in text
    for lab, molecules in key["dedukto"].items():
        assert f"Lab-{lab} {' '.join(map(str, molecules))}" in text
    for card, difference in enumerate(key["substrakto_draws"], start=1):
        assert f"Card {card} → {difference}" in text


def test_the_key_explains_its_scanpad_labels(english):
    with pdfplumber.open(english) as pdf:
        text = " ".join(pdf.pages[0].extract_text().split())
    assert "named by the molecules at its top-left and bottom-right corners" in text
    assert "Example: 1–8 = 1,2,3,6,7,8 = r1c1:2x3." in text


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_no_label_of_the_key_is_under_6_pt(tmp_path, lang):
    path = tmp_path / f"key-{lang}.pdf"
    path.write_bytes(render_key(SECRET, SEED, lang, "a4"))
    assert small_text(path, signs=True) == {}


def test_key_seed_alone_writes_the_key_of_game_n(tmp_path, capsys):
    assert main(["savvy", "key", "--seed", "42", "--out", str(tmp_path)]) == 0
    path = tmp_path / "savvy-key-42.pdf"
    assert f"game 42: answer key written to {path}" in capsys.readouterr().out
    image = rasterize(path, tmp_path / "42.png", dpi=100)
    assert main(["savvy", "key", "--qr", str(image), "--json"]) == 0
    restored = json.loads(capsys.readouterr().out)
    assert restored["solution"] == list(answers.secret_for_seed(42))
    assert restored["dedukto"] == answers.key(answers.builtin_lab_grid(),
                                              answers.secret_for_seed(42), 42)["dedukto"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_keys_n_prints_one_key_a_page_with_its_qr_and_the_set_aside_steps(tmp_path, capsys,
                                                                          lang):
    assert main(["savvy", "new", "--keys", "3", "--seed", "41", "--lang", lang,
                 "--out", str(tmp_path)]) == 0
    path = tmp_path / "savvy-keys.pdf"
    assert str(path) in capsys.readouterr().out
    with pdfplumber.open(path) as pdf:
        texts = [page.extract_text() for page in pdf.pages]
    assert len(texts) == 3
    step = {"en": "set them aside", "de": "beiseitelegen"}[lang]
    for seed, text in zip((41, 42, 43), texts, strict=True):
        assert f" {seed}" in text and step in " ".join(text.split())
    document = pypdfium2.PdfDocument(str(path))
    for number, seed in enumerate((41, 42, 43)):
        picture = document[number].render(scale=150 / 72).to_pil()
        secret = answers.secret_for_seed(seed)
        assert [c.text for c in zxingcpp.read_barcodes(picture)] == [
            f"pnp-savvy:v1:{','.join(map(str, secret))}:{seed}"]
    small = small_text(path, signs=True)  # the page footer is the build's, not the key's
    assert {k: v for k, v in small.items() if not v.startswith("SavePatientZero·")} == {}


def test_keys_n_out_of_range_is_a_clear_error(tmp_path, capsys):
    assert main(["savvy", "new", "--keys", "0", "--out", str(tmp_path)]) == 2
    assert "--keys 0" in capsys.readouterr().err and not list(tmp_path.iterdir())


CAPTION = {"en": "holds the antidote", "fr": "contient l’antidote", "de": "enthält das Gegenmittel"}


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_qr_code_has_a_caption_in_the_pages_language(tmp_path, lang):
    """Right under the QR code, in the key's language and at 6 pt or more: that scanning it
    shows the antidote and the key is Savvy's alone; no command (the kit works from the PDF)."""
    path = tmp_path / f"key-{lang}.pdf"
    path.write_bytes(render_key(SECRET, SEED, lang, "a4"))
    dpi = 150
    picture = pypdfium2.PdfDocument(str(path))[0].render(scale=dpi / 72).to_pil()
    (code,) = zxingcpp.read_barcodes(picture)
    corners = code.position
    left = min(corners.top_left.x, corners.bottom_left.x) * 72 / dpi
    bottom = max(corners.bottom_left.y, corners.bottom_right.y) * 72 / dpi
    with pdfplumber.open(path) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["size"])
    below = [w for w in words if w["x0"] >= left - 6 * PT_PER_MM
             and bottom < w["top"] < bottom + 20 * PT_PER_MM]
    caption = " ".join(w["text"] for w in below)
    assert CAPTION[lang] in caption and "pnp " not in caption, caption
    assert min(w["size"] for w in below) >= 6.0
