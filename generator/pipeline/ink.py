"""Measure the ink each part of a drawn kit takes: every page rasterized coarsely in grey
(``templates/ink.yaml``'s dpi) and its darkness averaged, then each part's pages averaged.
Run once per game by ``scripts/measure_ink.py``, which keeps the figures in the game's
``ink.yaml`` for the print guide: measuring in every build would draw each kit twice, as the
guide is page 1 of the file it measures."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pypdfium2 as pdfium

from ..content.ink_spec import ink_levels
from ..imposition.plan import ComponentPlan
from .build import Planned
from .guide_text import first_pages, parts


def page_coverage(pdf: bytes) -> list[float]:
    """Each page's share of its area covered by ink, in % (black 100, white 0)."""
    scale = ink_levels().dpi / 72
    document = pdfium.PdfDocument(pdf)
    try:
        shares = []
        for index in range(len(document)):
            bitmap = document[index].render(scale=scale, grayscale=True, draw_annots=False)
            grey = bitmap.to_numpy()
            shares.append(round(100.0 * (1.0 - float(grey.mean()) / 255.0), 1))
        return shares
    finally:
        document.close()


def part_coverage(planned: Planned, pdf: bytes) -> dict[str, float]:
    """Each component's mean coverage over the pages that hold it (blank backs left out)."""
    plans: Sequence[ComponentPlan] = planned.guided.plans
    shares = page_coverage(pdf)
    found: Mapping[str, tuple[int, ...]] = {
        part.component.id: part.pages
        for part in parts(planned.game, plans, first_pages(plans))}
    return {component: round(sum(shares[n - 1] for n in pages) / len(pages), 1)
            for component, pages in found.items() if pages}
