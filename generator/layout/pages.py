"""Plans for page-sized sheets (true scale, centred) and boards tiled over several pages."""

from __future__ import annotations

import math

from ..content.model import Size
from .plan import Label, Mark, PagePlan, Placement, PrintOptions


def oriented(paper: Size, landscape: bool) -> Size:
    return Size(max(paper.w, paper.h), min(paper.w, paper.h)) if landscape else paper


def plan_sheet(layout: str, size: Size, paper: Size, copies: int,
               options: PrintOptions) -> list[PagePlan]:
    """One centred copy of the layout per page, never scaled (cut-outs must match the grid)."""
    limit_w, limit_h = paper.w - 2 * options.margin, paper.h - 2 * options.margin
    if size.w > limit_w + 1e-6 or size.h > limit_h + 1e-6:
        raise ValueError(f"layout '{layout}' is {size.w:g}×{size.h:g} mm but the paper leaves "
                         f"{limit_w:g}×{limit_h:g} mm inside its margins")
    x, y = (paper.w - size.w) / 2, (paper.h - size.h) / 2
    return [PagePlan(paper.w, paper.h, (Placement(layout, copy, "sheet", x, y, size.w, size.h),),
                     side="sheet")
            for copy in range(copies)]


def plan_board(layout: str, size: Size, paper: Size, options: PrintOptions,
               overlap: float) -> list[PagePlan]:
    """Tile a large layout: neighbouring pages share ``overlap`` mm to glue, with marks."""
    area_w, area_h = paper.w - 2 * options.margin, paper.h - 2 * options.margin
    if overlap * 2 >= min(area_w, area_h):
        raise ValueError(f"a {overlap:g} mm overlap leaves no room on the page")
    step_w, step_h = area_w - overlap, area_h - overlap
    cols = max(1, math.ceil((size.w - overlap) / step_w))
    rows = max(1, math.ceil((size.h - overlap) / step_h))
    pages = []
    for row in range(rows):
        for col in range(cols):
            ox, oy = col * step_w, row * step_h
            x, y = options.margin - ox, options.margin - oy
            clip = (options.margin, options.margin, min(area_w, size.w - ox),
                    min(area_h, size.h - oy))
            placement = Placement(layout, row * cols + col, "sheet", x, y, size.w, size.h,
                                  clip=clip)
            marks = _overlap_marks(clip, overlap, col > 0, row > 0)
            label = Label(options.margin, options.margin - 1.5,
                          f"R{row + 1}C{col + 1}  ({rows}×{cols})")
            pages.append(PagePlan(paper.w, paper.h, (placement,), marks, (label,), side="sheet"))
    return pages


def _overlap_marks(clip: tuple[float, float, float, float], overlap: float, left: bool,
                   top: bool) -> tuple[Mark, ...]:
    """Dashed lines where the previous tile ends: glue this page's strip under it."""
    x, y, w, h = clip
    marks = []
    if left:
        marks.append(Mark(x + overlap, y, x + overlap, y + h, kind="glue"))
    if top:
        marks.append(Mark(x, y + overlap, x + w, y + overlap, kind="glue"))
    return tuple(marks)


def alignment_pages(paper: Size, options: PrintOptions) -> list[PagePlan]:
    """A front with targets and a back with the same targets mirrored: hold to the light and
    read the drift on the rulers, then pass it as --back-offset X,Y."""
    targets = [(paper.w * fx, paper.h * fy) for fx in (0.25, 0.75) for fy in (0.2, 0.5, 0.8)]
    front_marks, back_marks = [], []
    for tx, ty in targets:
        for marks, (mx, my) in ((front_marks, (tx, ty)),
                                (back_marks, _mirrored(tx, ty, paper, options))):
            marks.append(Mark(mx - 8, my, mx + 8, my, kind="target"))
            marks.append(Mark(mx, my - 8, mx, my + 8, kind="target"))
            for tick in range(-5, 6):
                length = 2.0 if tick % 5 else 3.5
                marks.append(Mark(mx + tick, my + 9, mx + tick, my + 9 + length, kind="ruler"))
                marks.append(Mark(mx + 9, my + tick, mx + 9 + length, my + tick, kind="ruler"))
    flip = "short" if options.duplex == "short" else "long"
    front_label = Label(options.margin, options.margin + 2,
                        f"Alignment page ({flip}-edge duplex). Print both sides, hold to the "
                        "light; each tick is 1 mm. Pass the drift as --back-offset X,Y.", 8)
    back_label = Label(options.margin, options.margin + 2, "Back side of the alignment page", 8)
    return [PagePlan(paper.w, paper.h, (), tuple(front_marks), (front_label,)),
            PagePlan(paper.w, paper.h, (), tuple(back_marks), (back_label,), side="back")]


def _mirrored(x: float, y: float, paper: Size, options: PrintOptions) -> tuple[float, float]:
    dx, dy = options.back_offset
    if options.duplex == "short":
        return x + dx, paper.h - y + dy
    return paper.w - x + dx, y + dy
