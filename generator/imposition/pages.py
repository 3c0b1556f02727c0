"""Plans for page-sized sheets (true scale, centred) and boards tiled over several pages."""

from __future__ import annotations

import math
from dataclasses import replace

from ..content.model import Size
from ..limits import limit, past
from .imposition import back_rotation
from .plan import (
    Duplex,
    Label,
    Mark,
    MarkKind,
    PagePlan,
    Placement,
    PrintOptions,
    Side,
    footer_baseline,
)


def plan_sheet(layout: str, size: Size, paper: Size, copies: int, options: PrintOptions,
               turned: bool = False, two_sided: bool = False) -> list[PagePlan]:
    """One centred copy of the layout per page, never scaled (cut-outs must match the grid),
    inside the printer's margin and above the footer band. ``turned``: a landscape layout
    on the upright page, a quarter turn clockwise; when its pages are the two sides of one
    sheet (``two_sided``), every second page is turned so that the build's flip edge lands
    it the right way up behind the one before (on a long-edge flip, the other way round)."""
    fw, fh = (size.h, size.w) if turned else (size.w, size.h)
    limit_w = paper.w - 2 * options.margin
    limit_h = paper.h - 2 * options.margin - options.footer_band
    if fw > limit_w + 1e-6 or fh > limit_h + 1e-6:
        raise ValueError(f"layout '{layout}' is {size.w:g}×{size.h:g} mm but the paper leaves "
                         f"{limit_w:g}×{limit_h:g} mm inside its margins and footer")
    x, y = (paper.w - fw) / 2, options.frame_top(paper.h, fh)
    flip = Duplex.SHORT if options.duplex == Duplex.SHORT else Duplex.LONG
    turns = [90 if turned else 0] * copies
    if two_sided and turned and options.duplex != Duplex.NONE:
        turns = [turn if copy % 2 == 0 else back_rotation(turn, flip)
                 for copy, turn in enumerate(turns)]
    return [PagePlan(paper.w, paper.h, (Placement(layout, copy, Side.SHEET, x, y, size.w, size.h,
                                                  turn),), side=Side.SHEET)
            for copy, turn in enumerate(turns)]


def back_each(pages: list[PagePlan], options: PrintOptions, note: str) -> list[PagePlan]:
    """Every page with a blank back of its own (double-sided), so that no two one-sided
    pages (two lab sheets, two board tiles) ever print back to back."""
    if options.duplex == Duplex.NONE:
        return pages
    return [p for page in pages
            for p in (page, blank_back(Size(page.width, page.height), options, note))]


def pad_for_duplex(pages: list[PagePlan], options: PrintOptions, note: str) -> list[PagePlan]:
    """A blank back after a component with an odd number of pages, so that, printed
    double-sided, the next component starts on a sheet of its own and every front keeps its
    back (single-sided printing needs no padding)."""
    if options.duplex == Duplex.NONE or len(pages) % 2 == 0:
        return pages
    return [*pages, blank_back(Size(pages[-1].width, pages[-1].height), options, note)]


def turn_backs(pages: list[PagePlan], options: PrintOptions) -> list[PagePlan]:
    """Back pages turned by ``--back-rotation`` about their centre, against a printer that
    turns the back it prints."""
    if not options.back_rotation:
        return pages
    return [replace(page, turn=options.back_rotation) if page.side == Side.BACK else page
            for page in pages]


def blank_back(paper: Size, options: PrintOptions, note: str) -> PagePlan:
    """A page left blank on purpose, saying so (``note``), so that nobody prints on it."""
    label = Label(options.margin + 5, paper.h / 2, note, 9.0)
    return PagePlan(paper.w, paper.h, (), labels=(label,), side=Side.BLANK)


SEAM_TICK = 4.0        # mm: each half of an alignment tick across a board seam
SEAM_TICK_INSET = 2.0  # mm from each end of a seam to its tick: in the board's border or
                       # where two seams cross, never over the board's art


def plan_board(layout: str, size: Size, paper: Size, options: PrintOptions,
               overlap: float) -> list[PagePlan]:
    """Tile a large layout over pages, row by row. Neighbouring tiles share ``overlap`` mm.

    Assembly: cut each tile along its solid right and bottom edges, lay it over the next tile
    with that edge on the dashed glue line, and glue. Short ticks cross every seam: half on
    each tile, they join into one line when the tiles sit right; they sit near the seam's two
    ends, off the art, and the farther apart the truer the alignment. The label right of the
    footer names the tile (``R1C2`` = row 1, column 2) and its neighbours."""
    area_w = paper.w - 2 * options.margin
    area_h = paper.h - 2 * options.margin - options.footer_band
    if overlap * 2 >= min(area_w, area_h):
        raise ValueError(f"a {overlap:g} mm overlap leaves no room on the page")
    step_w, step_h = area_w - overlap, area_h - overlap
    cols = max(1, math.ceil((size.w - overlap) / step_w))
    rows = max(1, math.ceil((size.h - overlap) / step_h))
    if cols * rows > limit("board_pages"):  # a board of 100 m a side: 250,000 pages
        raise ValueError(past("board_pages", f"{size.w:g} × {size.h:g} mm tile {cols * rows:,} "
                              "pages"))
    pages = []
    for row in range(rows):
        for col in range(cols):
            ox, oy = col * step_w, row * step_h
            x, y = options.margin - ox, options.margin - oy
            clip = (options.margin, options.margin, min(area_w, size.w - ox),
                    min(area_h, size.h - oy))
            placement = Placement(layout, row * cols + col, Side.SHEET, x, y, size.w, size.h,
                                  clip=clip)
            sides = (col > 0, row > 0, col < cols - 1, row < rows - 1)
            marks = _seam_marks(clip, overlap, *sides)
            label = Label(paper.w - options.margin, footer_baseline(paper.h, options.margin),
                          _tile_label(row, col, rows, cols, *sides), end=True)
            pages.append(PagePlan(paper.w, paper.h, (placement,), marks, (label,), side=Side.SHEET))
    return pages


def _tile_label(row: int, col: int, rows: int, cols: int, left: bool, top: bool, right: bool,
                bottom: bool) -> str:
    """``R1C2 (2×2)  ← R1C1  ↓ R2C2``: the tile and its neighbours, in any language."""
    parts = [f"R{row + 1}C{col + 1}  ({rows}×{cols})"]
    for present, arrow, (r, c) in ((left, "←", (row, col - 1)), (right, "→", (row, col + 1)),
                                   (top, "↑", (row - 1, col)), (bottom, "↓", (row + 1, col))):
        if present:
            parts.append(f"{arrow} R{r + 1}C{c + 1}")
    return "   ".join(parts)


def _seam_marks(clip: tuple[float, float, float, float], overlap: float, left: bool, top: bool,
                right: bool, bottom: bool) -> tuple[Mark, ...]:
    """Glue lines where the previous tile's edge lands, cut lines on this tile's own edges
    that go over the next tile, and the two halves of each alignment tick."""
    x, y, w, h = clip
    t = SEAM_TICK
    along_y = (y + SEAM_TICK_INSET, y + h - SEAM_TICK_INSET)  # ticks of a vertical seam
    along_x = (x + SEAM_TICK_INSET, x + w - SEAM_TICK_INSET)  # ticks of a horizontal seam
    marks = []
    if left:
        gx = x + overlap
        marks.append(Mark(gx, y, gx, y + h, kind=MarkKind.GLUE))
        marks += [Mark(gx, ty, gx + t, ty, MarkKind.TARGET) for ty in along_y]
    if top:
        gy = y + overlap
        marks.append(Mark(x, gy, x + w, gy, kind=MarkKind.GLUE))
        marks += [Mark(tx, gy, tx, gy + t, MarkKind.TARGET) for tx in along_x]
    if right:
        marks.append(Mark(x + w, y, x + w, y + h, kind=MarkKind.CROP))
        marks += [Mark(x + w - t, ty, x + w, ty, MarkKind.TARGET) for ty in along_y]
    if bottom:
        marks.append(Mark(x, y + h, x + w, y + h, kind=MarkKind.CROP))
        marks += [Mark(tx, y + h - t, tx, y + h, MarkKind.TARGET) for tx in along_x]
    return tuple(marks)
