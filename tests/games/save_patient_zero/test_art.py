"""Save Patient Zero's visual identity read back from the PDF: each tool's pictogram on its
cards, its screen entry and its lab-sheet zone; backs told apart in grayscale; a molecule back
dark enough to hide the number; the pattern art the same bytes as its generator makes."""

from __future__ import annotations

import shutil
from collections import Counter
from itertools import combinations
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from generator.errors import ContentError
from generator.pipeline.load import load_builtin, load_game
from generator.resources import games_dir
from generator.rules.save_patient_zero import art
from support.clips import clip_boxes
from support.greys import card_crops, light_share, mean_lightness
from support.solo import text_runs
from support.units import PT_PER_MM

MINI_EURO = (44.0, 68.0)  # the SPZ cards' trimmed size, mm
INK = (0x1d / 255, 0x1d / 255, 0x1b / 255)  # the pictograms' fill (palette ink)
# lab-sheet zones: the label printed there and the tools whose pictograms sit beside it
ZONES = [("FUZIO", "Fuzio"), ("SUBSTRAKTO", "Substrakto"), ("MEZAKOL", "Mezakol"),
         ("KOLOZOMI", "Kolozomi"), ("SCANPAD", "Scanpad"), ("CENTRIFUGO", "Centrifugo"),
         ("HACKZ", "Hackz"), ("ANTIDOTE 1", "Antidote"), ("ANTIDOTE 2", "Antidote"),
         ("INTERVALLO", "Intervallo"), ("ANALYZER", "Analyzer"),
         ("its 5 molecules", "Samply"), ("its 5 molecules", "Mikroskopo")]
BACKS = ["tools-m", "tools-t", "samples-m", "samples-t", "molecules", "interruptions"]
# decks that may share a grey level: the same deck of the two labs (tools dark, samples light
# in both), told apart instead by pattern and by the lab's big letter
SAME_LEVEL = {frozenset({"tools-m", "tools-t"}), frozenset({"samples-m", "samples-t"})}


def _ink_curves(pdf: Path, index: int) -> list[tuple[float, float, int]]:
    """Centre (mm) and point count of every path filled in ink on a page: the pictograms'
    pieces (and the molecule shapes' on the lab sheet)."""
    with pdfplumber.open(pdf) as document:
        curves = document.pages[index].curves
    return [((c["x0"] + c["x1"]) / 2 / PT_PER_MM, (c["top"] + c["bottom"]) / 2 / PT_PER_MM,
             len(c["pts"])) for c in curves
            if c.get("fill") and len(c.get("non_stroking_color") or ()) == 3
            and all(abs(a - b) < 0.01 for a, b in zip(c["non_stroking_color"], INK, strict=True))]


def _signature(curves, keep) -> Counter[int]:
    """A pictogram told by the point counts of its pieces (the same at any size)."""
    return Counter(points for x, y, points in curves if keep(x, y))


@pytest.fixture(scope="module")
def card_signatures(built) -> dict[str, Counter[int]]:
    """Each tool's pictogram as drawn on its cards; every copy of a tool, in both labs, the
    same."""
    pdf = built("save-patient-zero", only=("tools-m", "tools-t"), guide=False).path
    names = {tool["name"].upper(): tool["name"] for tool in
             load_builtin("save-patient-zero").data["tools"]}
    found: dict[str, list[Counter[int]]] = {}
    for index in range(len(PdfReader(pdf).pages)):
        curves, runs = _ink_curves(pdf, index), text_runs(pdf, index)
        for left, top, right, bottom in clip_boxes(pdf, index):
            def inside(x: float, y: float, box=(left, top, right, bottom)) -> bool:
                return box[0] <= x <= box[2] and box[1] <= y <= box[3]
            name = next((names[r.text] for r in runs if r.text in names and inside(r.x, r.y)),
                        None)
            if name is not None:
                found.setdefault(name, []).append(_signature(curves, inside))
    return {name: drawn[0] for name, drawn in found.items()
            if all(d == drawn[0] for d in drawn)}


def test_every_tool_card_carries_its_own_pictogram(card_signatures):
    tools = load_builtin("save-patient-zero").data["tools"]
    assert set(card_signatures) == {tool["name"] for tool in tools}  # every copy alike
    assert all(sum(s.values()) >= 1 for s in card_signatures.values())
    distinct = {tuple(sorted(s.elements())) for s in card_signatures.values()}
    assert len(distinct) == len(tools)  # fifteen tools, fifteen pictograms


def test_screen_entries_show_the_cards_pictograms(built, card_signatures):
    pdf = built("save-patient-zero", only=("screen-m",), guide=False).path
    curves, runs = _ink_curves(pdf, 0), text_runs(pdf, 0)  # page 1: the inside
    for name, signature in card_signatures.items():
        run = next(r for r in runs if r.text == name.upper())
        near = _signature(curves, lambda x, y, r=run: abs(x - r.x) < 7 and abs(y - r.y) < 7)
        assert near == signature, name


def test_lab_sheet_zones_show_the_cards_pictograms(built, card_signatures):
    pdf = built("save-patient-zero", only=("lab-sheet",), guide=False).path
    curves, runs = _ink_curves(pdf, 0), text_runs(pdf, 0)
    for label, tool in ZONES:
        for run in [r for r in runs if r.text == label]:
            beside = _signature(curves, lambda x, y, r=run: r.x < x < r.x + 70
                                and abs(y - r.y) < 6)
            assert not card_signatures[tool] - beside, (label, tool)


@pytest.fixture(scope="module")
def back_lightness(built) -> dict[str, float]:
    """Mean L* of each deck's back (its first back page's first card), in grayscale."""
    levels = {}
    for deck in BACKS:
        pdf = built("save-patient-zero", only=(deck,), guide=False).path
        crops = card_crops(pdf, 1, MINI_EURO)  # page 2: the first sheet's backs
        assert crops, deck
        levels[deck] = mean_lightness(crops[0])
    return levels


def test_backs_differ_by_20_lightness_in_grayscale(back_lightness):
    for a, b in combinations(BACKS, 2):
        if frozenset({a, b}) not in SAME_LEVEL:
            assert abs(back_lightness[a] - back_lightness[b]) >= 20, (a, b, back_lightness)


def _back_pattern_and_letter(pdf: Path) -> tuple[bytes, str]:
    """The first back page's pattern (the content of the SVG form drawn inside its card
    stamp) and its big letter (the one character of 30 pt or more)."""
    stamp = next(iter(PdfReader(pdf).pages[1]["/Resources"]["/XObject"].values())).get_object()
    forms = [form.get_object() for form in stamp["/Resources"]["/XObject"].values()]
    with pdfplumber.open(pdf) as document:
        letters = {c["text"] for c in document.pages[1].chars if c["size"] >= 30}
    assert len(forms) == 1 and len(letters) == 1, (pdf, letters)
    return forms[0].get_data(), letters.pop()


@pytest.mark.parametrize("pair", sorted(sorted(pair) for pair in SAME_LEVEL))
def test_decks_of_one_grey_differ_by_pattern_and_letter(built, pair):
    """One light/dark rule for both labs (tools dark, samples light); the same deck of the
    two labs is told apart by its pattern (rings or dots) and its letter (M or T)."""
    (one, one_letter), (two, two_letter) = (_back_pattern_and_letter(
        built("save-patient-zero", only=(deck,), guide=False).path) for deck in pair)
    assert one != two and {one_letter, two_letter} == {"M", "T"}


def test_lab_backs_follow_one_light_dark_rule(back_lightness):
    for lab in "mt":
        assert back_lightness[f"samples-{lab}"] - back_lightness[f"tools-{lab}"] >= 20


def test_molecule_back_hides_the_number(built):
    """Held to the light, a back shows what its ink leaves open: the molecule back is dark
    all over (mean L* at most 20) and under 5 % of it lighter than L* 50."""
    pdf = built("save-patient-zero", only=("molecules",), guide=False).path
    pages = len(PdfReader(pdf).pages)
    crops = [crop for index in range(1, pages, 2) for crop in card_crops(pdf, index, MINI_EURO)]
    assert len(crops) == 25  # every back of the deck
    for crop in crops:
        assert mean_lightness(crop) <= 20
        assert light_share(crop) < 0.05


def test_pattern_art_is_what_its_generator_makes():
    folder = load_builtin("save-patient-zero").folder / "art"
    for name in art.PATTERNS:
        assert (folder / f"{name}.svg").read_text(encoding="utf-8") == art.pattern_svg(name)


@pytest.mark.parametrize("old, new, message", [
    ("    Hackz: laptop\n", "", "'Hackz' has no pictogram: add 'Hackz: <icon>'"),
    ("    Hackz: laptop\n", "    Hackz: laptopp\n", "data.tool_icons.Hackz: .*laptop"),
])
def test_a_tool_without_a_known_pictogram_is_reported(tmp_path, old, new, message):
    folder = tmp_path / "game"
    shutil.copytree(games_dir() / "save-patient-zero", folder)
    path = folder / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError, match=message):
        load_game(folder)
