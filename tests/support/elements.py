"""One element of each type, every key it declares written as a layout writes it: the
samples ``tests/engine/test_element_keys.py`` draws to show that drawing reads exactly the
declared keys, and ``tests/engine/test_replay.py`` replays. Add the sample of a new element
type here (the tests fail until every type of the registry has one)."""

from __future__ import annotations

from typing import Any

STROKE = {"stroke": "#000000", "stroke_width": 0.4, "dash": [1, 0.5]}
INKS = {**STROKE, "fill": "#336699", "opacity": 0.5}
SAMPLES: dict[str, dict[str, Any]] = {
    "rect": {**INKS, "radius": 1, "bleed": True},
    "ellipse": {**INKS, "bleed": True},
    "line": {**STROKE, "points": [[0, 0], [10, 5]], "arrow": "both"},
    "polygon": {**INKS, "points": [[0, 0], [10, 0], [5, 8]]},
    "text": {"text": "Hello", "size": 9, "min_size": 6, "font": "bold", "align": "center",
             "valign": "middle", "color": "#222222", "leading": 1.3},
    "qr": {"data": "https://example.org", "color": "#000000"},
    "image": {"src": "art/hero.png", "fit": "cover", "bleed": True, "color": "#336699"},
    "use": {"layout": "icon-person", "vars": {"tone": "'#cc0000'"}, "form": True},
    "repeat": {"items": "[1, 2, 3]", "as": "n", "cols": 2, "dx": 4, "dy": 4, "elements": []},
    "group": {"elements": []},
    "flow": {"blocks": "sample_blocks", "size": 8, "min_size": 6, "leading": 1.3,
             "columns": 2, "gap": 3, "color": "#222222", "accent": "#993300"},
}
