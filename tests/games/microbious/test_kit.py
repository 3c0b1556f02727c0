"""The Microbious print kit read back from its PDFs: 54 cards by colour, size and type, the
powers with their targets, identical backs, the score pad, and fr/de builds that fit."""

from __future__ import annotations

import re
from collections import Counter
from itertools import pairwise

import pytest

from generator.errors import ContentError
from generator.pipeline.build import build
from generator.pipeline.load import load_builtin, load_game
from generator.pipeline.request import BuildRequest
from support.pdf_text import page_lines

COLOURS = ("RED", "BLUE", "YELLOW")
VIRUSES = ("Big virus", "Medium virus", "Small virus")


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("microbious")
    return build(BuildRequest("microbious", "en", out_dir=out))


@pytest.fixture(scope="module")
def pages(kit) -> list[list[str]]:
    return page_lines(kit.path)


def pad_index(pages: list[list[str]]) -> int:
    """The score pad's page: the back of the one-page guide (``behind_guide``)."""
    return next(i for i, lines in enumerate(pages)
                if any(x.startswith("MICROBIOUS · ") for x in lines))


def card_pages(pages: list[list[str]]) -> list[list[str]]:
    """The deck's pages: after the score pad, before the rule cards (numbered n/8)."""
    end = next(i for i, lines in enumerate(pages) if any(re.fullmatch(r"\d/8", x)
                                                         for x in lines))
    return pages[pad_index(pages) + 1:end]


def fronts(pages: list[list[str]]) -> list[list[str]]:
    """Card pages hold fronts and backs in turn (duplex)."""
    return card_pages(pages)[::2]


def counts_of(pages: list[list[str]]) -> Counter:
    return Counter(line for lines in pages for line in lines)


@pytest.mark.slow
def test_54_cards_of_each_colour_size_and_type(kit, pages):
    assert kit.cards == 54 + 4  # the deck and its 4 rule cards
    pairs: Counter = Counter()
    for lines in fronts(pages):
        for name, colour in pairwise(lines):
            if name in VIRUSES:
                pairs[(name, colour)] += 1
    assert pairs == {(size, colour): 5 for size in VIRUSES for colour in COLOURS}
    counts = counts_of(fronts(pages))
    assert (counts["Good vaccine"], counts["Bad vaccine"], counts["Hydroxy"]) == (3, 3, 3)
    # the value is printed in two corners of each card
    assert counts["+10"] == counts["+5"] == 2 * 15
    assert counts["+3"] == 2 * 15
    assert counts["−5"] == counts["+20"] == counts["0"] == 2 * 3


@pytest.mark.slow
def test_every_power_printed_with_a_target_and_one_line(pages):
    game = load_builtin("microbious")
    counts = counts_of(fronts(pages))
    for power in game.data["powers"].values():
        assert counts[power["name"].upper()] == 3, power["name"]
    deck = game.component("deck")
    with_power = [c for c in deck.cards if "power" in c.fields]
    assert len(with_power) == 24
    # each power line appears on the cards that carry it (a line may wrap, so check words)
    text = " ".join(" ".join(lines) for lines in fronts(pages))
    assert text.count("The target skips their next turn.") == 3
    assert counts["→"] == 24


def test_colour_readable_in_grayscale():
    """Each virus colour has its own cue (colour_cues.viruses), drawn as its own shape, and
    its own word on the card."""
    game = load_builtin("microbious")
    colours = game.data["colours"]
    cues = [game.colour_cues["viruses"][c["fill"]] for c in colours.values()]
    assert len(set(cues)) == len(colours)
    assert len({game.data["cue_shapes"][cue] for cue in cues}) == len(colours)
    assert len({c["name"] for c in colours.values()}) == len(colours)


def test_icons_exist_for_every_power_and_target():
    game = load_builtin("microbious")
    for table in ("powers", "targets"):
        for entry in game.data[table].values():
            assert entry["icon"] in game.layouts and game.layouts[entry["icon"]].size


@pytest.mark.slow
def test_backs_identical_and_behind_the_fronts(pages):
    backs = card_pages(pages)[1::2]
    assert all(set(lines[:-1]) == {"MICROBIOUS"} for lines in backs)
    assert sum(lines.count("MICROBIOUS") for lines in backs) == 54


@pytest.mark.slow
def test_score_pad_rounds_players_and_end_conditions(pages):
    pad = pages[pad_index(pages)]
    text = " ".join(pad)
    assert "MICROBIOUS · SCORE PAD" in pad
    rounds = [x for x in pad if x[:6] == "Round " and x[6:].isdigit()]
    assert rounds == [f"Round {n}" for n in range(1, 11)]
    assert "−100 or less" in text and "+100 or more" in text and "after round 10" in text
    header = pad[pad.index("Name") + 1:pad.index("Round 1")]
    assert header == [x for n in range(1, 9) for x in (str(n), "round", "total")]  # 8 players


@pytest.mark.parametrize("lang, words", [
    ("fr", ["Gros virus", "ROUGE", "POIGNÉE DE MAINS", "Cas contact"]),
    ("de", ["Großes Virus", "ROT", "HÄNDESCHÜTTELN", "Kontaktperson"]),
])
@pytest.mark.slow
def test_translations_fit(tmp_path, lang, words):
    """Every text fits its box in the longer languages (a RenderError otherwise)."""
    result = build(BuildRequest("microbious", lang, out_dir=tmp_path, guide=False))
    first, pad = page_lines(result.path, only=[0, pad_index(page_lines(result.path))])
    assert all(word in first for word in words)
    assert "Big virus" not in first and "Round bonuses" not in pad


def test_bad_power_id_is_reported_with_its_place(tmp_path):
    source = load_builtin("microbious").folder
    folder = tmp_path / "microbious"
    folder.mkdir()
    (folder / "layouts").symlink_to(source / "layouts")
    text = (source / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(text.replace("power: pcr, target: ami}",
                                                   "power: pcrr, target: ami}", 1),
                                      encoding="utf-8")
    with pytest.raises(ContentError, match=r"unknown power 'pcrr'") as error:
        load_game(folder)
    assert "game.yaml:" in str(error.value) and "cards[" in str(error.value)
