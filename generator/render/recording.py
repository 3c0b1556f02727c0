"""Drawings replayed wherever they recur: from one document into the next, and inside one.

The same card is drawn in every paper size of a language, and the same element (a used
layout, a repeat) with the same values on many cards: what the painter asks of the canvas
depends only on the layout or element, the values it reads, the game and the painter's
settings, never on the page around it. So its canvas calls are recorded the first time (an
element's as a slice of its card's recording) and replayed into whichever canvas draws it next:
the same calls give the same bytes (fonts are subset and images registered by the canvas that
receives them), without walking the layout, evaluating templates or fitting text. A drawing
whose text was fitted with its language's hyphenation is kept for that language only.

Only calls whose effect is a function of their arguments are recorded. Any other canvas
method called while recording (forms, images, text objects, reading the page number) marks the
drawing as not replayable, and drawing code that reads the canvas's state itself or belongs to
its document (pictures: svglib, images registered in the PDF) is recorded as one call of its
own (:func:`one_call`), which draws afresh on whichever canvas replays it. Art drawn once per
document as a form (:func:`place_art`) is recorded as one call holding the form's own calls:
replayed, it places the target document's form, making it from those calls the first time.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

from reportlab.pdfgen.canvas import Canvas

from .forms import FORM_REACH

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
# calls kept in a process, oldest dropped first: the whole catalogue built in one process keeps
# some 700,000 (the process peaks at 150 MB); a call recorded inside another drawing is counted
# twice but stored once, both drawings holding the same tuple
MAX_CALLS = 1_500_000

Call = tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any] | None]
_IN_LANGUAGE = "in-language"  # marks the key of a drawing kept for one language only
_DRAWINGS: OrderedDict[Hashable, tuple[Call, ...]] = OrderedDict()
_kept = 0
ART_PREFIX = "Art"
# per document (its canvas): its art forms, by key, each with its name, the calls that drew it
# (None: drawn unrecorded, so a drawing placing it cannot be replayed) and whether they were
# fitted with the document's language
_Art = tuple[str, "tuple[Call, ...] | None", bool]
_ART_FORMS: WeakKeyDictionary[Canvas, dict[Hashable, _Art]] = WeakKeyDictionary()


class RecordingCanvas(Canvas):
    """What a canvas is while it records one drawing: its class for that time only, so
    drawing that is not recorded pays nothing for the recording. Drawings recorded inside it
    (an element of a recorded card) are slices of its one list of calls, each with its own
    :class:`_Level`."""

    _recording: list[Call]
    _levels: list[_Level]


@dataclass
class _Level:
    """One drawing being recorded: where its calls start, whether they can be replayed, and
    whether they depend on the language they were drawn in (text fitted with hyphenation)."""

    start: int
    before: Hashable
    replayable: bool = True
    by_language: bool = False


def replay_or_record(canvas: Canvas, key: Hashable | None, draw: Callable[[], None],
                     effects: Callable[[], Hashable] | None = None,
                     lang: str | None = None) -> None:
    """Draw on ``canvas`` by replaying the calls kept under ``key``, or draw with ``draw``
    and keep its calls when they can be replayed and ``effects`` reads the same after as
    before (no key, or a canvas of another kind: just draw).

    With ``lang``, ``key`` says everything the drawing depends on but the language it is
    drawn in: a drawing that turns out not to depend on it either (no text needed that
    language's hyphenation) is kept for every language, the others for ``lang`` alone."""
    if key is None:
        draw()
        return
    own_key: Hashable = key if lang is None else (_IN_LANGUAGE, key, lang)
    found = key if key in _DRAWINGS else own_key if own_key in _DRAWINGS else None
    if found is not None:
        if found is not key:
            by_language(canvas)  # what it adds to a drawing being recorded is this language's
        _DRAWINGS.move_to_end(found)
        _replay(canvas, _DRAWINGS[found])
        return
    kind = type(canvas)
    if kind is not Canvas and kind is not RecordingCanvas:
        draw()
        return
    recorder: RecordingCanvas = canvas  # type: ignore[assignment]
    if kind is Canvas:
        canvas.__class__ = RecordingCanvas
        recorder._recording, recorder._levels = [], []
    level = _Level(len(recorder._recording), effects() if effects is not None else None)
    recorder._levels.append(level)
    try:
        draw()
        calls = tuple(recorder._recording[level.start:])
    finally:
        recorder._levels.pop()
        if kind is Canvas:
            canvas.__class__ = Canvas
            del recorder._recording, recorder._levels
    if level.replayable and (effects is None or effects() == level.before):
        _keep(own_key if level.by_language else key, calls)


def _replay(canvas: Canvas, calls: tuple[Call, ...]) -> None:
    """The calls, again; into a drawing being recorded, as calls of its own."""
    if type(canvas) is RecordingCanvas:
        recorder: RecordingCanvas = canvas  # type: ignore[assignment]
        recorder._recording.extend(calls)
        with _plain(recorder):  # what the calls call in turn is theirs
            _run(canvas, calls)
    else:
        _run(canvas, calls)


def _run(canvas: Canvas, calls: tuple[Call, ...]) -> None:
    for method, args, kwargs in calls:
        if kwargs is None:
            method(canvas, *args)
        else:
            method(canvas, *args, **kwargs)


def one_call(canvas: Canvas, draw: Callable[..., None], *args: Any) -> None:
    """``draw(canvas, *args)``, recorded as one call: what it calls on the canvas skips the
    recording (svglib makes dozens of calls a picture, reading the canvas's state), and a
    replay calls ``draw`` again on the canvas it replays into, so what belongs to a document
    (its pictures, its forms) is that document's."""
    if type(canvas) is not RecordingCanvas:
        draw(canvas, *args)
        return
    canvas._recording.append((draw, args, None))
    with _plain(canvas):
        draw(canvas, *args)


@contextmanager
def _plain(recorder: RecordingCanvas) -> Iterator[None]:
    """The recording canvas as a plain one for a while: what is called on it is not recorded
    (the recorded calls themselves swap inline: they are the hot path)."""
    recorder.__class__ = Canvas
    try:
        yield
    finally:
        recorder.__class__ = RecordingCanvas


def by_language(canvas: Canvas) -> None:
    """The drawing under way fitted text with its language's hyphenation patterns: another
    language may break it elsewhere."""
    if isinstance(canvas, RecordingCanvas):
        for level in canvas._levels:
            level.by_language = True


def place_art(canvas: Canvas, key: Hashable, draw: Callable[[], None]) -> None:
    """Place the document's art form stored under ``key`` at the current origin, drawing it
    with ``draw`` the first time. A drawing recording it records one call that places the
    same form in whichever document replays it (made there from its calls if it is new), so a
    card holding art stays replayable."""
    forms = _ART_FORMS.setdefault(canvas, {})
    found = forms.get(key)
    if type(canvas) is not RecordingCanvas:
        if found is None:
            found = forms[key] = (f"{ART_PREFIX}{len(forms)}", None, False)
            _form(canvas, found[0], draw)
        canvas.doForm(found[0])
        return
    recorder: RecordingCanvas = canvas  # type: ignore[assignment]
    if found is None:
        name = f"{ART_PREFIX}{len(forms)}"
        forms[key] = (name, None, False)  # (numbered before the forms it draws, as ever)
        with _plain(recorder):
            recorder.beginForm(name, -FORM_REACH, -FORM_REACH, FORM_REACH, FORM_REACH)
        level = _Level(len(recorder._recording), None)
        recorder._levels.append(level)
        try:
            draw()
        finally:
            recorder._levels.pop()
        calls = tuple(recorder._recording[level.start:]) if level.replayable else None
        del recorder._recording[level.start:]  # the form's calls, not the page's
        found = forms[key] = (name, calls, level.by_language)
        with _plain(recorder):
            recorder.endForm()
    name, calls, in_language = found
    if calls is None:
        for outer in recorder._levels:
            outer.replayable = False
    else:
        recorder._recording.append((_art_again, (key, calls, in_language), None))
        if in_language:
            by_language(recorder)
    with _plain(recorder):
        recorder.doForm(name)


def _art_again(canvas: Canvas, key: Hashable, calls: tuple[Call, ...],
               in_language: bool) -> None:
    """A recorded :func:`place_art`, replayed: the form of this document, made from
    ``calls`` when it has none yet."""
    forms = _ART_FORMS.setdefault(canvas, {})
    found = forms.get(key)
    if found is None:
        found = forms[key] = (f"{ART_PREFIX}{len(forms)}", calls, in_language)
        _form(canvas, found[0], lambda: _run(canvas, calls))
    canvas.doForm(found[0])


def _form(canvas: Canvas, name: str, draw: Callable[[], None]) -> None:
    canvas.beginForm(name, -FORM_REACH, -FORM_REACH, FORM_REACH, FORM_REACH)
    draw()
    canvas.endForm()


def _keep(key: Hashable, calls: tuple[Call, ...]) -> None:
    global _kept
    _DRAWINGS[key] = calls
    _kept += len(calls)
    while _kept > MAX_CALLS and _DRAWINGS:
        _kept -= len(_DRAWINGS.popitem(last=False)[1])


def _recorded(method: Callable[..., Any]) -> Callable[..., Any]:
    def call(self: RecordingCanvas, *args: Any, **kwargs: Any) -> Any:
        self._recording.append((method, args, kwargs or None))
        self.__class__ = Canvas  # while it runs: the calls it makes in turn are its own
        try:
            return method(self, *args, **kwargs)
        finally:
            self.__class__ = RecordingCanvas
    return call


def _unrecorded(method: Callable[..., Any]) -> Callable[..., Any]:
    def call(self: RecordingCanvas, *args: Any, **kwargs: Any) -> Any:
        for level in self._levels:
            level.replayable = False
        return method(self, *args, **kwargs)
    return call


for _name in dir(Canvas):
    _method = getattr(Canvas, _name)
    if _name.startswith("_") or not callable(_method) or _name in PURE:
        continue
    setattr(RecordingCanvas, _name, (_recorded if _name in RECORDED else _unrecorded)(_method))
