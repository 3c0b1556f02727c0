"""Save Patient Zero read back as a player sees it: the 6 pt floor in every language, the lab
sheet's record boxes, the screen's outside, Misfunkcio's wording, backs told apart in grayscale."""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from generator.pipeline.load import load_builtin
from generator.savvy.kit import key_games
from support.legibility import small_text
from support.units import PT_PER_MM


def outline(path) -> dict[str, int]:
    """Component id → its first page (0-based); the outline follows the components' order,
    its titles are translated; the printed answer keys come after them."""
    reader = PdfReader(path)
    ids = [c.id for c in load_builtin("save-patient-zero").components]
    ids += [f"answer-key-{seed}" for seed in key_games(load_builtin("save-patient-zero"))]
    pages = [reader.get_destination_page_number(entry) for entry in reader.outline]
    return dict(zip(ids, pages, strict=True))


def page_text(path, index: int) -> str:
    return PdfReader(path).pages[index].extract_text()


@pytest.fixture(scope="module", params=["en", "fr", "de"])
def kit(request, built):
    return request.param, built("save-patient-zero", request.param, guide=False)


@pytest.mark.slow
def test_no_text_under_6_pt_outside_the_rule_card_frame(kit):
    _lang, result = kit
    titles = outline(result.path)
    rules = set(range(titles["rules"] + 1, titles["rules-page"] + 1))  # the lead's card frame
    small = {key: text for key, text in small_text(result.path).items() if key[0] not in rules}
    assert small == {}


@pytest.mark.slow
def test_lab_sheet_has_yes_and_no_for_every_estugamo_row_and_column(kit):
    lang, result = kit
    yes, no = {"en": ("yes", "no"), "fr": ("oui", "non"), "de": ("ja", "nein")}[lang]
    words = re.findall(r"\w+", page_text(result.path, 0))
    # 5 rows + 5 columns of Estugamo, the Centrifugo answer and the two Kolozomi answers
    assert words.count(yes) == 5 + 5 + 1 + 2
    assert words.count(no) == 5 + 5 + 1 + 2


@pytest.mark.slow
def test_lab_sheet_records_samples_hackz_and_tool_positions(kit):
    _lang, result = kit
    import pdfplumber

    with pdfplumber.open(result.path) as pdf:
        page = pdf.pages[0]
        text = page.extract_text()
        rects = [r for r in page.rects if abs(r["width"] - 10 * PT_PER_MM) < 0.2
                 and abs(r["height"] - 7 * PT_PER_MM) < 0.2]
    assert len(rects) == 30  # a card box for 15 sample cards on each side
    assert "HACKZ" in text and "SCANPAD" in text and "CENTRIFUGO" in text
    # the small grids where a Scanpad or Centrifugo stood: every number three times
    assert all(len(re.findall(rf"(?<!\d){n}(?!\d)", text)) >= 3 for n in range(1, 26))


@pytest.mark.slow
def test_screens_print_their_outside_after_their_inside(kit):
    lang, result = kit
    titles = outline(result.path)
    for lab in ("M", "T"):
        first = titles[f"screen-{lab.lower()}"]
        inside, outside = page_text(result.path, first), page_text(result.path, first + 1)
        assert "SCANPAD" in inside and "SCANPAD" not in outside
        assert "SAVE PATIENT ZERO" in " ".join(outside.split())  # the title wraps
        assert re.search(rf"\b{lab}\b", outside)


@pytest.mark.slow
def test_misfunkcio_says_false_positive_or_false_negative(kit):
    lang, result = kit
    phrase = {"en": "false positive or a false negative",
              "fr": "faux positif ou un faux négatif",
              "de": "falsch positives oder falsch negatives"}[lang]
    titles = outline(result.path)
    text = " ".join(page_text(result.path, i) for i in range(titles["interruptions"],
                                                            titles["cutouts"]))
    assert phrase in re.sub(r"\s+", " ", text)


def test_every_molecule_colour_has_its_own_shape():
    game = load_builtin("save-patient-zero")
    cues = game.colour_cues["molecules"]
    assert set(cues) == set(game.data["molecule_colours"])
    assert len(set(cues.values())) == len(cues)
    assert set(game.colour_cues["labs"].values()) == {"M", "T"}


def grey_of_back(path, index: int) -> tuple[float, float]:
    """Mean lightness of the middle of a back page, and its spread (a pattern)."""
    doc = pdfium.PdfDocument(str(path))
    image = doc[index].render(scale=0.5).to_pil().convert("L")
    w, h = image.size
    pixels = list(image.crop((w // 4, h // 4, 3 * w // 4, 3 * h // 4)).get_flattened_data())
    mean = sum(pixels) / len(pixels)
    spread = (sum((p - mean) ** 2 for p in pixels) / len(pixels)) ** 0.5
    return mean, spread


@pytest.mark.slow
def test_backs_differ_in_grayscale(built):
    result = built("save-patient-zero", "en", guide=False)
    titles = outline(result.path)
    reader = PdfReader(result.path)

    def own_page(name: str) -> int:
        """The first page of cards holding this deck alone (the decks run on as one, so a
        page may hold the end of one and the start of the next): its footer names one part."""
        return next(n for n in range(titles[name], len(reader.pages), 2)
                    if reader.pages[n].extract_text().splitlines()[-1].count("·") == 3)

    backs = {name: grey_of_back(result.path, own_page(name) + 1) for name in (
        "tools-m", "tools-t", "samples-m", "samples-t", "molecules", "interruptions")}
    for a, b in (("tools-m", "tools-t"), ("samples-m", "samples-t"),
                 ("tools-m", "samples-m"), ("tools-t", "samples-t"),
                 ("molecules", "interruptions")):
        (mean_a, spread_a), (mean_b, spread_b) = backs[a], backs[b]
        assert abs(mean_a - mean_b) > 8 or abs(spread_a - spread_b) > 8, (a, b, backs)
