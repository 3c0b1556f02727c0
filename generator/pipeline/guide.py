"""Stage 6, guide: page 1 of every kit is a short print guide in the kit's language, written
from the plan of this very PDF (``guide_text``), so a partial, single-sided or fold-and-glue
build gets a guide for what it holds. ``--no-guide`` leaves it out.

The guide is the layout ``print-guide`` (``templates/layouts/guide.yaml``; a game or a
``--layouts`` folder may define its own), one page or, when its text does not fit, as many as
hold it, cut between sections, never in smaller type. Printed double-sided it keeps the
duplex pairing of what follows: its pages are padded to an even count with a blank back, so
every part still starts on an odd page; a one-sheet part the game's ``assembly:`` marks
``behind_guide`` (a score pad) takes that blank back instead of a sheet of its own. Its page
numbers count its own pages, so the guide is planned again until its length and the numbers it
prints agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..content.model import Game, Size
from ..errors import RenderError
from ..i18n.catalog import Translator
from ..i18n.engine_messages import GUIDE_TITLE
from ..imposition.pages import blank_back, pad_for_duplex, plan_sheet
from ..imposition.plan import ComponentPlan, Placement, PrintOptions, Side
from ..render.document import ContextFor
from ..render.expressions import Scope
from ..render.resolver import Resolver
from ..summary.text import RuleText
from .fit import fewest_pages
from .guide_text import guide_text
from .plan import blank_note, paper_size
from .request import BuildRequest

GUIDE_ID = "_guide"  # its plan's id: never a component's (ids start with a letter or digit)
LAYOUT = "print-guide"
LOGO = "logo"  # a game's layout of this name is drawn on the guide's title band


@dataclass(frozen=True)
class Guided:
    """The PDF's plans with the guide first (or as they were, with ``--no-guide``), and the
    template context of every placement, the guide's pages included."""

    plans: list[ComponentPlan]
    contexts: ContextFor


def add_guide(game: Game, request: BuildRequest, tr: Translator,
              plans: list[ComponentPlan], contexts: ContextFor,
              base: Mapping[str, Any]) -> Guided:
    """Put the guide before ``plans``; ``base`` is what every layout of the game reads."""
    if not request.guide:
        return Guided(plans, contexts)
    options = request.options
    paper = paper_size(options.paper)
    layout = game.layouts.get(LAYOUT)
    if layout is None or layout.size is None:
        raise RenderError(f"layout '{LAYOUT}' needs a size: [width, height] in mm "
                          "(templates/layouts/guide.yaml has one)")
    resolver = Resolver(game)
    length = 1  # pages the guide is planned with; it grows when its text needs more
    while True:
        ordered = _behind(game, _plan(layout.size, length, length, options, tr), plans)
        text = guide_text(game, ordered, options, paper, tr)
        paged = replace(text, paging=fewest_pages(resolver, LAYOUT, "guide", dict(base), text))
        if len(paged.pages) <= length:
            break
        length = len(paged.pages)
    ordered = _behind(game, _plan(layout.size, len(paged.pages), length, options, tr), plans)
    return Guided(ordered, _GuideContexts(contexts, Scope(base), paged, LOGO in game.layouts))


def _behind(game: Game, guide: ComponentPlan, plans: list[ComponentPlan]
            ) -> list[ComponentPlan]:
    """The guide, then the plans; when the guide ends on a blank back and the game marks a
    one-page part with a blank back of its own ``behind_guide``, that part's page takes the
    guide's blank back and leaves its own sheet."""
    flagged = {s.component for s in game.assembly if s.behind_guide}
    tucked = next((p for p in plans if p.component_id in flagged and len(p.pages) == 2
                   and p.pages[1].side == Side.BLANK), None)
    if tucked is None or len(guide.pages) < 2 or guide.pages[-1].side != Side.BLANK:
        return [guide, *plans]
    return [replace(guide, pages=guide.pages[:-1]), replace(tucked, pages=tucked.pages[:1]),
            *(p for p in plans if p is not tucked)]


def _plan(size: Size, pages: int, length: int, options: PrintOptions,
          tr: Translator) -> ComponentPlan:
    """``pages`` pages of text, blank pages up to ``length``, and a blank back when that
    leaves an odd count on a duplex printer."""
    paper = paper_size(options.paper)
    try:
        planned = plan_sheet(LAYOUT, size, paper, pages, options)
    except ValueError as exc:  # a layout of one's own, larger than the paper
        raise RenderError(f"the print guide: {exc}; or build with --no-guide") from None
    note = blank_note(tr)
    planned += [blank_back(paper, options, note) for _ in range(length - pages)]
    return ComponentPlan(GUIDE_ID, tr.gettext(GUIDE_TITLE),
                         tuple(pad_for_duplex(planned, options, note)))


class _GuideContexts:
    """The game's contexts, and for the guide's pages its text and page number."""

    def __init__(self, contexts: ContextFor, base: Scope, text: RuleText, logo: bool):
        self.contexts, self.base, self.text, self.logo = contexts, base, text, logo

    def __call__(self, component_id: str, placement: Placement) -> dict[str, Any]:
        if component_id != GUIDE_ID:
            return self.contexts(component_id, placement)
        return Scope(self.base, guide=self.text, copy=placement.item + 1, w=placement.w,
                     h=placement.h, guide_paper=self.base["paper"], guide_logo=self.logo)
