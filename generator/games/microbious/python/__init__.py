"""Microbious rule data: card values, colours, powers and targets, checked at load time so the
print kit and the score calculator (``score``) agree on every card."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.content.checker import Checker, join, known, names
from generator.content.wording import counted, some

DATA_KEYS = {"points", "vaccines", "doubler", "bonus", "end", "players", "sizes", "colours",
             "specials", "powers", "targets", "summary", "cue_shapes", "counts", "art"}
CUE_GROUP = "viruses"   # colour_cues group of the virus colours
BONUS_KEYS = {"emptied", "caller_lowest", "caller_not_lowest", "lowest"}
# the tables of data this code (and the card layouts) read entry by entry, and a fix for each
TABLES = {key: ("a mapping of mappings", f"'{key}: {{{name}: {{name: {label}, …}}}}'")
          for key, name, label in (("sizes", "big", "Big virus"), ("colours", "red", "red"),
                                   ("specials", "hydroxy", "Hydroxy"),
                                   ("powers", "pcr", "PCR"), ("targets", "toi", "You"))}


def validate(check: Checker, raw: Any, components: list, palette: dict) -> None:
    """Every card row names a known type, colour, power and target; colours are in the palette."""
    data = check.mapping(raw.get("data"), "data", raw, "data")
    if data is None:
        return
    check.keys(data, "data", DATA_KEYS,
               required=("points", "vaccines", "doubler", "sizes", "colours", "specials",
                         "powers", "targets"))
    if not check.shaped(data, "data", TABLES):
        return
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
    _check_cues(check, raw, data)
    for index, item in enumerate(raw.get("components") or []):
        if isinstance(item, Mapping) and item.get("id") == "deck":
            _check_cards(check, data, item.get("cards") or [], join("components", index))
            _check_counts(check, data, item.get("cards") or [], join("components", index))


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
                          f"{some(names(data.get('colours')))}",
                          rows, index)
        elif not known(kind, specials):
            check.add(join(here, "type"), f"unknown card type {kind!r}; use one of "
                      f"{some([*sizes, *specials])}", row, "type")
        power, target = row.get("power"), row.get("target")
        if (power is None) != (target is None):
            check.add(here, "give both 'power' and 'target', or neither", rows, index)
        for key, table in (("power", "powers"), ("target", "targets")):
            value = row.get(key)
            if value is not None and not known(value, data.get(table) or {}):
                check.add(join(here, key), f"unknown {key} {value!r}; use one of "
                          f"{some(names(data.get(table)))}", row, key)


def _check_cues(check: Checker, raw: Any, data: Mapping[str, Any]) -> None:
    """Every virus colour prints a cue of its own (colour_cues.viruses), drawn as a shape
    named in data.cue_shapes."""
    cues = (raw.get("colour_cues") or {}).get(CUE_GROUP)
    if not isinstance(cues, Mapping):
        check.add("colour_cues", f"missing group '{CUE_GROUP}': the shape printed with each "
                  "virus colour", raw)
        return
    shapes = data.get("cue_shapes") or {}
    seen: dict[str, str] = {}
    for name, entry in (data.get("colours") or {}).items():
        fill = entry.get("fill") if isinstance(entry, Mapping) else None
        cue = cues.get(fill)
        where = join(join("colour_cues", CUE_GROUP), str(fill))
        if not cue:
            check.add(where, f"virus colour '{name}' ({fill}) needs a cue", cues)
        elif cue in seen:
            check.add(where, f"cue {cue!r} is already the cue of {seen[cue]}; grayscale "
                      "prints could not tell them apart", cues, fill)
        elif not known(cue, shapes):
            check.add("data.cue_shapes", f"no shape drawn for the cue {cue!r}; give it one of "
                      "circle, square, triangle", data, "cue_shapes")
        else:
            seen[cue] = name


def _check_counts(check: Checker, data: Mapping[str, Any], rows: list, where: str) -> None:
    """data.counts (what the rule summary prints) matches the card list: each virus size in
    each colour, each special card in all."""
    counts = data.get("counts")
    if not isinstance(counts, Mapping):
        return
    found: dict[tuple[Any, Any], int] = {}
    for row in rows:
        if isinstance(row, Mapping):
            key = (row.get("type"), row.get("colour"))
            qty = row.get("qty", 1)
            found[key] = found.get(key, 0) + (qty if isinstance(qty, int) else 1)
    sizes = data.get("sizes") or {}
    for kind, wanted in counts.items():
        colours = list(data.get("colours") or {}) if kind in sizes else [None]
        for colour in colours:
            have = found.get((kind, colour), 0)
            if have != wanted:
                label = f"{colour} {kind}" if colour else str(kind)
                check.add(join("data.counts", kind), f"{counted(have, f'{label} card')} in "
                          f"{where}, but data.counts says {wanted}", counts, kind)
