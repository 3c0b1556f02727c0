"""Each language's typography as a step of the text pipeline (templates/typography.yaml), the
line breaker that never opens a line with punctuation, one-word labels that shrink rather
than hyphenate, and the catalog check that holds a catalog to one form of address."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from generator.cli import main
from generator.content.typography import NARROW, typeset
from generator.i18n.checks import address_problems
from generator.render.fonts import font_name, register_fonts
from generator.render.text import fit_text

NNBSP = NARROW
register_fonts()
REGULAR = font_name("regular")


@pytest.mark.parametrize("lang, typed, printed", [
    ("fr", "Lisez : rangez-les ; l'app gratuite ! Prêt ?",
     f"Lisez{NNBSP}: rangez-les{NNBSP}; l’app gratuite{NNBSP}! Prêt{NNBSP}?"),
    ("fr", 'Dites "Microbious" avant', f"Dites «{NNBSP}Microbious{NNBSP}» avant"),
    ("fr", "« déjà »", f"«{NNBSP}déjà{NNBSP}»"),
    ("fr", "Bonne réponse\u00a0: avancez", f"Bonne réponse{NNBSP}: avancez"),
    ("en", "Say \"Microbious\" on the player's turn", "Say “Microbious” on the player’s turn"),
    ("en", "a 'quoted' word", "a ‘quoted’ word"),
    ("de", 'Sag "Microbious" vor deinem Zug', "Sag „Microbious“ vor deinem Zug"),
])
def test_each_language_sets_its_quotes_apostrophe_and_spaces(lang, typed, printed):
    assert typeset(typed, lang) == printed
    assert typeset(printed, lang) == printed  # typeset text stays as it is


@pytest.mark.parametrize("text", ["https://example.org/page?x=1", "10:30", "5 : 3"])
def test_addresses_and_times_keep_their_colons(text):
    result = typeset(text, "fr")
    assert "https://" in result or "10:30" in result or result == f"5{NNBSP}: 3"


def test_english_and_german_set_no_space_before_punctuation():
    assert typeset("Ready? Go!", "en") == "Ready? Go!"
    assert typeset("Bereit? Los!", "de") == "Bereit? Los!"


@pytest.mark.parametrize("lang, text", [
    ("fr", "Piochez trois cartes ; l'app gratuite les lit : rangez-les avant tout bonus !"),
    ("fr", "Le joueur – celui de droite – lit la question « à voix haute » ?"),
    ("en", "Draw three cards , then discard one ; the rest stay : all of them . Done !"),
])
@pytest.mark.parametrize("width", [14, 18, 22, 26, 30, 40])
def test_no_line_starts_with_punctuation_or_a_lone_dash(lang, text, width):
    """A space typed before punctuation (English sets none) is no place to break either."""
    fitted = fit_text(text, REGULAR, width, 200, 8, 8, 1.2, lang)
    assert fitted is not None
    for line in fitted.lines[1:]:
        assert line.lstrip()[:1] not in ",;:!?.»)" + NNBSP, fitted.lines
        assert not line.startswith(("– ", "— ", "- ")), fitted.lines


def test_a_one_word_label_shrinks_before_it_hyphenates():
    fitted = fit_text("Administration", font_name("bold"), 20, 20, 9, 6, 1.2, "en")
    assert fitted is not None and fitted.lines == ("Administration",)
    assert fitted.size < 9  # shrunk, not broken "Administra-tion"


def test_a_one_word_label_too_wide_even_at_its_smallest_size_still_hyphenates():
    fitted = fit_text("Handwaschungsanleitungen", REGULAR, 12, 30, 8, 6, 1.2, "de")
    assert fitted is not None and len(fitted.lines) > 1 and fitted.lines[0].endswith("-")


MIXED = '''msgid ""
msgstr ""
"Language: de\\n"
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "Take a card."
msgstr "Nimm eine Karte in deine Hand."

msgid "Roll the die."
msgstr "Würfle mit deinem Würfel."

msgid "Shuffle the cards."
msgstr "Mischt eure Karten."
'''


def test_a_catalog_mixing_du_and_ihr_names_the_message_file_and_line(tmp_path):
    po = tmp_path / "de.po"
    po.write_text(MIXED, encoding="utf-8")
    problems = address_problems(po, read_po(po.open("rb")))
    assert len(problems) == 1
    text = str(problems[0])
    assert str(po) in text and ":12 " in text and "Shuffle the cards." in text
    assert "'eure' addresses the reader as ihr" in text and "write it with du" in text


def test_straight_quotes_and_apostrophes_are_not_a_catalog_problem(tmp_path):
    po = tmp_path / "fr.po"
    po.write_text(MIXED.replace("Language: de", "Language: fr")
                  .replace("Nimm eine Karte in deine Hand.", "Prenez l'app : \"vous\".")
                  .replace("Würfle mit deinem Würfel.", "Lancez votre dé.")
                  .replace("Mischt eure Karten.", "Mélangez vos cartes."), encoding="utf-8")
    assert address_problems(po, read_po(po.open("rb"))) == []


def test_i18n_status_and_check_refuse_a_translators_mixed_catalog(tmp_path, monkeypatch,
                                                                   capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PNP_LOCALES", raising=False)
    folder = Path(__file__).resolve().parents[2] / "generator" / "games" / "microbious"
    user = tmp_path / "pnp-locales" / "microbious"
    user.mkdir(parents=True)
    text = (folder / "locales" / "fr.po").read_text(encoding="utf-8")
    text = text.replace('msgid "You"\nmsgstr "Vous"', 'msgid "You"\nmsgstr "Toi"')
    (user / "fr.po").write_text(text, encoding="utf-8")
    for command in (["i18n", "status", "microbious", "--lang", "fr"],
                    ["check", "microbious"]):
        assert main(command) == 2
        out, err = capsys.readouterr()  # status lists its problems, check reports them
        said = out + err
        assert "fr.po:" in said and "msgid 'You'" in said and \
            "'Toi' addresses the reader as tu" in said, said


def test_the_faces_every_display_font_falls_back_to_have_every_mark_the_table_sets():
    """Display faces (League Spartan, Bebas Neue…) lack U+202F; the text falls back to DejaVu
    of its weight glyph by glyph, so DejaVu must hold every character typography sets."""
    from fontTools.ttLib import TTFont

    from generator.content.typography import typography
    from generator.resources import fonts_dir

    marks = {NARROW}
    for lang in ("fr", "en", "de", "xx"):
        rules = typography(lang)
        marks |= {rules.apostrophe, *rules.quotes, *rules.single_quotes}
    for face in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        cmap = TTFont(str(fonts_dir() / face)).getBestCmap()
        assert not [m for m in marks if ord(m) not in cmap], face
