"""Icons of the bundled game-icons.net set drawn as vector paths in the colour around them.

Each icon's SVG path is turned into PDF operators once per process (only the icons a build
uses); drawing one is then a transform and that string appended to the page. The calls are
plain canvas calls (``transform``, ``addLiteral``), so a card that carries an icon is still
recorded and replayed whole (:mod:`.recording`), which a PDF form would prevent; and the
page streams are compressed, so a repeated icon costs little in the file.
"""

from __future__ import annotations

from functools import lru_cache

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from ..content.icon_set import icon_set, paths
from ..units import mm
from . import colours
from .svg_path import pdf_operators


@lru_cache(maxsize=1024)
def operators(name: str) -> str:
    """The PDF operators that fill icon ``name`` in the set's own 512-unit box."""
    return "\n".join(pdf_operators(d, even_odd) for d, even_odd in paths(name))


def ratio() -> float:
    """Width / height of every icon of the set."""
    width, height = icon_set().size
    return width / height


def draw_icon(canvas: Canvas, name: str, x: float, y: float, w: float, h: float,
              colour: Color | None = None) -> None:
    """Draw icon ``name`` centred in the x, y, w, h mm box (y downwards), as large as it
    fits, filled with ``colour`` (None: the fill colour already set, as in a line of text)."""
    width, height = icon_set().size
    scale = min(w / width, h / height)
    dx, dy = x + (w - width * scale) / 2, y + (h - height * scale) / 2
    canvas.saveState()
    if colour is not None:
        colours.set_fill(canvas, colour)
    canvas.transform(mm(scale), 0, 0, -mm(scale), mm(dx), -mm(dy))
    canvas.addLiteral(operators(name))
    canvas.restoreState()
