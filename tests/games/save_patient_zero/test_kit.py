"""The Save Patient Zero kit read back from its PDFs: counts, names, grid, scale, languages."""

from __future__ import annotations

import re
from collections import Counter

import pdfplumber
import pytest
from pypdf import PdfReader

from generator.content.model import Deck
from generator.pipeline.load import load_builtin
from generator.rules.save_patient_zero import lab_data
from generator.rules.save_patient_zero.samples import generate
from support.units import to_mm

TOOLS = ["SAMPLY", "MIKROSKOPO", "ANALYZER", "DEDUKTO", "INTERVALLO", "SCANPAD", "CENTRIFUGO",
         "HACKZ", "SPIONADO", "FUZIO", "SUBSTRAKTO", "ANTIDOTE", "KOLOZOMI", "MEZAKOL", "ESTUGAMO"]
PER_LAB = {"SAMPLY": 3, "MIKROSKOPO": 3, "ANALYZER": 3, "SUBSTRAKTO": 2, "ANTIDOTE": 2,
           "KOLOZOMI": 2}
INTERRUPTIONS = ["ELEKTROPANEO", "LIMIGO", "RESTRUKTURADO", "ONIDIRO", "MALFERMA",
                 "KOSTREDUKTADO", "KOLORA", "MIKROADMINISTRADO", "KOLAPSO", "PLANADO",
                 "MALBONAMATIKO", "PROCESSO", "KRIZO", "PREMO", "MISFUNKCIO"]


def text_of(path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


@pytest.fixture(scope="module")
def kit(built):
    return built("save-patient-zero", guide=False)


@pytest.mark.slow
def test_outline_has_one_entry_per_component(built):
    titles = [entry.title for entry in PdfReader(built("save-patient-zero").path).outline]
    game = load_builtin("save-patient-zero")
    assert titles[0] == "Print and assembly guide"  # page 1, then the parts
    keys = [t for t in titles if t.startswith("Answer key")]
    assert len(keys) == 4  # the printed answer keys come last
    assert len(titles[1:]) - len(keys) == len(game.components) == 12  # 10 + rules + summary
    assert "Lab sheet" in titles and "Screen, Lab-T" in titles


@pytest.mark.parametrize("lang", ["fr", "en", "de"])
def test_every_tool_card_in_every_language(built, lang):
    result = built("save-patient-zero", lang, only=("tools-m", "tools-t"))
    lines = text_of(result.path).split("\n")
    counts = Counter(line.strip() for line in lines if line.strip() in TOOLS)
    assert counts == {name: 2 * PER_LAB.get(name, 1) for name in TOOLS}
    assert sum(counts.values()) == 48


@pytest.mark.slow
def test_deck_counts_and_ids(kit):
    text = text_of(kit.path)
    assert sorted(set(re.findall(r"\b([MT]) · (\d+)/24\b", text))) == sorted(
        {(lab, str(n)) for lab in "MT" for n in range(1, 25)})
    ids = set(re.findall(r"\b([MT]\d{1,2})\b", text))
    assert {f"{lab}{n}" for lab in "MT" for n in range(1, 41)} <= ids
    assert text.count("MOLECULE\n") >= 25
    assert all(name in text for name in INTERRUPTIONS)
    assert len(re.findall(r"\b(\d+)/15\b", text)) == 15


@pytest.mark.slow
def test_lab_sheet_shows_25_molecules_at_19_mm_pitch(kit):
    with pdfplumber.open(kit.path) as pdf:
        page = pdf.pages[0]
        big = [w for w in page.extract_words(extra_attrs=["size"]) if w["size"] > 14]
    numbers = [int(w["text"]) for w in big if w["text"].isdigit()]
    assert sorted(numbers) == list(range(1, 26))
    x = {int(w["text"]): (w["x0"] + w["x1"]) / 2 for w in big if w["text"].isdigit()}
    top = {int(w["text"]): w["top"] for w in big if w["text"].isdigit()}
    assert to_mm(x[2] - x[1]) == pytest.approx(19.0, abs=0.1)
    assert to_mm(top[6] - top[1]) == pytest.approx(19.0, abs=0.1)


@pytest.mark.slow
def test_lab_sheet_carries_every_tool_box(kit):
    page = PdfReader(kit.path).pages[0].extract_text()
    for label in ("FUZIO", "6-22", "23-39", "40-56", "57-72", "SCANPAD", "CENTRIFUGO",
                  "SUBSTRAKTO", "MEZAKOL", "KOLOZOMI", "ANTIDOTE 1", "ANTIDOTE 2", "ANALYZER",
                  "x1", "x2", "x3", "MIN", "MAX", "ESTUGAMO", "Lab sheet 1"):
        assert label in page, label


def test_copies_give_one_lab_sheet_per_page(built):
    result = built("save-patient-zero", only=("lab-sheet",), copies=5, guide=False)
    reader = PdfReader(result.path)
    assert len(reader.pages) == 10  # five sheets, each with its blank back: never two back to back
    assert "Lab sheet 5" in reader.pages[8].extract_text()
    assert all(not re.search(r"Lab sheet \d", reader.pages[n].extract_text())
               for n in range(1, 10, 2))
    # the footer counts printed pages only: the blank backs between them take no number
    footers = [reader.pages[n].extract_text().splitlines()[-1] for n in range(0, 10, 2)]
    assert [f.rsplit("· ", 1)[-1] for f in footers] == [f"{n}/5" for n in range(1, 6)]


@pytest.mark.slow
def test_cut_outs_match_the_grid_scale(kit):
    reader = PdfReader(kit.path)
    outline = {entry.title: reader.get_destination_page_number(entry) for entry in reader.outline}
    with pdfplumber.open(kit.path) as pdf:
        page = pdf.pages[outline["Cut-out tools"]]
        widths = sorted(round(to_mm(r["width"]), 1) for r in page.rects)
        heights = sorted(round(to_mm(r["height"]), 1) for r in page.rects)
    assert widths.count(57.0) == 2 and heights.count(38.0) >= 2  # Scanpad window: 3 × 2 pitches


def test_sample_decks_are_balanced_and_match_their_seed():
    game = load_builtin("save-patient-zero")
    samples = lab_data(game).samples
    for lab in "MT":
        deck = {k: v for k, v in samples.items() if k.startswith(lab)}
        assert len(deck) == 40
        counts = Counter(m for card in deck.values() for m in card)
        assert set(counts) == set(range(1, 26)) and set(counts.values()) == {8}
        assert all(len(set(card)) == 5 for card in deck.values())
        assert {k: list(v) for k, v in deck.items()} == generate(game.data["sample_seed"], lab)


def test_decks_declare_their_counts():
    game = load_builtin("save-patient-zero")
    decks = [c for c in game.components if isinstance(c, Deck) and c.kind == "deck"]
    sizes = {c.id: len(c.cards) for c in decks}
    assert sizes == {"tools-m": 24, "tools-t": 24, "samples-m": 40, "samples-t": 40,
                     "molecules": 25, "interruptions": 15}
    assert all(c.size.w == 44 and c.size.h == 68 for c in decks)


@pytest.mark.slow
def test_screens_list_tools_alphabetically(kit):
    reader = PdfReader(kit.path)
    outline = {entry.title: reader.get_destination_page_number(entry) for entry in reader.outline}
    text = reader.pages[outline["Screen, Lab-M"]].extract_text()
    order = [line.strip() for line in text.split("\n") if line.strip() in TOOLS]
    assert order == sorted(TOOLS)
    assert "Two Nobel prizes" in text and "Promising apprentices" in text


def test_same_inputs_give_identical_bytes(tmp_path):
    from generator.pipeline.build import build
    from generator.pipeline.request import BuildRequest

    first = build(BuildRequest("save-patient-zero", "de", only=("tools-m",),
                               out_dir=tmp_path / "a"))
    second = build(BuildRequest("save-patient-zero", "de", only=("tools-m",),
                                out_dir=tmp_path / "b"))
    assert first.path.read_bytes() == second.path.read_bytes()
