"""COVID-19 for Clinic Deluxe's art read back: the 100 tiles are one drawing of the seeded
coronavirus placed 100 times, the round marker carries its syringe pictogram on both sides,
and the coronavirus is drawn from data.art (another seed, another drawing)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.content.loader import game_folder
from generator.pipeline.build import build
from generator.pipeline.request import BuildRequest
from support.art import forms_named, icon_ops, page_ops
from support.pdf_text import page_lines

GAME = "clinic-covid19"


def _build(out: Path, game: str | Path = GAME, only: tuple[str, ...] = ("covid-tiles",)):
    return build(BuildRequest(game, "en", out_dir=out, only=only)).path


@pytest.fixture(scope="module")
def tiles_pdf(tmp_path_factory) -> Path:
    return _build(tmp_path_factory.mktemp("tiles"))


def test_the_100_tiles_are_one_drawing_a_side(tiles_pdf):
    """The face and the designed back: one form each, each placed once a tile."""
    stamps = forms_named(tiles_pdf, "Stamp")
    assert len(stamps) == 2
    pages = PdfReader(tiles_pdf).pages
    for name in stamps:
        do = re.compile(re.escape(name.encode()) + rb" Do\b")
        assert [len(do.findall(page.get_contents().get_data())) for page in pages].count(100) == 1


def test_another_seed_draws_another_coronavirus(tmp_path, tiles_pdf):
    folder = Path(shutil.copytree(game_folder(GAME), tmp_path / "game"))
    yaml = folder / "game.yaml"
    text = yaml.read_text(encoding="utf-8")
    assert "art: {seed: 19," in text
    yaml.write_text(text.replace("art: {seed: 19,", "art: {seed: 20,"), encoding="utf-8")
    other = _build(tmp_path / "out", folder)
    assert set(forms_named(other, "Stamp").values()) != set(
        forms_named(tiles_pdf, "Stamp").values())


def test_the_round_marker_shows_its_syringe_on_both_sides(tmp_path):
    pdf = _build(tmp_path, only=("round-marker",))
    lines, ops = page_lines(pdf), page_ops(pdf)
    syringe = icon_ops("syringe")
    marker = [i for i, page in enumerate(lines) if "ROUND" in page]
    assert len(marker) == 2 and all(syringe in ops[i] for i in marker)

