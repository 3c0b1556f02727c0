"""``image``: a picture file from the game's folder, fitted to the box (``fit``); or, for a
``src`` of ``gi:<name>``, that icon of the bundled game-icons.net set, as large as the box
holds, filled with ``color`` (default black)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...content.icon_set import SOURCE_PREFIX, known, source_name, unknown_icon
from ...errors import RenderError
from ..expressions import render_value
from ..game_icons import draw_icon
from .kind import BLEED_KEY, BOX_KEYS, COLOUR, ElementType, Key

if TYPE_CHECKING:
    from ..painter import Painter


def draw(p: Painter, element: Mapping[str, Any], context: dict[str, Any], w: float, h: float,
         bleed: float, where: str) -> None:
    src = str(render_value(element.get("src", ""), context, where, "src"))
    x, y, bw, bh = p.bleed_box(element, context, where, w, h, bleed)
    colour = p.colour(element, "color", context, where, "black")
    icon = source_name(src)
    if icon is not None:
        if not known(icon):
            raise RenderError(f"{where}.src: {unknown_icon(icon, SOURCE_PREFIX)}")
        draw_icon(p.canvas, icon, x, y, bw, bh, colour)
        return
    path = p.game.folder / src  # resolved, suffix added, by ``images.locate``
    p.images.draw(p.canvas, path, p.game.folder, x, y, bw, bh, element.get("fit", "contain"),
                  where)


ELEMENT = ElementType("image", {
    **BOX_KEYS, **BLEED_KEY,
    "src": Key("file path", "(required)", "A PNG, JPEG or SVG in the game folder, e.g. "
               "`art/{{ card.art }}` (without a suffix .svg, .png, .jpg, .jpeg are tried); or "
               "`gi:NAME`, an icon of the bundled game-icons.net set."),
    "fit": Key("contain | cover | fill", "contain", "contain: the whole picture inside the "
               "box; cover: the box covered, the picture cropped; fill: stretched to the box."),
    "color": Key(COLOUR, "black", "The colour a `gi:` icon is filled with."),
}, draw, example="""\
size: [60, 30]
elements:
  - {type: image, x: 2, y: 2, w: 18, h: 26, src: art/sample.svg, fit: contain}
  - {type: image, x: 21, y: 2, w: 18, h: 26, src: "{{ card.art }}", fit: cover}
  - {type: image, x: 40, y: 5, w: 18, h: 20, src: "gi:heart-bottle", color: accent}
""")
