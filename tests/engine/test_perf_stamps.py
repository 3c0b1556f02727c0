"""Repeated drawings are stored once: identical backs become one PDF form placed on every
card, while anything a layout reads from its card keeps each card's own drawing."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pypdfium2 as pdfium
from pypdf import PdfReader

from generator.pipeline.build import build
from generator.pipeline.request import BuildRequest
from support.paths import FIXTURES

QTY = {"Medic": 3, "Runner": 2, "Surgeon": 2}  # tests/fixtures/designer_deck/cards.csv


def _forms_and_uses(path: Path, prefix: str = "") -> tuple[set[str], int]:
    """Names of the form XObjects the pages place (those whose name holds ``prefix``), and
    how many times they place them."""
    names: set[str] = set()
    uses = 0
    for page in PdfReader(path).pages:
        xobjects = page["/Resources"].get("/XObject") or {}
        forms = {k for k, v in xobjects.items()
                 if v.get_object().get("/Subtype") == "/Form" and prefix in k}
        names |= forms
        data = page.get_contents().get_data().decode("latin-1")
        uses += sum(len(re.findall(re.escape(name) + r" Do\b", data)) for name in forms)
    return names, uses


def _texts(path: Path) -> list[str]:
    document = pdfium.PdfDocument(str(path))
    return [document[i].get_textpage().get_text_range() for i in range(len(document))]


def test_identical_backs_are_one_form_placed_on_every_card(tmp_path: Path) -> None:
    result = build(BuildRequest(FIXTURES / "designer_deck", "en", only=("heroes",),
                                out_dir=tmp_path))
    forms, uses = _forms_and_uses(result.path, "Stamp")  # (pictures are forms of their own)
    assert len(forms) == 1 and uses == result.cards == 7
    backs = "".join(_texts(result.path))
    assert backs.count("Sample Prototype") >= 7 + 1, "every back still shows the game title"


def test_backs_that_read_the_card_keep_their_own_drawing(tmp_path: Path) -> None:
    game = Path(shutil.copytree(FIXTURES / "designer_deck", tmp_path / "game"))
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8").replace("back: basic-back", "back: hero"),
                    encoding="utf-8")
    result = build(BuildRequest(game, "en", only=("heroes",), out_dir=tmp_path / "out"))
    text = "".join(_texts(result.path))
    for title, qty in QTY.items():
        assert text.count(title) == 2 * qty, f"{title}: on each copy's front and back"


def test_a_layout_chosen_by_name_at_draw_time_still_shares_its_backs(tmp_path: Path) -> None:
    """Microbious backs draw ``mb-shape-{{ shape }}``: only the shape layouts are read, so
    the 54 backs are one form, while the fronts (every card its own) are not merged. (The
    fronts' art is placed as forms of its own, ``Art``: not counted here.)"""
    result = build(BuildRequest("microbious", "en", only=("deck",), out_dir=tmp_path))
    forms, uses = _forms_and_uses(result.path, "Stamp")
    assert (len(forms), uses) == (1, result.cards) == (1, 54)


def test_layout_names_follow_uses_and_patterns() -> None:
    from generator.pipeline.load import resolve_game
    from generator.render.form_keys import layout_names

    game = resolve_game("microbious")
    assert "card" not in layout_names(game, "mb-back")
    assert {"card", "shape"} <= layout_names(game, "mb-card")
