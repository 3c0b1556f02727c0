"""Game logic that is not drawing: rule-data validation and score calculators, a package a game.

A game file names its rules with ``rules: <id>``; ``GAMES`` maps that id to the game's entry
points, so the loader calls its ``validate(check, raw, components, palette)`` and a bad grid or
zone table is reported like any other content error. A new game adds one row to ``GAMES``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..content.checker import Checker
from . import clinic_covid19, microbious, patient_zero_solo, pharma_code, save_patient_zero


@dataclass(frozen=True)
class GameRules:
    """One game's entry points: the load-time check, and the figures its summary quotes."""

    validate: Callable[[Checker, Any, list, dict], None]
    summary_facts: Callable[[Any], dict[str, Any]] | None = None


GAMES: Mapping[str, GameRules] = {
    "save-patient-zero": GameRules(save_patient_zero.validate, save_patient_zero.summary_facts),
    "patient-zero-solo": GameRules(patient_zero_solo.validate),
    "microbious": GameRules(microbious.validate),
    "pharma-code": GameRules(pharma_code.validate, pharma_code.summary_facts),
    "clinic-covid19": GameRules(clinic_covid19.validate),
}


def rule_data(check: Checker, raw: Any, components: list, palette: dict) -> list:
    """The loading step that checks a game's rule data with its rules (``rules:``)."""
    rules = raw.get("rules")
    if isinstance(rules, str):
        validate_rule_data(rules, check, raw, components, palette)
    return components


def validate_rule_data(rules: str, check: Checker, raw: Any, components: list,
                       palette: dict) -> None:
    game = GAMES.get(rules)
    if game is None:
        check.add("rules", f"unknown rules module '{rules}'; leave 'rules' out for a game "
                  "without rule data", raw, "rules")
        return
    game.validate(check, raw, components, palette)


def summary_facts(rules: str | None, data: Any) -> dict[str, Any]:
    """Figures a rule summary quotes but the data holds only implicitly (shares, totals),
    from the game's ``summary_facts(data)`` when it has one."""
    game = GAMES.get(rules or "")
    if game is None or game.summary_facts is None:
        return {}
    return game.summary_facts(data)
