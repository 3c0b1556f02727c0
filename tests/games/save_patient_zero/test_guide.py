"""Save Patient Zero's print guide: the screens go double-sided with the rest of the file (their
second side turned to suit its flip), each lab sheet on a sheet of its own, the cut-out tools
and the lab sheet have steps of their own, and the labs bring pencils and a Savvy; the German
guide says "du" to the person printing, as the other kits' German guides do."""

from __future__ import annotations

import re

import pytest

from generator.i18n import engine_messages as m
from support.guide import listed, read_guide, step_pages


@pytest.mark.parametrize("lang, screen", [("en", "Screen, Lab-M"), ("fr", "Paravent, Labo-M"),
                                          ("de", "Sichtschirm, Labor-M")])
@pytest.mark.slow
def test_screens_print_with_the_whole_file_and_come_first(built, lang, screen):
    guide = read_guide(built("save-patient-zero", lang).path, "save-patient-zero", lang)
    first = guide.outline[screen]
    assert step_pages(guide, screen) == {first, first + 1}           # inside, outside
    long = listed(guide, m.GUIDE_DUPLEX["long"])
    assert set(range(first, first + 4)) <= long                      # and Lab-T: one flip
    assert not listed(guide, m.GUIDE_DUPLEX["short"])
    assert re.search(rf"\d+\. {re.escape(screen)} — ", guide.text)  # steps in page order


@pytest.mark.slow
def test_cutouts_lab_sheet_and_what_to_bring(built):
    guide = read_guide(built("save-patient-zero", "de").path, "save-patient-zero", "de")
    assert "Prüfe, dass das Lineal 95 mm misst" in guide.text
    # each lab sheet with a blank back of its own: never two back to back
    assert "Laborblatt — Seiten 3, 5: Nichts zu schneiden: Jedes Labor spielt" in guide.text
    assert {4, 6} <= listed(guide, m.GUIDE_BLANK)
    assert "Ein Bleistift pro Labor" in guide.text and "Savvy" in guide.text


@pytest.mark.slow
def test_single_sided_screens_are_glued_back_to_back(built):
    guide = read_guide(built("save-patient-zero", "en", only=("screen-m", "lab-sheet"),
                             duplex="none").path, "save-patient-zero", "en")
    assert listed(guide, m.GUIDE_SIMPLEX) == set(range(1, 6)) and guide.pages == 5
    assert ("Screen, Lab-M — pages 4–5: Fold between its three panels so that it stands, "
            "the inside (the tools) facing the lab that uses it. Printed single-sided: glue its "
            "pages back "
            "to back, two by two, in order.") in guide.text
    assert not listed(guide, m.GUIDE_DUPLEX["short"])


# the second person plural ("ihr") and its possessives: the rules speak to the labs so, the
# guide to the one person printing and assembling ("du"), in every German guide of the kits
PLURAL_YOU = re.compile(r"\b(?:euch|euer|eure[nmrs]?|[Ff]altet|[Öö]ffnet|[Ss]chneidet)\b")


@pytest.mark.slow
@pytest.mark.parametrize("game", ["save-patient-zero", "clinic-covid19", "microbious",
                                  "patient-zero-solo", "pharma-code"])
def test_german_guides_say_du_throughout(built, game):
    guide = read_guide(built(game, "de").path, game, "de")
    assert "Schneide" in guide.text
    assert PLURAL_YOU.findall(guide.text) == []
