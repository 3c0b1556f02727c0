"""Which elements that carry meaning cross a card's safe zone: the band inside the trim that a
print shop's cut may take (``safe`` in templates/sizes.yaml, 1/8 in by default).

``pnp check`` draws every card once more with a :class:`SafeWatch` on the painter. Each
element is seen before it is drawn, its box turned into the card's millimetres through the
canvas's transformation (so a ``use`` scaled into an icon box, or a turned element, is where
the page shows it). Text, rule flows, QR codes and images carry meaning; full-bleed art does
not: an image with ``bleed: true`` or as large as the card, and everything drawn inside a
``use``, ``group`` or ``repeat`` whose box runs past the trim into the bleed (a background
pattern: what is meant to be cut through is art)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..content.model import Size
from ..content.sizes import safe_zone
from ..units import mm
from .expressions import render_value

if TYPE_CHECKING:
    from .painter import Painter

MEANING = frozenset({"text", "flow", "qr", "image"})  # element types a reader needs whole
LAYERS = frozenset({"use", "group", "repeat"})        # element types that hold others
SLACK = 0.01  # mm: a box on the line is inside


@dataclass(frozen=True)
class Crossing:
    """One element over the line: where it is written and how far into the zone it reaches."""

    where: str
    id: str
    depth: float  # mm beyond the safe line
    safe: float

    def __str__(self) -> str:
        name = f" (id {self.id})" if self.id else ""
        return (f"{self.where}{name}: reaches {self.depth:.2f} mm into the {self.safe:g} mm safe "
                f"zone inside the trim; move it {self.depth:.2f} mm in (templates/sizes.yaml "
                "`safe`)")


@dataclass
class SafeWatch:
    """Collects the crossings of every card drawn while it is the painter's ``safe``."""

    found: dict[str, Crossing] = field(default_factory=dict)
    _card: tuple[float, float, float] = (0.0, 0.0, 0.0)       # w, h, safe inset
    _frame: tuple[float, ...] = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)  # the card's inverse matrix
    _art: int = 0  # depth of layers running into the bleed being drawn

    def begin(self, painter: Painter, w: float, h: float) -> None:
        """A card's drawing starts at the canvas's current origin (its trim's top-left)."""
        self._card = (w, h, safe_zone(Size(w, h)))
        self._frame = _inverse(painter.canvas._currentMatrix)
        self._art = 0

    @contextmanager
    def element(self, painter: Painter, element: Mapping[str, Any], context: dict[str, Any],
                w: float, h: float, where: str) -> Iterator[None]:
        """Around one element's drawing: a crossing recorded, or a layer of art entered."""
        kind = element["type"]
        if kind not in MEANING and kind not in LAYERS:
            yield
            return
        x0, y0, x1, y1 = self._on_card(painter, painter.box(element, context, where, w, h))
        cw, ch, inset = self._card
        covers = x0 <= SLACK and y0 <= SLACK and x1 >= cw - SLACK and y1 >= ch - SLACK
        if kind in LAYERS:
            beyond = x0 < -SLACK or y0 < -SLACK or x1 > cw + SLACK or y1 > ch + SLACK
            self._art += beyond
            try:
                yield
            finally:
                self._art -= beyond
            return
        art = self._art or (kind == "image" and (element.get("bleed") or covers))
        depth = max(inset - x0, inset - y0, x1 - (cw - inset), y1 - (ch - inset))
        if not art and depth > SLACK and _draws(element, context, where):
            known = self.found.get(where)
            if known is None or depth > known.depth:
                self.found[where] = Crossing(where, str(element.get("id", "")), depth, inset)
        yield

    def _on_card(self, painter: Painter, box: tuple[float, float, float, float]
                 ) -> tuple[float, float, float, float]:
        """A box of the current layout in the card's mm (left, top, right, bottom)."""
        x, y, bw, bh = box
        a, b, c, d, e, f = painter.canvas._currentMatrix
        ia, ib, ic, id_, ie, if_ = self._frame
        xs, ys = [], []
        for px, py in ((x, y), (x + bw, y), (x, y + bh), (x + bw, y + bh)):
            ux, uy = mm(px), -mm(py)
            dx, dy = a * ux + c * uy + e, b * ux + d * uy + f
            cx, cy = ia * dx + ic * dy + ie, ib * dx + id_ * dy + if_
            xs.append(cx / mm(1))
            ys.append(-cy / mm(1))
        return min(xs), min(ys), max(xs), max(ys)


def _draws(element: Mapping[str, Any], context: dict[str, Any], where: str) -> bool:
    """Whether the element puts anything on the card: a text whose value is empty does not."""
    if element["type"] != "text":
        return True
    return bool(str(render_value(element.get("text", ""), context, where, "text")).strip())


def _inverse(matrix: tuple[float, ...]) -> tuple[float, ...]:
    a, b, c, d, e, f = matrix
    det = a * d - b * c
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return ia, ib, ic, id_, -(ia * e + ic * f), -(ib * e + id_ * f)
