"""The Pharma Code kit as printed: card counts read back from the PDF, player counts on the
number cards, the QR code on the rule cards (only with a real address), fr/de builds, and a
user's own question file."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
import zxingcpp

from generator.content.loader import game_folder
from generator.errors import ContentError
from support.pharma import build_kit, page_runs, page_texts, pages_of, render

QUESTIONS = 31  # rows in the shipped questions.yaml, as in the published deck


@pytest.fixture(scope="module")
def kit_en(tmp_path_factory) -> Path:
    return build_kit(tmp_path_factory.mktemp("en"))


@pytest.fixture(scope="module")
def runs_en(kit_en) -> list[list[tuple[str, float]]]:
    return page_runs(kit_en)


@pytest.fixture(scope="module")
def texts_en(runs_en) -> list[str]:
    return [" ".join(text for text, _ in runs) for runs in runs_en]


def _runs(runs_en, texts_en, title: str, min_size: float = 0) -> list[str]:
    return [text for i in pages_of(texts_en, title) for text, size in runs_en[i]
            if size >= min_size]


@pytest.mark.slow
def test_number_cards_1_to_60_each_once(runs_en, texts_en):
    values = _runs(runs_en, texts_en, "Number cards", 40)    # the big central value, 64 pt
    assert sorted(int(v) for v in values) == list(range(1, 61))


@pytest.mark.slow
def test_number_cards_print_their_player_count(runs_en, texts_en):
    counts = Counter(_runs(runs_en, texts_en, "Number cards"))
    assert (counts["2-4 players"], counts["3-4 players"], counts["4 players only"]) == (50, 5, 5)
    jokers = Counter(_runs(runs_en, texts_en, "Jokers"))
    assert (jokers["2-4 players"], jokers["4 players only"]) == (3, 1)


@pytest.mark.parametrize(("title", "face", "count"), [
    ("Jokers", "JOKER", 4),
    ("Fast Track cards", "FAST TRACK", 4),
    ("Event cards", "EVENT", 10),
    ("Question cards", "QUESTION", QUESTIONS),
    ("Pawns", "Red", 4),
    ("Cover card", "Question cards", 1),
])
@pytest.mark.slow
def test_card_counts(runs_en, texts_en, title, face, count):
    runs = _runs(runs_en, texts_en, title)
    if title == "Pawns":      # one piece each, the colour's name on both faces
        assert sum(run in ("Red", "Blue", "Green", "Yellow") for run in runs) == 2 * count
        return
    assert runs.count(face) == count


@pytest.mark.slow
def test_a_back_for_each_card(runs_en, texts_en):
    """Decks share sheets, so each back is counted over the cards' pages: the jokers print
    the number cards' back, the cover card the question cards' one."""
    decks = ("Number cards", "Jokers", "Fast Track cards", "Event cards", "Question cards",
             "Cover card")
    cards = {i for title in decks for i in pages_of(texts_en, title)}
    runs = Counter(text for i in sorted(cards) for text, _ in runs_en[i])
    assert (runs["Numbers & jokers"], runs["Fast Track"], runs["Event"], runs["Question"]) \
        == (60 + 4, 4, 10, QUESTIONS + 1)


@pytest.mark.slow
def test_fast_track_cards_come_in_the_four_colours(runs_en, texts_en):
    runs = set(_runs(runs_en, texts_en, "Fast Track cards"))
    assert {"● Red ●", "■ Blue ■", "▲ Green ▲", "◆ Yellow ◆"} <= runs


@pytest.mark.slow
def test_jokers_share_the_number_cards_back(runs_en, texts_en):
    titles = {"Numbers & jokers", "Fast Track", "Event", "Question", "Rules"}
    numbers = set(_runs(runs_en, texts_en, "Number cards")) & titles
    assert numbers == {"Numbers & jokers"}
    # the jokers run on with the Fast Track cards and the first event card on one sheet
    jokers = Counter(_runs(runs_en, texts_en, "Jokers"))
    assert (jokers["Numbers & jokers"], jokers["Fast Track"], jokers["Event"]) == (4, 4, 1)


@pytest.mark.slow
def test_questions_print_the_answer(runs_en, texts_en):
    runs = _runs(runs_en, texts_en, "Question cards")
    assert sum(run.startswith("Answer ") for run in runs) == QUESTIONS
    assert "Answer B · The kidneys" in runs and "✓" not in runs


def test_rules_cards_print_no_qr_code_without_an_address(tmp_path):
    pdf = build_kit(tmp_path, "en", only=("rules",))
    assert not zxingcpp.read_barcodes(render(pdf, 0, px_per_mm=8))
    assert not any("example.org" in t or "http" in t for t in page_texts(pdf))


def _copy_game(tmp_path: Path) -> Path:
    folder = tmp_path / "my-pharma"
    shutil.copytree(game_folder("pharma-code"), folder)
    return folder


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_rules_address_is_configurable(tmp_path, lang):
    folder = _copy_game(tmp_path)
    game_yaml = folder / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    assert "\ndata:\n" in text and "rules_url" not in text
    game_yaml.write_text(text.replace("\ndata:\n", "\nvars:\n  rules_url: "
                                      "\"https://rules.test/{lang}/{game}.html\"\ndata:\n", 1),
                         encoding="utf-8")
    pdf = build_kit(tmp_path, lang, only=("rules",), game=folder)
    # the code prints on the last rule card's back: the first page of backs
    found = zxingcpp.read_barcodes(render(pdf, 1, px_per_mm=8))
    assert found and {code.text for code in found} == {
        f"https://rules.test/{lang}/pharma-code.html"}


def _use_questions(folder: Path, name: str, content: str) -> None:
    (folder / name).write_text(content, encoding="utf-8")
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace(
        "cards_file: questions.yaml", f"cards_file: {name}"), encoding="utf-8")


def test_a_users_own_csv_questions_are_printed(tmp_path):
    folder = _copy_game(tmp_path)
    header = (folder / "questions-template.csv").read_text(encoding="utf-8").strip()
    _use_questions(folder, "mine.csv", header + ",qty\n"
                   "Quelle vitamine donne le soleil ?,A,C,D,c,2\n"
                   "Combien d'os compte un adulte ?,106,206,306,b,1\n")
    pdf = build_kit(tmp_path, "fr", only=("questions",), game=folder)
    texts = page_texts(pdf)
    assert sum(t.count("Quelle vitamine donne le soleil") for t in texts) == 2
    # typed with a plain ' in the CSV, printed with the one French apostrophe
    assert sum(t.count("Combien d’os compte un adulte") for t in texts) == 1


def test_a_wrong_answer_letter_names_the_file_and_row(tmp_path):
    folder = _copy_game(tmp_path)
    _use_questions(folder, "mine.csv", "question,a,b,c,answer\nOne?,x,y,z,a\nTwo?,x,y,z,d\n")
    with pytest.raises(ContentError) as caught:
        build_kit(tmp_path, "en", only=("questions",), game=folder)
    message = str(caught.value)
    assert "mine.csv" in message and "row 2" in message and "answer 'd'" in message


@pytest.mark.parametrize(("old", "new", "fragment"), [
    ("56: -1}", "56: -1, 70: 2}", "data.track.fields.70: a location field must sit on a "
     "numbered square 1..58"),
    ("{players: 4, highest: 60,", "{players: 4, highest: 58,",
     "the number cards must be 1-58, each once"),
])
def test_rule_data_mistakes_are_named(tmp_path, old, new, fragment):
    folder = _copy_game(tmp_path)
    game_yaml = folder / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    assert old in text
    game_yaml.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(ContentError, match=re.escape(fragment)):
        build_kit(tmp_path, "en", only=("rules",), game=folder)


def test_an_empty_question_file_is_refused(tmp_path):
    folder = _copy_game(tmp_path)
    _use_questions(folder, "empty.csv", "question,a,b,c,answer\n")
    with pytest.raises(ContentError, match="empty.csv: no questions to print"):
        build_kit(tmp_path, "en", only=("questions",), game=folder)


@pytest.mark.parametrize("lang", ["fr", "de"])
@pytest.mark.slow
def test_translated_kits_build_and_fit(tmp_path, lang):
    pdf = build_kit(tmp_path, lang, paper="letter")     # raises if a text does not fit
    texts = page_texts(pdf)
    word = {"fr": "ARRIVÉE", "de": "ZIEL"}[lang]
    assert any(word in t for t in texts)
    assert not any("Every player" in t for t in texts)  # no English left on the cards
