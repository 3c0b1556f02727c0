"""``ellipse``: the ellipse inscribed in the element's box."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, PATH_OPS
from reportlab.pdfgen.pdfgeom import bezierArc

from ...units import mm
from .kind import BLEED_KEY, BOX_KEYS, FILL_KEYS, ElementType

if TYPE_CHECKING:
    from ..painter import Painter


def draw(p: Painter, element: Mapping[str, Any], context: dict[str, Any], w: float, h: float,
         bleed: float, where: str) -> None:
    inks = p.inks(element, context, where)
    if inks == (None, None):
        return
    x, y, bw, bh = p.bleed_box(element, context, where, w, h, bleed)
    p.canvas.saveState()
    fill, stroke = p.paint(element, context, where, *inks)
    p.canvas.addLiteral(_ellipse_code(mm(x), -mm(y + bh), mm(x + bw), -mm(y), stroke, fill))
    p.canvas.restoreState()


@lru_cache(maxsize=4096)
def _ellipse_code(x1: float, y1: float, x2: float, y2: float, stroke: int, fill: int) -> str:
    """The operators ``canvas.ellipse`` writes, computed once per shape: the same dots and
    rings recur by the thousand (molecule markers, icons), and the curve maths dominated."""
    curves = bezierArc(x1, y1, x2, y2, 0, 360)
    return "\n".join(["n", f"{fp_str(*curves[0][:2])} m",
                      *(f"{fp_str(*curve[2:])} c" for curve in curves),
                      PATH_OPS[stroke, fill, FILL_EVEN_ODD]])


def svg(element: Mapping[str, Any]) -> str:
    w, h = element["w"] / 2, element["h"] / 2
    return (f'<ellipse cx="{element.get("x", 0) + w:g}" cy="{element.get("y", 0) + h:g}" '
            f'rx="{w:g}" ry="{h:g}"/>')


ELEMENT = ElementType("ellipse", {**BOX_KEYS, **FILL_KEYS, **BLEED_KEY}, draw, svg=svg, example="""\
size: [60, 30]
elements:
  - {type: ellipse, x: 5, y: 5, w: 20, h: 20, fill: accent}
  - {type: ellipse, x: 30, y: 8, w: 25, h: 14, fill: "#e8a33d", opacity: 0.6,
     stroke: ink, stroke_width: 0.5}
""")
