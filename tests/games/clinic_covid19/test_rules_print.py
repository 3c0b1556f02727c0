"""COVID-19 for Clinic Deluxe: what a first game needs, read back from the printed rules in
English, French and German: the summary page and the rule cards each carry every rule (who an
infection hits, infected doctors, masks, outpatients, room capacity, no one left to infect, the
administrative phase, new contagion, the win, setup, the propagation table, the syringe); the
A6 summary card carries the round, the infections and the end; nothing is under 6 pt; pages
and cards are counted; a figure changed in game.yaml changes the print."""

from __future__ import annotations

import re
import shutil

import pytest

from generator.content.loader import game_folder
from generator.pipeline.build import build
from generator.pipeline.load import load_builtin
from generator.pipeline.request import BuildRequest
from support.legibility import small_text
from support.pdf_text import page_lines

GAME = "clinic-covid19"
ONLY = ("rules", "rules-page", "summary-card")
TITLES = {  # component titles as the page footers print them
    "en": {"cards": "Rule cards", "page": "Rule summary page", "aid": "Summary card"},
    "fr": {"cards": "Cartes de règles", "page": "Page de résumé des règles",
           "aid": "Carte résumé"},
    "de": {"cards": "Regelkarten", "page": "Regelübersicht (Seite)", "aid": "Übersichtskarte"},
}

# fact → the words each language prints for it (figures from game.yaml: 100 tiles, 6 rounds,
# $20, $6, 2 people a room, 5 popularity, 40 × players, 1 / 2 new tiles a round)
FACTS = {
    "what you need": {
        "en": ["What you need", "Clinic Deluxe Edition (the first edition works too)",
               "This kit: 100 COVID-19 tiles, the syringe round marker"],
        "fr": ["Matériel", "Clinic Deluxe Edition (la première édition convient aussi)",
               "Ce kit : 100 tuiles COVID-19, la seringue qui marque le tour"],
        "de": ["Was ihr braucht", "Clinic Deluxe Edition (die erste Auflage geht auch)",
               "Dieses Set: 100 COVID-19-Plättchen, die Spritze als Rundenmarker"]},
    "setup": {
        "en": ["Put the Propagation tile to the right of the main board",
               "set out a pile for each round: that round’s number in the column times the number "
               "of players"],
        "fr": ["Placez la tuile Propagation à droite du plateau principal",
               "faites une pile pour chaque tour : le nombre de ce tour dans la colonne"],
        "de": ["Legt die Ausbreitungstafel rechts neben den Hauptspielplan",
               "einen Stapel für jede Runde: die Zahl dieser Runde in der Spalte mal die Zahl "
               "der Spieler"]},
    # settled by this kit (issue 32): 100 tiles cannot hold every pile at once at 3-4 players
    # on the published column (4+4+6+6+8+8 = 36 tiles a player)
    "later piles and a short reserve": {
        "en": ["comes to more than 100 tiles, the kit cannot hold every pile at setup",
               "then make each later pile from the reserve as its round starts",
               "On the published column: 36 × 3 = 108, 36 × 4 = 144.",
               "each missing tile counts as one in the Deceased zone", "(this kit’s choice)"],
        "fr": ["dépasse 100 tuiles",
               "puis chaque pile suivante avec la réserve au début de son tour",
               "Sur la colonne publiée : 36 × 3 = 108, 36 × 4 = 144.",
               "chaque tuile manquante compte comme une tuile dans la zone Décédés",
               "(choix de ce kit)"],
        "de": ["mehr als 100 Plättchen",
               "jeden weiteren Stapel zu Beginn seiner Runde aus dem Vorrat",
               "In der veröffentlichten Spalte: 36 × 3 = 108, 36 × 4 = 144.",
               "jedes fehlende Plättchen zählt als eines im Feld Verstorben",
               "(Festlegung dieses Kits)"]},
    "blood transfusions": {
        "en": ["an infected patient gets none. Once they are fully cured, their tile and their "
               "car go back to the reserve and the patient to the Cured zone"],
        "fr": ["un patient infecté n’en reçoit pas. Une fois le patient complètement guéri, sa "
               "tuile et sa voiture retournent dans la réserve"],
        "de": ["Ein infizierter Patient bekommt keine. Ist der Patient vollständig geheilt, "
               "kommen sein Plättchen und sein Auto zurück in den Vorrat"]},
    "round marker": {
        "en": ["Put the syringe on the round 1 space of the Propagation tile’s round track",
               "Move the syringe on to the next round"],
        "fr": ["Placez la seringue sur la case du tour 1, sur la piste des tours",
               "Avancez la seringue sur le tour suivant"],
        "de": ["Legt die Spritze auf das Feld Runde 1 der Rundenleiste",
               "Rückt die Spritze auf die nächste Runde vor"]},
    "patient or doctor infected": {
        "en": ["Patient or doctor: the tile goes under them"],
        "fr": ["Patient ou médecin : la tuile se place sous la personne"],
        "de": ["Patient oder Arzt: Das Plättchen kommt unter die Figur"]},
    "elderly person dies": {
        "en": ["Elderly person (expansion): dies at once"],
        "fr": ["Personne âgée (extension) : meurt aussitôt"],
        "de": ["Ältere Person (Erweiterung): Sie stirbt sofort"]},
    "pregnant woman leaves untreated": {
        "en": ["Pregnant woman (expansion): leaves at once, as if she had ended the "
               "administrative phase untreated"],
        "fr": ["Femme enceinte (extension) : quitte aussitôt le jeu, comme si elle avait fini "
               "la phase administrative sans être soignée"],
        "de": ["Schwangere (Erweiterung): Sie geht sofort, als hätte sie die Verwaltungsphase "
               "unbehandelt beendet"]},
    "nurse or orderly in quarantine": {
        "en": ["Nurse or orderly (or janitor): quarantine", "Out for this round, back next round"],
        "fr": ["Infirmière ou aide-soignante (ou concierge) : quatorzaine",
               "Absente ce tour-ci, elle revient au tour suivant"],
        "de": ["Pflegekraft oder Pflegehilfe (oder Hausmeister): Quarantäne",
               "Sie fällt diese Runde aus und kehrt nächste Runde zurück"]},
    "infected doctors": {
        "en": ["Infected doctors can no longer treat anyone: an uninfected doctor must treat "
               "them, as if they were patients"],
        "fr": ["Les médecins infectés ne peuvent plus soigner personne : un médecin non infecté "
               "doit les soigner"],
        "de": ["Infizierte Ärzte können niemanden mehr behandeln: Ein nicht infizierter Arzt "
               "muss sie wie Patienten behandeln"]},
    "masks for $20": {
        "en": ["pay $20 to remove one COVID-19 tile from your clinic", "no pooling"],
        "fr": ["payez 20 $ pour retirer une tuile COVID-19 de votre clinique",
               "pas de cagnotte commune"],
        "de": ["Zahlt 20 $, um ein COVID-19-Plättchen", "ihr dürft nicht zusammenlegen"]},
    "outpatients for $6 infect the doctor": {
        "en": ["infected or not, for $6. The doctor catches the virus",
               "If that person had none, take one from the reserve. (this kit’s choice)"],
        "fr": ["infecté ou non, pour 6 $. Le médecin attrape le virus",
               "prenez-en une dans la réserve. (choix de ce kit)"],
        "de": ["ob infiziert oder nicht, für 6 $ behandeln. Der Arzt steckt sich an",
               "nehmt eines aus dem Vorrat. (Festlegung dieses Kits)"]},
    "room capacity": {
        "en": ["A treatment room takes at most 2 people to treat",
               "No free bed for an infected doctor?"],
        "fr": ["Une salle de soins accueille au plus 2 personnes à soigner",
               "Pas de lit libre pour un médecin infecté ?"],
        "de": ["Ein Behandlungsraum fasst höchstens 2 zu behandelnde Personen",
               "Kein freies Bett für einen infizierten Arzt?"]},
    "one level higher": {
        "en": ["treated as a patient one severity level higher"],
        "fr": ["se soigne comme un patient d’un niveau de gravité au-dessus"],
        "de": ["wie ein Patient einen Schweregrad höher behandelt"]},
    "no one left to infect": {
        "en": ["give your extra tiles to another player",
               "If every clinic is full, the extra tiles go to the Deceased zone"],
        "fr": ["donnez les tuiles en trop à un autre joueur",
               "Si toutes les cliniques sont pleines, les tuiles en trop vont dans la zone "
               "Décédés"],
        "de": ["gehen die übrigen an einen anderen Spieler",
               "Sind alle Kliniken voll, kommen die übrigen Plättchen auf das Feld Verstorben"]},
    "administrative phase": {
        "en": ["Infected doctors do not work, and so lose no skill level",
               "a red one dies and you lose 5 popularity",
               "set them on an entrance or the helipad of your choice"],
        "fr": ["ne perdent donc pas de niveau de compétence",
               "un rouge meurt et vous perdez 5 points de popularité",
               "placez-le sur une entrée ou l’héliport de votre choix"],
        "de": ["verlieren daher keine Kompetenzstufe",
               "ein roter stirbt und ihr verliert 5 Beliebtheit",
               "auf einen Eingang oder Hubschrauberlandeplatz eurer Wahl"]},
    "new contagion": {
        "en": ["each player takes 1 tile from the reserve", "each player takes 2 tiles"],
        "fr": ["chaque joueur prend 1 tuile de la réserve", "chaque joueur prend 2 tuiles"],
        "de": ["Jeder Spieler nimmt 1 Plättchen", "Jeder Spieler nimmt 2 Plättchen"]},
    "the win": {
        "en": ["After round 6, count", "strictly more cured patients than deceased",
               "A tie is a loss: the goal asks for strictly more cured, though the end-of-game "
               "paragraph would let a tie win. (this kit’s choice)"],
        "fr": ["Après le tour 6, comptez", "strictement plus de patients guéris que de décédés",
               "Une égalité est une défaite : le but exige strictement plus de guéris"],
        "de": ["Zählt nach Runde 6", "echt mehr geheilten Patienten als Verstorbenen",
               "Ein Gleichstand ist eine Niederlage: Das Ziel verlangt echt mehr Geheilte"]},
    "tactical and strategic victories": {
        "en": ["Tactical victory", "40 × the number of players or less", "Strategic victory",
               "more than 40 × the number of players"],
        "fr": ["Victoire tactique", "40 × le nombre de joueurs ou moins", "Victoire stratégique",
               "plus de 40 × le nombre de joueurs"],
        "de": ["Taktischer Sieg", "höchstens 40 × die Spielerzahl", "Strategischer Sieg",
               "mehr als 40 × die Spielerzahl"]},
    "propagation table": {
        "en": ["4, 4, 6, 6, 8, 8", "(house default)", "Only one column is published"],
        "fr": ["4, 4, 6, 6, 8, 8", "(règle maison)", "Une seule colonne est publiée"],
        "de": ["4, 4, 6, 6, 8, 8", "(Hausregel)", "Nur eine Spalte ist veröffentlicht"]},
}

# what the A6 summary card itself must say (the round, the infections, the end)
AID = {
    "en": ["Admit patients: every player must choose this action at least once",
           "A room takes at most 2 people to treat", "for $6 and is infected",
           "Elderly person (expansion)", "Pregnant woman (expansion)",
           "Out for this round, back next round", "pay $20 of your own money",
           "the extra tiles go to the Deceased zone", "1 with low contagion ▼, 2 with high ▲",
           "strictly more cured patients than deceased", "A tie is a loss."],
    "fr": ["Admettre des patients : chaque joueur doit choisir cette action au moins une fois",
           "Une salle accueille au plus 2 personnes à soigner", "pour 6 $ et se fait infecter",
           "Personne âgée (extension)", "Femme enceinte (extension)",
           "Absente ce tour-ci, elle revient au tour suivant", "payez 20 $ de votre propre argent",
           "les tuiles en trop vont dans la zone Décédés", "1 en contagion faible ▼, 2 en élevée ▲",
           "strictement plus de patients guéris que de décédés", "Une égalité est une défaite."],
    "de": ["Patienten aufnehmen: Jeder Spieler muss diese Aktion mindestens einmal wählen",
           "Ein Raum fasst höchstens 2 zu behandelnde Personen", "für 6 $ und steckt sich an",
           "Ältere Person (Erweiterung)", "Schwangere (Erweiterung)",
           "Sie fällt diese Runde aus und kehrt nächste Runde zurück",
           "Zahlt 20 $ aus eigenem Geld", "kommen die übrigen Plättchen auf das Feld Verstorben",
           "1 bei niedriger Ansteckung ▼, 2 bei hoher ▲",
           "echt mehr geheilten Patienten als Verstorbenen",
           "Ein Gleichstand ist eine Niederlage."],
}


def squeeze(text: str) -> str:
    """Text with every space, no-break space and hyphen taken out, so a line broken (and
    hyphenated) anywhere still matches the phrase."""
    return re.sub(r"[\s\u00a0\u202f\-\u00ad]+", "", text)


@pytest.fixture(scope="module", params=["en", "fr", "de"])
def kit(request, tmp_path_factory):
    lang = request.param
    result = build(BuildRequest(GAME, lang, only=ONLY, out_dir=tmp_path_factory.mktemp(lang),
                                guide=False))
    pages = page_lines(result.path)
    by_title: dict[str, list[int]] = {}
    for index, lines in enumerate(pages):
        footer = lines[-1].split(" · ")
        title = footer[-2] if re.fullmatch(r"\d+/\d+", footer[-1]) else footer[-1]
        by_title.setdefault(title, []).append(index)
    return lang, result, pages, by_title


def text_of(kit, part: str) -> str:
    lang, _result, pages, by_title = kit
    return squeeze(" ".join(" ".join(pages[i][:-1]) for i in by_title[TITLES[lang][part]]))


@pytest.mark.parametrize("fact", sorted(FACTS))
@pytest.mark.parametrize("part", ["page", "cards"])
def test_every_fact_of_a_first_game_is_printed(kit, part, fact):
    lang = kit[0]
    text = text_of(kit, part)
    missing = [phrase for phrase in FACTS[fact][lang] if squeeze(phrase) not in text]
    assert not missing, f"{TITLES[lang][part]} ({lang}) lacks {fact}: {missing}"


def test_the_summary_card_carries_the_round_infections_and_end(kit):
    lang = kit[0]
    text = text_of(kit, "aid")
    missing = [phrase for phrase in AID[lang] if squeeze(phrase) not in text]
    assert not missing, missing


def test_no_text_under_6_pt(kit):
    assert small_text(kit[1].path) == {}


def test_pages_and_cards(kit):
    lang, result, _pages, by_title = kit
    cards = len(load_builtin(GAME).component("rules").cards)
    assert cards == 8  # 16 faces: one sheet of poker cards
    titles = TITLES[lang]
    # the rule cards fit on one sheet (fronts, then backs); the summary takes two pages,
    # never smaller type; the A5 card is two-sided
    assert [len(by_title[titles[p]]) for p in ("cards", "page", "aid")] == [2, 2, 2]
    assert (result.cards, result.pages) == (cards + 1, 6)  # rule cards + the A5 card


def test_a_cost_changed_in_the_data_changes_every_language(tmp_path):
    folder = tmp_path / "covid"
    shutil.copytree(game_folder(GAME), folder)
    game_yaml = folder / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    for old, new in (("remove_tile_cost: 20 ", "remove_tile_cost: 25 "),
                     ("outpatient_cost: 6 ", "outpatient_cost: 7 ")):
        assert old in text
        text = text.replace(old, new)
    game_yaml.write_text(text, encoding="utf-8")
    expected = {"en": ["pay $25 to remove", "for $7."], "fr": ["payez 25 $", "pour 7 $."],
                "de": ["Zahlt 25 $", "für 7 $ behandeln"]}
    for lang, phrases in expected.items():
        result = build(BuildRequest(folder, lang, only=("rules-page", "summary-card"),
                                    out_dir=tmp_path))
        printed = squeeze(" ".join(" ".join(p) for p in page_lines(result.path)))
        assert all(squeeze(p) in printed for p in phrases), lang
        assert squeeze("$20") not in printed and squeeze("20 $") not in printed
