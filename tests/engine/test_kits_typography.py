"""Every kit's text read back from its PDF (five games × fr/en/de): no line opens with
punctuation, no straight quote where a curly one belongs, French narrow spaces, and one form of
address per kit — the typography step and the catalog check, as a player sees them."""

from __future__ import annotations

import re

import pytest

from generator.content.typography import address_words
from generator.i18n.checks import form_pattern
from support.pdf_text import page_lines

GAMES = ["save-patient-zero", "patient-zero-solo", "microbious", "clinic-covid19", "pharma-code"]
OPENS_BADLY = re.compile(r"^(?:[,;:!?.»)]|[–—-] )")


@pytest.fixture(scope="module", params=[(g, lang) for g in GAMES for lang in ("fr", "en", "de")],
                ids=lambda p: f"{p[0]}-{p[1]}")
def kit(request, built):
    game, lang = request.param
    lines = [line for page in page_lines(built(game, lang).path) for line in page]
    return game, lang, lines


@pytest.mark.slow
def test_no_line_starts_with_punctuation(kit):
    game, lang, lines = kit
    # a line that is only a mark (a joker's "?" drawn as a picture) is a symbol, not text
    bad = [line for line in lines if OPENS_BADLY.match(line) and len(line.strip()) > 1]
    assert not bad, f"{game} {lang}: {bad[:5]}"


@pytest.mark.slow
def test_no_straight_quotes(kit):
    game, lang, lines = kit
    bad = [line for line in lines if "'" in line or '"' in line]
    assert not bad, f"{game} {lang}: {bad[:5]}"


@pytest.mark.slow
def test_french_sets_narrow_spaces_before_high_punctuation(kit):
    game, lang, lines = kit
    if lang != "fr":
        pytest.skip("only French sets a space before : ; ! ?")
    text = "\n".join(lines)
    assert "\u202f:" in text
    assert not re.findall(r"\w[ \u00a0][:;!?](?:\s|$)", text), game


@pytest.mark.slow
def test_one_form_of_address_per_kit(kit):
    game, lang, lines = kit
    text = "\n".join(lines).replace("-\n", "")  # a word hyphenated at a line's end, whole
    used = sorted(form for form, words in address_words(lang).items()
                  if form_pattern(words).search(text))
    assert len(used) <= 1, f"{game} {lang} speaks to the reader as {used}"
    if lang == "fr":
        assert used == ["vous"], game
