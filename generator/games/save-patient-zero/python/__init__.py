"""Save Patient Zero's rule data: the lab-sheet grid, molecule colours, Fuzio zones and the
sample decks, validated at load time and read by the referee tools (``generator.savvy``)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from generator.content.checker import Checker, join
from generator.content.icon_set import SOURCE_PREFIX, known, unknown_icon
from generator.content.model import Deck, Game
from generator.errors import excerpt
from generator.limits import limit, past

MOLECULES = range(1, 26)
SIDE = 5
SAMPLE_SIZE = 5
FUZIO_SPAN = (1 + 2 + 3, 23 + 24 + 25)  # every possible sum of three distinct molecules
GAME_NUMBERS = range(1_000_000_000)  # a game's seed: the key's QR payload carries 9 digits
# vars.referee: the kit's answer keys and embedded referee page (generator.savvy.kit)
REFEREE_KEYS = ("keys", "first_key_game", "page_game", "page_file")
# the data the referee tools (generator.savvy) read as written, each with a fix
READ_AS_IS = {
    "colour_labels": ("a mapping of keys", "'colour_labels: {green: green, …}' (a name for each "
                      "molecule colour)"),
    "centrifugo": ("a list of [row, column] pairs", "'centrifugo: [[0, 0], [0, 1], [1, 0], "
                   "[1, 1]]' (the cells it points at)"),
    "scanpad": ("a list of [row, column] pairs", "'scanpad: [[2, 3], [3, 2]]' (the blocks it "
                "frames, rows × columns)"),
    "labs": ("a list of mappings", "'labs: [{code: M, name: Lab-M, colour: lab-m}, …]'"),
    "levels": ("a list of mappings", "'levels: [{tools: \"5\", title: …}, …]'"),
    "tools": ("a list of mappings", "'tools: [{name: Samply, qty: 3, effect: …}, …]'"),
}
# the keys the referee tools read of each entry of these lists
ENTRY_KEYS = {"labs": ("code", "name", "colour"), "tools": ("name", "qty", "effect")}
PAGE_FILE = re.compile(r"[\w-]{1,60}\.html\Z")


@dataclass(frozen=True)
class LabData:
    """What a referee needs: where each molecule is, its colour, the zones and the samples."""

    grid: tuple[tuple[int, ...], ...]
    colours: Mapping[int, str]
    fuzio: tuple[tuple[int, int], ...]
    samples: Mapping[str, tuple[int, ...]]
    colour_order: tuple[str, ...]

    def position(self, molecule: int) -> tuple[int, int]:
        """(row, column), both 0-based, of a molecule on the printed grid."""
        for r, row in enumerate(self.grid):
            if molecule in row:
                return r, row.index(molecule)
        raise KeyError(molecule)


def lab_data(game: Game) -> LabData:
    """Read the rule data of a loaded (already validated) Save Patient Zero game."""
    data = game.data
    grid = tuple(tuple(int(n) for n in row) for row in data["grid"])
    colours = {int(n): str(c) for n, c in data["colours"].items()}
    samples: dict[str, tuple[int, ...]] = {}
    for deck_id in data["sample_decks"].values():
        deck = game.component(deck_id)
        assert isinstance(deck, Deck)
        for card in deck.cards:
            samples[str(card.fields["id"])] = tuple(int(m) for m in card.fields["molecules"])
    return LabData(grid, colours, tuple((int(a), int(b)) for a, b in data["fuzio"]), samples,
                   tuple(data["molecule_colours"]))


def validate(check: Checker, raw: Any, components: list, palette: dict) -> None:
    """Check the grid, colours, zones, sample decks and referee settings; record every
    problem."""
    _check_referee(check, raw)
    data = check.mapping(raw.get("data"), "data", raw, "data")
    if data is None:
        return
    check.keys(data, "data", {"grid", "colours", "molecule_colours", "colour_labels", "fuzio",
                              "sample_decks", "sample_seed", "levels", "labs", "modes", "tools",
                              "scanpad", "centrifugo", "summary", "tool_icons",
                              "interruption_icons", "logo_icon"},
               required=("grid", "colours", "molecule_colours", "fuzio", "sample_decks"))
    if not check.shaped(data, "data", READ_AS_IS):
        return
    _check_entries(check, data)
    _check_grid(check, data)
    _check_colours(check, data, palette)
    _check_fuzio(check, data)
    _check_samples(check, data, components)
    _check_pictograms(check, data, components)


def _check_referee(check: Checker, raw: Any) -> None:
    """vars.referee, which the kit reads to print its answer keys and embed its referee
    page: known keys, game numbers in range, at most ``answer_keys`` keys (each a page)."""
    where = "vars.referee"
    referee = check.setting(raw, "referee", dict, "'referee: {keys: 4, page_game: 42}'")
    if referee is None:
        return
    check.keys(referee, where, REFEREE_KEYS)
    keys = check.integer(referee, "keys", where, low=0)
    if keys is not None and keys > limit("answer_keys"):
        check.add(join(where, "keys"), past("answer_keys", f"{keys:,} answer keys"), referee,
                  "keys")
    for key in ("first_key_game", "page_game"):
        check.integer(referee, key, where, low=GAME_NUMBERS[0], high=GAME_NUMBERS[-1])
    name = check.text(referee, "page_file", where)
    if name is not None and not PAGE_FILE.match(name):
        check.add(join(where, "page_file"), f"{excerpt(name)} is not a file name: write a "
                  "name of letters, digits, '_' and '-' ending in .html, e.g. savvy.html",
                  referee, "page_file")


def _check_entries(check: Checker, data: Mapping[str, Any]) -> None:
    """Each lab and each tool has the keys the referee tools read; a tool's count is whole."""
    for key, needed in ENTRY_KEYS.items():
        for _, where, entry in check.entries(data.get(key) or [], f"data.{key}"):
            for name in needed:
                if entry.get(name) is None:
                    check.add(where, f"missing key '{name}' (each of data.{key} gives "
                              f"{', '.join(needed)})", entry)
            if key == "tools":
                check.integer(entry, "qty", where, low=0)


def _check_pictograms(check: Checker, data: Mapping[str, Any], components: list) -> None:
    """Every tool and every interruption card names its pictogram in its table."""
    tools = [str(t.get("name")) for t in data.get("tools") or [] if isinstance(t, Mapping)]
    interruptions = [str(card.fields.get("name")) for component in components
                     if isinstance(component, Deck) and component.id == "interruptions"
                     for card in component.cards]
    for key, names in (("tool_icons", tools), ("interruption_icons", interruptions)):
        if data.get(key) is None:
            continue
        table = check.mapping(data.get(key), f"data.{key}", data, key)
        for name, icon in (table or {}).items():
            if not known(str(icon)):
                check.add(f"data.{key}.{name}", unknown_icon(str(icon), SOURCE_PREFIX), table,
                          name)
        for name in names:
            if table is not None and name not in table:
                check.add(f"data.{key}", f"'{name}' has no pictogram: add '{name}: <icon>' "
                          "(a name of the bundled game-icons.net set, as in gi:<icon>)", data,
                          key)


def _square(check: Checker, data: Mapping[str, Any], key: str) -> list | None:
    value = data.get(key)
    if (not isinstance(value, list) or len(value) != SIDE
            or any(not isinstance(row, list) or len(row) != SIDE for row in value)):
        check.add(join("data", key), f"expected {SIDE} rows of {SIDE} values", data, key)
        return None
    return value


def _check_grid(check: Checker, data: Mapping[str, Any]) -> None:
    grid = _square(check, data, "grid")
    if grid is None:
        return
    seen: set[int] = set()
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            where = f"data.grid[{r}][{c}]"
            if not isinstance(value, int) or value not in MOLECULES:
                check.add(where, f"molecule {value!r} is outside 1..25", row, c)
            elif value in seen:
                check.add(where, f"molecule {value} appears twice in the grid; each of 1..25 "
                          "must appear once", row, c)
            else:
                seen.add(value)


def _check_colours(check: Checker, data: Mapping[str, Any], palette: dict) -> None:
    names = data.get("molecule_colours")
    if not isinstance(names, list) or not names:
        check.add("data.molecule_colours", "expected a list of palette colour names", data,
                  "molecule_colours")
        names = []
    for index, name in enumerate(names):
        if name not in palette:
            check.add(f"data.molecule_colours[{index}]", f"colour '{name}' is not in the palette "
                      f"({', '.join(palette)})", names, index)
    colours = check.mapping(data.get("colours"), "data.colours", data, "colours")
    if colours is None:
        return
    if set(colours) != set(MOLECULES):
        check.add("data.colours", "give a colour for each molecule 1..25 (missing: "
                  f"{sorted(set(MOLECULES) - set(colours))}, extra: "
                  f"{sorted(set(colours) - set(MOLECULES), key=str)})", data, "colours")
    for molecule, value in colours.items():
        if value not in names:
            check.add(f"data.colours.{molecule}", f"colour {value!r} is not one of the "
                      f"molecule colours ({', '.join(map(str, names))})", colours, molecule)


def _check_fuzio(check: Checker, data: Mapping[str, Any]) -> None:
    zones = data.get("fuzio")
    low, high = FUZIO_SPAN
    if not isinstance(zones, list) or not zones or any(
            not isinstance(z, list) or len(z) != 2 or not all(isinstance(v, int) for v in z)
            for z in zones):
        check.add("data.fuzio", "expected a list of [low, high] zones", data, "fuzio")
        return
    expected = low
    for index, (start, end) in enumerate(sorted(zones)):
        where = f"data.fuzio[{index}]"
        if start > end:
            check.add(where, f"zone {start}-{end} runs backwards", zones, index)
        if start > expected:
            check.add(where, f"sums {expected}-{start - 1} are in no zone; the zones must cover "
                      f"{low}..{high} with no gap", zones, index)
        elif start < expected:
            check.add(where, f"zone {start}-{end} overlaps the previous zone (next free sum is "
                      f"{expected})", zones, index)
        expected = max(expected, end + 1)
    if expected <= high:
        check.add("data.fuzio", f"sums {expected}-{high} are in no zone; the last zone must end "
                  f"at {high}", data, "fuzio")
    elif expected > high + 1:
        check.add("data.fuzio", f"zones reach {expected - 1}, past the largest sum {high}",
                  data, "fuzio")


def _check_samples(check: Checker, data: Mapping[str, Any], components: list) -> None:
    decks = check.mapping(data.get("sample_decks"), "data.sample_decks", data, "sample_decks")
    if decks is None:
        return
    by_id = {c.id: c for c in components}
    seen_ids: set[str] = set()
    for lab, deck_id in decks.items():
        deck = by_id.get(deck_id)
        if not isinstance(deck, Deck):
            check.add(f"data.sample_decks.{lab}", f"no deck '{deck_id}' among the components",
                      decks, lab)
            continue
        for index, card in enumerate(deck.cards):
            where = f"components[{deck_id}].cards[{index}]"
            card_id = card.fields.get("id")
            molecules = card.fields.get("molecules")
            if not isinstance(card_id, str) or not card_id.startswith(str(lab)):
                check.add(where, f"sample card id {card_id!r} must start with the lab letter "
                          f"'{lab}'", decks, lab)
            elif card_id in seen_ids:
                check.add(where, f"sample card id {card_id} is used twice", decks, lab)
            seen_ids.add(str(card_id))
            if (not isinstance(molecules, (list, tuple)) or len(molecules) != SAMPLE_SIZE
                    or len(set(molecules)) != SAMPLE_SIZE
                    or not all(isinstance(m, int) and m in MOLECULES for m in molecules)):
                check.add(where, f"sample card {card_id} must hold {SAMPLE_SIZE} distinct "
                          f"molecules of 1..25, got {list(molecules or [])}", decks, lab)


def summary_facts(data: Mapping[str, Any]) -> dict[str, Any]:
    """The share of all possible antidotes whose sum falls in each Fuzio zone."""
    sums = [a + b + c for a, b, c in combinations(MOLECULES, 3)]
    shares = [sum(low <= s <= high for s in sums) / len(sums) for low, high in data["fuzio"]]
    return {"antidotes": len(sums), "fuzio_shares": shares}


def kit_extras() -> None:
    """The kit's printed answer keys and embedded referee page come from the referee tools
    (``generator.savvy.kit`` registers them with the pipeline when imported)."""
    import generator.savvy.kit  # noqa: F401
