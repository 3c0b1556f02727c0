"""Impose cards on sheets: as many as fit, crop marks outside the cards, backs that line up.

A back lands where its front is once the sheet is turned over: mirrored across the page's
vertical axis for long-edge duplex, across the horizontal axis for short-edge duplex, then
moved by the user's back offset. Its rotation keeps the back upright relative to its front.

Fold-and-glue (no duplex) prints each back beside its front (fold along a vertical line) or
below it (fold along a horizontal line), whichever fits more pairs, so a card too wide for two
side by side still prints, one pair a page at worst.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from ..content.model import Size
from .plan import Backs, Duplex, Mark, MarkKind, PagePlan, Placement, PrintOptions, Side
from .registration import block_areas


@dataclass(frozen=True)
class Grid:
    """Slots for cards on one page: trim boxes in page mm."""

    cols: int
    rows: int
    rotated: bool
    card: Size
    pitch_x: float
    pitch_y: float
    left: float          # trim-box left of the first column
    top: float           # trim-box top of the first row
    bleed: float
    stacked: bool = False  # fold pairs: the back below its front, not beside it

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def slot(self) -> tuple[float, float]:
        """Footprint of one trim box on the page."""
        return (self.card.h, self.card.w) if self.rotated else (self.card.w, self.card.h)

    def trim_box(self, index: int) -> tuple[float, float]:
        row, col = divmod(index, self.cols)
        return self.left + col * self.pitch_x, self.top + row * self.pitch_y

    def pair_boxes(self, pair: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """Trim boxes of a fold pair's front and back: columns 2k and 2k+1 of a row, or
        (stacked) rows 2k and 2k+1 of a column."""
        if not self.stacked:
            return self.trim_box(2 * pair), self.trim_box(2 * pair + 1)
        band, col = divmod(pair, self.cols)
        front = 2 * band * self.cols + col
        return self.trim_box(front), self.trim_box(front + self.cols)

    def used(self, slots: int) -> tuple[int, int]:
        """Columns and rows that ``slots`` filled slots span (pairs counted as two slots)."""
        if self.stacked:
            pairs = slots // 2
            bands = (pairs + self.cols - 1) // self.cols
            return (self.cols if bands > 1 else pairs), 2 * bands
        rows = (slots + self.cols - 1) // self.cols
        return (self.cols if rows > 1 else slots), rows


def _fit(avail: float, size: float, bleed: float, gutter: float) -> int:
    pitch = size + 2 * bleed + gutter
    return max(0, int((avail + gutter + 1e-9) // pitch))


def plan_grid(card: Size, paper: Size, options: PrintOptions, pair: bool = False) -> Grid:
    """The orientation that fits most cards; ``pair`` reserves two slots per card (fold),
    beside or below each other, whichever fits more pairs."""
    pad = options.mark_length + options.mark_gap if options.crop_marks else 0.0
    best: Grid | None = None
    for rotated, stacked, area in product((False, True), (False, True) if pair else (False,),
                                          block_areas(paper, options, pad)):
        cw, ch = (card.h, card.w) if rotated else (card.w, card.h)
        cols = _fit(area.w, cw, options.bleed, options.gutter)
        rows = _fit(area.h, ch, options.bleed, options.gutter)
        if pair and stacked:
            rows -= rows % 2
        elif pair:
            cols -= cols % 2
        if cols * rows == 0 or (best is not None and cols * rows <= best.per_page):
            continue
        px = cw + 2 * options.bleed + options.gutter
        py = ch + 2 * options.bleed + options.gutter
        left = (paper.w - (cols * px - options.gutter)) / 2 + options.bleed
        top = (paper.h - (rows * py - options.gutter)) / 2 + options.bleed
        best = Grid(cols, rows, rotated, card, px, py, left, top, options.bleed, stacked)
    if best is None:
        what = (f"a fold-and-glue pair of {card.w:g}×{card.h:g} mm cards (front and back)"
                if pair else f"a {card.w:g}×{card.h:g} mm card")
        fix = ("; print it double-sided (--duplex long) or with less bleed (--bleed 0)" if pair
               else "; choose a larger paper or less bleed (--bleed 0)")
        if options.registration:
            fix += f", or print without --registration {options.registration}"
        raise ValueError(f"{what} with {options.bleed:g} mm bleed does not fit on "
                         f"{options.paper} paper ({paper.w:g}×{paper.h:g} mm), upright or "
                         f"rotated{fix}")
    return best


def crop_marks(grid: Grid, count: int, paper: Size, options: PrintOptions) -> tuple[Mark, ...]:
    """Marks on every trim line, in the margin outside the whole card block."""
    if not options.crop_marks or count == 0:
        return ()
    used_cols, used_rows = grid.used(count)
    sw, sh = grid.slot
    xs = sorted({round(grid.left + c * grid.pitch_x + edge, 4)
                 for c in range(used_cols) for edge in (0.0, sw)})
    ys = sorted({round(grid.top + r * grid.pitch_y + edge, 4)
                 for r in range(used_rows) for edge in (0.0, sh)})
    block_top = grid.top - grid.bleed
    block_bottom = grid.top + (used_rows - 1) * grid.pitch_y + sh + grid.bleed
    block_left = grid.left - grid.bleed
    block_right = grid.left + (used_cols - 1) * grid.pitch_x + sw + grid.bleed
    gap, length = options.mark_gap, options.mark_length
    marks = []
    for x in xs:
        marks.append(Mark(x, block_top - gap - length, x, block_top - gap))
        marks.append(Mark(x, block_bottom + gap, x, block_bottom + gap + length))
    for y in ys:
        marks.append(Mark(block_left - gap - length, y, block_left - gap, y))
        marks.append(Mark(block_right + gap, y, block_right + gap + length, y))
    return tuple(marks)


def back_rotation(front: int, duplex: Duplex) -> int:
    """Rotation that keeps the back's top at the front's top once the sheet is flipped."""
    if duplex == Duplex.SHORT:
        return (180 - front) % 360
    return (-front) % 360


def mirror(placement: Placement, paper: Size, options: PrintOptions, layout: str,
           duplex: Duplex) -> Placement:
    """The back placement behind ``placement`` for the given flip."""
    fw, fh = placement.footprint
    dx, dy = options.back_offset
    if duplex == Duplex.SHORT:
        x, y = placement.x + dx, paper.h - placement.y - fh + dy
    else:
        x, y = paper.w - placement.x - fw + dx, placement.y + dy
    return Placement(layout, placement.item, Side.BACK, x, y, placement.w, placement.h,
                     back_rotation(placement.rotation, duplex), placement.bleed)


def impose_deck(card: Size, fronts: list[str], backs: list[str | None], paper: Size,
                options: PrintOptions) -> list[PagePlan]:
    """Pages of fronts, each followed (duplex) or trailed (simplex) by its page of backs."""
    has_backs = any(b is not None for b in backs)
    fold = has_backs and options.duplex == Duplex.NONE and options.backs == Backs.FOLD
    grid = plan_grid(card, paper, options, pair=fold)
    rotation = 90 if grid.rotated else 0
    per_page = grid.per_page // 2 if fold else grid.per_page
    fronts_pages: list[PagePlan] = []
    back_pages: list[PagePlan] = []
    for start in range(0, len(fronts), per_page):
        chunk = range(start, min(start + per_page, len(fronts)))
        placements, behind = [], []
        for slot, item in enumerate(chunk):
            x, y = grid.pair_boxes(slot)[0] if fold else grid.trim_box(slot)
            front = Placement(fronts[item], item, Side.FRONT, x, y, card.w, card.h, rotation,
                              options.bleed)
            placements.append(front)
            back = backs[item]
            if back is None:
                continue
            if fold:
                bx, by = grid.pair_boxes(slot)[1]
                turn = back_rotation(rotation, Duplex.SHORT if grid.stacked else Duplex.LONG)
                placements.append(Placement(back, item, Side.BACK, bx, by, card.w, card.h,
                                            turn, options.bleed))
            else:
                flip = Duplex.SHORT if options.duplex == Duplex.SHORT else Duplex.LONG
                behind.append(mirror(front, paper, options, back, flip))
        used = len(chunk) * (2 if fold else 1)
        marks = crop_marks(grid, used, paper, options)
        if fold:
            marks += fold_marks(grid, len(chunk))
        fronts_pages.append(PagePlan(paper.w, paper.h, tuple(placements), marks))
        if has_backs and not fold:
            back_pages.append(PagePlan(paper.w, paper.h, tuple(behind), side=Side.BACK))
    if options.duplex == Duplex.NONE and not fold:
        return fronts_pages + back_pages
    if fold or not back_pages:
        return fronts_pages
    pages: list[PagePlan] = []
    for front_page, back_page in zip(fronts_pages, back_pages, strict=True):
        pages.extend((front_page, back_page))
    return pages


def fold_marks(grid: Grid, pairs: int) -> tuple[Mark, ...]:
    """A dashed fold line midway between each front and its back, across the pair's bleed."""
    sw, sh = grid.slot
    marks = []
    for pair in range(pairs):
        (fx, fy), (bx, by) = grid.pair_boxes(pair)
        if grid.stacked:
            y = (fy + sh + by) / 2
            marks.append(Mark(fx - grid.bleed, y, fx + sw + grid.bleed, y, kind=MarkKind.FOLD))
        else:
            x = (fx + sw + bx) / 2
            marks.append(Mark(x, fy - grid.bleed, x, fy + sh + grid.bleed, kind=MarkKind.FOLD))
    return tuple(marks)
