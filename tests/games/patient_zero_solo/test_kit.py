"""Patient Zero: A Solo Epidemic — the printed kit read back: deck counts, limb arrows drawn
from the rule data, duplex alignment of the limb cards, die faces, mat, fr/de builds."""

from __future__ import annotations

from collections import Counter

import pytest

from generator.content.model import Deck
from generator.pipeline.load import resolve_game
from support.solo import (
    build_kit,
    filled_boxes,
    filled_triangles,
    hex_rgb,
    inside,
    largest_char_centre,
    runs_in,
    text_runs,
    to_card,
    to_page,
)

pytestmark = pytest.mark.slow  # every test reads the whole kit back

A4_WIDTH = 210.0
MAP_ORIGIN = (3.25, 27)   # where the limb layouts place the 57 × 40 mm body map


@pytest.fixture(scope="module")
def game():
    return resolve_game("patient-zero-solo")


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    return build_kit(tmp_path_factory.mktemp("solo"))


def _pages(kit, component, side):
    start = kit.first_page[component]
    return [(start + n, page) for n, page in enumerate(kit.plans[component].pages)
            if page.side == side]


def _limb_cards(game):
    deck = game.component("limbs")
    assert isinstance(deck, Deck)
    return [card.fields["limb"] for card in deck.cards]


def _nearest_limb(placement, point, limbs) -> str:
    """The limb whose box on the card's body map is nearest an arrow head: its target."""
    def distance(limb):
        x, y = to_page(placement, MAP_ORIGIN[0] + limbs[limb]["pos"][0],
                       MAP_ORIGIN[1] + limbs[limb]["pos"][1])
        return (x - point[0]) ** 2 + (y - point[1]) ** 2
    return min(limbs, key=distance)


def test_deck_has_each_type_in_each_colour_as_printed(kit, game):
    data = game.data
    printed: Counter[str] = Counter()
    fronts = _pages(kit, "deck", "front")
    for index, page in fronts:
        for placement in page.placements:
            footers = [r.text for r in runs_in(text_runs(kit.path, index), placement)
                       if " · " in r.text]
            assert len(footers) == 1, footers
            printed[footers[0]] += 1
    expected = Counter({f"{c['name']} · {t['name']}": t["per_colour"]
                        for c in data["colours"].values() for t in data["card_types"].values()})
    assert printed == expected
    assert sum(printed.values()) == 44
    assert printed["Red · Disease Type"] == 5 and printed["Yellow · Outbreak"] == 1


def test_every_card_shows_its_colour_as_a_shape(kit, game):
    """Grayscale prints: the colour is also a distinct shape, on the band and drawn three
    times below it (on the pictogram's rim and either side of it)."""
    colours = game.data["colours"]
    cues = game.colour_cues["diseases"]
    assert set(cues) == set(colours) and len(set(cues.values())) == len(colours)
    runs = [r.text for index, _ in _pages(kit, "deck", "front")
            for r in text_runs(kit.path, index)]
    for key, colour in colours.items():
        assert runs.count(f"{cues[key]} {colour['name'].upper()}") == 11
    for index, page in _pages(kit, "deck", "front"):
        runs_on_page = text_runs(kit.path, index)
        for placement in page.placements:
            band = next(r.text for r in runs_in(runs_on_page, placement)
                        if r.text[:1] in cues.values())
            key = next(k for k, cue in cues.items() if band.startswith(cue))
            centres = [((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)
                       for b in filled_boxes(kit.path, index, hex_rgb(game.palette[key]))]
            shapes = [to_card(placement, *c) for c in centres if inside(placement, *c)]
            assert len([s for s in shapes if 28 < s[1] < 50]) >= 3, (band, shapes)


def _chord_middle(placement, box, reach: float) -> tuple[float, float] | None:
    """Where an arrow half (a half disc carried on into the bleed) crosses its card's trim
    edge, in card mm: the middle of its box along the edge it straddles, when it reaches
    ``reach`` mm past it; None for a shape elsewhere."""
    corners = [to_card(placement, x, y) for x in box[0::2] for y in box[1::2]]
    xs, ys = sorted(c[0] for c in corners), sorted(c[1] for c in corners)
    for edge_x, beyond in ((0.0, -xs[0]), (placement.w, xs[-1] - placement.w)):
        if xs[0] < edge_x < xs[-1] and abs(beyond - reach) < 0.05:
            return edge_x, (ys[0] + ys[-1]) / 2
    for edge_y, beyond in ((0.0, -ys[0]), (placement.h, ys[-1] - placement.h)):
        if ys[0] < edge_y < ys[-1] and abs(beyond - reach) < 0.05:
            return (xs[0] + xs[-1]) / 2, edge_y
    return None


def test_limb_cards_make_one_patient_with_meeting_arrows(kit, game):
    """Laid out as vars.patient says, every pair of limbs on the Path of Contagion shows two
    green arrow halves on the card edge they share, meeting at the same point (to 0.1 mm),
    each reaching vars.gate_bleed mm past the trim into the bleed, so a cut that drifts a
    millimetre never clips it short of the edge; each card names its paths."""
    limbs, patient = game.data["limbs"], game.vars["patient"]
    green = hex_rgb(game.palette["contagion"])
    (index, page), = _pages(kit, "limbs", "front")
    halves_drawn = filled_boxes(kit.path, index, green, min_points=5)
    runs = text_runs(kit.path, index)
    halves: dict[str, list[tuple[float, float]]] = {}
    for placement, limb in zip(page.placements, _limb_cards(game), strict=True):
        w, h = placement.w, placement.h
        mine = [box for box in halves_drawn
                if all(0 <= v <= side for v, side in
                       zip(to_card(placement, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
                           (w, h), strict=True))]
        local = [_chord_middle(placement, box, game.vars["gate_bleed"]) for box in mine]
        assert None not in local, limb  # every arrow half sits on an edge
        halves[limb] = [(patient[limb][0] * w + x, patient[limb][1] * h + y)
                        for x, y in local if x is not None]
        assert len(local) == len(limbs[limb]["adjacent"]), limb
        labels = {r.text for r in runs_in(runs, placement) if r.text.startswith("↔")}
        assert labels == {f"↔ {limbs[other]['name']}" for other in limbs[limb]["adjacent"]}
    for limb, spec in limbs.items():
        for other in spec["adjacent"]:
            assert any(abs(ax - bx) < 0.1 and abs(ay - by) < 0.1
                       for ax, ay in halves[limb] for bx, by in halves[other]), (limb, other)
    assert sum(map(len, halves.values())) == 16


def test_amputated_backs_number_the_redirects_in_order(kit, game):
    limbs = game.data["limbs"]
    orange = hex_rgb(game.palette["redirect"])
    (index, page), = _pages(kit, "limbs", "back")
    heads = filled_triangles(kit.path, index, orange)
    runs = text_runs(kit.path, index)
    by_item = {p.item: p for p in page.placements}
    for item, limb in enumerate(_limb_cards(game)):
        placement = by_item[item]
        redirect = limbs[limb]["redirect"]
        fw, fh = placement.footprint
        drawn = [h for h in heads if placement.x <= h[0] <= placement.x + fw
                 and placement.y <= h[1] <= placement.y + fh]
        assert len(drawn) == len(redirect), limb
        assert sorted(_nearest_limb(placement, head, limbs) for head in drawn) == sorted(redirect)
        labels = sorted(r.text for r in runs_in(runs, placement) if " → " in r.text)
        assert labels == [f"{n} → {limbs[other]['name']}"
                          for n, other in enumerate(redirect, start=1)], limb
        if not redirect:  # Head and Torso: their own rules instead
            text = " ".join(r.text for r in runs_in(runs, placement))
            assert "never amputated" in text and "All 4 colours" in text


def test_limb_backs_sit_behind_their_fronts_in_the_plan(kit, game):
    (_, front), = _pages(kit, "limbs", "front")
    (_, back), = _pages(kit, "limbs", "back")
    backs = {p.item: p for p in back.placements}
    for placement in front.placements:
        behind = backs[placement.item]
        fw, _ = placement.footprint
        assert behind.x == pytest.approx(A4_WIDTH - placement.x - fw)
        assert behind.y == pytest.approx(placement.y)
        assert behind.footprint == placement.footprint
    layouts = [backs[i].layout for i in range(6)]
    assert layouts == ["pz-limb-vital"] + ["pz-limb-amputated"] * 4 + ["pz-limb-vital"]


def test_limb_backs_line_up_with_fronts_in_the_pdf(kit, game):
    """The die number is printed at the same place on both sides: through the paper (long-edge
    flip) the back's glyph must land on the front's, within 0.3 mm."""
    limbs = game.data["limbs"]
    (fi, front), = _pages(kit, "limbs", "front")
    (bi, back), = _pages(kit, "limbs", "back")
    backs = {p.item: p for p in back.placements}
    for placement, limb in zip(front.placements, _limb_cards(game), strict=True):
        text, fx, fy = largest_char_centre(kit.path, fi, placement)
        back_text, bx, by = largest_char_centre(kit.path, bi, backs[placement.item])
        assert text == back_text == str(limbs[limb]["die"])
        assert bx == pytest.approx(A4_WIDTH - fx, abs=0.3)
        assert by == pytest.approx(fy, abs=0.3)


def test_die_stickers_and_paper_die_carry_faces_one_to_six(kit, game):
    limbs = game.data["limbs"]
    names = sorted(spec["name"] for spec in limbs.values())
    # one page shared with the day track, the player aid and the paper die
    (si, page), = _pages(kit, "die-stickers", "front")
    stickers = [p for p in page.placements if p.layout == "pz-die-sticker"]
    die = [p for p in page.placements if p.layout == "pz-paper-die"]
    assert len(stickers) == 6 and all(p.w == 16 and p.h == 16 for p in stickers)
    assert len(die) == 1
    for index, face, area in ((si, 16, stickers), (si, 30, die)):
        runs = [r for r in text_runs(kit.path, index) if any(
            p.x <= r.x <= p.x + p.w and p.y <= r.y <= p.y + p.h for p in area)]
        # each face: its die number and its limb's name
        assert sorted(r.text for r in runs if r.text.isdigit()) == [str(n) for n in range(1, 7)]
        assert sorted(r.text for r in runs if r.text in names) == names
        for spec in limbs.values():
            number, = (r for r in runs if r.text == str(spec["die"]))
            name, = (r for r in runs if r.text == spec["name"])
            # the name sits under the number, on the same face
            assert abs(number.x - name.x) < face and 0 < name.y - number.y < face, spec["name"]


def test_patient_mat_has_a_panel_per_limb_and_a_box_per_cube(kit, game):
    (mi, _), = _pages(kit, "patient-mat", "sheet")
    runs = [r.text for r in text_runs(kit.path, mi)]
    for spec in game.data["limbs"].values():
        assert spec["name"].upper() in runs
    for colour in game.data["colours"].values():
        assert runs.count(colour["name"]) == 6
    assert runs.count("amputated") == 4 and runs.count("never amputated") == 2
    assert "SCORE AT THE END OF DAY 3" in runs


@pytest.mark.parametrize("lang, torso", [("fr", "TORSE"), ("de", "RUMPF")])
def test_french_and_german_kits_build_and_fit(tmp_path, lang, torso):
    built = build_kit(tmp_path, lang)
    # 14 pages of cards and sheets (cut lines shared: 9 cards a page, 10 of the deck and 2 of
    # the limbs; the day track, the aid, the paper die and its stickers share one page; the
    # mat), the rule cards (front, back) and the summary page; blank backs are not counted
    plans = {id(plan): plan for plan in built.plans.values()}.values()
    printed = [page for plan in plans for page in plan.pages if page.side != "blank"]
    assert len(printed) == 14 + 3
    (index, _), = _pages(built, "limbs", "front")
    assert torso in [r.text for r in text_runs(built.path, index)]
