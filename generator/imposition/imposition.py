"""Impose cards on sheets: as many as fit, crop marks outside the cards, backs that line up.
Cards share their cut lines by default (``gang``); with ``--gutter`` each has its own bleed.

A back lands where its front is once the sheet is turned over: mirrored across the page's
vertical axis for long-edge duplex, across the horizontal axis for short-edge duplex, then
moved by the user's back offset. Its rotation keeps the back upright relative to its front.

Fold-and-glue (no duplex) prints each back beside its front (fold along a vertical line) or
below it (fold along a horizontal line), whichever fits more pairs. A card whose pair fits
neither way prints its front on one page and its back on the next, where a long-edge flip
puts it (glue the two pages back to back): one pair a page at worst.
"""

from __future__ import annotations

from itertools import product

from ..content.model import Size
from .gang import cut_label, gang_clip, gang_grid
from .grid import Grid, crop_marks
from .plan import Backs, Duplex, Label, Mark, MarkKind, PagePlan, Placement, PrintOptions, Side
from .registration import block_areas


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
        top = options.frame_top(paper.h, rows * py - options.gutter) + options.bleed
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


def _pair_fits(card: Size, paper: Size, options: PrintOptions) -> bool:
    """Whether a fold pair (front and back side by side or stacked) fits on one page."""
    try:
        plan_grid(card, paper, options, pair=True)
    except ValueError:
        return False
    return True


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
                     back_rotation(placement.rotation, duplex), placement.bleed,
                     _mirror_clip(placement.clip, paper, options, duplex))


def _mirror_clip(clip: tuple[float, float, float, float] | None, paper: Size,
                 options: PrintOptions, duplex: Duplex
                 ) -> tuple[float, float, float, float] | None:
    """A front's clip box where it lands on the back of the sheet."""
    if clip is None:
        return None
    x, y, w, h = clip
    dx, dy = options.back_offset
    if duplex == Duplex.SHORT:
        return (x + dx, paper.h - y - h + dy, w, h)
    return (paper.w - x - w + dx, y + dy, w, h)


def impose_deck(card: Size, fronts: list[str], backs: list[str | None], paper: Size,
                options: PrintOptions, count_cuts: bool = False) -> list[PagePlan]:
    """Pages of fronts, each followed (duplex) or trailed (simplex) by its page of backs.
    Cards share their cut lines (``gang``) unless they are apart (``--gutter``) or folded;
    ``count_cuts`` puts each page's cut count beside its footer."""
    has_backs = any(b is not None for b in backs)
    fold = has_backs and options.duplex == Duplex.NONE and options.backs == Backs.FOLD
    facing = fold and not _pair_fits(card, paper, options)
    fold = fold and not facing  # a pair too big for one page: backs on the facing page
    gang = options.shared_cuts and not fold and not facing
    grid = (gang_grid(card, paper, options, len(fronts)) if gang
            else plan_grid(card, paper, options, pair=fold))
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
                              options.bleed, gang_clip(grid, slot, len(chunk)) if gang else None)
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
        labels: tuple[Label, ...] = ()
        if gang and count_cuts:
            labels = (cut_label(grid, len(chunk), paper, options),)
        fronts_pages.append(PagePlan(paper.w, paper.h, tuple(placements), marks, labels))
        if has_backs and not fold:
            back_pages.append(PagePlan(paper.w, paper.h, tuple(behind), side=Side.BACK))
    if options.duplex == Duplex.NONE and not fold and not facing:
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
