"""Patient Zero's print guide: the cubes, the day counter and the die the box holds are what
a player brings; the stickers and the paper die say how to make the limb die."""

from __future__ import annotations

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
    assert "1. Autocollants du dé des membres" in guide.text
    assert "collez chacun sur la face d’un dé de 16 mm qui porte son chiffre" in guide.text
    assert step_pages(guide, "Dé des membres en papier") == {guide.outline["Dé des membres en "
                                                                           "papier"]}
