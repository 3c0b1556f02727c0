"""A grid of card slots on a page, and the crop marks on its cut lines.

Crop marks sit outside the card block, on every cut line. Where the paper leaves less room
between the block's bleed and the printer's margin than a whole mark, the mark starts at the
margin and runs on into the bleed (which is cut away), stopping short of the card: a mark is
never printed inside the margin, and never on a card.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..content.model import Size
from .plan import Mark, PrintOptions


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


def _reach(edge: float, trim: float, limit: float, options: PrintOptions) -> tuple[float, float]:
    """A mark's outer and inner ends before a block whose bleed starts at ``edge`` and whose
    cards at ``trim`` (coordinates grow inwards): a mark gap outside the bleed, or, when the
    margin at ``limit`` leaves no room for that, from the margin on into the bleed."""
    gap, length = options.mark_gap, options.mark_length
    outer = edge - gap - length
    if outer >= limit - 1e-9:
        return outer, edge - gap
    return limit, max(limit, min(limit + length, trim - gap))


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
    b = grid.bleed
    bottom_trim = grid.top + (used_rows - 1) * grid.pitch_y + sh
    right_trim = grid.left + (used_cols - 1) * grid.pitch_x + sw
    m = options.margin
    top = _reach(grid.top - b, grid.top, m, options)
    left = _reach(grid.left - b, grid.left, m, options)
    bottom = [-v for v in _reach(-(bottom_trim + b), -bottom_trim,
                                 -(paper.h - m - options.footer_band), options)]
    right = [-v for v in _reach(-(right_trim + b), -right_trim, -(paper.w - m), options)]
    marks = []
    for x in xs:
        marks.append(Mark(x, top[0], x, top[1]))
        marks.append(Mark(x, bottom[1], x, bottom[0]))
    for y in ys:
        marks.append(Mark(left[0], y, left[1], y))
        marks.append(Mark(right[1], y, right[0], y))
    return tuple(marks)
