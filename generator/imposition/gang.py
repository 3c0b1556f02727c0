"""Gang-runs: a deck's cards edge to edge, sharing their cut lines.

A grid of cards with bleed needs two cuts between neighbours; cards that touch need one, and
every cut runs straight across the whole block: 100 tiles of 20 mm take about 20 guillotine
cuts instead of 400. There is no bleed between the cards, so a cut a little off the line shows
a sliver of the neighbour's edge: a deck opts in (``gang_cut: true``) when that sliver is the
tile's own colour or white, as with identical tiles. The block's outer edges keep their bleed.
"""

from __future__ import annotations

from itertools import product

from ..content.model import Size
from .imposition import Grid, crop_marks
from .plan import Label, PagePlan, Placement, PrintOptions, Side
from .registration import block_areas


def gang_grid(card: Size, paper: Size, options: PrintOptions) -> Grid:
    """The orientation that fits most cards touching one another, bleed only around the block,
    crop marks (when printed) in the margin outside it."""
    pad = options.bleed + (options.mark_length + options.mark_gap if options.crop_marks
                           else 0.0)
    best: Grid | None = None
    for rotated, area in product((False, True), block_areas(paper, options, pad)):
        cw, ch = (card.h, card.w) if rotated else (card.w, card.h)
        cols, rows = int((area.w + 1e-9) // cw), int((area.h + 1e-9) // ch)
        if cols * rows == 0 or (best is not None and cols * rows <= best.per_page):
            continue
        left, top = (paper.w - cols * cw) / 2, (paper.h - rows * ch) / 2
        best = Grid(cols, rows, rotated, card, cw, ch, left, top, options.bleed)
    if best is None:
        raise ValueError(f"a {card.w:g}×{card.h:g} mm card does not fit on "
                         f"{paper.w:g}×{paper.h:g} mm paper")
    return best


def cut_count(grid: Grid, count: int) -> int:
    """Straight cuts that free ``count`` cards of a gang-run: one per grid line they touch."""
    cols, rows = grid.used(count)
    return cols + 1 + rows + 1


def impose_gang(card: Size, fronts: list[str], paper: Size, options: PrintOptions
                ) -> list[PagePlan]:
    """Pages of one-sided cards edge to edge, crop marks only on the grid's lines outside the
    block and the page's cut count in its top margin (``✂ 23 = 10 ↕ + 13 ↔``)."""
    grid = gang_grid(card, paper, options)
    rotation = 90 if grid.rotated else 0
    pages = []
    for start in range(0, len(fronts), grid.per_page):
        count = min(grid.per_page, len(fronts) - start)
        placements = tuple(
            Placement(fronts[start + slot], start + slot, Side.FRONT, *grid.trim_box(slot),
                      card.w, card.h, rotation, options.bleed, _clip(grid, slot, count))
            for slot in range(count))
        cols, rows = grid.used(count)
        label = Label(options.margin, options.margin - 1.5,
                      f"✂ {cut_count(grid, count)} = {cols + 1} ↕ + {rows + 1} ↔")
        pages.append(PagePlan(paper.w, paper.h, placements, crop_marks(grid, count, paper, options),
                              (label,)))
    return pages


def _clip(grid: Grid, slot: int, count: int) -> tuple[float, float, float, float]:
    """The card's trim box, grown by the bleed on each side where no card touches it, so the
    block's outer edges bleed and no card draws over its neighbour."""
    row, col = divmod(slot, grid.cols)
    x, y = grid.trim_box(slot)
    w, h = grid.slot
    b = grid.bleed
    left = b if col == 0 else 0.0
    top = b if row == 0 else 0.0
    right = b if col == grid.cols - 1 or slot + 1 >= count else 0.0
    bottom = b if slot + grid.cols >= count else 0.0
    return (x - left, y - top, w + left + right, h + top + bottom)
