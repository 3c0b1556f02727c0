"""Game logic that is not drawing: rule-data validation, referee answers, score calculators.

A game file names its rules module with ``rules: <id>``; the loader imports
``generator.rules.<id with '_' for '-'>`` and calls its ``validate(check, raw, components,
palette)`` so a bad grid or zone table is reported like any other content error.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

from ..content.checker import Checker

RULES_ID = re.compile(r"^[a-z][a-z0-9-]{0,40}$")


def rule_data(check: Checker, raw: Any, components: list, palette: dict) -> list:
    """The loading step that checks a game's rule data with its rules module (``rules:``)."""
    rules = raw.get("rules")
    if isinstance(rules, str):
        validate_rule_data(rules, check, raw, components, palette)
    return components


def validate_rule_data(rules: str, check: Checker, raw: Any, components: list,
                       palette: dict) -> None:
    module = None
    if RULES_ID.match(rules):
        try:
            module = importlib.import_module(f"{__name__}.{rules.replace('-', '_')}")
        except ModuleNotFoundError:
            module = None
    if module is None or not hasattr(module, "validate"):
        check.add("rules", f"unknown rules module '{rules}'; leave 'rules' out for a game "
                  "without rule data", raw, "rules")
        return
    module.validate(check, raw, components, palette)


def summary_facts(rules: str | None, data: Any) -> dict[str, Any]:
    """Figures a rule summary quotes but the data holds only implicitly (shares, totals),
    from the rules module's ``summary_facts(data)`` when it has one."""
    if not rules or not RULES_ID.match(rules):
        return {}
    try:
        module = importlib.import_module(f"{__name__}.{rules.replace('-', '_')}")
    except ModuleNotFoundError:
        return {}
    facts = getattr(module, "summary_facts", None)
    return facts(data) if facts is not None else {}
