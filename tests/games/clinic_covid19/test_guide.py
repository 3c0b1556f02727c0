"""COVID-19 for Clinic Deluxe's print guide: the variant needs the Clinic game itself, its
gang-run tiles are cut straight across the sheet and tiles are called tiles; and the summary
card heads its Infections step once."""

from __future__ import annotations

import re

import pytest

from generator.i18n.catalog import translator
from generator.pipeline.load import game_source
from support.guide import read_guide, step_pages
from support.pdf_text import fold, page_lines


@pytest.mark.slow
def test_clinic_itself_to_bring_and_the_tiles_cut_across(built):
    guide = read_guide(built("clinic-covid19", "en").path, "clinic-covid19", "en")
    assert "Clinic Deluxe Edition (the first edition of Clinic works too)" in guide.text
    first = guide.outline["COVID-19 tiles"]
    assert step_pages(guide, "COVID-19 tiles") == {first, first + 1}  # the faces, their backs
    assert "cut straight across the sheet from each crop mark to the one facing it" in guide.text


# what each language calls a tile and a card
TILE = {"en": "tile", "fr": "tuile", "de": "Plättchen"}
CARD = {"en": "card", "fr": "carte", "de": "Karte"}
TILE_PARTS = ("COVID-19 tiles", "Round marker", "Propagation tile")


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_guide_calls_the_tiles_tiles(built, lang):
    """The tiles, the round marker and the propagation tile are cut from card stock and never
    sleeved: the paper advice gives each one's size as tiles, and no step of theirs says
    cards."""
    guide = read_guide(built("clinic-covid19", lang).path, "clinic-covid19", lang)
    for part in TILE_PARTS:
        title = re.escape(guide.tr.gettext(part))
        sizes = re.findall(title + r" \(([^)]*mm[^)]*)\)", guide.text)
        assert sizes, part
        for size in sizes:
            assert TILE[lang] in size and CARD[lang] not in size.lower(), (part, size)
        step = re.search(r"\d+\. " + title + r" — [^:]*: (.*?)(?= \d+\. |$)", guide.text)
        assert step and CARD[lang] not in step.group(1).lower(), (part, step)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_summary_card_names_the_infections_step_once(built, lang):
    """The round's Infections step is its heading; the text under it does not say it again."""
    path = built("clinic-covid19", lang, only=("summary-card",), guide=False).path
    tr = translator(lang, game_source("clinic-covid19"))
    front = next(page for page in page_lines(path)
                 if tr.gettext("Each round").upper() in page)
    word = tr.gettext("Infections").lower()
    assert fold(front).lower().count(word) == 1
