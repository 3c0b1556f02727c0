"""The Pharma Code's art read back: each deck players keep apart has its own back, told apart
in grayscale by at least 20 L* and by its pattern; the jokers share the number cards' back;
each card kind and each back carries its pictogram; the board shows the trial stages."""

from __future__ import annotations

from itertools import combinations

import pytest

from generator.designer.raster import Rasterizer
from generator.pipeline.load import resolve_game
from support.art import icon_ops, median_lstar, page_ops
from support.pharma import build_kit, page_runs, page_texts, pages_of

MIN_LSTAR_APART = 20  # issue 28: backs told apart in grayscale


@pytest.fixture(scope="module")
def back_images():
    """Each deck's first back, rasterized alone: deck id → (its data.art.backs key, image)."""
    raster = Rasterizer("pharma-code")
    found = {}
    for deck in raster.decks():
        if deck.cards[0].back is not None and "back" in deck.vars:
            image = raster.render(deck, [0], dpi=40, bleed=0).backs[0]
            found[deck.id] = (deck.vars["back"], image)
    return found


def test_every_deck_kept_apart_has_its_own_back(back_images):
    keys = {deck: key for deck, (key, _) in back_images.items()}
    assert keys["jokers"] == keys["numbers"], "jokers are shuffled into the number cards"
    apart = {keys[d] for d in ("numbers", "fast-track", "events", "questions")}
    assert len(apart) == 4


def test_jokers_and_numbers_print_the_same_back(back_images):
    numbers, jokers = back_images["numbers"][1], back_images["jokers"][1]
    assert numbers.tobytes() == jokers.tobytes()


def test_backs_differ_by_20_lstar_in_grayscale(back_images):
    levels = {key: median_lstar(image) for key, image in back_images.values()}
    assert len(levels) == 4
    for (a, la), (b, lb) in combinations(levels.items(), 2):
        assert abs(la - lb) >= MIN_LSTAR_APART, f"{a} ({la:.0f}) and {b} ({lb:.0f}) look alike"


def test_backs_differ_by_pattern_too():
    backs = resolve_game("pharma-code").data["art"]["backs"]
    patterns = [back["pattern"] for back in backs.values()]
    assert len(set(patterns)) == len(patterns)


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    pdf = build_kit(tmp_path_factory.mktemp("art"), only=(
        "jokers", "fast-track", "events", "numbers", "board"))
    return page_texts(pdf), page_ops(pdf)


@pytest.mark.slow
@pytest.mark.parametrize(("title", "face", "icon"), [
    ("Jokers", "JOKER", "card-joker"),
    ("Fast Track cards", "FAST TRACK", "sprint"),
])
def test_each_card_kind_carries_its_pictogram(kit, title, face, icon):
    texts, ops = kit
    pages = [i for i in pages_of(texts, title) if face in texts[i]]
    assert pages, f"no page of {title} shows {face}"
    drawn = icon_ops(icon)
    assert all(drawn in ops[i] for i in pages)


@pytest.mark.slow
@pytest.mark.parametrize(("title", "back", "face", "icon"), [
    ("Number cards", "Numbers & jokers", "players", "card-joker"),
    ("Event cards", "Event", "EVENT", "power-lightning"),
])
def test_each_back_carries_its_decks_pictogram(kit, title, back, face, icon):
    texts, ops = kit
    pages = [i for i in pages_of(texts, title) if back in texts[i] and face not in texts[i]]
    assert pages and all(icon_ops(icon) in ops[i] for i in pages)


@pytest.mark.slow
def test_each_event_shows_the_pictogram_of_its_kind_of_effect(kit):
    """Ten events, one pictogram each (swap, move, pass, question…), each on one page."""
    texts, ops = kit
    pages = [i for i in pages_of(texts, "Event cards") if "EVENT" in texts[i]]
    icons = [card.fields["icon"] for card in resolve_game("pharma-code").component("events").cards]
    assert len(set(icons)) == len(icons) == 10
    for icon in icons:
        assert sum(icon_ops(icon) in ops[i] for i in pages) == 1, f"{icon}: not on one page"
    drawn = [icon_ops(icon) for icon in icons]   # no signature hides inside another one
    assert not any(a in b or b in a for a, b in combinations(drawn, 2))


@pytest.mark.slow
def test_the_board_is_a_route_through_the_trial_stages(kit):
    texts, ops = kit
    board = " ".join(texts[i] for i in pages_of(texts, "Race track board"))
    for stage in ("RESEARCH", "PRE-CLINICAL TESTS", "PHASE I TRIAL", "PHASE II TRIAL",
                  "PHASE III TRIAL", "MARKET APPROVAL"):
        assert stage in board
    for icon in ("microscope", "erlenmeyer", "laurels-trophy"):
        drawn = icon_ops(icon)
        assert any(drawn in ops[i] for i in pages_of(texts, "Race track board"))


@pytest.mark.slow
def test_a_pictogram_is_found_only_where_it_is_drawn(kit):
    """The check above can fail: the event cards' pages without a joker do not draw the
    joker's pictogram."""
    texts, ops = kit
    joker = icon_ops("card-joker")
    events = [i for i in pages_of(texts, "Event cards")
              if "EVENT" in texts[i] and "JOKER" not in texts[i]]
    assert events and not any(joker in ops[i] for i in events)


def _hex(rgb: tuple[int, ...]) -> str:
    return "#" + "".join(f"{v:02x}" for v in rgb[:3])


@pytest.mark.parametrize(("value", "players"),
                         [(1, 2), (50, 2), (51, 3), (55, 3), (56, 4), (60, 4)])
def test_number_cards_are_bordered_into_the_bleed_in_their_groups_colour(value, players):
    """The core cards' border runs into the bleed (drift shows no white) in the colour of the
    card's player-count group; the centre of the card stays white for the big number."""
    raster = Rasterizer("pharma-code")
    deck = raster.decks(("numbers",))[0]
    item = next(i for i, c in enumerate(deck.cards) if c.fields["value"] == value)
    image = raster.render(deck, [item], dpi=60, bleed=3).fronts[0].convert("RGB")
    game = resolve_game("pharma-code")
    group = next(s for s in game.data["setups"] if s["players"] == players)
    colour = game.palette[group["colour"]].lower()
    w, h = image.size
    for x, y in ((1, 1), (w - 2, h // 2), (w // 2, h - 2), (px(5), px(5))):   # bleed and border
        assert _hex(image.getpixel((x, y))) == colour, (x, y)
    assert _hex(image.getpixel((px(3 + 10), h // 2 + px(14)))) == "#ffffff"  # the face


def test_the_three_groups_have_three_border_colours():
    game = resolve_game("pharma-code")
    colours = [game.palette[s["colour"]] for s in game.data["setups"]]
    assert len(set(colours)) == len(colours) == 3


def px(length_mm: float) -> int:
    return round(length_mm / 25.4 * 60)


@pytest.mark.parametrize(("deck", "colour"), [("events", "event"), ("questions", "question"),
                                              ("jokers", "gold")])
def test_event_question_and_joker_faces_have_a_border_in_their_decks_colour(deck, colour):
    """Like the number cards, each face is framed in its deck's colour into the bleed, with a
    white panel inside; events and questions carry a title band in the same colour."""
    raster = Rasterizer("pharma-code")
    image = raster.render(raster.decks((deck,))[0], [0], dpi=60, bleed=3).fronts[0]
    image = image.convert("RGB")
    expected = resolve_game("pharma-code").palette[colour].lower()
    w, h = image.size
    assert _hex(image.getpixel((w // 2, px(3 + 2)))) == expected        # the top border
    assert _hex(image.getpixel((px(3 + 2), h // 2))) == expected        # the left border
    assert _hex(image.getpixel((w // 2, h - px(3 + 6)))) != expected    # the panel
    if deck != "jokers":
        assert _hex(image.getpixel((px(3 + 16), px(3 + 4.6)))) == expected   # the band


def test_the_joker_says_any_number_in_large_type(tmp_path):
    runs = page_runs(build_kit(tmp_path, only=("jokers",)))
    big = [text for page in runs for text, size in page if "ANY NUMBER" in text and size >= 10]
    assert len(big) == 4
