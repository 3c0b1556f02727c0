"""Patient Zero: A Solo Epidemic's rule data, checked at load time: the Path of Contagion must
be symmetric, the amputation redirects must name real limbs, the die must carry faces 1-6 once
each, and the deck must hold each card type the stated number of times in every colour."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from generator.content.checker import Checker, join, known, names
from generator.content.model import Deck
from generator.content.wording import counted, numbered, some
from generator.errors import excerpt

DIE_FACES = set(range(1, 7))
DATA_KEYS = {"colours", "classes", "card_types", "limbs", "max_per_colour", "hand_limit",
             "actions", "days", "lose_over", "points_per_amputation", "points_per_specialist",
             "summary", "house"}
# The kit's answers to what the designer's rules leave open: each key's choices, the first
# the default the rule cards and `pnp score solo` follow (game.yaml documents them).
HOUSE_CHOICES = {"amputated_cubes": ("removed", "kept"), "full_limbs": ("attached", "all")}
LIMB_KEYS = {"name", "die", "pos", "adjacent", "redirect", "rules"}
DECK_ID = "deck"
CUE_GROUP = "diseases"   # colour_cues group: the shape printed with each disease colour


def validate(check: Checker, raw: Any, components: list, palette: dict) -> None:
    """Record every problem in the limbs, colours, card types and the epidemic deck."""
    data = check.mapping(raw.get("data"), "data", raw, "data")
    if data is None:
        return
    check.keys(data, "data", DATA_KEYS, required=("colours", "classes", "card_types", "limbs"))
    if not check.shaped(data, "data", {"classes": (
            "a mapping of mappings", "'classes: {positive: {name: Positive effect}, …}'")}):
        return
    check.house(data, HOUSE_CHOICES)
    limbs = check.mapping(data.get("limbs"), "data.limbs", data, "limbs")
    if limbs is not None:
        _check_limbs(check, limbs)
        _check_die_net(check, raw, limbs)
        _check_patient(check, raw, limbs)
    colours = _check_colours(check, data, palette, raw.get("colour_cues") or {})
    types = _check_types(check, data)
    deck = next((c for c in components if isinstance(c, Deck) and c.id == DECK_ID), None)
    if deck is None:
        check.add("components", f"no deck '{DECK_ID}' (the epidemic deck)", raw, "components")
    elif colours and types:
        _check_deck(check, raw, deck, colours, types)


def _check_limbs(check: Checker, limbs: Mapping[str, Any]) -> None:
    faces: dict[int, str] = {}
    for limb, where, spec in check.entries(limbs, "data.limbs"):
        check.keys(spec, where, LIMB_KEYS, required=("name", "die", "pos", "adjacent",
                                                     "redirect"))
        die = check.integer(spec, "die", where)
        if die is not None and die not in DIE_FACES:
            check.add(join(where, "die"), f"die face {die} is not one of 1-6", spec, "die")
        elif die is not None and die in faces:
            check.add(join(where, "die"), f"die face {die} is already {faces[die]}; each face "
                      "shows one limb", spec, "die")
        elif die is not None:
            faces[die] = limb
        for key in ("adjacent", "redirect"):
            ids = spec.get(key)
            if not isinstance(ids, list):
                check.add(join(where, key), "expected a list of limb ids", spec, key)
                continue
            for index, other in enumerate(ids):
                if not known(other, limbs):
                    check.add(f"{where}.{key}[{index}]", f"{excerpt(other)} is not a limb; limbs: "
                              f"{some(list(limbs))}", ids, index)
                elif other == limb:
                    check.add(f"{where}.{key}[{index}]", "a limb cannot point at itself",
                              ids, index)
            if len(set(map(str, ids))) != len(ids):
                check.add(join(where, key), "a limb is named twice", spec, key)
        for other in names(spec.get("adjacent")):
            back = limbs.get(other)
            if isinstance(back, Mapping) and limb not in names(back.get("adjacent")):
                check.add(join(where, "adjacent"), f"{limb} touches {other} but {other} does "
                          f"not touch {limb}: the Path of Contagion runs both ways; add "
                          f"'{limb}' to {other}'s list", spec, "adjacent")
    missing = sorted(DIE_FACES - set(faces))
    if missing and len(limbs) == len(DIE_FACES):
        check.add("data.limbs", f"no limb on {numbered('die face', missing)}", limbs)
    if len(limbs) != len(DIE_FACES):
        check.add("data.limbs", f"expected {len(DIE_FACES)} limbs (one per die face), got "
                  f"{len(limbs)}", limbs)


def _check_die_net(check: Checker, raw: Any, limbs: Mapping[str, Any]):
    net = check.setting(raw, "die_net", list, "'die_net: [[head, 1, 0], …]'")
    if net is None:
        return
    placed = [cell[0] for cell in net if isinstance(cell, list) and cell]
    if sorted(map(str, placed)) != sorted(limbs):
        check.add("vars.die_net", f"the paper die must show each limb once; it shows "
                  f"{some(placed)}", raw["vars"], "die_net")


def shared_edge(a: list[float], b: list[float]) -> float:
    """How much of an edge two cards share, in card sides (0 when they only meet at a corner
    or not at all), their top-left corners ``a`` and ``b`` in card widths and heights."""
    dx, dy = abs(b[0] - a[0]), abs(b[1] - a[1])
    if dy == 1:
        return max(0.0, 1 - dx)
    return max(0.0, 1 - dy) if dx == 1 else 0.0


def _check_patient(check: Checker, raw: Any, limbs: Mapping[str, Any]) -> None:
    """The limb cards laid out as one patient (vars.patient): limbs on the Path of Contagion
    share a card edge, where their arrow halves meet; no other two limbs do."""
    patient = check.setting(raw, "patient", dict, "'patient: {head: [1, 0], …}'")
    if patient is None:
        return
    game_vars = raw["vars"]
    if sorted(map(str, patient)) != sorted(limbs) or any(
            not isinstance(at, list) or len(at) != 2
            or not all(isinstance(v, (int, float)) for v in at) for at in patient.values()):
        check.add("vars.patient", "give each limb its card's place as [column, row], e.g. "
                  "'head: [1, 0]'", game_vars, "patient")
        return
    ids = sorted(limbs)
    for i, limb in enumerate(ids):
        for other in ids[i + 1:]:
            touching = shared_edge(patient[limb], patient[other]) > 0
            linked = other in names((limbs.get(limb) or {}).get("adjacent"))
            if touching != linked:
                check.add("vars.patient", f"{limb} and {other} " + (
                    "are on the Path of Contagion but their cards share no edge" if linked
                    else "share a card edge but are not on the Path of Contagion"),
                    game_vars, "patient")


def _check_colours(check: Checker, data: Mapping[str, Any], palette: dict,
                   cue_groups: Mapping[str, Any]) -> list[str]:
    """Each disease colour is in the palette and has its own cue in colour_cues.diseases,
    so it reads in grayscale and for colour-blind players."""
    colours = check.mapping(data.get("colours"), "data.colours", data, "colours")
    if colours is None:
        return []
    cues = cue_groups.get(CUE_GROUP) if isinstance(cue_groups, Mapping) else None
    if not isinstance(cues, Mapping):
        check.add("colour_cues", f"missing group '{CUE_GROUP}': the shape printed with each "
                  "disease colour, so it reads in grayscale", cue_groups or {})
        cues = {}
    shapes: dict[str, str] = {}
    for name, spec in colours.items():
        where = join("data.colours", name)
        if name not in palette:
            check.add(where, f"colour '{name}' has no palette entry", colours, name)
        check.mapping(spec, where, colours, name)
        shape = cues.get(name)
        cue_where = join(join("colour_cues", CUE_GROUP), name)
        if not isinstance(shape, str) or not shape:
            if cues:
                check.add(cue_where, "give each colour a shape or letter, so it reads in "
                          "grayscale", cues)
        elif shape in shapes:
            check.add(cue_where, f"'{shape}' is already the shape of {shapes[shape]}; "
                      "grayscale prints could not tell them apart", cues, name)
        else:
            shapes[shape] = name
    return list(colours)


def _check_types(check: Checker, data: Mapping[str, Any]) -> dict[str, int]:
    types = check.mapping(data.get("card_types"), "data.card_types", data, "card_types")
    classes = data.get("classes") or {}
    if types is None:
        return {}
    counts: dict[str, int] = {}
    for name, where, spec in check.entries(types, "data.card_types"):
        if not known(spec.get("class"), classes):
            check.add(join(where, "class"), f"class {spec.get('class')!r} is not one of "
                      f"{some(list(classes))}", spec, "class")
        count = check.integer(spec, "per_colour", where, low=1)
        if count is not None:
            counts[name] = count
    return counts


def _check_deck(check: Checker, raw: Any, deck: Deck, colours: list[str],
                types: dict[str, int]) -> None:
    found: Counter[tuple[str, str]] = Counter()
    for index, card in enumerate(deck.cards):
        colour, kind = card.fields.get("colour"), card.fields.get("type")
        if colour not in colours or kind not in types:
            check.add(f"components[{DECK_ID}].cards[{index}]", f"card {colour}/{kind}: the "
                      f"colour must be one of {', '.join(colours)} and the type one of "
                      f"{', '.join(types)}", raw, "components")
            continue
        found[(colour, kind)] += 1
    for colour in colours:
        for kind, wanted in types.items():
            if found[(colour, kind)] != wanted:
                have = counted(found[(colour, kind)], f"{colour} {kind} card")
                check.add(f"components[{DECK_ID}]", f"{have}, but "
                          f"data.card_types.{kind}.per_colour says {wanted}",
                          raw, "components")
