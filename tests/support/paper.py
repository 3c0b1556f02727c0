"""Read a kit back as its printer meets it: what lies near the paper's edges, and which part
each page's footer names (to pair every front with what prints behind it)."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pypdfium2

from support.units import PT_PER_MM

RASTER_EDGE = 0.3  # mm: how far a rasterized pixel may straddle the margin's line
FOOTER_PT = 5.5    # the footer line's type size
FOOTER_BAND = 9.0  # mm from the paper's foot within which the footer lies, and no card


def chars_near_edge(path: Path, margin_mm: float) -> list[tuple[int, str, float]]:
    """Visible characters within ``margin_mm`` of a paper edge: (1-based page, the character,
    its distance to the nearest edge in mm). A character the PDF places there is counted only
    when the page, rasterized, shows ink in the part of its box inside the margin (a board
    tile draws its whole picture and clips it to the tile: what is clipped away is not seen)."""
    found = []
    document = None
    with pdfplumber.open(str(path)) as pdf:
        for number, page in enumerate(pdf.pages, 1):
            w, h, band = page.width, page.height, margin_mm * PT_PER_MM
            near = [c for c in page.chars if c["text"].strip() and min(
                c["x0"], c["top"], w - c["x1"], h - c["bottom"]) < band - 0.01]
            if not near:
                continue
            document = document or pypdfium2.PdfDocument(str(path))
            scale = 2.0
            image = document[number - 1].render(scale=scale, grayscale=True).to_pil()
            for c in near:
                if _inked(image, scale, c, w, h, band):
                    edge = min(c["x0"], c["top"], w - c["x1"], h - c["bottom"]) / PT_PER_MM
                    found.append((number, c["text"], round(edge, 2)))
    return found


def _inked(image, scale: float, char: dict, w: float, h: float, band: float) -> bool:
    """Whether any pixel of the character's box that lies inside the margin band is inked."""
    x0, x1 = max(char["x0"], 0.0), min(char["x1"], w)
    y0, y1 = max(char["top"], 0.0), min(char["bottom"], h)
    band -= RASTER_EDGE * PT_PER_MM  # a pixel that straddles the margin's line is not in it
    for bx0, by0, bx1, by1 in ((0, 0, band, h), (w - band, 0, w, h), (0, 0, w, band),
                               (0, h - band, w, h)):
        left, top = max(x0, bx0), max(y0, by0)
        right, bottom = min(x1, bx1), min(y1, by1)
        if right <= left or bottom <= top:
            continue
        crop = image.crop((int(left * scale), int(top * scale), int(right * scale),
                           int(bottom * scale)))
        if crop.width == 0 or crop.height == 0:
            continue
        if crop.getextrema()[0] < 200:
            return True
    return False


def footers(path: Path) -> list[str]:
    """Each page's footer line (``Game · EN · Part · 3/12``): its 5.5 pt type at the foot."""
    with pdfplumber.open(str(path)) as pdf:
        return ["".join(c["text"] for c in sorted(
            (c for c in page.chars if abs(c["size"] - FOOTER_PT) < 0.05
             and page.height - c["bottom"] < FOOTER_BAND * PT_PER_MM),
            key=lambda c: c["x0"])) for page in pdf.pages]


def footer_parts(footer: str, prefix: str) -> tuple[frozenset[str], bool]:
    """The parts a footer names, and whether it counts the page (a blank back does not)."""
    rest = footer.removeprefix(prefix)
    head, _, tail = rest.rpartition(" · ")
    counted = bool(head) and "/" in tail and tail.replace("/", "").isdigit()
    return frozenset((head if counted else rest).split(" · ")), counted
