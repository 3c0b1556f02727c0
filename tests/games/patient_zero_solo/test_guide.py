"""Patient Zero's print guide: the cubes, the day counter and the die the box holds are what
a player brings; the stickers and the paper die say how to make the limb die."""

from __future__ import annotations

import re

import pytest

from support.guide import read_guide, step_pages


@pytest.mark.slow
def test_cubes_counter_and_die_to_bring_and_the_die_steps(built):
    kit = built("patient-zero-solo", "fr")
    guide = read_guide(kit.path, "patient-zero-solo", "fr")
    for words in ("18 cubes ou autres petits pions de chacune des quatre couleurs",
                  "Un marqueur pour la piste des jours", "Un dé à six faces"):
        assert words in guide.text
    stickers = step_pages(guide, "Autocollants du dé des membres")
    assert guide.outline["Autocollants du dé des membres"] in stickers
    assert re.search(r"\d+\. Autocollants du dé des membres — ", guide.text)  # page order
    assert "collez chacun sur la face d’un dé de 16 mm qui porte son chiffre" in guide.text
    assert step_pages(guide, "Dé des membres en papier") == {guide.outline["Dé des membres en "
                                                                           "papier"]}


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "de"])
def test_rulings_are_daggers_in_play_and_explained_on_the_guide(built, lang):
    """The editorial rule: the guide's page 1 names each ruling of this edition under "About
    this edition" (game.yaml's edition:) and credits the designer; no part a player reads
    speaks of "this kit" or "the source", and the rule cards mark the rulings with †."""
    from generator.pipeline.load import resolve_game
    from support.pdf_text import fold, page_lines

    kit = built("patient-zero-solo", lang)
    guide = read_guide(kit.path, "patient-zero-solo", lang)
    game = resolve_game("patient-zero-solo")
    assert guide.tr.gettext("About this edition") in guide.text
    for ruling in game.edition:
        assert fold(guide.tr.gettext(ruling).split()) in guide.text
    assert "knightshade (BGDF thread 15365" in guide.text
    rest = fold([line for page in page_lines(kit.path)[1:] for line in page])
    for meta in ("this kit's choice", "this kit’s choice", "the source", "Festlegung dieses Kits",
                 "Die Quelle", "(it names no author)"):
        assert meta not in rest, meta
    assert rest.count("†") >= 5
