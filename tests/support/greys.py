"""How light a printed card looks in grayscale: a page rasterized in gray, one card's trimmed
area (inside its bleed clip) cut out, its mean as CIE L* and the share of light pixels."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

from support.clips import clip_boxes

PX_PER_MM = 4.0


def lightness(grey: float) -> float:
    """CIE L* (0-100) of an sRGB grey level 0-255."""
    y = grey / 255
    y = y / 12.92 if y <= 0.04045 else ((y + 0.055) / 1.055) ** 2.4
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else 24389 / 27 * y


def card_crops(pdf: Path, index: int, bleed: float = 3.0) -> list[Image.Image]:
    """Each card of a page (a clip box the size of a card with bleed) in gray, trimmed."""
    page = pdfium.PdfDocument(pdf)[index]
    image = page.render(scale=PX_PER_MM * 25.4 / 72, grayscale=True).to_pil().convert("L")
    crops = []
    for left, top, right, bottom in clip_boxes(pdf, index):
        if 30 < min(right - left, bottom - top) and max(right - left, bottom - top) < 120:
            box = (left + bleed, top + bleed, right - bleed, bottom - bleed)
            crops.append(image.crop(tuple(round(v * PX_PER_MM) for v in box)))
    return crops


def mean_lightness(crop: Image.Image) -> float:
    """L* of the card's mean grey: what the eye sees of a back at arm's length."""
    histogram = crop.histogram()
    return lightness(sum(i * n for i, n in enumerate(histogram)) / sum(histogram))


def light_share(crop: Image.Image, above: float = 50.0) -> float:
    """The share of the card's pixels lighter than L* ``above``."""
    histogram = crop.histogram()
    light = sum(n for i, n in enumerate(histogram) if lightness(i) > above)
    return light / sum(histogram)
