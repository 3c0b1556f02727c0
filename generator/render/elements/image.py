"""``image``: a picture file from the game's folder, fitted to the box (``fit``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..expressions import render_value
from .kind import BOX, ElementType

if TYPE_CHECKING:
    from ..painter import Painter


def draw(p: Painter, element: Mapping[str, Any], context: dict[str, Any], w: float, h: float,
         bleed: float, where: str) -> None:
    src = str(render_value(element.get("src", ""), context, where, "src"))
    x, y, bw, bh = p.bleed_box(element, context, where, w, h, bleed)
    path = p.game.folder / src  # resolved, suffix added, by ``images.locate``
    p.images.draw(p.canvas, path, p.game.folder, x, y, bw, bh, element.get("fit", "contain"),
                  where)


ELEMENT = ElementType("image", BOX | {"src", "fit", "bleed"}, draw)
