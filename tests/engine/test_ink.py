"""The ink a page takes, in every kit's print guide: each part's share of its pages covered by
ink, measured from the drawn PDF (pipeline/ink.py), kept in the game's ink.yaml and worded by
the levels of templates/ink.yaml."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from generator.content.ink_spec import FIGURES, ink_figures, ink_levels
from generator.content.yamlio import load_yaml
from generator.errors import PnpError
from generator.i18n import engine_messages as m
from generator.imposition.plan import PrintOptions
from generator.pipeline.build import draw_document, plan_document
from generator.pipeline.ink import page_coverage, part_coverage
from generator.pipeline.request import BuildRequest
from generator.resources import games_dir, templates_dir
from support.guide import read_guide

GAMES = sorted(p.name for p in games_dir().iterdir() if (p / "game.yaml").is_file())


def test_levels_follow_the_table():
    raw = load_yaml(templates_dir() / "ink.yaml")
    levels = ink_levels()
    bounds = [band["below"] for band in raw["levels"] if "below" in band]
    names = [band["level"] for band in raw["levels"]]
    assert levels.level(0) == names[0] and levels.level(100) == names[-1]
    for bound, below, above in zip(bounds, names, names[1:], strict=False):
        assert levels.level(bound - 0.1) == below and levels.level(bound) == above
    assert set(names) == set(m.GUIDE_INK_LEVELS)  # every level has the guide's words


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_stored_figures_are_the_kit_measured(game):
    """A kit whose drawing changed by more than the drift fails: measure it again."""
    request = BuildRequest(game, "en", PrintOptions(paper="a4"))
    planned = plan_document(request)
    measured = part_coverage(planned, draw_document(planned, request))
    stored = ink_figures(games_dir() / game)
    assert stored.keys() == measured.keys(), f"run python3 scripts/measure_ink.py {game}"
    for part, percent in measured.items():
        assert abs(stored[part] - percent) <= ink_levels().drift, (
            f"{game} {part}: {percent} % drawn, {stored[part]} % stored; "
            f"run python3 scripts/measure_ink.py {game}")


@pytest.mark.slow
def test_the_guide_words_each_part_by_its_level(built):
    result = built("save-patient-zero", "de")
    guide = read_guide(result.path, "save-patient-zero", "de")
    figures = ink_figures(games_dir() / "save-patient-zero")
    assert "Tinte, als bedeckter Anteil der Seite: viel: " in guide.text
    heavy = max(figures, key=figures.__getitem__)  # the darkest part is said to be heavy
    assert ink_levels().level(figures[heavy]) == "heavy"
    assert re.search(rf"\s{round(figures[heavy])}\s%", guide.text)
    # measured from the PDF itself: a blank back next to nothing, a card page well above it
    shares = page_coverage(result.path.read_bytes())
    assert min(shares[p - 1] for p in guide.blank_pages) < 1
    assert max(shares) > 25


def test_a_game_without_figures_says_nothing_of_ink(tmp_path: Path):
    folder = tmp_path / "game"
    shutil.copytree(games_dir() / "microbious", folder)
    (folder / FIGURES).unlink()
    assert ink_figures(folder) == {}


def test_bad_figures_name_the_file_and_the_fix(tmp_path: Path):
    path = tmp_path / FIGURES
    path.write_text("deck: lots\n", encoding="utf-8")
    with pytest.raises(PnpError, match=r"ink\.yaml.*scripts/measure_ink\.py"):
        ink_figures(tmp_path)
