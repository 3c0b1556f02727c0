"""Every key of every element type is declared with a type, a default and a meaning, and
every type has an example that loads and draws: the element reference of the documentation is
generated from these, so a key without them would be a key nobody can look up."""

from __future__ import annotations

import sys

import pytest

from generator.render.elements import ELEMENTS, SCHEMA
from generator.render.elements.kind import COMMON, COMMON_KEYS
from support.doc_commands import ROOT


@pytest.mark.parametrize("kind", sorted(ELEMENTS))
def test_every_key_says_its_type_default_and_meaning(kind):
    element = ELEMENTS[kind]
    assert SCHEMA[kind] == COMMON | set(element.declared)
    for name, key in {**COMMON_KEYS, **element.declared}.items():
        assert key.type.strip() and key.default.strip(), f"{kind}.{name}"
        assert key.meaning.rstrip().endswith("."), f"{kind}.{name}: say what it does"


def test_every_example_draws_its_type():
    sys.path.insert(0, str(ROOT / "docs_build"))
    try:
        from pictures import ExampleGame
    finally:
        sys.path.pop(0)
    import yaml

    for kind, element in ELEMENTS.items():
        types = {e["type"] for e in yaml.safe_load(element.example)["elements"]}
        assert kind in types, f"the {kind} example draws no {kind}"
    game = ExampleGame()
    try:
        drawn = game.draw({kind: element.example for kind, element in ELEMENTS.items()})
    finally:
        game.close()
    assert set(drawn) == set(ELEMENTS)
    assert all(png.startswith(b"\x89PNG") and len(png) > 1000 for png in drawn.values())
