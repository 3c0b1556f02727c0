"""``image``: a picture file from the game's folder, fitted to the box (``fit``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..expressions import render_value
from .kind import BLEED_KEY, BOX_KEYS, ElementType, Key

if TYPE_CHECKING:
    from ..painter import Painter


def draw(p: Painter, element: Mapping[str, Any], context: dict[str, Any], w: float, h: float,
         bleed: float, where: str) -> None:
    src = str(render_value(element.get("src", ""), context, where, "src"))
    x, y, bw, bh = p.bleed_box(element, context, where, w, h, bleed)
    path = (p.game.folder / src).resolve()
    p.images.draw(p.canvas, path, p.game.folder, x, y, bw, bh, element.get("fit", "contain"),
                  where)


ELEMENT = ElementType("image", {
    **BOX_KEYS, **BLEED_KEY,
    "src": Key("file path", "(required)", "A PNG, JPEG or SVG in the game folder, e.g. "
               "`art/{{ card.art }}`; without a suffix .svg, .png, .jpg, .jpeg are tried."),
    "fit": Key("contain | cover | fill", "contain", "contain: the whole picture inside the "
               "box; cover: the box covered, the picture cropped; fill: stretched to the box."),
}, draw, example="""\
size: [60, 30]
elements:
  - {type: image, x: 2, y: 2, w: 26, h: 26, src: art/sample.svg, fit: contain}
  - {type: image, x: 32, y: 2, w: 26, h: 26, src: "{{ card.art }}", fit: cover}
""")
