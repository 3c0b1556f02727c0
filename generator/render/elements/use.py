"""``use``: another layout drawn in this element's box.

A sized layout (an icon) is scaled to fit, keeping its proportions; a sizeless one (a panel)
is drawn at 1:1 with ``w`` and ``h`` set to the box. ``vars`` are evaluated in order, so a
later one may use an earlier one. With ``form: true`` the layout is drawn once per document as
a PDF form (art that recurs on many cards: the same values, one drawing) and placed at every
use; the form is keyed by the values the layout reads, so different values draw their own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...content.model import Layout
from ...errors import RenderError
from ...limits import limit, past
from ...units import mm
from ..expressions import Scope, evaluate, name_pattern, render_value
from ..recording import place_art
from .kind import BOX_KEYS, ElementType, Key

if TYPE_CHECKING:
    from ..painter import Painter


def draw(p: Painter, element: Mapping[str, Any], context: dict[str, Any], w: float, h: float,
         bleed: float, where: str) -> None:
    name = render_value(element.get("layout"), context, where, "layout")
    try:
        layout = p.layout(name)
    except RenderError as exc:  # a name a template made: the element that made it
        raise RenderError(f"{where}.layout: {exc}; name one of the layouts") from None
    if name in p.using:
        raise RenderError(f"{where}.layout: layout '{name}' uses itself ("
                          f"{' → '.join([*p.using, name])}), which would never end; draw "
                          "its elements instead of using it")
    if len(p.using) >= limit("use_depth"):
        raise RenderError(f"{where}.layout: " + past(
            "use_depth", f"layouts drawn inside one another ({' → '.join(p.using[:5])} …)"))
    p.using.append(name)
    try:
        _draw_used(p, element, context, w, h, where, name, layout)
    finally:
        p.using.pop()


def _draw_used(p: Painter, element: Mapping[str, Any], context: dict[str, Any], w: float,
               h: float, where: str, name: str, layout: Layout) -> None:
    x, y, bw, bh = p.box(element, context, where, w, h)
    extra: dict[str, Any] = {}
    for k, v in (element.get("vars") or {}).items():  # in order: each sees the ones before
        extra[k] = evaluate(v, Scope(context, **extra), f"{where}.vars.{k}")
    inner = layout.size
    p.canvas.saveState()
    if inner is not None:
        scale = min(bw / inner.w, bh / inner.h)
        p.canvas.translate(mm(x + (bw - inner.w * scale) / 2),
                           -mm(y + (bh - inner.h * scale) / 2))
        p.canvas.scale(scale, scale)
        iw, ih = inner.w, inner.h
    else:
        p.canvas.translate(mm(x), -mm(y))
        iw, ih = bw, bh
    inner_scope = Scope(context, **extra, w=iw, h=ih)

    def draw_inner() -> None:
        p.elements(layout.elements, inner_scope, iw, ih, 0.0, f"{layout.source}:{name}")

    # (not while the safe zone is watched: a form's drawing does not know where it is placed)
    key = p.art_key(name, inner_scope, iw, ih) if element.get("form") and p.safe is None \
        else None
    if key is None:
        draw_inner()
    else:
        place_art(p.canvas, key, draw_inner)
    p.canvas.restoreState()


ELEMENT = ElementType("use", {
    **BOX_KEYS,
    "layout": Key("layout name", "(required)", "The layout to draw: a sized one (an icon) is "
                  "scaled to fit the box, a sizeless one is drawn 1:1 with the box's w and h."),
    "vars": Key("mapping", "{}", "Names the used layout reads, each an expression evaluated "
                "here, in order (a later one may read an earlier one)."),
    "form": Key("true or false", "false", "Draw the used layout once per document as a PDF "
                "form and place that form wherever the same drawing recurs (art on many "
                "cards); the form is keyed by the values the layout reads."),
}, draw, replayed=True, draws=lambda element: name_pattern(str(element.get("layout", ""))),
    example="""\
size: [60, 30]
elements:
  - {type: use, layout: icon-virus, x: 3, y: 3, w: 24, h: 24, vars: {body: "'accent'"}}
  - {type: use, layout: icon-syringe, x: 30, y: 8, w: 28, h: 14,
     vars: {dose: "'#d9534f'"}}
""")
