"""Draw layout elements on a reportlab canvas.

Coordinates in layouts are mm from the top-left of the layout's box, y downwards. The painter
walks a layout's elements and hands each to its type in :mod:`.elements`; it knows element
types, never a game's rules.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any, NamedTuple

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from ..content.markup import Symbol
from ..content.model import Game
from ..errors import RenderError
from ..units import mm, parse_length
from . import colours
from .elements import ELEMENTS
from .elements.kind import Draw
from .expressions import evaluate
from .form_keys import FormKeys
from .game_icons import draw_icon
from .images import ImageCache
from .recording import replay_or_record
from .resolver import Resolver
from .safe_zone import SafeWatch
from .text import TextOverflow

INK_SAVER_KEEP = 0.18  # share of colour kept by full-bleed fills in ink-saver mode


class Step(NamedTuple):
    """One element of a layout, ready to draw."""

    element: Mapping[str, Any]
    where: str
    draw: Draw
    condition: Any  # the ``if`` expression, or None
    rotates: bool
    replayed: bool  # its type is worth replaying (see ``Replays``)


class Replays(NamedTuple):
    """What drawing an element from an earlier drawing of it needs (see :mod:`.recording`):
    the keys of elements, what every key of this painter shares, and what drawing leaves
    behind besides the page."""

    keys: FormKeys
    shared: tuple[Any, ...]
    effects: Callable[[], Hashable]


# (id of a layout's elements, where) → (those elements, their steps), for the process
_COMPILED: dict[tuple[int, str], tuple[tuple[Mapping[str, Any], ...], tuple[Step, ...]]] = {}
COMPILED_KEPT = 20_000  # element lists (a game has a few hundred; ``pnp watch`` reloads)


class Painter(Resolver):
    """Draws named layouts of one game, in one language, on one canvas."""

    def __init__(self, canvas: Canvas, game: Game, ink_saver: bool = False,
                 images: ImageCache | None = None):
        super().__init__(game)
        self.canvas = canvas
        self.ink_saver = ink_saver
        self.images = images if images is not None else ImageCache()
        self.qr_forms: dict[tuple, str] = {}
        self.art_forms: dict[tuple, str] = {}  # `use … form: true` drawings of this document
        self._art_keys: FormKeys | None = None
        self.replays: Replays | None = None  # set by a document that replays drawings
        self.repeats = [1]  # copies the ``repeat`` elements being drawn multiply to, nested
        self.using: list[str] = []  # the layouts ``use`` elements are drawing, outermost first
        self.safe: SafeWatch | None = None  # pnp check: the card elements over the safe line
        # pnp check: the texts that do not fit, gathered so that drawing goes on to the next
        # element and one run tells every box of a card (None: the first one stops drawing)
        self.overflows: list[TextOverflow] | None = None

    def settings(self) -> tuple[tuple[str, Any], ...]:
        """Every plain setting of this painter (ink saver…): a drawing replayed from another
        document must have been drawn with the same."""
        return tuple(sorted((name, value) for name, value in vars(self).items()
                            if isinstance(value, (bool, int, float, str, type(None)))))

    def art_key(self, layout: str, context: Mapping[str, Any], w: float,
                h: float) -> tuple | None:
        """The form key of a used layout drawn in a w×h box (None: its values cannot be
        compared, so it is drawn where it is)."""
        if self._art_keys is None:
            self._art_keys = FormKeys(self.game)
        return self._art_keys.key(layout, context, w, h, 0.0)

    def draw_layout(self, name: str, context: dict[str, Any], w: float, h: float,
                    bleed: float = 0.0) -> None:
        """Draw layout ``name`` into a w×h mm box whose top-left is the current origin."""
        layout = self.layout(name)
        if self.safe is not None:
            self.safe.begin(self, w, h)
        self.elements(layout.elements, context, w, h, bleed, f"{layout.source}:{name}")

    def elements(self, elements: tuple[Mapping[str, Any], ...], context: dict[str, Any],
                 w: float, h: float, bleed: float, where: str) -> None:
        """Draw ``elements`` in order (skipping those whose ``if`` is false), each rotated
        about its box's centre when it has a ``rotate``."""
        for step in self._steps(elements, where):
            element, here = step.element, step.where
            if step.condition is not None and not evaluate(step.condition, context, here):
                continue
            angle = step.rotates and self.num(element, "rotate", context, here, 0.0,
                                              plain=True)
            if angle:
                box = self.box(element, context, here, w, h)
                cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
                self.canvas.saveState()
                self.canvas.translate(mm(cx), -mm(cy))
                self.canvas.rotate(-angle)
                self.canvas.translate(-mm(cx), mm(cy))
                self._draw(step, context, w, h, bleed)
                self.canvas.restoreState()
            else:
                self._draw(step, context, w, h, bleed)

    def _draw(self, step: Step, context: dict[str, Any], w: float, h: float,
              bleed: float) -> None:
        if self.overflows is None:
            self._watched(step, context, w, h, bleed)
            return
        try:
            self._watched(step, context, w, h, bleed)
        except TextOverflow as overflow:  # told after the placement, with the others
            self.overflows.append(overflow)

    def _watched(self, step: Step, context: dict[str, Any], w: float, h: float,
                 bleed: float) -> None:
        if self.safe is not None:
            with self.safe.element(self, step.element, context, w, h, step.where):
                self._paint(step, context, w, h, bleed)
        else:
            self._paint(step, context, w, h, bleed)

    def _paint(self, step: Step, context: dict[str, Any], w: float, h: float,
               bleed: float) -> None:
        replays = self.replays
        if replays is None or not step.replayed:
            step.draw(self, step.element, context, w, h, bleed, step.where)
            return
        key = replays.keys.element_key(step.element, step.where, context, w, h, bleed)
        replay_or_record(
            self.canvas, None if key is None else (*replays.shared, key),
            lambda: step.draw(self, step.element, context, w, h, bleed, step.where),
            replays.effects, context.get("lang"))

    def _steps(self, elements: tuple[Mapping[str, Any], ...], where: str) -> tuple[Step, ...]:
        """The elements compiled once per process into what drawing each needs: its
        drawing function, its ``if``, whether it turns, and the name errors give it."""
        key = (id(elements), where)
        compiled = _COMPILED.get(key)
        if compiled is not None and compiled[0] is elements:  # (an id can pass to another)
            return compiled[1]
        steps = tuple(Step(element, f"{where}.elements[{index}]", ELEMENTS[element["type"]].draw,
                           element.get("if"), "rotate" in element,
                           ELEMENTS[element["type"]].replayed)
                      for index, element in enumerate(elements))
        if len(_COMPILED) >= COMPILED_KEPT:
            _COMPILED.clear()
        _COMPILED[key] = (elements, steps)  # keeps the elements alive, and their id theirs
        return steps

    def inks(self, element: Mapping[str, Any], context: dict[str, Any], where: str,
             default_stroke: Any = None) -> tuple[Color | None, Color | None]:
        """The element's fill and stroke colours (None: not painted)."""
        fill = self.colour(element, "fill", context, where)
        stroke = self.colour(element, "stroke", context, where, default_stroke)
        if fill is not None and self.ink_saver and element.get("bleed"):
            fill = colours.tint(fill, INK_SAVER_KEEP)
        return fill, stroke

    def paint(self, element: Mapping[str, Any], context: dict[str, Any], where: str,
              fill: Color | None, stroke: Color | None) -> tuple[int, int]:
        """Set fill and stroke on the canvas; return (fill?, stroke?) for reportlab. Every
        element paints inside its own saved state, so solid lines need no dash reset."""
        canvas = self.canvas
        if fill is not None:
            colours.set_fill(canvas, fill)
        if stroke is not None:
            colours.set_stroke(canvas, stroke)
            canvas.setLineWidth(mm(self.num(element, "stroke_width", context, where, 0.3)))
            dash = element.get("dash")
            if dash:
                try:
                    canvas.setDash([mm(parse_length(d)) for d in dash])
                except (TypeError, ValueError) as exc:
                    raise RenderError(f"{where}.dash: {exc}") from None
        if fill is not None and element.get("opacity") is not None:
            opacity = self.num(element, "opacity", context, where, 1.0, plain=True)
            if not 0 <= opacity <= 1:
                raise RenderError(f"{where}.opacity: {opacity:g} is not a number from 0 "
                                  "(invisible) to 1 (solid)")
            canvas.setFillAlpha(opacity)
        return int(fill is not None), int(stroke is not None)

    def draw_picture(self, picture: Symbol, x: float, y: float, w: float, h: float,
                     where: str) -> None:
        """Draw the file (or bundled icon) of a ``:name:`` icon in the x, y, w, h mm box, a
        bundled one in the fill colour of the text around it."""
        source = self.icon_source(picture.name, where)
        if isinstance(source, str):
            draw_icon(self.canvas, source, x, y, w, h)
        else:
            self.images.draw(self.canvas, source, self.game.folder, x, y, w, h, "contain",
                             where)

    def path(self, points: list[tuple[float, float]], close: bool) -> PDFPathObject:
        """A canvas path through ``points`` (mm, y downwards)."""
        path = self.canvas.beginPath()
        path.moveTo(mm(points[0][0]), -mm(points[0][1]))
        for px, py in points[1:]:
            path.lineTo(mm(px), -mm(py))
        if close:
            path.close()
        return path
