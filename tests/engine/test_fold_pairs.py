"""Fold-and-glue (``--duplex none --backs fold``) prints every component of every game: a pair
too wide to stand side by side is stacked (fold across) or turned, one pair a page at worst,
and a pair that fits no way is refused naming the card, its size and the paper."""

from __future__ import annotations

import pytest

from generator.content.loader import builtin_games
from generator.content.model import Deck, Size
from generator.i18n.catalog import translator
from generator.imposition.imposition import impose_deck
from generator.imposition.plan import MarkKind, PrintOptions, Side
from generator.pipeline.load import load_builtin
from generator.pipeline.plan import plan_components
from generator.pipeline.request import BuildRequest

A4 = Size(210, 297)
FOLD = PrintOptions(paper="a4", duplex="none", backs="fold")


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game_id", builtin_games())
def test_every_component_of_every_game_plans_with_fold(game_id: str, paper: str) -> None:
    game = load_builtin(game_id)
    options = PrintOptions(paper=paper, duplex="none", backs="fold")
    plans = plan_components(game, BuildRequest(game_id, "en", options),
                            translator("en", game.folder))
    placed = {p.layout for plan in plans for page in plan.pages for p in page.placements}
    for component in game.components:
        layouts = ({card.front for card in component.cards} if isinstance(component, Deck)
                   else {component.layout})
        assert layouts <= placed, component.id
    for plan in plans:
        component = game.component(plan.component_id)
        if not isinstance(component, Deck) or not any(c.back for c in component.cards):
            continue
        pages = [[(p.item, p.side) for p in page.placements] for page in plan.pages]
        while pages:  # each front has its back on its page to fold over, or (a pair too big
            sides = pages.pop(0)  # for one page) on the very next page, to glue behind it
            fronts = {item for item, side in sides if side == Side.FRONT}
            backs = {item for item, side in sides if side == Side.BACK}
            if not backs:
                assert pages, component.id
                behind = pages.pop(0)
                assert all(side == Side.BACK for _, side in behind), component.id
                backs = {item for item, _ in behind}
            assert fronts == backs, component.id

def test_a_pair_too_wide_to_stand_side_by_side_is_stacked() -> None:
    """130 × 90 mm: two side by side need 272 mm; one above the other fits, the back upside
    down below its front so that folding along the line between them brings it upright."""
    pages = impose_deck(Size(130, 90), ["f"] * 2, ["b"] * 2, A4, FOLD)
    assert len(pages) == 2  # 96 + 96 mm tall: one pair a page
    assert all([p.side for p in page.placements] == ["front", "back"] for page in pages)
    front, back = pages[0].placements
    assert (front.rotation, back.rotation) == (0, 180)
    assert back.x == front.x and back.y == pytest.approx(front.y + 90 + 6)
    fold = [m for m in pages[0].marks if m.kind == MarkKind.FOLD]
    assert len(fold) == 1
    assert fold[0].y1 == fold[0].y2 == pytest.approx(front.y + 90 + 3)  # midway, across
    assert fold[0].x1 == pytest.approx(front.x - 3) and fold[0].x2 == pytest.approx(
        front.x + 130 + 3)


def test_an_a6_pair_is_turned_and_stacked_one_pair_a_page() -> None:
    pages = impose_deck(Size(105, 148), ["f"] * 2, ["b"] * 2, A4, FOLD)
    assert len(pages) == 2
    front, back = pages[0].placements
    assert (front.rotation, back.rotation) == (90, 90)
    assert back.x == front.x and back.y == pytest.approx(front.y + 105 + 6)


def test_side_by_side_pairs_are_unchanged() -> None:
    """Cards whose pairs fit side by side keep the vertical fold between front and back."""
    pages = impose_deck(Size(70, 120), ["f"] * 4, ["b"] * 4, A4, FOLD)
    front, back = pages[0].placements[:2]
    assert back.y == front.y and back.x == pytest.approx(front.x + 70 + 6)
    assert (front.rotation, back.rotation) == (0, 0)


def test_a_pair_that_fits_no_way_prints_front_and_back_on_facing_pages() -> None:
    """150 × 200 mm: no pair fits on A4 either way, so each front has a page of its own and
    its back the next page, where a long-edge flip puts it, to glue behind it."""
    pages = impose_deck(Size(150, 200), ["f", "f"], ["b", "b"], A4, FOLD)
    assert [[(p.item, p.side) for p in page.placements] for page in pages] == [
        [(0, Side.FRONT)], [(0, Side.BACK)], [(1, Side.FRONT)], [(1, Side.BACK)]]
    front, back = pages[0].placements[0], pages[1].placements[0]
    assert back.x == pytest.approx(210 - front.x - 150) and back.y == front.y
    assert (back.w, back.h) == (150, 200)


def test_a_card_that_fits_no_page_names_the_card_and_the_paper() -> None:
    with pytest.raises(ValueError) as error:
        impose_deck(Size(250, 320), ["f"], ["b"], A4, FOLD)
    message = str(error.value)
    assert "250×320 mm card" in message and "a4 paper (210×297 mm)" in message
