"""Stage 4, plan: each selected component as pages of placements in mm (imposition), with a
blank back after an odd part when printing double-sided. Components marked ``share: true``
are packed together onto shared pages, placed where the first of them comes. A deck's cards
share their cut lines (``--gutter`` sets them apart); one marked ``gang_cut: true`` prints
each page's cut count. A one-sided page that is a part of its own (a board tile, a copy of a
sheet) gets a blank back of its own, so the whole file prints double-sided."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..content.model import Board, Deck, Game, Sheet, Size
from ..content.sizes import papers
from ..content.wording import numbered
from ..errors import RenderError, UsageError
from ..i18n.catalog import Translator
from ..i18n.engine_messages import BLANK_BACK
from ..imposition.imposition import impose_deck
from ..imposition.pages import back_each, pad_for_duplex, plan_board, plan_sheet, turn_backs
from ..imposition.plan import (
    Backs,
    ComponentPlan,
    Duplex,
    OutlineEntry,
    PagePlan,
    PrintOptions,
)
from ..imposition.registration import with_registration
from ..imposition.shared import SharedItem, pack_shared
from .request import BuildRequest


def blank_note(tr: Translator) -> str:
    """The note on a page left blank, marked [EN] when it is left in English under
    ``--fallback`` (as every other text is)."""
    note = tr.gettext(BLANK_BACK)
    return f"[EN] {note}" if tr.fallback and not tr.has(BLANK_BACK) else note


def paper_size(name: str) -> Size:
    table = papers()
    if name not in table:
        raise UsageError(f"unknown paper '{name}'; use one of {', '.join(table)}")
    return table[name]


def plan_components(game: Game, request: BuildRequest, tr: Translator,
                    sheet_pages: Callable[[str], int | None] = lambda _: None,
                    ) -> list[ComponentPlan]:
    """The print plan of each selected component, in the game file's order; ``sheet_pages``
    tells how many pages one copy of a sheet takes when that is not one (a rule summary)."""
    options = request.options
    paper = paper_size(options.paper)
    known = [c.id for c in game.components]
    unknown = [c for c in request.only if c not in known]
    if unknown:
        raise UsageError(f"unknown {numbered('component', sorted(unknown))} for {game.id}; "
                         f"components: {', '.join(known)}")
    selected = [c for c in game.components if not request.only or c.id in request.only]
    sharers = [c for c in selected if _shares(c, options)]
    if len(sharers) < 2:  # alone, a sharer is planned as any other component
        sharers = []
    plans = []
    for component in selected:
        if component in sharers:
            if component is sharers[0]:
                plans.append(_shared_plan(game, sharers, paper, request, tr))
            continue
        note = blank_note(tr)
        try:
            pages = _plan_one(game, component, paper, options,
                              _copies(component, request, sheet_pages))
        except ValueError as exc:
            raise RenderError(f"{game.source}: component '{component.id}': {exc}") from None
        if _one_sided(game, component, sheet_pages):
            pages = back_each(pages, options, note)
        pages = for_printer(pad_for_duplex(pages, options, note), options)
        plans.append(ComponentPlan(component.id, tr.gettext(component.title), tuple(pages)))
    return plans


def for_printer(pages: list[PagePlan], options: PrintOptions) -> list[PagePlan]:
    """A cutting machine's marks on the card sheets, and the back pages turned against the
    printer's rotation."""
    return turn_backs(with_registration(pages, options), options)


def _one_sided(game: Game, component: Any, sheet_pages: Callable[[str], int | None]) -> bool:
    """Whether each page of a part needs a blank back of its own: a board's tiles, and the
    copies of a one-page sheet whose pages are not the two sides of one sheet (``duplex:``
    in ``assembly``). A text of several pages (a rule summary) reads on both sides."""
    if isinstance(component, Board):
        return True
    return (isinstance(component, Sheet) and not _two_sided(game, component.id)
            and sheet_pages(component.id) is None)


def _two_sided(game: Game, component_id: str) -> bool:
    return any(s.component == component_id and s.duplex for s in game.assembly)


def _copies(component: Any, request: BuildRequest,
            sheet_pages: Callable[[str], int | None]) -> int | None:
    """Copies of a sheet (``--copies`` over the game file), times the pages one copy takes."""
    if not isinstance(component, Sheet):
        return request.copies
    return (request.copies or component.copies) * (sheet_pages(component.id) or 1)


def _shares(component: Any, options: PrintOptions) -> bool:
    """Whether a component goes on the shared pages. Fold-and-glue pairs need pages of their
    own, so a two-sided deck keeps them when backs are folded."""
    if not getattr(component, "share", False):
        return False
    folded = options.duplex == Duplex.NONE and options.backs == Backs.FOLD
    return not (folded and isinstance(component, Deck) and any(c.back for c in component.cards))


def _shared_plan(game: Game, sharers: list[Any], paper: Size, request: BuildRequest,
                 tr: Translator) -> ComponentPlan:
    """One plan for the shared pages, titled by its components, each bookmarked on the page
    that holds it."""
    try:
        pages = pack_shared([_shared_item(game, c, request) for c in sharers], paper,
                            request.options, blank_note(tr))
    except ValueError as exc:
        raise RenderError(f"{game.source}: shared pages: {exc}") from None
    titles = {c.id: tr.gettext(c.title) for c in sharers}
    on_page = [[c.id for c in sharers if any(p.component == c.id for p in page.placements)]
               for page in pages]
    outline = sorted((OutlineEntry(c.id, titles[c.id], next(
        n for n, ids in enumerate(on_page) if c.id in ids)) for c in sharers),
        key=lambda entry: entry.page)
    pages = for_printer([replace(page, title=" · ".join(titles[i] for i in ids))
                         for page, ids in zip(pages, on_page, strict=True)], request.options)
    return ComponentPlan(sharers[0].id, " · ".join(titles.values()), tuple(pages),
                         tuple(outline))


def _shared_item(game: Game, component: Any, request: BuildRequest) -> SharedItem:
    """A deck's cards with their backs, or a sheet's copies."""
    if isinstance(component, Deck):
        return SharedItem(component.id, component.size, tuple(c.front for c in component.cards),
                          tuple(c.back for c in component.cards))
    layout = _sized_layout(game, component.layout)
    copies = request.copies or component.copies
    return SharedItem(component.id, layout.size, (layout.name,) * copies, (None,) * copies,
                      cards=False)


def _sized_layout(game: Game, name: str) -> Any:
    layout = game.layouts[name]
    if layout.size is None:
        raise ValueError(f"layout '{layout.name}' needs a size: [width, height] in mm")
    return layout


def _plan_one(game: Game, component: Any, paper: Size, options: PrintOptions,
              copies: int | None) -> list:
    if isinstance(component, Deck):
        return impose_deck(component.size, [c.front for c in component.cards],
                           [c.back for c in component.cards], paper, options,
                           count_cuts=component.gang_cut)
    layout = _sized_layout(game, component.layout)
    if isinstance(component, Sheet):
        return plan_sheet(layout.name, layout.size, paper, copies or component.copies, options,
                          turned=component.landscape,
                          two_sided=_two_sided(game, component.id))
    assert isinstance(component, Board)
    return plan_board(layout.name, layout.size, paper, options, component.overlap)
