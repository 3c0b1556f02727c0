"""Patient Zero: A Solo Epidemic as a player reads it, in English, French and German: what the
kit replaces (the mat and a pencil for the cubes, the paper die, stickers or an ordinary die for
the limb die), the "what you need" lines, no text under the 6 pt floor anywhere (inline icons,
stickers, mat and footers included), and the colour cues read from colour_cues."""

from __future__ import annotations

import re
import shutil

import pdfplumber
import pytest

from generator.content.loader import game_folder
from generator.pipeline.build import build
from generator.pipeline.load import load_builtin
from generator.pipeline.request import BuildRequest
from support.legibility import small_text
from support.pdf_text import fold, page_lines, rule_parts
from support.units import PT_PER_MM as MM

GAME = "patient-zero-solo"

NEED = {
    "en": ["What you need",
           "the 44 epidemic cards, the six limb cards, the day track and the player aid;",
           "the patient mat and a pencil with an eraser: they replace the coloured cubes.",
           "the paper die, or the six stickers on a blank die: they replace the limb die. "
           "An ordinary die works too: its number is the limb;"],
    "fr": ["Matériel",
           "les 44 cartes épidémie, les six cartes membre, la piste des jours et l’aide de jeu ;",
           "le plateau du patient, un crayon et une gomme : ils remplacent les cubes de couleur.",
           "le dé en papier, ou les six autocollants sur un dé vierge : ils remplacent le dé des "
           "membres."],
    "de": ["Was du brauchst",
           "die 44 Epidemiekarten, die sechs Körperteilkarten, die Tagesleiste und die "
           "Spielhilfe;",
           "das Patiententableau mit Bleistift und Radiergummi statt der farbigen Steine",
           "den Papierwürfel oder die sechs Aufkleber auf einem leeren Würfel statt des "
           "Körperteilwürfels;"],
}
MAT = {"en": "Play with a pencil instead of cubes",
       "fr": "Jouez au crayon au lieu des cubes",
       "de": "Spiel mit Bleistift statt mit Steinen"}
DIE = {"en": "or roll an ordinary die: its number is the limb.",
       "fr": "ou lancez un dé ordinaire : son chiffre désigne le membre.",
       "de": "oder nimm einen normalen Würfel: Die Augenzahl nennt dir das Körperteil."}


@pytest.fixture(scope="module", params=["en", "fr", "de"])
def kit(request, tmp_path_factory):
    result = build(BuildRequest(GAME, request.param, out_dir=tmp_path_factory.mktemp("solo"),
                                guide=False))
    return request.param, result.path, page_lines(result.path)


@pytest.mark.slow
def test_what_you_need_and_what_it_replaces(kit):
    lang, _, pages = kit
    for text in rule_parts(pages, 12):
        for line in NEED[lang]:
            assert line in text, line


@pytest.mark.slow
def test_mat_and_paper_die_say_what_they_replace(kit):
    lang, _, pages = kit
    text = fold([x for lines in pages for x in lines])
    assert MAT[lang] in text and DIE[lang] in text


@pytest.mark.slow
def test_twelve_rule_faces_numbered(kit):
    _, _, pages = kit
    numbers = [x for lines in pages for x in lines if re.fullmatch(r"\d+/12", x)]
    assert sorted(numbers, key=lambda x: int(x.split("/")[0])) == [f"{n}/12" for n in range(1, 13)]


@pytest.mark.slow
def test_no_letter_or_digit_under_the_floor(kit):
    _, path, _ = kit
    assert small_text(path) == {}


@pytest.mark.slow
def test_no_glyph_at_all_under_the_floor(kit):
    """Signs too: the effect icons' '+', '!' and '=' are drawn as shapes, not as text that
    shrinks with the line of a rule card. Nothing outside the page footer is under 6 pt."""
    _, path, _ = kit
    assert small_text(path, signs=True) == {}


def test_colour_cues_reach_cards_and_mat(tmp_path):
    """Change the cue of black in game.yaml: the 11 black cards (band and big shape) and the
    mat (6 limb rows, Specialists lost and in play) print the new one."""
    game = load_builtin(GAME)
    assert game.colour_cues["diseases"]["black"] == "●"
    folder = tmp_path / "solo"
    shutil.copytree(game_folder(GAME), folder)
    game_yaml = folder / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    old = 'diseases: {black: "●",'
    assert old in text
    game_yaml.write_text(text.replace(old, 'diseases: {black: "★",'), encoding="utf-8")
    result = build(BuildRequest(folder, "en", only=("deck", "patient-mat"),
                                out_dir=tmp_path / "out", guide=False))
    pages = page_lines(result.path)
    lines = [x for page in pages for x in page]
    assert lines.count("★ BLACK") == 11
    mat = next(page for page in pages if "PATIENT MAT" in page)
    assert sum(x.count("★") for x in mat) == 6 + 2 and not any("●" in x for x in mat)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_paragraph_ends_on_a_lone_word(built, lang):
    """The epidemic cards' effects, the limb cards and the player aid, read back from the PDF
    line by line: no paragraph ends on a line holding one word ("the Head." under "colour off
    one limb. Never on"), as typography.yaml's last_line_words asks."""
    pages = page_lines(built(GAME, lang).path)
    fronts = [page for page in pages[2:15] if not any("PATIENT ZERO" == line for line in page)]
    lone = [(before, line) for page in fronts for before, line in zip(page, page[1:], strict=False)
            if len(line.split()) == 1 and len(before.split()) > 2 and not line.isupper()
            and not before.isupper() and not re.search(r"[.:;!?)]$", before)
            and not re.match(r"[↔\d]", before) and not line[:1].isdigit()]
    assert len(fronts) >= 6 and not lone, lone


@pytest.mark.slow
def test_card_text_stays_3_mm_above_the_footer(kit):
    """On every epidemic card the effect's last line ends at least 3 mm above the footer line
    (its number and name), so a full effect box never runs into it."""
    _, path, _ = kit
    gaps = []
    with pdfplumber.open(str(path)) as pdf:
        for page in pdf.pages:
            words = page.extract_words(extra_attrs=["size"])
            for footer in (w for w in words if re.fullmatch(r"\d+/44", w["text"])):
                above = [w for w in words if footer["x0"] - 1 <= w["x0"] <= footer["x0"] + 56 * MM
                         and footer["top"] - 30 * MM < w["bottom"] < footer["top"]]
                gaps.append((footer["top"] - max(w["bottom"] for w in above)) / MM)
    assert len(gaps) == 44
    assert min(gaps) >= 3.0
