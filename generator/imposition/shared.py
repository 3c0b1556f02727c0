"""Shared pages: small one-off components (a marker, a cover card, die stickers) packed onto
the same pages instead of a page each.

Decks of cards of one size run on together as one deck (the next deck's first card in the
slot after the last deck's last), so no page of them is left part empty. A run too long for
one page is imposed as any deck, edge to edge on full pages; what is left over (and every
other part) is a block: its cards in a small grid with their bleed and crop marks around the
block, or its sheet's copies without either. Blocks are packed in shelves, tallest first,
each on the first shelf (then page) with room, a mark gap apart. Every front page is followed
by its back page, so two-sided cards keep their backs exactly behind their fronts; printed
double-sided, no one-sided item ever lands behind another that would be cut through.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ..content.model import Size
from .gang import gang_grid
from .grid import Grid, crop_marks
from .imposition import impose_deck, mirror, plan_grid
from .pages import blank_back
from .plan import Duplex, Mark, PagePlan, Placement, PrintOptions, Side
from .registration import block_areas


@dataclass(frozen=True)
class SharedItem:
    """One component to share a page: its layouts, one front (and back) per card or copy."""

    component: str
    size: Size
    fronts: tuple[str, ...]
    backs: tuple[str | None, ...]
    cards: bool = True          # cards get bleed and crop marks; a sheet is drawn as it is
    # a run of several decks: each card's component and its index there ('' = this item's)
    owners: tuple[tuple[str, int], ...] = ()

    def owner(self, index: int) -> tuple[str, int]:
        return self.owners[index] if self.owners else (self.component, index)


@dataclass(frozen=True)
class _Block:
    item: SharedItem
    grid: Grid                  # trim boxes relative to the block's top-left corner
    w: float                    # the block's footprint with its bleed and crop-mark margin
    h: float


def _pad(item: SharedItem, options: PrintOptions) -> float:
    """Room around a block's bleed for its crop marks."""
    return options.mark_gap + options.mark_length if item.cards and options.crop_marks else 0.0


def _block(item: SharedItem, area: Size, options: PrintOptions) -> _Block:
    """The item's cards in as many columns as the page takes, upright or turned, whichever
    makes the lower block (shelves then stack tighter); the narrower one on a tie. A sheet
    stays upright: it is read where it lies, and its layout already chose its shape."""
    bleed = options.bleed if item.cards else 0.0
    pad = _pad(item, options)
    count = len(item.fronts)
    best: _Block | None = None
    for rotated in (False, True) if item.cards else (False,):
        cw, ch = (item.size.h, item.size.w) if rotated else (item.size.w, item.size.h)
        px, py = cw + 2 * bleed + options.gutter, ch + 2 * bleed + options.gutter
        cols = min(count, int((area.w - 2 * pad + options.gutter + 1e-9) // px))
        if cols == 0:
            continue
        rows = math.ceil(count / cols)
        w = cols * px - options.gutter + 2 * pad
        h = rows * py - options.gutter + 2 * pad
        if h > area.h + 1e-9 or (best is not None and (h, w) >= (best.h, best.w)):
            continue
        grid = Grid(cols, rows, rotated, item.size, px, py, pad + bleed, pad + bleed, bleed)
        best = _Block(item, grid, w, h)
    if best is None:
        raise ValueError(f"'{item.component}': {count} × {item.size.w:g}×{item.size.h:g} mm do "
                         f"not fit on one {area.w:g}×{area.h:g} mm page area to share; "
                         "remove its 'share: true'")
    return best


@dataclass
class _Shelf:
    page: int
    top: float
    height: float
    filled: float               # width used so far


Packed = list[tuple[_Block, float, float]]  # a page's blocks with their area positions


def _pack(blocks: list[_Block], area: Size, space: float) -> list[Packed]:
    """Shelf packing, tallest block first: each block goes on the first shelf of the first
    page where it fits, else on a new shelf, else on a new page. Positions are in the area."""
    pages: list[Packed] = []
    shelves: list[_Shelf] = []
    for block in sorted(blocks, key=lambda b: -b.h):
        shelf = next((s for s in shelves if block.h <= s.height + 1e-9
                      and s.filled + space + block.w <= area.w + 1e-9), None)
        if shelf is None:
            floors = [max((s.top + s.height + space for s in shelves if s.page == page),
                          default=0.0) for page in range(len(pages))]
            page = next((p for p, floor in enumerate(floors)
                         if floor + block.h <= area.h + 1e-9), None)
            if page is None:
                pages.append([])
                page, floors = len(pages) - 1, [*floors, 0.0]
            shelf = _Shelf(page, floors[page], block.h, -space)
            shelves.append(shelf)
        x = shelf.filled + space
        shelf.filled = x + block.w
        pages[shelf.page].append((block, x, shelf.top))
    return pages


def pack_shared(items: list[SharedItem], paper: Size, options: PrintOptions,
                blank_note: str) -> list[PagePlan]:
    """The shared pages: each front with its page of backs behind it (double-sided; a blank
    back saying so when none of its items has a back), or all backs at the end (single-sided).
    The packed blocks are centred on the page."""
    space = options.mark_gap + options.gutter
    flip = Duplex.SHORT if options.duplex == Duplex.SHORT else Duplex.LONG
    fronts, backs, items = _full_pages(_runs(items), paper, options, blank_note)
    for packed in _fewest_pages(items, paper, options, space):
        used_w = max(x + b.w for b, x, _ in packed)
        used_h = max(y + b.h for b, _, y in packed)
        ox, oy = (paper.w - used_w) / 2, options.frame_top(paper.h, used_h)
        placements: list[Placement] = []
        behind: list[Placement] = []
        marks: list[Mark] = []
        for block, x, y in packed:
            grid = replace(block.grid, left=block.grid.left + ox + x, top=block.grid.top + oy + y)
            placed = _place(block.item, grid)
            placements += placed
            behind += [replace(mirror(p, paper, options, back, flip), component=p.component)
                       for p, back in zip(placed, block.item.backs, strict=True)
                       if back is not None]
            if block.item.cards:
                marks += crop_marks(grid, len(placed), paper, options)
        fronts.append(PagePlan(paper.w, paper.h, tuple(placements), tuple(marks)))
        if behind:
            backs.append(PagePlan(paper.w, paper.h, tuple(behind), side=Side.BACK))
        elif options.duplex != Duplex.NONE:
            backs.append(blank_back(paper, options, blank_note))
    if options.duplex == Duplex.NONE:
        return fronts + backs
    return [page for pair in zip(fronts, backs, strict=True) for page in pair]


def _runs(items: list[SharedItem]) -> list[SharedItem]:
    """Card decks of one size joined into one run, in the order they come (the run stands
    where its first deck stood); sheets and decks of other sizes as they are."""
    runs: dict[tuple[float, float], list[SharedItem]] = {}
    order: list[SharedItem | tuple[float, float]] = []
    for item in items:
        key = (item.size.w, item.size.h)
        if not item.cards:
            order.append(item)
            continue
        if key not in runs:
            order.append(key)
        runs.setdefault(key, []).append(item)
    joined = []
    for entry in order:
        if isinstance(entry, SharedItem):
            joined.append(entry)
            continue
        group = runs[entry]
        joined.append(group[0] if len(group) == 1 else SharedItem(
            group[0].component, group[0].size,
            tuple(f for item in group for f in item.fronts),
            tuple(b for item in group for b in item.backs),
            owners=tuple(item.owner(i) for item in group for i in range(len(item.fronts)))))
    return joined


def _full_pages(items: list[SharedItem], paper: Size, options: PrintOptions, blank_note: str,
                ) -> tuple[list[PagePlan], list[PagePlan], list[SharedItem]]:
    """The full pages of every run of cards longer than a page, imposed as a deck is (edge to
    edge when cards share their cut lines): their fronts, their backs (a blank one saying so
    when no card of the page has a back) and the items left to pack in blocks."""
    fronts: list[PagePlan] = []
    backs: list[PagePlan] = []
    left: list[SharedItem] = []
    for item in items:
        count = len(item.fronts)
        per_page = _per_page(item, paper, options)
        full = count // per_page * per_page if per_page and count > per_page else 0
        if not full:
            left.append(item)
            continue
        pages = impose_deck(item.size, list(item.fronts[:full]), list(item.backs[:full]),
                            paper, options)
        owned = [replace(page, placements=tuple(_owned(item, p) for p in page.placements))
                 for page in pages]
        fronts += [page for page in owned if page.side != Side.BACK]
        backs += [page for page in owned if page.side == Side.BACK]
        if not any(b is not None for b in item.backs[:full]) and options.duplex != Duplex.NONE:
            backs += [blank_back(paper, options, blank_note)] * (full // per_page)
        if full < count:
            left.append(replace(item, fronts=item.fronts[full:], backs=item.backs[full:],
                                owners=tuple(item.owner(i) for i in range(full, count))))
    return fronts, backs, left


def _per_page(item: SharedItem, paper: Size, options: PrintOptions) -> int:
    """How many of the item's cards a page of a deck holds (0 for a sheet, or a card too big
    for any page: the blocks below say so, naming the part)."""
    if not item.cards:
        return 0
    try:
        if options.shared_cuts:
            return gang_grid(item.size, paper, options, len(item.fronts)).per_page
        return plan_grid(item.size, paper, options).per_page
    except ValueError:
        return 0


def _owned(item: SharedItem, placement: Placement) -> Placement:
    """A placement of a run's card, drawn as its own component's card."""
    component, index = item.owner(placement.item)
    return replace(placement, item=index, component=component)


def _fewest_pages(items: list[SharedItem], paper: Size, options: PrintOptions,
                  space: float) -> list[Packed]:
    """The packing of the area (of those the page leaves beside a cutting machine's marks)
    that takes the fewest pages; an item too large for one area may fit another."""
    best: list[Packed] | None = None
    error: ValueError | None = None
    for area in block_areas(paper, options, 0.0):
        try:
            packed = _pack([_block(item, area, options) for item in items], area, space)
        except ValueError as exc:
            error = exc
            continue
        if best is None or len(packed) < len(best):
            best = packed
    if best is None:
        assert error is not None
        raise error
    return best


def _place(item: SharedItem, grid: Grid) -> list[Placement]:
    """The item's fronts in its block's grid, turned with it."""
    side = Side.FRONT if item.cards else Side.SHEET
    return [Placement(front, item.owner(index)[1], side, *grid.trim_box(index), item.size.w,
                      item.size.h, 90 if grid.rotated else 0, grid.bleed,
                      component=item.owner(index)[0])
            for index, front in enumerate(item.fronts)]
