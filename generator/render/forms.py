"""PDF forms: a drawing stored once in the document and placed wherever it recurs."""

from __future__ import annotations

from collections.abc import Callable, Hashable, MutableMapping
from typing import Any

from reportlab.pdfgen.canvas import Canvas

FORM_REACH = 10_000.0  # pt: a form's box, far wider than any page, so it never clips


def place_form(canvas: Canvas, drawn: MutableMapping[Any, str], key: Hashable, prefix: str,
               draw: Callable[[], None]) -> None:
    """Place the form stored under ``key`` at the current origin, drawing it with ``draw``
    the first time. ``drawn`` is the document's record of the forms made so far."""
    name = drawn.get(key)
    if name is None:
        name = drawn[key] = f"{prefix}{len(drawn)}"
        canvas.beginForm(name, -FORM_REACH, -FORM_REACH, FORM_REACH, FORM_REACH)
        draw()
        canvas.endForm()
    canvas.doForm(name)
