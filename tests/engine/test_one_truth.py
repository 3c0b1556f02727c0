"""Lists the code once kept by hand, now read from one declaration (issue 27, item 8): the
PDF's name and its build record read the same fields of a request, and a page that shows a
layout in SVG takes each element's form from its type, refusing a type that has none."""

from __future__ import annotations

from dataclasses import fields, replace
from pathlib import Path

import pytest

from generator.errors import RenderError
from generator.imposition.plan import PrintOptions
from generator.pipeline.load import load_builtin
from generator.pipeline.request import BuildRequest, Named, pdf_name
from generator.savvy.page import CUE_LAYOUT, cue_svg

CHANGED = {"lang": "de", "only": ("lab-sheet",), "copies": 3,
           "options": PrintOptions(bleed=0.0), "guide": False,
           "fallback": "en", "layout_dirs": (Path("mine"),), "rules_url": "https://x.org",
           "out_dir": Path("elsewhere")}


@pytest.mark.parametrize("name", sorted(CHANGED))
def test_the_pdf_name_reads_exactly_the_named_fields(name: str) -> None:
    game = load_builtin("save-patient-zero")
    request = BuildRequest("save-patient-zero", "en")
    renamed = pdf_name(game, replace(request, **{name: CHANGED[name]})) != pdf_name(game, request)
    assert renamed == (name in Named._fields), name
    assert {f.name for f in fields(BuildRequest)} <= set(CHANGED) | {"game"}


def test_a_cue_drawn_by_a_type_with_no_svg_form_is_refused_not_dropped() -> None:
    game = load_builtin("save-patient-zero")
    layout = game.layouts[CUE_LAYOUT]
    text = {"type": "text", "x": 0, "y": 0, "w": 10, "h": 10, "text": "?"}
    spoilt = replace(game, layouts={**game.layouts,
                                    CUE_LAYOUT: replace(layout, elements=(text,))})
    with pytest.raises(RenderError, match=r"spz-cue.elements\[0\]: .* a text element has no "
                                          r"form of; use rect, ellipse, polygon"):
        cue_svg(spoilt, "●")
    assert cue_svg(game, "●") == "<ellipse cx=\"5\" cy=\"5\" rx=\"4\" ry=\"4\"/>"
