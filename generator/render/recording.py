"""Drawings replayed from one document into the next.

The same card is drawn in every paper size of a language (and its back in every language):
what the painter asks of the canvas depends only on the layout, the values it reads, the
language, the game and the painter's settings, never on the page around it. So a placement's
canvas calls are recorded the first time and, in a later document, replayed into its own
canvas: the same calls give the same bytes (fonts are subset and images registered by the
canvas that receives them), without walking the layout, evaluating templates or fitting text.

Only calls whose effect is a function of their arguments are recorded. Any other canvas
method called while recording (forms, images, text objects, reading the page number) marks the
drawing as not replayable, and drawing code that reads the canvas's state itself (SVG pictures
through svglib) says so with :func:`not_replayable`.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from reportlab.pdfgen.canvas import Canvas

# canvas methods whose output depends on their arguments alone
RECORDED = frozenset({
    "saveState", "restoreState", "translate", "scale", "rotate", "transform", "skew",
    "setFont", "setFontSize", "drawString", "drawRightString", "drawCentredString",
    "drawPath", "clipPath", "rect", "roundRect", "ellipse", "circle", "line", "lines",
    "addLiteral", "setLineWidth", "setLineCap", "setLineJoin", "setMiterLimit", "setDash",
    "setFillColor", "setStrokeColor", "setFillColorRGB", "setStrokeColorRGB", "setFillGray",
    "setStrokeGray", "setFillColorCMYK", "setStrokeColorCMYK", "setFillAlpha",
    "setStrokeAlpha",
})
# methods that touch neither the page nor the canvas's state
PURE = frozenset({"beginPath", "stringWidth"})
MAX_CALLS = 500_000  # recorded calls kept in a process (some 50 MB; a kit holds up to 100,000)

Call = tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any] | None]
_DRAWINGS: OrderedDict[Hashable, tuple[Call, ...]] = OrderedDict()
_kept = 0


class RecordingCanvas(Canvas):
    """What a canvas is while it records one drawing: its class for that time only, so
    drawing that is not recorded pays nothing for the recording."""

    _recording: list[Call]
    _replayable: bool
    _inside: bool  # a recorded call is running: the calls it makes itself are its own


def replay_or_record(canvas: Canvas, key: Hashable | None, draw: Callable[[], None],
                     effects: Callable[[], Hashable] | None = None) -> None:
    """Draw on ``canvas`` by replaying the calls kept under ``key``, or draw with ``draw``
    and keep its calls when they can be replayed and ``effects`` reads the same after as
    before (no key, or a canvas of another kind: just draw)."""
    calls = _DRAWINGS.get(key) if key is not None else None
    if calls is not None:
        _DRAWINGS.move_to_end(key)
        for method, args, kwargs in calls:
            method(canvas, *args, **(kwargs or {}))
        return
    if key is None or type(canvas) is not Canvas:
        draw()
        return
    before = effects() if effects is not None else None
    canvas.__class__ = RecordingCanvas
    recorder: RecordingCanvas = canvas  # type: ignore[assignment]
    recorder._recording, recorder._replayable, recorder._inside = [], True, False
    try:
        draw()
        recorded, replayable = recorder._recording, recorder._replayable
    finally:
        canvas.__class__ = Canvas
        del recorder._recording, recorder._replayable, recorder._inside
    if replayable and (effects is None or effects() == before):
        _keep(key, tuple(recorded))


def not_replayable(canvas: Canvas) -> None:
    """The drawing under way reads the canvas's state or draws what cannot be replayed."""
    if isinstance(canvas, RecordingCanvas):
        canvas._replayable = False


def _keep(key: Hashable, calls: tuple[Call, ...]) -> None:
    global _kept
    _DRAWINGS[key] = calls
    _kept += len(calls)
    while _kept > MAX_CALLS and _DRAWINGS:
        _kept -= len(_DRAWINGS.popitem(last=False)[1])


def _recorded(method: Callable[..., Any]) -> Callable[..., Any]:
    def call(self: RecordingCanvas, *args: Any, **kwargs: Any) -> Any:
        if self._inside:
            return method(self, *args, **kwargs)
        self._recording.append((method, args, kwargs or None))
        self._inside = True
        result = method(self, *args, **kwargs)  # a failure ends the recording: no finally
        self._inside = False
        return result
    return call


def _unrecorded(method: Callable[..., Any]) -> Callable[..., Any]:
    def call(self: RecordingCanvas, *args: Any, **kwargs: Any) -> Any:
        if not self._inside:
            self._replayable = False
        return method(self, *args, **kwargs)
    return call


for _name in dir(Canvas):
    _method = getattr(Canvas, _name)
    if _name.startswith("_") or not callable(_method) or _name in PURE:
        continue
    setattr(RecordingCanvas, _name, (_recorded if _name in RECORDED else _unrecorded)(_method))
