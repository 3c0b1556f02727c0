"""COVID-19 for Clinic Deluxe: the Propagation table, checked at load time.

Only one column is published (low contagion, medium self-isolation); the rest is a house
default. Whatever the figures, the table must keep the variant's logic: a column for every
contagion × self-isolation pair, one whole number ≥ 1 per round (each player takes at least
one tile), counts that never fall when contagion rises or when self-isolation loosens.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise
from typing import Any

from generator.content.checker import Checker, join
from generator.content.wording import agreeing, numbered

DATA_KEYS = {"rounds", "actions", "win_popularity_per_player", "remove_tile_cost",
             "outpatient_cost", "room_capacity", "doctor_death_popularity", "contagion",
             "isolation", "propagation", "infection", "house", "players"}
# The kit's answers where the variant is silent: each key's choices, the first the default.
HOUSE_CHOICES = {"short_tiles": ("deceased", "none")}
ART_KEY = "art"   # optional: the art's figures, read by layouts/art.yaml alone
FIGURES = ("actions", "win_popularity_per_player", "remove_tile_cost", "outpatient_cost",
           "room_capacity", "doctor_death_popularity")


def validate(check: Checker, raw: Any, components: list, palette: dict) -> None:
    data = check.mapping(raw.get("data"), "data", raw, "data")
    if data is None:
        return
    check.keys(data, "data", DATA_KEYS | {ART_KEY}, required=DATA_KEYS - {"house"})
    check.house(data, HOUSE_CHOICES)
    rounds = check.integer(data, "rounds", "data", low=1, high=20)
    for key in FIGURES:
        check.integer(data, key, "data", low=1, high=1000)
    players = data.get("players")
    if (not isinstance(players, list) or len(players) != 2
            or not all(isinstance(n, int) and not isinstance(n, bool) for n in players)
            or not 1 <= players[0] <= players[1]):
        check.add("data.players", "expected [fewest, most] players, such as [1, 4] (the rule "
                  "cards work out which counts the tiles cannot hold)", data, "players")
    infection = data.get("infection")
    if not isinstance(infection, list) or not infection:
        check.add("data.infection", "expected a list of {who: ..., effect: ...} (who a "
                  "COVID-19 tile may infect, and what happens)", data, "infection")
    else:
        for index, entry in enumerate(infection):
            where = f"data.infection[{index}]"
            if not isinstance(entry, Mapping):
                check.add(where, "expected {who: ..., effect: ...}", infection)
                continue
            check.keys(entry, where, {"who", "effect"}, required=("who", "effect"))
    contagion = check.mapping(data.get("contagion"), "data.contagion", data, "contagion") or {}
    isolation = check.mapping(data.get("isolation"), "data.isolation", data, "isolation") or {}
    for name, entry in contagion.items():
        colour = entry.get("colour") if isinstance(entry, Mapping) else None
        if colour not in palette:
            check.add(f"data.contagion.{name}", f"colour {colour!r} is not in the palette",
                      contagion, name)
    table = check.mapping(data.get("propagation"), "data.propagation", data, "propagation")
    if table is None or rounds is None:
        return
    columns = _columns(check, table, contagion, isolation, rounds)
    if columns and not any(official for _, official in columns.values()):
        check.add("data.propagation", "mark each published column with 'official: true'",
                  data, "propagation")
    _check_order(check, table, columns, list(contagion), list(isolation))


def _columns(check: Checker, table: Mapping, contagion: Mapping, isolation: Mapping,
             rounds: int) -> dict[tuple[str, str], tuple[list[int], bool]]:
    """(contagion, isolation) → (tiles per round, official?) for every well-formed column."""
    columns = {}
    for side in contagion:
        row = check.mapping(table.get(side), f"data.propagation.{side}", table, side) or {}
        for level in isolation:
            where = f"data.propagation.{side}.{level}"
            column = row.get(level)
            if not isinstance(column, Mapping):
                check.add(where, "missing column: give {tiles: [...], official: false}", row)
                continue
            check.keys(column, where, {"tiles", "official"}, required=("tiles",))
            tiles = column.get("tiles")
            if (not isinstance(tiles, list) or len(tiles) != rounds
                    or not all(isinstance(t, int) and not isinstance(t, bool) and t >= 1
                               for t in tiles)):
                check.add(join(where, "tiles"), f"expected {rounds} whole numbers of 1 or more "
                          "(tiles per player, one per round)", column, "tiles")
                continue
            columns[(side, level)] = (tiles, bool(column.get("official", False)))
    return columns


def _check_order(check: Checker, table: Mapping, columns: Mapping, sides: list[str],
                 levels: list[str]) -> None:
    """More contagion never means fewer tiles; more self-isolation never means more."""
    pairs = [((a, level), (b, level)) for a, b in pairwise(sides) for level in levels]
    pairs += [((side, b), (side, a)) for side in sides for a, b in pairwise(levels)]
    for lower, higher in pairs:
        if lower in columns and higher in columns:
            bad = [r + 1 for r, (x, y) in enumerate(zip(columns[lower][0], columns[higher][0],
                                                              strict=True))
                   if x > y]
            if bad:
                check.add(f"data.propagation.{higher[0]}.{higher[1]}", f"{numbered('round', bad)} "
                          f"{agreeing(len(bad), 'gives', 'give')} fewer tiles than "
                          f"{lower[0]}/{lower[1]}; counts must grow with "
                          "contagion and shrink with self-isolation", table, higher[0])
