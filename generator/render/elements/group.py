"""``group``: its ``elements`` moved together by ``x`` and ``y``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...units import mm
from .kind import BOX_KEYS, LENGTH, ElementType, Key

if TYPE_CHECKING:
    from ..painter import Painter


def draw(p: Painter, element: Mapping[str, Any], context: dict[str, Any], w: float, h: float,
         bleed: float, where: str) -> None:
    x = p.num(element, "x", context, where, 0.0)
    y = p.num(element, "y", context, where, 0.0)
    p.canvas.saveState()
    p.canvas.translate(mm(x), -mm(y))
    p.elements(element.get("elements", ()), context, w, h, bleed, where)
    p.canvas.restoreState()


# w and h only place the centre a ``rotate`` turns about
ELEMENT = ElementType("group", {
    **BOX_KEYS,
    "x": Key(LENGTH, "0", "Moves every element of the group right by this much."),
    "y": Key(LENGTH, "0", "Moves every element of the group down by this much."),
    "elements": Key("list of elements", "[]", "The elements moved (and turned) together."),
}, draw, example="""\
size: [60, 30]
elements:
  - type: group
    x: 20
    y: 5
    w: 20
    h: 20
    rotate: 20
    elements:
      - {type: rect, w: 20, h: 20, fill: accent}
      - {type: text, w: 20, h: 20, text: "7", size: 24, font: bold, color: white,
         align: center, valign: middle}
""")
