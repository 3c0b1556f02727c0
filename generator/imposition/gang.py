"""Cards edge to edge, sharing their cut lines: the default layout of a deck.

A grid of cards with bleed needs two cuts between neighbours; cards that touch need one, and
every cut runs straight across the whole block: 9 poker cards fit an A4 page, 100 tiles of
20 mm take about 20 guillotine cuts instead of 400. There is no bleed between the cards, so a
cut a little off the line shows a sliver of the neighbour's edge (docs/paper.md says why that
is the trade we make, and ``--gutter`` prints cards apart, each with its own bleed). The
block's outer edges keep their bleed; backs are mirrored with their block.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import product

from ..content.model import Size
from .grid import Grid
from .plan import Label, PrintOptions, footer_baseline
from .registration import block_areas


def gang_grid(card: Size, paper: Size, options: PrintOptions, count: int = 0) -> Grid:
    """The orientation that fits ``count`` cards touching one another on fewest pages (the
    most a page when ``count`` is 0), upright on a tie, bleed only around the block, within
    the printer's margin. Crop marks take the room left outside the bleed, reaching into it
    where that is too little (see ``grid``); a cutting machine's marks keep theirs."""
    marks = options.mark_length + options.mark_gap if options.crop_marks else 0.0
    pad = options.bleed + (marks if options.registration else 0.0)
    best: Grid | None = None
    for rotated, area in product((False, True), block_areas(paper, options, pad)):
        cw, ch = (card.h, card.w) if rotated else (card.w, card.h)
        cols, rows = int((area.w + 1e-9) // cw), int((area.h + 1e-9) // ch)
        if cols * rows == 0 or (best is not None and _pages(count, cols * rows)
                                >= _pages(count, best.per_page)):
            continue
        left, top = (paper.w - cols * cw) / 2, options.frame_top(paper.h, rows * ch)
        best = Grid(cols, rows, rotated, card, cw, ch, left, top, options.bleed)
    if best is None:
        raise ValueError(f"a {card.w:g}×{card.h:g} mm card with {options.bleed:g} mm bleed "
                         f"does not fit on {paper.w:g}×{paper.h:g} mm paper inside its "
                         f"{options.margin:g} mm margin; choose a larger paper or less bleed "
                         "(--bleed 0)")
    return best


def _pages(count: int, per_page: int) -> float:
    """Pages ``count`` cards take at ``per_page`` (0 cards: fewer the more a page holds)."""
    return -(-count // per_page) if count else -per_page


def per_page_without_margin(card: Size, paper: Size, options: PrintOptions) -> int:
    """How many cards a page would hold if the printer printed to the paper's edge: more
    than ``gang_grid`` gives when the margin costs a card a page (the guide says so)."""
    return gang_grid(card, paper, replace(options, margin=0.0, footer_band=0.0)).per_page


def cut_count(grid: Grid, count: int) -> int:
    """Straight cuts that free ``count`` cards of a gang-run: one per grid line they touch."""
    cols, rows = grid.used(count)
    return cols + 1 + rows + 1


def cut_label(grid: Grid, count: int, paper: Size, options: PrintOptions) -> Label:
    """The page's cut count (``✂ 23 = 10 ↕ + 13 ↔``), right of the footer line."""
    cols, rows = grid.used(count)
    return Label(paper.w - options.margin, footer_baseline(paper.h, options.margin),
                 f"✂ {cut_count(grid, count)} = {cols + 1} ↕ + {rows + 1} ↔", end=True)


def gang_clip(grid: Grid, slot: int, count: int) -> tuple[float, float, float, float]:
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
