"""Savvy's answers checked against every one of the 2,300 possible antidotes."""

from __future__ import annotations

from collections import Counter

import pytest

from generator.savvy import answers
from generator.savvy.marks import parse_marks
from generator.savvy.queries import Query, Tool, ask
from generator.savvy.solver import solve

GRID = answers.builtin_lab_grid()
SECRETS = answers.all_secrets()


def test_there_are_2300_secrets_of_three_distinct_molecules():
    assert len(SECRETS) == len(set(SECRETS)) == 2300
    assert all(len(set(s)) == 3 and all(1 <= m <= 25 for m in s) for s in SECRETS)


def test_every_deck_holds_each_molecule_8_times():
    # 40 cards × 5 molecules = 200 slots = 25 molecules × 8
    for lab in "MT":
        cards = [cells for card, cells in GRID.lab.samples.items() if card[0] == lab]
        assert len(cards) == 40
        assert all(len(set(cells)) == 5 for cells in cards)
        counts = Counter(m for cells in cards for m in cells)
        assert counts == {m: 8 for m in range(1, 26)}


def test_fuzio_zone_holds_the_sum():
    for secret in SECRETS:
        low, high = map(int, answers.fuzio(GRID, secret).split("-"))
        assert low <= sum(secret) <= high


def test_fuzio_shares_match_the_published_figures():
    shares = Counter(answers.fuzio(GRID, s) for s in SECRETS)
    assert {z: round(100 * n / 2300, 1) for z, n in shares.items()} == {
        "6-22": 8.9, "23-39": 42.7, "40-56": 40.9, "57-72": 7.6}


def test_antidote_of_the_secret_is_3_and_of_a_disjoint_guess_0():
    for secret in SECRETS:
        assert answers.count_in(secret, secret) == 3
        others = [m for m in range(1, 26) if m not in secret][:3]
        assert answers.count_in(others, secret) == 0


def test_sample_counts_add_up_over_the_estugamo_rows():
    for secret in SECRETS[::7]:
        rows = [answers.estugamo(GRID, secret, "row", n) for n in range(1, 6)]
        assert sum(rows) >= 1
        for card, cells in GRID.lab.samples.items():
            by_row = sum(len(set(cells) & set(GRID.lab.grid[r]) & set(secret))
                         for r in range(5) if rows[r])
            count = answers.sample_count(GRID, secret, card)
            assert count == by_row
            assert ask(GRID, secret, Query(Tool.SAMPLY, card), 0) is (count > 0)


def test_estugamo_rows_and_columns_agree_with_the_key():
    for secret in SECRETS[::11]:
        key = answers.key(GRID, secret)
        positions = [GRID.lab.position(m) for m in secret]
        assert key["estugamo"]["rows"] == [any(r == i for r, _ in positions) for i in range(5)]
        assert key["estugamo"]["cols"] == [any(c == i for _, c in positions) for i in range(5)]
        assert key["intervallo"]["min"] == positions[0][0] + 1
        assert key["intervallo"]["max"] == positions[2][0] + 1


def test_scanpad_counts_add_up_over_the_blocks():
    covering = Counter(m for cells in GRID.blocks.values() for m in cells)
    assert len(GRID.blocks) == 24 and all(len(c) == 6 for c in GRID.blocks.values())
    for secret in SECRETS:
        counts = answers.key(GRID, secret)["scanpad"] if secret[0] == 1 else {
            label: answers.count_in(cells, secret) for label, cells in GRID.blocks.items()}
        assert all(0 <= n <= 3 for n in counts.values())
        assert sum(counts.values()) == sum(covering[m] for m in secret)


def test_colour_answers():
    for secret in SECRETS:
        colours = {GRID.lab.colours[m] for m in secret}
        assert answers.mezakol(GRID, secret) == GRID.lab.colours[secret[1]]
        assert all(answers.kolozomi(GRID, secret, m) for m in secret)
        assert sum(answers.kolozomi(GRID, secret, m) for m in range(1, 26)) == sum(
            1 for m in range(1, 26) if GRID.lab.colours[m] in colours)


def test_seeded_answers_are_stable_and_legal():
    for secret in SECRETS[::5]:
        seed = answers.default_seed(secret)
        picked = answers.dedukto(secret, seed)
        assert len(set(picked)) == 5 and not set(picked) & set(secret)
        assert picked == answers.dedukto(secret, seed)
        assert answers.substrakto(secret, seed) in answers.differences(secret)


def test_the_issue_example_key():
    key = answers.key(GRID, (5, 9, 24))
    assert list(key) == ["solution", "fuzio", "substrakto", "mezakol", "kolozomi",
                         "intervallo", "estugamo", "scanpad", "samples", "centrifugo",
                         "dedukto", "substrakto_draws"]
    assert key["solution"] == [5, 9, 24] and key["fuzio"] == "23-39"
    assert key["substrakto"] == [4, 15, 19]
    assert key["scanpad"]["r1c3:2x3"] == 2  # 3,4,5 / 8,9,10 holds 5 and 9
    assert len(key["samples"]) == 80
    assert len(key["centrifugo"]) == 16 and key["centrifugo"]["4,5,9,10"] is True
    assert key["centrifugo"]["1,2,6,7"] is False
    assert list(key["dedukto"]) == ["M", "T"]
    assert len(key["substrakto_draws"]) == 2


def test_each_lab_gets_five_other_dedukto_molecules_and_the_first_lab_keeps_its_draw():
    for secret in SECRETS[::23]:
        seed = answers.default_seed(secret)
        first, second = answers.dedukto(secret, seed, 0), answers.dedukto(secret, seed, 1)
        assert first == answers.dedukto(secret, seed)
        assert len(set(first + second)) == 10 and not set(first + second) & set(secret)
        key = answers.key(GRID, secret, seed)
        assert key["dedukto"] == {"M": first, "T": second}
        assert key["substrakto_draws"] == [answers.substrakto(secret, seed, d) for d in (1, 2)]


@pytest.mark.parametrize("secret", SECRETS[::97])
def test_a_secret_always_survives_its_own_answers(secret):
    key = answers.key(GRID, secret)
    lines = [f"fuzio = {key['fuzio']}", f"mezakol = {key['mezakol']}",
             f"substrakto = {key['substrakto'][0]}",
             f"intervallo min = {key['intervallo']['min']}",
             f"antidote {','.join(map(str, secret))} = 3"]
    lines += [f"estugamo row {i + 1} = {'yes' if v else 'no'}"
              for i, v in enumerate(key["estugamo"]["rows"])]
    lines += [f"scanpad {label} = {n}" for label, n in key["scanpad"].items()]
    lines += [f"analyzer {card} = {n}" for card, n in key["samples"].items()]
    candidates = solve(GRID, parse_marks("\n".join(lines), "test"))
    assert secret in candidates
    assert len(candidates) <= 3


def test_misfunkcio_scanpad_is_off_by_one():
    assert answers.misfunkcio_readings(0) == [1]
    assert answers.misfunkcio_readings(3) == [2]
    assert answers.misfunkcio_readings(1) == [0, 2]
