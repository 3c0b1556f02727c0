"""QR codes drawn as vector rectangles (crisp at any size, a few hundred bytes)."""

from __future__ import annotations

from collections.abc import MutableMapping
from functools import lru_cache
from typing import Any

import qrcode
from qrcode.exceptions import DataOverflowError
from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from ..errors import RenderError
from ..units import mm
from .forms import place_form

QUIET_ZONE = 2  # modules of white around the code; 4 is the spec, 2 scans reliably on paper
# what the largest code (version 40) holds at the error correction used (M): 2,331 bytes of
# text, 5,596 digits; longer data is refused before any encoding is tried
MOST_BYTES, MOST_DIGITS = 2331, 5596


@lru_cache(maxsize=256)
def qr_matrix(data: str) -> tuple[tuple[bool, ...], ...]:
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=0)
    code.add_data(data)
    code.make(fit=True)
    return tuple(tuple(row) for row in code.get_matrix())


def check_qr_data(data: str, where: str) -> None:
    """Refuse data past what a QR code holds, naming the ``data`` key, before it is drawn."""
    size = len(data.encode())
    if size <= MOST_DIGITS:
        try:
            qr_matrix(data)  # remembered: drawing it encodes nothing again
            return
        except (DataOverflowError, ValueError):
            pass
    raise RenderError(f"{where}.data: {size:,} bytes are more than a QR code holds ("
                      f"{MOST_BYTES:,} bytes of text, or {MOST_DIGITS:,} digits); shorten it, "
                      "for example to a short address")


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
