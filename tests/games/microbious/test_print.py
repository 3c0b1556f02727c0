"""The Microbious kit as a player reads it, in English, French and German: the two wrong-match
penalties and the "what you need" lines on the rule cards, no text under
the 6 pt floor anywhere (inline icons included), and the virus colour cues drawn from
colour_cues as shapes."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pdfplumber
import pytest

from generator.content.loader import game_folder
from generator.pipeline.build import build
from generator.pipeline.load import load_builtin
from generator.pipeline.request import BuildRequest
from support.legibility import small_text
from support.pdf_text import fold, page_lines
from support.units import PT_PER_MM

GAME = "microbious"

# What each language prints (the figures 1 and 2 come from data.summary.wrong_match).
PENALTY_OWN = {
    "en": "as a penalty, draw 1 card without looking at it.",
    "fr": "en pénalité, piochez 1 carte sans la regarder.",
    "de": "zieh zur Strafe 1 Karte, ohne sie anzusehen.",
}
PENALTY_OTHER = {
    "en": "their card stays on the discard pile and you draw 2 new cards, face down",
    "fr": "sa carte reste sur la défausse et vous piochez 2 nouvelles cartes, face cachée",
    "de": "Ihre Karte bleibt auf dem Ablagestapel, und du ziehst 2 neue Karten, verdeckt",
}
NEED = {
    "en": ["What you need", "the 54 cards of this kit, with their backs;",
           "the score pad and a pencil."],
    "fr": ["Matériel", "les 54 cartes de ce kit, avec leur dos ;",
           "la feuille de score et un crayon."],
    "de": ["Was du brauchst", "die 54 Karten dieses Sets;",
           "den Punkteblock und einen Bleistift."],
}


@pytest.fixture(scope="module", params=["en", "fr", "de"])
def kit(request, tmp_path_factory):
    result = build(BuildRequest(GAME, request.param, out_dir=tmp_path_factory.mktemp(GAME)))
    return request.param, result.path, page_lines(result.path)


@pytest.mark.slow
def test_two_penalties_on_the_rule_cards(kit):
    lang, _, pages = kit
    text = rule_cards(pages)
    assert PENALTY_OWN[lang] in text
    assert PENALTY_OTHER[lang] in text


PAD = {
    "en": ["Wrong card of your own: take it back face down and draw 1 card unseen.",
           "Wrong card of another player: it stays on the discard pile and you draw 2 cards "
           "unseen."],
    "fr": ["reprenez-la face cachée et piochez 1 carte sans la regarder.",
           "elle reste sur la défausse et vous piochez 2 cartes sans les regarder."],
    "de": ["Falsche eigene Karte: Leg sie verdeckt zurück und zieh 1 Karte",
           "Sie bleibt auf dem Ablagestapel und du ziehst 2 Karten"],
}


@pytest.mark.slow
def test_two_penalties_on_the_score_pad(kit):
    lang, _, pages = kit
    pad, = (lines for lines in pages if any(x.startswith("MICROBIOUS · ") for x in lines))
    text = fold(pad)
    for phrase in PAD[lang]:
        assert phrase in text, phrase


@pytest.mark.slow
def test_what_you_need_on_the_rule_cards(kit):
    lang, _, pages = kit
    for line in NEED[lang]:
        assert line in rule_cards(pages), line


def rule_cards(pages: list[list[str]]) -> str:
    """The text of the rule cards: one sheet of fronts and one of backs, numbered n/8, the
    last pages of the kit (no summary page repeats them: ``page: false``)."""
    cards = [i for i, lines in enumerate(pages) if any(re.fullmatch(r"\d/8", x) for x in lines)]
    assert cards == [len(pages) - 2, len(pages) - 1]
    return fold([x for i in cards for x in pages[i]])


@pytest.mark.slow
def test_eight_rule_faces_numbered(kit):
    _, _, pages = kit
    numbers = sorted(x for lines in pages for x in lines if re.fullmatch(r"\d/8", x))
    assert numbers == [f"{n}/8" for n in range(1, 9)]


@pytest.mark.slow
def test_no_letter_or_digit_under_the_floor(kit):
    _, path, _ = kit
    assert small_text(path) == {}


@pytest.mark.slow
def test_no_glyph_at_all_under_the_floor(kit):
    """Signs too (an icon's '+' or '✓' drawn as text would shrink with the line): nothing a
    reader sees is under 6 pt, outside the page footer."""
    _, path, _ = kit
    assert small_text(path, signs=True) == {}


def test_penalties_follow_the_data(tmp_path):
    """Change the penalties in game.yaml: every language prints the new figures (and the
    right plural)."""
    folder = tmp_path / "mb"
    shutil.copytree(game_folder(GAME), folder)
    game_yaml = folder / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    assert "wrong_match: {own: 1, other: 2}" in text
    game_yaml.write_text(text.replace("wrong_match: {own: 1, other: 2}",
                                      "wrong_match: {own: 3, other: 1}"), encoding="utf-8")
    expected = {"en": ("draw 3 cards without looking at them", "you draw 1 new card,"),
                "de": ("zieh zur Strafe 3 Karten", "du ziehst 1 neue Karte,")}
    for lang, phrases in expected.items():
        result = build(BuildRequest(folder, lang, only=("rules",), out_dir=tmp_path,
                                    guide=False))
        text = fold([x for lines in page_lines(result.path) for x in lines])
        for phrase in phrases:
            assert phrase in text, (lang, phrase)


def _small_fills(path: Path, page: int, rgb: tuple[float, float, float]) -> tuple[int, int]:
    """(rectangles, curves) smaller than 8 mm filled with one colour on a page."""
    def same(colour) -> bool:
        return colour is not None and len(colour) == 3 and all(
            abs(a - b) < 0.01 for a, b in zip(colour, rgb, strict=True))
    with pdfplumber.open(str(path)) as pdf:
        p = pdf.pages[page]
        rects = [r for r in p.rects if r["fill"] and same(r["non_stroking_color"])
                 and r["width"] < 8 * PT_PER_MM and r["height"] < 8 * PT_PER_MM]
        curves = [c for c in p.curves if c["fill"] and same(c["non_stroking_color"])
                  and c["width"] < 8 * PT_PER_MM and c["height"] < 8 * PT_PER_MM]
    return len(rects), len(curves)


def _rgb(hex_colour: str) -> tuple[float, float, float]:
    return tuple(int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


def test_virus_cues_are_read_from_colour_cues(tmp_path):
    """The corner shapes of the red viruses follow colour_cues: circles by default (no red
    square drawn), squares once the cue of red says ■."""
    game = load_builtin(GAME)
    red = _rgb(game.palette["virus-red"])
    assert game.colour_cues["viruses"]["virus-red"] == "●"
    default = build(BuildRequest(GAME, "en", only=("deck",), out_dir=tmp_path / "a",
                                 guide=False))
    rects, curves = _small_fills(default.path, 0, red)   # page 1: six red viruses
    assert rects == 0 and curves >= 12                    # two corner circles a card
    folder = tmp_path / "mb"
    shutil.copytree(game_folder(GAME), folder)
    game_yaml = folder / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    old = 'viruses: {virus-red: "●", virus-blue: "■"'
    assert old in text
    game_yaml.write_text(text.replace(old, 'viruses: {virus-red: "■", virus-blue: "●"'),
                         encoding="utf-8")
    swapped = build(BuildRequest(folder, "en", only=("deck",), out_dir=tmp_path / "b",
                                 guide=False))
    rects, _ = _small_fills(swapped.path, 0, red)
    assert rects >= 12


CAP_8PT = 0.729 * 8 / PT_PER_MM  # the capitals of an 8 pt DejaVu Sans line, in mm


@pytest.mark.slow
def test_inline_icons_stand_as_tall_as_8_pt_capitals(kit):
    """Each icon of the rule cards' running text (the power list of 5/8) is drawn at least as
    tall, or as wide for a flat one, as the capitals of an 8 pt line: read back from the
    drawn paths, not from the setting."""
    _, path, pages = kit
    front = next(i for i, lines in enumerate(pages) if "5/8" in lines)
    with pdfplumber.open(str(path)) as pdf:
        page = pdf.pages[front]
        words = page.extract_words()
        items = [w for w in words if w["text"].rstrip(":") in POWERS[kit[0]]]
        assert {w["text"].rstrip(":") for w in items} == POWERS[kit[0]]
        for word in items:   # the icon just before each power's name, on its line
            ink = [c for c in page.curves + page.rects
                   if word["x0"] - 6 * PT_PER_MM < c["x0"] < word["x0"]
                   and abs((c["top"] + c["bottom"]) / 2 - (word["top"] + word["bottom"]) / 2)
                   < 3 * PT_PER_MM]
            assert ink, word["text"]
            x0, x1 = min(c["x0"] for c in ink), max(c["x1"] for c in ink)
            top, bottom = min(c["top"] for c in ink), max(c["bottom"] for c in ink)
            assert max(x1 - x0, bottom - top) / PT_PER_MM >= CAP_8PT, word["text"]


POWERS = {"en": {"Kiss", "PCR", "Festival", "Mask", "Microscope", "Handshake", "Back",
                 "Lockdown"},
          "fr": {"Bise", "PCR", "Festival", "Masque", "Microscope", "Poignée", "Rentrée",
                 "Confinement"},
          "de": {"Küsschen", "PCR", "Festival", "Maske", "Mikroskop", "Händeschütteln",
                 "Schulbeginn", "Lockdown"}}


@pytest.mark.slow
def test_one_body_size_on_every_rule_card(kit):
    """The rule cards' running text is set in one size on all eight faces, in every
    language: a face whose text fits larger is set at the deck's smallest face's size
    (one_size_decks, templates/typography.yaml), so the deck reads at one size. German
    fits all its faces at 7.5 pt; English and French set a face or two smaller, so all."""
    lang, path, pages = kit
    numbered = [i for i, lines in enumerate(pages) if any(re.fullmatch(r"\d/8", x)
                                                            for x in lines)]
    with pdfplumber.open(str(path)) as pdf:
        sizes = {round(c["size"], 2) for i in numbered for c in pdf.pages[i].chars
                 if c["fontname"].endswith("DejaVuSans") and 6.5 < c["size"] < 7.6}
    assert len(sizes) == 1, sizes  # one size on every face
    size = sizes.pop()
    assert (size == 7.5) if lang == "de" else (7.0 <= size <= 7.5), size


# what a power card prints when its target is the player: no "target" to point at
SELF_LINES = {
    "en": {"microscope": "You may secretly look at one of your own face-down cards.",
           "masque": "No special power touches you for one turn."},
    "fr": {"microscope": "Vous pouvez regarder en secret une de vos propres cartes face cachée.",
           "masque": "Aucun pouvoir spécial ne vous touche pendant un tour."},
    "de": {"microscope": "Du darfst dir heimlich eine deiner eigenen verdeckten Karten ansehen.",
           "masque": "Einen Zug lang trifft dich keine Sonderkraft."},
}
POWER_NAMES = {"en": {"microscope": "MICROSCOPE", "masque": "MASK"},
               "fr": {"microscope": "MICROSCOPE", "masque": "MASQUE"},
               "de": {"microscope": "MIKROSKOP", "masque": "MASKE"}}
YOU = {"en": "You", "fr": "Vous", "de": "Du"}


@pytest.mark.slow
def test_a_power_aimed_at_you_says_so(kit):
    """The Microscope and Mask cards whose target is "You" say what the player does with their
    own cards, never "the target"; the Microscope cards aimed at another player keep it."""
    lang, _, pages = kit
    seen = {"microscope": [], "masque": []}
    for lines in pages:
        for index, line in enumerate(lines):
            for power, name in POWER_NAMES[lang].items():
                if line == name and lines[index + 1:index + 2] == ["→"]:
                    seen[power].append((lines[index + 2], fold(lines[index + 3:index + 6])))
    assert len(seen["microscope"]) == 3 and len(seen["masque"]) == 3
    for power, cards in seen.items():
        for target, text in cards:
            assert (SELF_LINES[lang][power] in text) == (target == YOU[lang]), (target, text)
