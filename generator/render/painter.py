"""Draw layout elements on a reportlab canvas.

Coordinates in layouts are mm from the top-left of the layout's box, y downwards. The painter
knows element types (rect, text, qr…), never a game's rules.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from ..content.legibility import text_floor
from ..content.model import Game, Layout
from ..errors import RenderError
from ..units import mm, parse_length
from . import colours
from .blocks import Block, Icon
from .expressions import Scope, evaluate, render_value
from .flow import FlowOverflow, FlowStyle, Run, draw_flow, fitted_flow
from .fonts import draw_text, font_name
from .images import ImageCache
from .qr import place_qr
from .text import fit_or_fail

INK_SAVER_KEEP = 0.18  # share of colour kept by full-bleed fills in ink-saver mode


@dataclass
class Painter:
    """Draws named layouts of one game, in one language, on one canvas."""

    canvas: Canvas
    game: Game
    ink_saver: bool = False
    images: ImageCache = field(default_factory=ImageCache)
    _colours: dict[str, Color | None] = field(default_factory=dict, init=False, repr=False)
    _qr_forms: dict[tuple, str] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        self._draw = self._handlers()

    # -- entry points ---------------------------------------------------------------------
    def draw_layout(self, name: str, context: dict[str, Any], w: float, h: float,
                    bleed: float = 0.0) -> None:
        """Draw layout ``name`` into a w×h mm box whose top-left is the current origin."""
        layout = self.layout(name)
        self._elements(layout.elements, context, w, h, bleed, f"{layout.source}:{name}")

    def layout(self, name: str) -> Layout:
        try:
            return self.game.layouts[name]
        except KeyError:
            raise RenderError(f"no layout named '{name}' for game '{self.game.id}'") from None

    # -- element walking ------------------------------------------------------------------
    def _elements(self, elements: tuple[Mapping[str, Any], ...], context: dict[str, Any],
                  w: float, h: float, bleed: float, where: str) -> None:
        for index, element in enumerate(elements):
            here = f"{where}.elements[{index}]"
            condition = element.get("if")
            if condition is not None and not evaluate(condition, context, here):
                continue
            draw = self._draw[element["type"]]
            angle = "rotate" in element and self._num(element, "rotate", context, here, 0.0,
                                                      plain=True)
            if angle:
                box = self._box(element, context, here, w, h)
                cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
                self.canvas.saveState()
                self.canvas.translate(mm(cx), -mm(cy))
                self.canvas.rotate(-angle)
                self.canvas.translate(-mm(cx), mm(cy))
                draw(element, context, w, h, bleed, here)
                self.canvas.restoreState()
            else:
                draw(element, context, w, h, bleed, here)

    def _handlers(self) -> dict[str, Callable[..., None]]:
        return {
            "rect": self._rect, "ellipse": self._ellipse, "line": self._line,
            "polygon": self._polygon, "text": self._text, "qr": self._qr,
            "image": self._image, "use": self._use, "repeat": self._repeat,
            "group": self._group, "flow": self._flow,
        }

    # -- value helpers --------------------------------------------------------------------
    def _num(self, element: Mapping[str, Any], key: str, context: dict[str, Any], where: str,
             default: float, plain: bool = False) -> float:
        value = element.get(key, default)
        if type(value) in (float, int):  # most values are plain numbers
            return float(value)
        value = render_value(value, context, where, key)
        try:
            if plain:
                return float(value)
            return parse_length(value)
        except (TypeError, ValueError) as exc:
            raise RenderError(f"{where}.{key}: {exc}") from None

    def _box(self, element: Mapping[str, Any], context: dict[str, Any], where: str, w: float,
             h: float) -> tuple[float, float, float, float]:
        x = self._num(element, "x", context, where, 0.0)
        y = self._num(element, "y", context, where, 0.0)
        bw = self._num(element, "w", context, where, w - x)
        bh = self._num(element, "h", context, where, h - y)
        return x, y, bw, bh

    def _colour(self, element: Mapping[str, Any], key: str, context: dict[str, Any],
                where: str, default: Any = None) -> Color | None:
        value = render_value(element.get(key, default), context, where, key)
        if not isinstance(value, str):
            return colours.resolve(value, self.game.palette, f"{where}.{key}")
        if value not in self._colours:  # palette names repeat on every card
            self._colours[value] = colours.resolve(value, self.game.palette, f"{where}.{key}")
        return self._colours[value]

    def _inks(self, element: Mapping[str, Any], context: dict[str, Any], where: str,
              default_stroke: Any = None) -> tuple[Color | None, Color | None]:
        """The element's fill and stroke colours (None: not painted)."""
        fill = self._colour(element, "fill", context, where)
        stroke = self._colour(element, "stroke", context, where, default_stroke)
        if fill is not None and self.ink_saver and element.get("bleed"):
            fill = colours.tint(fill, INK_SAVER_KEEP)
        return fill, stroke

    def _paint(self, element: Mapping[str, Any], context: dict[str, Any], where: str,
               fill: Color | None, stroke: Color | None) -> tuple[int, int]:
        """Set fill and stroke on the canvas; return (fill?, stroke?) for reportlab. Every
        element paints inside its own saved state, so solid lines need no dash reset."""
        canvas = self.canvas
        if fill is not None:
            colours.set_fill(canvas, fill)
        if stroke is not None:
            colours.set_stroke(canvas, stroke)
            canvas.setLineWidth(mm(self._num(element, "stroke_width", context, where, 0.3)))
            dash = element.get("dash")
            if dash:
                canvas.setDash([mm(parse_length(d)) for d in dash])
        opacity = element.get("opacity")
        if opacity is not None:
            canvas.setFillAlpha(float(opacity))
        return int(fill is not None), int(stroke is not None)

    def _bleed_box(self, element: Mapping[str, Any], context: dict[str, Any], where: str,
                   w: float, h: float, bleed: float) -> tuple[float, float, float, float]:
        x, y, bw, bh = self._box(element, context, where, w, h)
        if element.get("bleed") and bleed:
            eps = 1e-6
            left, top = x <= eps, y <= eps
            right, bottom = x + bw >= w - eps, y + bh >= h - eps
            x, bw = (x - bleed, bw + bleed) if left else (x, bw)
            y, bh = (y - bleed, bh + bleed) if top else (y, bh)
            bw += bleed if right else 0
            bh += bleed if bottom else 0
        return x, y, bw, bh

    # -- element types --------------------------------------------------------------------
    def _rect(self, element, context, w, h, bleed, where) -> None:
        inks = self._inks(element, context, where)
        if inks == (None, None):
            return  # nothing would show: no path, no bytes
        x, y, bw, bh = self._bleed_box(element, context, where, w, h, bleed)
        self.canvas.saveState()
        fill, stroke = self._paint(element, context, where, *inks)
        radius = self._num(element, "radius", context, where, 0.0)
        if radius:
            self.canvas.roundRect(mm(x), -mm(y + bh), mm(bw), mm(bh), mm(radius), stroke, fill)
        else:
            self.canvas.rect(mm(x), -mm(y + bh), mm(bw), mm(bh), stroke, fill)
        self.canvas.restoreState()

    def _ellipse(self, element, context, w, h, bleed, where) -> None:
        inks = self._inks(element, context, where)
        if inks == (None, None):
            return
        x, y, bw, bh = self._bleed_box(element, context, where, w, h, bleed)
        self.canvas.saveState()
        fill, stroke = self._paint(element, context, where, *inks)
        self.canvas.ellipse(mm(x), -mm(y + bh), mm(x + bw), -mm(y), stroke, fill)
        self.canvas.restoreState()

    def _points(self, element, context, where) -> list[tuple[float, float]]:
        raw = evaluate(element.get("points"), context, f"{where}.points")
        try:
            return [(parse_length(render_value(px, context, where)),
                     parse_length(render_value(py, context, where))) for px, py in raw]
        except (TypeError, ValueError) as exc:
            raise RenderError(f"{where}.points: expected [[x, y], …] lengths ({exc})") from None

    def _path(self, points, close: bool):
        path = self.canvas.beginPath()
        path.moveTo(mm(points[0][0]), -mm(points[0][1]))
        for px, py in points[1:]:
            path.lineTo(mm(px), -mm(py))
        if close:
            path.close()
        return path

    def _polygon(self, element, context, w, h, bleed, where) -> None:
        points = self._points(element, context, where)
        if len(points) < 3:
            raise RenderError(f"{where}.points: a polygon needs at least 3 points")
        inks = self._inks(element, context, where)
        if inks == (None, None):
            return
        self.canvas.saveState()
        fill, stroke = self._paint(element, context, where, *inks)
        self.canvas.drawPath(self._path(points, True), stroke=stroke, fill=fill)
        self.canvas.restoreState()

    def _line(self, element, context, w, h, bleed, where) -> None:
        points = self._points(element, context, where)
        if len(points) < 2:
            raise RenderError(f"{where}.points: a line needs at least 2 points")
        stroke = self._colour(element, "stroke", context, where, "black")
        if stroke is None:
            return  # stroke: none draws nothing
        self.canvas.saveState()
        self._paint(element, context, where, None, stroke)  # a line is never filled
        self.canvas.drawPath(self._path(points, False), stroke=1, fill=0)
        arrow = element.get("arrow")
        width = self._num(element, "stroke_width", context, where, 0.3)
        head = max(1.6, width * 4)
        colours.set_fill(self.canvas, stroke)
        if arrow in ("end", "both"):
            self._arrow_head(points[-2], points[-1], head)
        if arrow in ("start", "both"):
            self._arrow_head(points[1], points[0], head)
        self.canvas.restoreState()

    def _arrow_head(self, start, tip, size: float) -> None:
        angle = math.atan2(tip[1] - start[1], tip[0] - start[0])
        left = (tip[0] - size * math.cos(angle - 0.45), tip[1] - size * math.sin(angle - 0.45))
        right = (tip[0] - size * math.cos(angle + 0.45), tip[1] - size * math.sin(angle + 0.45))
        self.canvas.drawPath(self._path([tip, left, right], True), stroke=0, fill=1)

    def _type_sizes(self, element, context, where: str, default: float) -> tuple[float, float]:
        """``size`` and ``min_size`` (default: the floor), neither under the text floor."""
        floor = text_floor()
        size = self._num(element, "size", context, where, default, plain=True)
        min_size = self._num(element, "min_size", context, where, floor, plain=True)
        if min(size, min_size) < floor - 1e-9:
            raise RenderError(f"{where}: text size {min(size, min_size):g} pt is under the "
                              f"{floor:g} pt floor players can read; give the text more room")
        return size, min(size, min_size)

    def _text(self, element, context, w, h, bleed, where) -> None:
        text = str(render_value(element.get("text", ""), context, where, "text"))
        if not text.strip():
            return
        x, y, bw, bh = self._box(element, context, where, w, h)
        style = render_value(element.get("font", "regular"), context, where)
        font = font_name(style)
        size, min_size = self._type_sizes(element, context, where, 10.0)
        leading = self._num(element, "leading", context, where, 1.2, plain=True)
        try:
            fitted = fit_or_fail(text, font, bw, bh, size, min_size, leading, where,
                                 str(context.get("lang", "")))
        except RenderError as exc:
            raise RenderError(f"{exc} (box '{element.get('id', 'text')}', language "
                              f"'{context.get('lang', '?')}')") from None
        colour = self._colour(element, "color", context, where, "black")
        if self.ink_saver and colour is not None and colours.luminance(colour) > 0.8:
            colour = colours.resolve("black", {}, where)
        align = element.get("align", "left")
        valign = element.get("valign", "top")
        block = fitted.leading * (len(fitted.lines) - 1) + fitted.size
        top = -mm(y)
        if valign == "middle":
            top -= (mm(bh) - block) / 2
        elif valign == "bottom":
            top -= mm(bh) - block
        canvas = self.canvas
        canvas.saveState()
        colours.set_fill(canvas, colour)
        baseline = top - fitted.size * 0.8
        anchor = {"center": x + bw / 2, "right": x + bw}.get(align, x)
        for line in fitted.lines:
            draw_text(canvas, mm(anchor), baseline, line, font, fitted.size, align)
            baseline -= fitted.leading
        canvas.restoreState()

    def _qr(self, element, context, w, h, bleed, where) -> None:
        data = str(render_value(element.get("data", ""), context, where, "data"))
        x, y, bw, bh = self._box(element, context, where, w, h)
        colour = self._colour(element, "color", context, where, "black")
        place_qr(self.canvas, self._qr_forms, data, x, y, min(bw, bh), colour)

    def _image(self, element, context, w, h, bleed, where) -> None:
        src = str(render_value(element.get("src", ""), context, where, "src"))
        x, y, bw, bh = self._bleed_box(element, context, where, w, h, bleed)
        path = (self.game.folder / src).resolve()
        self.images.draw(self.canvas, path, self.game.folder, x, y, bw, bh,
                         element.get("fit", "contain"), where)

    def _use(self, element, context, w, h, bleed, where) -> None:
        """Draw another layout in this box: a sized layout (an icon) is scaled to fit,
        keeping its proportions; a sizeless one (a panel) is drawn at 1:1 with w and h set.
        ``vars`` are evaluated in order, so a later one may use an earlier one."""
        name = render_value(element.get("layout"), context, where, "layout")
        layout = self.layout(name)
        x, y, bw, bh = self._box(element, context, where, w, h)
        extra: dict[str, Any] = {}
        for k, v in (element.get("vars") or {}).items():  # in order: each sees the ones before
            extra[k] = evaluate(v, Scope(context, **extra), f"{where}.vars.{k}")
        inner = layout.size
        self.canvas.saveState()
        if inner is not None:
            scale = min(bw / inner.w, bh / inner.h)
            self.canvas.translate(mm(x + (bw - inner.w * scale) / 2),
                                  -mm(y + (bh - inner.h * scale) / 2))
            self.canvas.scale(scale, scale)
            iw, ih = inner.w, inner.h
        else:
            self.canvas.translate(mm(x), -mm(y))
            iw, ih = bw, bh
        self._elements(layout.elements, Scope(context, **extra, w=iw, h=ih), iw, ih, 0.0,
                       f"{layout.source}:{name}")
        self.canvas.restoreState()

    def flow_runs(self, element: Mapping[str, Any], context: dict[str, Any], w: float,
                  h: float, where: str) -> tuple[float, float, list[Run]]:
        """Lay out a ``flow`` element without drawing it: its top-left and its runs, or a
        RenderError naming the message id, the language and the box that overflows."""
        blocks = evaluate(element.get("blocks", "[]"), context, f"{where}.blocks") or []
        x, y, bw, bh = self._box(element, context, where, w, h)
        size, min_size = self._type_sizes(element, context, where, 7.0)
        style = FlowStyle(size, min_size,
                          self._num(element, "leading", context, where, 1.22, plain=True),
                          int(self._num(element, "columns", context, where, 1, plain=True)),
                          self._num(element, "gap", context, where, 4.0),
                          str(context.get("lang", "")))
        try:
            blocks = tuple(blocks)
            if not all(isinstance(block, Block) for block in blocks):
                raise RenderError(f"{where}.blocks: expected rule text blocks (such as "
                                  f"rules.faces[side].blocks), got {blocks[:1]!r}…")
            ratios = {piece.layout: self._icon_ratio(piece.layout) for block in blocks
                      for piece in block.pieces if isinstance(piece, Icon)}
            return x, y, list(fitted_flow(blocks, bw, bh, style, tuple(sorted(ratios.items()))))
        except FlowOverflow as exc:
            ids = exc.block.ids or (exc.block.text[:60],)
            raise RenderError(
                f"{where}: text overflows box '{element.get('id', 'flow')}' ({bw:g}×{bh:g} mm) "
                f"in language '{context.get('lang', '?')}' even at {style.min_size:g} pt, at "
                f"message id {ids[0]!r}; shorten that translation or enlarge the box") from None

    def _flow(self, element, context, w, h, bleed, where) -> None:
        """Rich text (headings, paragraphs, bullets, inline icons) from ``blocks``."""
        x, y, runs = self.flow_runs(element, context, w, h, where)
        colour = self._colour(element, "color", context, where, "black")
        accent = self._colour(element, "accent", context, where, "black")

        def icon(name: str, ix: float, iy: float, iw: float, ih: float) -> None:
            self._use({"layout": name, "x": ix, "y": iy, "w": iw, "h": ih}, context, w, h,
                      0.0, f"{where}.icon")

        draw_flow(self.canvas, runs, x, y, colour, accent, icon)

    def _icon_ratio(self, name: str) -> float:
        size = self.layout(name).size
        return size.w / size.h if size else 1.0

    def _repeat(self, element, context, w, h, bleed, where) -> None:
        items = evaluate(element.get("items", "[]"), context, f"{where}.items")
        if items is None:
            return
        name = element.get("as", "item")
        cols = max(1, int(self._num(element, "cols", context, where, len(items), plain=True)))
        dx = self._num(element, "dx", context, where, 0.0)
        dy = self._num(element, "dy", context, where, 0.0)
        x0 = self._num(element, "x", context, where, 0.0)
        y0 = self._num(element, "y", context, where, 0.0)
        for index, item in enumerate(items):
            row, col = divmod(index, cols)
            inner = Scope(context, **{name: item, "i": index, "row": row, "col": col})
            self.canvas.saveState()
            self.canvas.translate(mm(x0 + col * dx), -mm(y0 + row * dy))
            self._elements(element.get("elements", ()), inner, w, h, 0.0, where)
            self.canvas.restoreState()

    def _group(self, element, context, w, h, bleed, where) -> None:
        x = self._num(element, "x", context, where, 0.0)
        y = self._num(element, "y", context, where, 0.0)
        self.canvas.saveState()
        self.canvas.translate(mm(x), -mm(y))
        self._elements(element.get("elements", ()), context, w, h, bleed, where)
        self.canvas.restoreState()


