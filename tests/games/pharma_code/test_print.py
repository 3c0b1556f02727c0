"""The Pharma Code as a player meets it, in English, French and German: 31 question cards whose
answer only the reader sees (printed turned 180° against the question), four pawns with a shape
for each colour, rule cards that say what the kit holds, no address that points nowhere, and
nothing a player reads under 6 pt or too faint."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pypdf
import pytest

from generator.content.loader import game_folder
from generator.content.typography import typeset
from generator.content.yamlio import load_yaml
from generator.i18n.catalog import translator
from generator.pipeline.accessibility import colour_pairs, threshold
from generator.pipeline.load import load_builtin
from support.legibility import low_contrast, small_text
from support.pharma import pages_of

LANGS = ("en", "fr", "de")
QUESTIONS = 31                      # the published deck's size
FOLDER = game_folder("pharma-code")
COLOURS = ("red", "blue", "green", "yellow")


@pytest.fixture(scope="module")
def kits(built) -> dict[str, Path]:
    return {lang: built("pharma-code", lang, guide=False).path for lang in LANGS}


def _runs(pdf: Path) -> list[list[tuple[str, tuple[float, float]]]]:
    """Each page's text runs with the direction their baseline points on the page."""
    pages = []
    for page in pypdf.PdfReader(pdf).pages:
        runs: list[tuple[str, tuple[float, float]]] = []

        def visit(text, cm, tm, font, size, runs=runs):
            if text.strip():
                a, b = tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3]
                norm = (a * a + b * b) ** 0.5 or 1.0
                runs.append((text.strip(), (a / norm, b / norm)))

        page.extract_text(visitor_text=visit)
        pages.append(runs)
    return pages


def _texts(pages) -> list[str]:
    return [" ".join(text for text, _ in runs) for runs in pages]


def _tr(lang: str):
    """The catalog's text as the kit sets it, in the language's typography (’, « », …)."""
    gettext = translator(lang, FOLDER).gettext
    return lambda message: typeset(gettext(message), lang)


def _questions() -> list[dict]:
    return list(load_yaml(FOLDER / "questions.yaml"))


def test_the_question_file_holds_31_complete_rows():
    rows = _questions()
    assert len(rows) == QUESTIONS
    for row in rows:
        choices = [str(row[key]) for key in "abc"]
        assert len(set(choices)) == 3 and row["answer"] in ("a", "b", "c")
    assert set(Counter(row["answer"] for row in rows).values()) <= {10, 11}   # no pattern


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.slow
def test_31_question_cards_each_with_its_answer_turned_away(kits, lang):
    _ = _tr(lang)
    pages = _runs(kits[lang])
    question_pages = pages_of(_texts(pages), _("Question cards"))
    header, answer = _("QUESTION"), _("Answer") + " "
    headers = [(text, d) for i in question_pages for text, d in pages[i] if text == header]
    answers = [(text, d) for i in question_pages for text, d in pages[i]
               if text.startswith(answer)]
    assert len(headers) == len(answers) == QUESTIONS
    assert "✓" not in " ".join(_texts(pages[i] for i in question_pages))
    # on each sheet the answers run exactly against the question headers: turned 180°
    for i in question_pages:
        ups = {d for text, d in pages[i] if text == header}
        downs = {d for text, d in pages[i] if text.startswith(answer)}
        for up in ups:
            for down in downs:
                assert up[0] * down[0] + up[1] * down[1] == pytest.approx(-1, abs=1e-6)
    # and each card's answer is the right choice of its row, in this language
    printed = _flat("".join(_texts(pages[i] for i in question_pages)))
    for row in _questions():   # flat: a word broken over two lines reads whole again
        letter = row["answer"]
        expected = _flat(f"{answer}{letter.upper()} · {_(str(row[letter]))}")
        assert expected in printed, expected


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.slow
def test_four_pawns_each_with_its_shape_and_name(built, kits, lang):
    _ = _tr(lang)
    pages = _runs(kits[lang])
    pawn_pages = pages_of(_texts(pages), _("Pawns"))
    assert len(pawn_pages) == 1   # the pawns have no back: the page behind does not name them
    # no Fast Track beside
    alone = _runs(built("pharma-code", lang, only=("pawns",), guide=False).path)
    runs = Counter(text for text, _d in alone[0])
    cues = load_builtin("pharma-code").colour_cues["pawns"]
    names = {"red": "Red", "blue": "Blue", "green": "Green", "yellow": "Yellow"}
    for colour in COLOURS:
        assert runs[_(names[colour])] == 2          # both faces
        assert runs[cues[colour]] == 4              # both faces and both feet
    # the Fast Track card of each colour prints the same shape beside the name
    fast = pages_of(_texts(pages), _("Fast Track cards"))
    fast_runs = {text for i in fast for text, _d in pages[i]}
    for colour in COLOURS:
        assert f"{cues[colour]} {_(names[colour])} {cues[colour]}" in fast_runs


def test_pawn_colours_pass_the_accessibility_check():
    pairs = colour_pairs(load_builtin("pharma-code"))
    assert {p.group for p in pairs} == {"pawns", "fields"}
    assert [(p.first, p.second) for p in pairs if not p.passes(threshold())] == []
    # red and green pawns are too close for deuteranopes: their shapes carry them
    red_green = next(p for p in pairs if {p.first, p.second} == {"red", "green"})
    assert red_green.cued


def _flat(text: str) -> str:
    """Text without spaces or hyphens, so a line broken inside a word still matches."""
    return "".join(ch for ch in text if ch not in " -\u00a0\u202f\u00ad")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.slow
def test_rule_cards_list_what_the_kit_prints(kits, lang):
    _ = _tr(lang)
    texts = _texts(_runs(kits[lang]))
    rules = _flat(" ".join(texts[i] for i in pages_of(texts, _("Rule cards"))))
    for title in ("What you need", "Setup", "Before the first stage", "A turn",
                  "Jokers and event cards", "Quick rewards", "End of a stage",
                  "The next stage and the finish", "Fast Track",
                  "Questions and location fields"):
        assert _flat(_(title)) in rules, title
    pawns = _("%(n)s pawns, one per colour, each with its own shape. Cut out, fold on the middle "
              "line, glue back to back and bend the feet outwards.") % {"n": 4}
    questions = _("%(n)s question cards and %(k)s cover card.") % {"n": QUESTIONS, "k": 1}
    assert _flat(pawns) in rules and _flat(questions) in rules
    for players, highest, jokers in ((2, 50, 3), (3, 55, 3), (4, 60, 4)):
        line = translator(lang, FOLDER).ngettext(
            "%(count)s players: numbers 1–%(high)s and %(jokers)s jokers",
            "%(count)s players: numbers 1–%(high)s and %(jokers)s jokers", players)
        assert _flat(line % {"count": players, "high": highest, "jokers": jokers}) in rules


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.slow
def test_no_placeholder_address_and_no_small_text(kits, lang):
    text = " ".join(page.extract_text() for page in pypdf.PdfReader(kits[lang]).pages)
    assert "example.org" not in text and "http" not in text
    assert small_text(kits[lang]) == {}


@pytest.mark.slow
def test_card_text_is_dark_enough(kits):
    """WCAG 4.5:1 for every word on the cards and rule pages. The board tiles are left to the
    kit-wide test: their clipped overlap strips hold text the reader sees on the next tile."""
    texts = _texts(_runs(kits["de"]))
    board = set(pages_of(texts, translator("de", FOLDER).gettext("Race track board")))
    pages = [i for i in range(len(texts)) if i not in board]
    assert low_contrast(kits["de"], pages) == []


def test_no_sample_wording_left_in_the_game_folder():
    for path in (FOLDER / "game.yaml", FOLDER / "questions.yaml"):
        assert "sample" not in path.read_text(encoding="utf-8").lower()
    assert "example.org" not in (FOLDER / "game.yaml").read_text(encoding="utf-8")
