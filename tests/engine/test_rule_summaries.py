"""Rule summaries (component kind ``rules``): cards and page in every language, facts from the
data, QR codes that decode at card size."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pypdf
import pytest
import zxingcpp

from generator.content.loader import game_folder
from generator.content.model import Deck
from generator.errors import ContentError
from generator.pipeline.build import build
from generator.pipeline.load import load_builtin, load_game
from generator.pipeline.request import BuildRequest
from support.pharma import render

GOLDEN = {  # game: {lang: phrases the one-page summary must carry}
    "microbious": {
        "en": ["54 cards:", "Bad vaccine: +20 points", "Deal 4 cards face down to each player"],
        "fr": ["54 cartes :", "Mauvais vaccin : +20 points", "Distribuez 4 cartes face cachée"],
        "de": ["54 Karten:", "Schlechter Impfstoff: +20 Punkte", "Gib jeder Person 4 Karten"],
    },
    "patient-zero-solo": {
        "en": ["Shuffle the 44 epidemic cards", "Draw 6 cards one by one", "Hard:"],
        "fr": ["Mélangez les 44 cartes épidémie", "Tirez 6 cartes une à une", "Difficile"],
        "de": ["Mische die 44 Epidemiekarten", "Zieh nacheinander 6 Karten", "Schwer"],
    },
    "pharma-code": {
        "en": ["3 players: numbers 1–55 and 3 jokers", "Each player lays 9 cards face down"],
        "fr": ["3 joueurs : cartes 1–55 et 3 jokers", "Chaque joueur aligne 9 cartes"],
        "de": ["3 Personen: Zahlen 1–55 und 3 Joker", "Alle legen 9 Karten verdeckt"],
    },
    "clinic-covid19": {
        "en": ["A co-operative variant of Clinic Deluxe", "After round 6, count",
               "4, 4, 6, 6, 8, 8"],
        "fr": ["Une variante coopérative de Clinic Deluxe", "Après le tour 6", "4, 4, 6, 6, 8, 8"],
        "de": ["Eine kooperative Variante von Clinic Deluxe", "nach Runde 6", "4, 4, 6, 6, 8, 8"],
    },
    "save-patient-zero": {
        "en": ["Savvy draws 3 of the 25 molecule cards", "one combination out of 2,300",
               "sum 6–22: 8.9%", "Agile", "3, 5, 7: Teams of 1, 2 or 3"],
        "fr": ["Savvy tire au hasard 3 des 25 cartes Molécule", "parmi 2\u202f300",
               "somme 6–22 : 8,9\u202f%", "Quand chaque labo a joué 3 outils"],
        "de": ["Savvy zieht zufällig 3 der 25 Molekülkarten", "eine Kombination von 2.300",
               "Summe 6–22: 8,9\u00a0%", "Hat jedes Labor 3 Werkzeuge gespielt"],
    },
}


def summary_text(path) -> str:
    """The rule summary page's text in drawing order, whitespace (no-break spaces too) folded."""
    reader = pypdf.PdfReader(str(path))
    return fold(" ".join(page.extract_text() for page in reader.pages))


def fold(text: str) -> str:
    return re.sub(r"[\s\u00a0\u202f]+", " ", text)


@pytest.mark.parametrize("game", sorted(GOLDEN))
@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_summary_page_says_the_facts_in_each_language(built, game, lang):
    result = built(game, lang, only=(summary_part(game),))
    text = summary_text(result.path)
    for phrase in GOLDEN[game][lang]:
        assert fold(phrase) in text, phrase


@pytest.mark.parametrize("game", sorted(GOLDEN))
def test_rule_cards_are_poker_cards_with_a_front_and_back(game):
    rules = load_builtin(game).component("rules")
    assert isinstance(rules, Deck) and rules.kind == "rules"
    assert (rules.size.w, rules.size.h) == (63.5, 88.9)
    assert [c.fields["front"] for c in rules.cards] == list(range(0, 2 * len(rules.cards), 2))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_rules_address_prints_one_qr_on_the_last_card_and_the_page(tmp_path, lang):
    result = build(BuildRequest("save-patient-zero", lang, only=("rules", "rules-page"),
                                out_dir=tmp_path, rules_url="https://rules.test/{game}/{lang}",
                                guide=False))
    pages = len(pypdf.PdfReader(str(result.path)).pages)
    found = {page: [code.text for code in
                    zxingcpp.read_barcodes(render(result.path, page, px_per_mm=8))]
             for page in range(pages)}
    url = f"https://rules.test/save-patient-zero/{lang}"
    assert found[0] == [] and found[1] == [url]        # fronts, then the last card's back
    assert pages > 2 and all(found[page] == [url] for page in range(2, pages))  # summary


def summary_part(game) -> str:
    """The part that prints the game's rules summary: its summary page, or its rule cards
    when the kit has no page (Microbious: the page would repeat the cards)."""
    ids = {c.id for c in load_game(game if isinstance(game, Path) else game_folder(game))
           .components}
    return "rules-page" if "rules-page" in ids else "rules"


def test_a_figure_changed_in_the_data_changes_every_language(tmp_path):
    folder = tmp_path / "mb"
    shutil.copytree(game_folder("microbious"), folder)
    game_yaml = folder / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    assert "    hand: 4 " in text
    game_yaml.write_text(text.replace("    hand: 4 ", "    hand: 5 "), encoding="utf-8")
    expected = {"en": "Deal 5 cards face down", "fr": "Distribuez 5 cartes face cachée",
                "de": "Gib jeder Person 5 Karten"}
    for lang, phrase in expected.items():
        result = build(BuildRequest(folder, lang, only=(summary_part(folder),),
                                    out_dir=tmp_path))
        assert phrase in summary_text(result.path)


def test_a_rules_template_needs_a_front_and_back_for_each_card(tmp_path):
    folder = tmp_path / "mb"
    shutil.copytree(game_folder("microbious"), folder)  # its template is rules/microbious.j2
    (folder / "rules" / "microbious.j2").write_text("@face {{ _('Goal') }}\nOne side only.\n",
                                                   encoding="utf-8")
    with pytest.raises(ContentError, match="has 1 '@face' sides"):
        load_game(folder)


def test_a_rules_template_past_rule_faces_is_refused_naming_the_budget(tmp_path):
    """A loop writing 502 sides (the built-in decks have 18 at most) is refused at load by
    ``rule_faces``; 500 sides load as a deck of 250 cards."""
    folder = tmp_path / "mb"
    shutil.copytree(game_folder("microbious"), folder)
    template = folder / "rules" / "microbious.j2"
    for sides, ok in ((500, True), (502, False)):
        template.write_text("{% for i in range(" + str(sides) + ") %}@face {{ i }}\n{{ i }}\n"
                            "{% endfor %}\n", encoding="utf-8")
        if ok:
            deck = next(c for c in load_game(folder).components
                        if isinstance(c, Deck) and c.kind == "rules")
            assert len(deck.cards) == sides // 2
        else:
            with pytest.raises(ContentError, match="502 '@face' sides.*rule_faces"):
                load_game(folder)


def test_plural_forms_follow_each_catalog(tmp_path):
    folder = tmp_path / "spz"
    shutil.copytree(game_folder("save-patient-zero"), folder)
    game_yaml = folder / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    assert "interruption_after: 3 " in text
    game_yaml.write_text(text.replace("interruption_after: 3 ", "interruption_after: 1 "),
                         encoding="utf-8")
    expected = {"en": "Once each lab has played 1 tool,",
                "fr": "Quand chaque labo a joué 1 outil,",
                "de": "Hat jedes Labor 1 Werkzeug gespielt"}
    for lang, phrase in expected.items():
        result = build(BuildRequest(folder, lang, only=("rules-page",), out_dir=tmp_path))
        assert phrase in summary_text(result.path)
