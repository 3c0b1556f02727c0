"""Microbious rule data: card values, colours, powers and targets, checked at load time so the
print kit and the score calculator (``microbious_score``) agree on every card."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..content.checker import Checker, join, known, names

DATA_KEYS = {"points", "vaccines", "doubler", "bonus", "end", "players", "sizes", "colours",
             "specials", "powers", "targets", "summary"}
BONUS_KEYS = {"emptied", "caller_lowest", "caller_not_lowest", "lowest"}


def validate(check: Checker, raw: Any, components: list, palette: dict) -> None:
    """Every card row names a known type, colour, power and target; colours are in the palette."""
    data = check.mapping(raw.get("data"), "data", raw, "data")
    if data is None:
        return
    check.keys(data, "data", DATA_KEYS,
               required=("points", "vaccines", "doubler", "sizes", "colours", "specials",
                         "powers", "targets"))
    points = check.mapping(data.get("points", {}), "data.points", data, "points") or {}
    for name, value in points.items():
        if not isinstance(value, int) or isinstance(value, bool):
            check.add(join("data.points", name), f"expected whole points, got {value!r}",
                      points, name)
    singles = [*names(data.get("vaccines")), data.get("doubler")]
    for name in [*singles, *names(data.get("sizes"))]:
        if not known(name, points):
            check.add("data.points", f"no points for card type '{name}'", data, "points")
    bonus = check.mapping(data.get("bonus", {}), "data.bonus", data, "bonus") or {}
    check.keys(bonus, "data.bonus", BONUS_KEYS)
    for key in ("colours", "specials"):
        for name, entry in (data.get(key) or {}).items():
            fill = entry.get("fill") if isinstance(entry, Mapping) else None
            if not known(fill, palette):
                check.add(join(join("data", key), name), f"fill {fill!r} is not a palette "
                          "colour", data[key], name)
    for index, item in enumerate(raw.get("components") or []):
        if isinstance(item, Mapping) and item.get("id") == "deck":
            _check_cards(check, data, item.get("cards") or [], join("components", index))


def _check_cards(check: Checker, data: Mapping[str, Any], rows: list, where: str) -> None:
    sizes, specials = data.get("sizes") or {}, data.get("specials") or {}
    for index, row in enumerate(rows):
        if not isinstance(row, Mapping):
            continue
        here = join(join(where, "cards"), index)
        kind = row.get("type")
        if known(kind, sizes):
            if not known(row.get("colour"), data.get("colours") or {}):
                check.add(here, "a virus needs a colour among "
                          f"{', '.join(names(data.get('colours')))}",
                          rows, index)
        elif not known(kind, specials):
            check.add(join(here, "type"), f"unknown card type {kind!r}; use one of "
                      f"{', '.join([*sizes, *specials])}", row, "type")
        power, target = row.get("power"), row.get("target")
        if (power is None) != (target is None):
            check.add(here, "give both 'power' and 'target', or neither", rows, index)
        for key, table in (("power", "powers"), ("target", "targets")):
            value = row.get(key)
            if value is not None and not known(value, data.get(table) or {}):
                check.add(join(here, key), f"unknown {key} {value!r}; use one of "
                          f"{', '.join(data.get(table) or {})}", row, key)
