"""How light a printed card looks in grayscale: a page rasterized in gray, each card's trimmed
area (inside its bleed clip) cut out, its mean as CIE L* (``support.art.lstar``) and the share
of its light pixels."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

from support.art import lstar
from support.clips import clip_boxes

PX_PER_MM = 4.0


def card_crops(pdf: Path, index: int, card: tuple[float, float],
               bleed: float = 3.0) -> list[Image.Image]:
    """Each card (``card``: its trimmed w × h in mm) of a page in gray, cut to its trim: the
    page's clips to a card's bleed box (either way round), less the bleed."""
    page = pdfium.PdfDocument(pdf)[index]
    image = page.render(scale=PX_PER_MM * 25.4 / 72, grayscale=True).to_pil().convert("L")
    sizes = {(card[0] + 2 * bleed, card[1] + 2 * bleed), (card[1] + 2 * bleed, card[0] + 2 * bleed)}
    crops = []
    for left, top, right, bottom in dict.fromkeys(clip_boxes(pdf, index)):
        if any(abs(right - left - w) < 0.3 and abs(bottom - top - h) < 0.3 for w, h in sizes):
            box = (left + bleed, top + bleed, right - bleed, bottom - bleed)
            crops.append(image.crop(tuple(round(v * PX_PER_MM) for v in box)))
    return crops


def mean_lightness(crop: Image.Image) -> float:
    """L* of the card's mean grey: what the eye sees of a back at arm's length."""
    histogram = crop.histogram()
    return lstar(sum(i * n for i, n in enumerate(histogram)) / sum(histogram))


def light_share(crop: Image.Image, above: float = 50.0) -> float:
    """The share of the card's pixels lighter than L* ``above``."""
    histogram = crop.histogram()
    light = sum(n for i, n in enumerate(histogram) if lstar(i) > above)
    return light / sum(histogram)
