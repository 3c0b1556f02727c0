"""The clipping rectangles a PDF page sets, in page mm (x, y from the top-left corner), read
from its content stream with the transformation in force: every card is drawn inside a clip
of its bleed box, so these are where the PDF really put each card."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import ContentStream

from support.units import to_mm

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _times(m: Matrix, n: Matrix) -> Matrix:
    """``m`` then ``n`` (PDF's row-vector convention: m × n)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s,
            e * p + f * r + t, e * q + f * s + u)


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def clip_boxes(pdf: Path, page_index: int) -> list[tuple[float, float, float, float]]:
    """(left, top, right, bottom) in mm of each rectangle the page clips to, in stream order
    (only the page's own stream: cards are clipped there before their drawing is placed)."""
    reader = PdfReader(pdf)
    page = reader.pages[page_index]
    height = float(page.mediabox.height)
    ops = ContentStream(page.get_contents(), reader).operations
    ctm, stack, boxes = IDENTITY, [], []
    pending: list[tuple[float, float]] | None = None
    for operands, operator in ops:
        if operator == b"q":
            stack.append(ctm)
        elif operator == b"Q":
            ctm = stack.pop()
        elif operator == b"cm":
            ctm = _times(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
        elif operator == b"re":
            x, y, w, h = (float(v) for v in operands)
            pending = [_apply(ctm, px, py) for px, py in
                       ((x, y), (x + w, y), (x, y + h), (x + w, y + h))]
        elif operator in (b"W", b"W*") and pending:
            xs, ys = [p[0] for p in pending], [p[1] for p in pending]
            boxes.append((to_mm(min(xs)), to_mm(height - max(ys)), to_mm(max(xs)),
                          to_mm(height - min(ys))))
            pending = None
        elif operator not in (b"n",):
            pending = None
    return boxes
