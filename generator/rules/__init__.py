"""Game logic that is not drawing: rule-data validation, referee answers, score calculators.

A game file names its rules module with ``rules: <id>``; the loader asks it to check the
game's ``data`` section so a bad grid or zone table is reported like any other content error.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..content.checker import Checker

Validator = Callable[[Checker, Any, list, dict], None]


def _validators() -> dict[str, Validator]:
    from . import spz_data

    return {"save-patient-zero": spz_data.validate}


def validate_rule_data(rules: str, check: Checker, raw: Any, components: list,
                       palette: dict) -> None:
    validators = _validators()
    if rules not in validators:
        check.add("rules", f"unknown rules module '{rules}'; known: {', '.join(validators)}",
                  raw, "rules")
        return
    validators[rules](check, raw, components, palette)
