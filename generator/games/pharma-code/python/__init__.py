"""The Pharma Code's rule data: decks per player count, the race track and the question file,
checked at load time so a bad row is reported like any other content error."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from generator.content.checker import Checker, join
from generator.content.model import Deck
from generator.errors import Problem, excerpt

HIGHEST_CARD = 60
CHOICES = ("a", "b", "c")
DATA_KEYS = {"summary", "setups", "row_length", "track", "art"}
SUMMARY_KEYS = {"events_each", "question_bonus", "fast_track_factor", "example_jokers",
                "run_bonus"}


def validate(check: Checker, raw: Any, components: list, palette: dict) -> None:
    """Check the setups, the track and every question row; record every problem."""
    data = check.mapping(raw.get("data"), "data", raw, "data")
    if data is None:
        return
    check.keys(data, "data", DATA_KEYS, required=("setups", "track"))
    # the summary multiplies it (fast_track_most): a whole number, or no rule cards
    if "row_length" in data and data["row_length"] is None:
        check.add("data.row_length", "empty: give the number cards each player lays out in "
                  "a row (9 in the published game)", data, "row_length")
    check.integer(data, "row_length", "data", low=1, high=HIGHEST_CARD)
    _setups(check, data.get("setups"), data)
    _track(check, data.get("track"), data)
    _summary(check, data.get("summary"), data)
    decks = {c.id: c for c in components if isinstance(c, Deck)}
    if "questions" in decks:
        _questions(check, raw, decks["questions"])
    if isinstance(data.get("setups"), list) and not check.problems:
        _decks_match_setups(check, data["setups"], decks)


def _setups(check: Checker, setups: Any, data: Mapping[str, Any]) -> None:
    if not isinstance(setups, list) or not setups:
        check.add("data.setups", "expected a list of {players, highest, jokers, card_label, "
                  "colour, tint}", data, "setups")
        return
    previous = 0
    for _, where, setup in check.entries(setups, "data.setups"):
        check.keys(setup, where, {"players", "highest", "jokers", "card_label", "colour", "tint"},
                   required=("players", "highest", "jokers", "card_label", "colour", "tint"))
        highest = check.integer(setup, "highest", where, low=1, high=HIGHEST_CARD)
        check.integer(setup, "players", where, low=1, high=8)
        check.integer(setup, "jokers", where, low=0, high=10)
        if highest is not None and highest < previous:
            check.add(join(where, "highest"), "list the setups from the smallest deck up, so "
                      "each card prints the fewest players it is used with", setup, "highest")
        previous = highest or previous


def _decks_match_setups(check: Checker, setups: list, decks: Mapping[str, Deck]) -> None:
    """The number cards and jokers printed are those the largest setup needs, and each card's
    player-count label can be found in the setups."""
    highest = max(int(s["highest"]) for s in setups)
    jokers = max(int(s["jokers"]) for s in setups)
    if "numbers" in decks:
        values = _card_values(check, decks["numbers"], highest)
        if values is not None and sorted(values) != list(range(1, highest + 1)):
            check.add("components.numbers", f"the number cards must be 1-{highest}, each once, "
                      "to match data.setups")
    if "jokers" in decks:
        counts = {int(s["players"]) for s in setups}
        if len(decks["jokers"].cards) != jokers:
            check.add("components.jokers", f"data.setups needs {jokers} jokers, the deck has "
                      f"{len(decks['jokers'].cards)}")
        if any(c.fields.get("players") not in counts for c in decks["jokers"].cards):
            check.add("components.jokers", "each joker's 'players' must be a player count from "
                      f"data.setups: {', '.join(map(str, sorted(counts)))}")


def _card_values(check: Checker, deck: Deck, highest: int) -> list[int] | None:
    """The value of each number card, or None after recording the first that is no whole
    number (a cards file's cell is a text of digits)."""
    values = []
    for number, card in enumerate(deck.cards, 1):
        value = card.fields.get("value", 0)
        try:
            values.append(int(str(value)))
        except ValueError:
            check.add("components.numbers", f"number card {number}: value {excerpt(value)} is no "
                      f"whole number; give each number card its value, 1-{highest}")
            return None
    return values


def _track(check: Checker, track: Any, data: Mapping[str, Any]) -> None:
    track = check.mapping(track, "data.track", data, "track")
    if track is None:
        return
    check.keys(track, "data.track", {"squares", "fields"}, required=("squares",))
    squares = check.integer(track, "squares", "data.track", low=10, high=200)
    fields = track.get("fields", {})
    if check.mapping(fields, "data.track.fields", track, "fields") is None or squares is None:
        return
    for square, move in fields.items():
        where = f"data.track.fields.{square}"
        if not isinstance(square, int) or not 1 <= square <= squares:
            check.add(where, f"a location field must sit on a numbered square 1..{squares} "
                      "(not on Start or Finish)", fields, square)
        if not isinstance(move, int) or isinstance(move, bool) or move == 0:
            check.add(where, f"expected the squares moved, such as 2 or -1, got {move!r}",
                      fields, square)


def _summary(check: Checker, summary: Any, data: Mapping[str, Any]) -> None:
    """The figures the rule cards quote: whole numbers, and quick rewards that grow."""
    if summary is None:
        return
    summary = check.mapping(summary, "data.summary", data, "summary")
    if summary is None:
        return
    check.keys(summary, "data.summary", SUMMARY_KEYS, required=tuple(sorted(SUMMARY_KEYS)))
    for key in sorted(SUMMARY_KEYS - {"run_bonus"}):
        check.integer(summary, key, "data.summary", low=0, high=60)
    bonus = summary.get("run_bonus")
    if not isinstance(bonus, list) or not bonus:
        check.add("data.summary.run_bonus", "expected a list of {cards, squares}", summary,
                  "run_bonus")
        return
    previous = 1
    for _, where, row in check.entries(bonus, "data.summary.run_bonus"):
        check.keys(row, where, {"cards", "squares"}, required=("cards", "squares"))
        cards = check.integer(row, "cards", where, low=2, high=HIGHEST_CARD)
        check.integer(row, "squares", where, low=1, high=HIGHEST_CARD)
        if cards is not None and cards <= previous:
            check.add(join(where, "cards"), "list the quick rewards from the shortest "
                      "sequence up, each longer than the one before", row, "cards")
        previous = cards or previous


def summary_facts(data: Mapping[str, Any]) -> dict[str, Any]:
    """Figures the rule cards quote that the data holds only implicitly."""
    row = int(data.get("row_length", 0))
    summary = data.get("summary") or {}
    fields = (data.get("track") or {}).get("fields") or {}
    jokers = int(summary.get("example_jokers", 0))
    return {
        "fast_track_most": row * int(summary.get("fast_track_factor", 1)),
        "example_squares": row - jokers,
        # each kind of location field once: the squares it moves, forward first
        "field_moves": sorted({int(v) for v in fields.values()}, reverse=True),
    }


def _questions(check: Checker, raw: Mapping[str, Any], deck: Deck) -> None:
    """Each row needs a question, three choices and the right one; name the row to fix."""
    file_name = _questions_file(raw)
    source = str(Path(check.file).parent / file_name) if file_name else check.file
    if not deck.cards:
        check.problems.append(Problem(source, "", "no questions to print: add at least one row "
                                      "(question, a, b, c, answer), as in questions-template.csv"))
    row = 0
    for card in deck.cards:
        if card.copy > 1:
            continue
        row += 1
        fields = card.fields
        label = str(fields.get("question", ""))[:40]
        where = f"row {row}" + (f" ({label!r})" if label else "")
        for key in ("question", *CHOICES):
            if not str(fields.get(key, "") or "").strip():
                check.problems.append(Problem(source, where, f"missing '{key}': every question "
                                              "needs its text and three choices a, b and c"))
        answer = str(fields.get("answer", "")).strip()
        if answer not in CHOICES:
            check.problems.append(Problem(source, where, f"answer {answer!r} must be a, b or c "
                                          "(the letter of the right choice, in lower case)"))


def _questions_file(raw: Mapping[str, Any]) -> str | None:
    for item in raw.get("components") or ():
        if isinstance(item, Mapping) and item.get("id") == "questions":
            name = item.get("cards_file")
            return str(name) if name else None
    return None
