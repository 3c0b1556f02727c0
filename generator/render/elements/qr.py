"""``qr``: a QR code of ``data`` in the largest square the box holds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..expressions import render_value
from ..qr import place_qr
from .kind import BOX, ElementType

if TYPE_CHECKING:
    from ..painter import Painter


def draw(p: Painter, element: Mapping[str, Any], context: dict[str, Any], w: float, h: float,
         bleed: float, where: str) -> None:
    data = str(render_value(element.get("data", ""), context, where, "data"))
    x, y, bw, bh = p.box(element, context, where, w, h)
    colour = p.colour(element, "color", context, where, "black")
    place_qr(p.canvas, p.qr_forms, data, x, y, min(bw, bh), colour)


ELEMENT = ElementType("qr", BOX | {"data", "color"}, draw)
