"""The ``kind: rules`` component as written in game.yaml: which template prints the rule
summary, at what card size, with or without its summary page. Expanding it into rule cards
(counting the template's faces) is the summary package's work, after the game loads."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .checker import Checker, join
from .model import Size
from .yamlio import Msg

RULES_KEYS = {"id", "kind", "title", "template", "size", "page", "vars"}


@dataclass(frozen=True)
class RulesSpec:
    """A rules component as read from game.yaml, before its template is counted."""

    id: str
    title: Msg
    template: str
    size: Size
    page: bool
    vars: Mapping[str, Any]
    where: str
    item: Mapping[str, Any]


def read_spec(check: Checker, item: Mapping[str, Any], where: str, component_id: str,
              title: Msg, size: Size | None, variables: Mapping[str, Any]) -> RulesSpec | None:
    template = check.text(item, "template", where)
    if template is None:
        check.add(where, "missing key 'template' (a file in rules/ or templates/rules/)", item)
    page = item.get("page", True)
    if not isinstance(page, bool):
        check.add(join(where, "page"), "expected true or false", item, "page")
    if template is None or size is None:
        return None
    return RulesSpec(component_id, title, template, size, bool(page), variables, where, item)
