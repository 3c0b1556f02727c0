"""``repeat``: its ``elements`` once per item of ``items``, stepped on a grid of ``cols``.

Each copy sees the item (under ``as``, default ``item``) and ``i``, ``row`` and ``col``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...errors import RenderError
from ...limits import limit, past
from ...units import mm
from ..expressions import Scope, evaluate
from .kind import BOX_KEYS, LENGTH, ElementType, Key

if TYPE_CHECKING:
    from ..painter import Painter


def draw(p: Painter, element: Mapping[str, Any], context: dict[str, Any], w: float, h: float,
         bleed: float, where: str) -> None:
    items = evaluate(element.get("items", "[]"), context, f"{where}.items")
    if items is None:
        return
    copies = p.repeats[-1] * len(items)  # nested repeats multiply: 1000 × 1000 × 1000
    if copies > limit("repeat_copies"):
        raise RenderError(f"{where}.items: " + past("repeat_copies", f"{copies:,} copies "
                                                    "of the repeated elements"))
    p.repeats.append(copies)
    try:
        _copies(p, element, items, context, w, h, where)
    finally:
        p.repeats.pop()


def _copies(p: Painter, element: Mapping[str, Any], items: Any, context: dict[str, Any],
            w: float, h: float, where: str) -> None:
    name = element.get("as", "item")
    cols = max(1, int(p.num(element, "cols", context, where, len(items), plain=True)))
    dx = p.num(element, "dx", context, where, 0.0)
    dy = p.num(element, "dy", context, where, 0.0)
    x0 = p.num(element, "x", context, where, 0.0)
    y0 = p.num(element, "y", context, where, 0.0)
    for index, item in enumerate(items):
        row, col = divmod(index, cols)
        inner = Scope(context, **{name: item, "i": index, "row": row, "col": col})
        p.canvas.saveState()
        p.canvas.translate(mm(x0 + col * dx), -mm(y0 + row * dy))
        p.elements(element.get("elements", ()), inner, w, h, 0.0, where)
        p.canvas.restoreState()


# w and h only place the centre a ``rotate`` turns about
ELEMENT = ElementType("repeat", {
    **BOX_KEYS,
    "x": Key(LENGTH, "0", "Where the first copy starts, right of the layout's left edge."),
    "y": Key(LENGTH, "0", "Where the first copy starts, below the layout's top edge."),
    "items": Key("expression", "[]", "The list to repeat over, e.g. `range(5)`, "
                 "`card.icons`, `data.track`."),
    "as": Key("name", "item", "The name each copy reads its item under; `i`, `row` and "
              "`col` are given too."),
    "cols": Key("number", "(all in one row)", "Copies in a row before the next row starts."),
    "dx": Key(LENGTH, "0", "Step from one copy to the next in a row."),
    "dy": Key(LENGTH, "0", "Step from one row to the next."),
    "elements": Key("list of elements", "[]", "What each copy draws, placed relative to the "
                    "copy's corner."),
}, draw, replayed=True, example="""\
size: [60, 30]
elements:
  - type: repeat
    items: "range(10)"
    as: n
    cols: 5
    x: 4
    y: 3
    dx: 11
    dy: 12
    elements:
      - {type: ellipse, w: 9, h: 9, fill: "{{ 'accent' if n < 7 else 'paper' }}",
         stroke: ink, stroke_width: 0.3}
      - {type: text, w: 9, h: 9, text: "{{ n + 1 }}", size: 7, align: center,
         valign: middle, color: "{{ 'white' if n < 7 else 'ink' }}"}
""")
