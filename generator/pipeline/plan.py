"""Stage 4, plan: each selected component as pages of placements in mm (imposition), with a
blank back after an odd part when printing double-sided."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..content.model import Board, Deck, Game, Sheet, Size
from ..content.sizes import papers
from ..errors import RenderError, UsageError
from ..i18n.catalog import Translator
from ..i18n.engine_messages import BLANK_BACK
from ..imposition.imposition import impose_deck
from ..imposition.pages import oriented, pad_for_duplex, plan_board, plan_sheet
from ..imposition.plan import ComponentPlan, PrintOptions
from .request import BuildRequest


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
        raise UsageError(f"unknown component(s) {', '.join(unknown)} for {game.id}; "
                         f"components: {', '.join(known)}")
    plans = []
    for component in game.components:
        if request.only and component.id not in request.only:
            continue
        try:
            copies = request.copies
            if isinstance(component, Sheet):
                copies = (copies or component.copies) * (sheet_pages(component.id) or 1)
            pages = _plan_one(game, component, paper, options, copies)
        except ValueError as exc:
            raise RenderError(f"{game.source}: component '{component.id}': {exc}") from None
        pages = pad_for_duplex(pages, options, tr.gettext(BLANK_BACK))
        plans.append(ComponentPlan(component.id, tr.gettext(component.title), tuple(pages)))
    return plans


def _plan_one(game: Game, component: Any, paper: Size, options: PrintOptions,
              copies: int | None) -> list:
    if isinstance(component, Deck):
        return impose_deck(component.size, [c.front for c in component.cards],
                           [c.back for c in component.cards], paper, options)
    layout = game.layouts[component.layout]
    if layout.size is None:
        raise ValueError(f"layout '{layout.name}' needs a size: [width, height] in mm")
    if isinstance(component, Sheet):
        page = oriented(paper, component.landscape)
        return plan_sheet(layout.name, layout.size, page, copies or component.copies, options)
    assert isinstance(component, Board)
    return plan_board(layout.name, layout.size, paper, options, component.overlap)
