"""Sheets a cutting machine cuts: the area cards may take beside its registration marks, and
the marks themselves.

A Silhouette reads three marks inset from the paper's corners (a filled square at the top-left,
L-shaped corners at the top-right and bottom-left); no card, bleed or crop mark may enter the
corner zone of a mark. A card block is centred on the page, so it clears every corner zone
exactly when it is narrower than the page less two zones (a tall area) or lower than it (a
wide area): the grid takes whichever holds more cards. A Cricut prints its own marks around
its Print Then Cut area, so the cards stay inside that area and pnp prints no mark.
The figures are data: ``templates/registration.yaml``.
"""

from __future__ import annotations

from dataclasses import replace

from ..content.machines import Registration, registration
from ..content.model import Size
from .plan import PagePlan, Patch, PrintOptions, Side


def block_areas(paper: Size, options: PrintOptions, pad: float) -> list[Size]:
    """Centred areas a block of cards (bleed included) may fill: ``pad`` mm of it are kept
    free around the block for its crop marks. One area without registration marks, within
    the page's margin and above its footer band; a block is centred on the page less that
    band (``PrintOptions.frame_top``)."""
    band = options.footer_band  # the footer's, at the foot of the page
    plain = Size(paper.w - 2 * (options.margin + pad),
                 paper.h - 2 * (options.margin + pad) - band)
    if not options.registration:
        return [plain]
    marks = registration(options.registration)
    if marks.print_area is not None:
        area = marks.print_area
        return [Size(min(plain.w, area.w - 2 * pad), min(plain.h, area.h - 2 * pad))]
    edge = max(options.margin, marks.inset) + pad
    corner = marks.inset + marks.corner_zone + pad
    return [Size(paper.w - 2 * corner, paper.h - 2 * edge - band),
            Size(paper.w - 2 * edge, paper.h - 2 * corner - band)]


def mark_patches(paper: Size, marks: Registration) -> tuple[Patch, ...]:
    """The square at the top-left and the two L-shaped corners, their outer edges ``inset``
    mm from the paper's edges."""
    i, t, arm = marks.inset, marks.thickness, marks.length
    right, bottom = paper.w - i, paper.h - i
    return (Patch(i, i, marks.square, marks.square),
            Patch(right - arm, i, arm, t), Patch(right - t, i, t, arm),
            Patch(i, bottom - t, arm, t), Patch(i, bottom - arm, t, arm))


def with_registration(pages: list[PagePlan], options: PrintOptions) -> list[PagePlan]:
    """Every front page that holds cards gets the machine's marks (none when the machine's
    software prints its own)."""
    if not options.registration:
        return pages
    marks = registration(options.registration)
    if marks.draws_own_marks:
        return pages
    return [replace(page, patches=mark_patches(Size(page.width, page.height), marks))
            if holds_cards(page) else page for page in pages]


def holds_cards(page: PagePlan) -> bool:
    """A front page with at least one card on it: a sheet a machine cuts."""
    return page.side == Side.FRONT and any(p.side == Side.FRONT for p in page.placements)
