"""Print-shop PDFs: ``--one-up`` plans one card a page (the decks only: a print-on-demand
card product holds cards), ``--pdfx`` makes the drawn file PDF/X-1a (``render.pdfx``).

What the boxes mean: on a one-up page the TrimBox is the card (the page inset by the bleed)
and the BleedBox the whole page. On an imposed sheet the product a print shop delivers is the
sheet itself, cut into cards later along its crop marks, so its TrimBox and BleedBox are the
whole sheet (the cards' bleed lies inside it).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ..content.model import Deck, Game
from ..errors import RenderError, UsageError
from ..imposition.one_up import impose_one_up
from ..imposition.plan import ComponentPlan, PrintOptions
from ..render.cmyk import total_ink_limit
from ..render.pdfx import to_pdfx
from ..units import mm
from .request import BuildRequest


def plan_one_up(game: Game, request: BuildRequest, title: Any) -> list[ComponentPlan]:
    """Each selected deck one card a page, front then back (or back then front); ``title``
    translates a deck's title for its bookmark."""
    decks = [c for c in game.components if isinstance(c, Deck)
             and (not request.only or c.id in request.only)]
    if not decks:
        raise UsageError(f"--one-up prints decks of cards, one card a page, and {game.id} has "
                         "none among the components chosen; choose decks with --only (pnp "
                         "list shows them) or build without --one-up")
    return [ComponentPlan(deck.id, title(deck.title), tuple(impose_one_up(
        deck.size, [c.front for c in deck.cards], [c.back for c in deck.cards],
        request.options.bleed, request.options.back_first))) for deck in decks]


def print_ready(data: bytes, game: Game, plans: Sequence[ComponentPlan],
                options: PrintOptions, title: str) -> bytes:
    """The drawn PDF as PDF/X-1a:2003, its boxes from the plan; a game whose layouts ask for
    transparency is refused (PDF/X-1a has none) where the opacity is written."""
    refuse_transparency(game)
    inset = mm(options.bleed) if options.one_up else 0.0  # see the module's doc
    return to_pdfx(data, [inset for plan in plans for _ in plan.pages], title,
                   checked_ink_limit(options.ink_limit))


def checked_ink_limit(percent: int) -> int:
    """The total ink limit asked for (``--ink-limit``), or the profile's; a UsageError for
    one no press prints with."""
    most = total_ink_limit()
    if not percent:
        return most
    if not 100 <= percent <= most:  # 100: black alone must still print
        raise UsageError(f"--ink-limit {percent}: give a total ink in % from 100 to {most} "
                         "(the profile's limit); DriveThruCards asks for 240")
    return percent


def refuse_transparency(game: Game) -> None:
    """A RenderError naming every element whose ``opacity`` is below 1. Flattening it would
    need the colour beneath, which a layout does not know, so pnp does not guess."""
    found = [where for layout in game.layouts.values()
             for where in _translucent(layout.elements, f"{layout.source}:{layout.name}")]
    if found:
        raise RenderError("--pdfx: PDF/X-1a has no transparency, and "
                          + "; ".join(found) + ": write the colour you mean as seen on its "
                          "background instead of an opacity, or build without --pdfx")


def _translucent(elements: Sequence[Mapping[str, Any]], where: str) -> Iterator[str]:
    for index, element in enumerate(elements):
        here = f"{where}.elements[{index}]"
        opacity = element.get("opacity")
        if opacity is not None and float(opacity) < 1:
            yield f"{here}.opacity is {float(opacity):g}"
        yield from _translucent(element.get("elements", ()), here)
