"""QR codes drawn as vector rectangles (crisp at any size, a few hundred bytes)."""

from __future__ import annotations

from collections.abc import MutableMapping
from functools import lru_cache
from typing import Any

import qrcode
from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from ..units import mm
from .forms import place_form

QUIET_ZONE = 2  # modules of white around the code; 4 is the spec, 2 scans reliably on paper


@lru_cache(maxsize=256)
def qr_matrix(data: str) -> tuple[tuple[bool, ...], ...]:
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=0)
    code.add_data(data)
    code.make(fit=True)
    return tuple(tuple(row) for row in code.get_matrix())


def draw_qr(canvas: Canvas, data: str, x: float, y: float, size: float,
            colour: Color | None) -> None:
    """Draw the code into a size×size mm square whose top-left is (x, y)."""
    matrix = qr_matrix(data)
    modules = len(matrix) + 2 * QUIET_ZONE
    cell = size / modules
    canvas.saveState()
    canvas.setFillColorRGB(1, 1, 1)
    canvas.rect(mm(x), -mm(y + size), mm(size), mm(size), stroke=0, fill=1)
    canvas.setFillColor(colour or Color(0, 0, 0))
    path = canvas.beginPath()
    for row_index, row in enumerate(matrix):
        top = y + (row_index + QUIET_ZONE) * cell
        col = 0
        while col < len(row):
            if not row[col]:
                col += 1
                continue
            start = col
            while col < len(row) and row[col]:
                col += 1
            left = x + (start + QUIET_ZONE) * cell
            path.rect(mm(left), -mm(top + cell), mm((col - start) * cell), mm(cell))
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()


def place_qr(canvas: Canvas, drawn: MutableMapping[Any, str], data: str, x: float, y: float,
             size: float, colour: Color | None) -> None:
    """Draw each code once per document, as a form, and place that form wherever the code
    recurs: rule cards carry the same address on every face. ``drawn`` is the document's
    record of the codes drawn so far."""
    key = (data, size, colour.hexval() if colour is not None else None)
    canvas.saveState()
    canvas.translate(mm(x), -mm(y))
    place_form(canvas, drawn, key, "Qr", lambda: draw_qr(canvas, data, 0.0, 0.0, size, colour))
    canvas.restoreState()
