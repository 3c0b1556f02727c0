"""COVID-19 for Clinic Deluxe's print guide: the variant needs the Clinic game itself, and
its gang-run tiles are cut straight across the sheet."""

from __future__ import annotations

import pytest

from support.guide import read_guide, step_pages


@pytest.mark.slow
def test_clinic_itself_to_bring_and_the_tiles_cut_across(built):
    guide = read_guide(built("clinic-covid19", "en").path, "clinic-covid19", "en")
    assert "Clinic Deluxe Edition (the first edition of Clinic works too)" in guide.text
    first = guide.outline["COVID-19 tiles"]
    assert step_pages(guide, "COVID-19 tiles") == {first, first + 1}  # the faces, their backs
    assert "cut straight across the sheet from each crop mark to the one facing it" in guide.text
