"""Every element type reads each key it declares, and reads no key it does not declare: the
loader's schema and the drawing code cannot drift apart."""

from __future__ import annotations

import io
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from reportlab.pdfgen.canvas import Canvas

from generator.pipeline.load import load_game
from generator.render.blocks import Block, Icon
from generator.render.elements import ELEMENTS, SCHEMA
from generator.render.fonts import register_fonts
from generator.render.painter import Painter
from support.elements import SAMPLES
from support.paths import FIXTURES

DECK = FIXTURES / "designer_deck"
BOX = {"x": 2, "y": 3, "w": 30, "h": 20, "rotate": 15, "if": "true", "id": "sample"}
LOADER_ONLY = {"id"}  # read by layouts' override and remove, not by drawing


class Recording(Mapping[str, Any]):
    """An element that notes every key the drawing code asks about."""

    def __init__(self, data: Mapping[str, Any]):
        self.data, self.read = dict(data), set()

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        self.read.add(key)
        return self.data.get(key, default)

    def __contains__(self, key: object) -> bool:
        self.read.add(str(key))
        return key in self.data

    def __iter__(self) -> Iterator[str]:
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)


def test_every_type_has_a_sample():
    assert set(SAMPLES) == set(ELEMENTS)


@pytest.mark.parametrize("kind", sorted(ELEMENTS))
def test_declared_keys_are_exactly_the_keys_drawing_reads(kind):
    register_fonts()
    element = Recording({"type": kind, **BOX, **SAMPLES[kind]})
    assert set(element.data) == SCHEMA[kind], "the sample should carry every declared key"
    painter = Painter(Canvas(io.BytesIO()), load_game(DECK))
    blocks = (Block("para", ("Wash your hands ", Icon("icon-person"), " twice.")),)
    painter.elements((element,), {"sample_blocks": blocks, "lang": "en",
                                         "tone": "#000000"}, 60, 40, 3.0, "test")
    assert SCHEMA[kind] - LOADER_ONLY - element.read == set(), "declared but never read"
    assert element.read - SCHEMA[kind] == set(), "read but not declared"
