"""``qr``: a QR code of ``data`` in the largest square the box holds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..expressions import render_value
from ..qr import check_qr_data, place_qr
from .kind import BOX_KEYS, COLOUR, ElementType, Key

if TYPE_CHECKING:
    from ..painter import Painter


def draw(p: Painter, element: Mapping[str, Any], context: dict[str, Any], w: float, h: float,
         bleed: float, where: str) -> None:
    data = str(render_value(element.get("data", ""), context, where, "data"))
    check_qr_data(data, where)
    x, y, bw, bh = p.box(element, context, where, w, h)
    colour = p.colour(element, "color", context, where, "black")
    place_qr(p.canvas, p.qr_forms, data, x, y, min(bw, bh), colour)


ELEMENT = ElementType("qr", {
    **BOX_KEYS,
    "data": Key("text", "(empty)", "What the code holds, usually an address; may be an "
                "expression such as `{{ vars.rules_url }}`."),
    "color": Key(COLOUR, "black", "Colour of the dark modules."),
}, draw, example="""\
size: [60, 30]
elements:
  - {type: qr, x: 3, y: 3, w: 24, h: 24, data: "https://example.org/rules"}
  - {type: text, x: 30, y: 3, w: 27, h: 24, text: "Scan for the full rules", size: 9,
     valign: middle}
""")
