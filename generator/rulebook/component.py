"""The ``kind: rules`` component: rule cards (front and back) plus a one-page summary.

A rules component names a template; the number of cards follows from the template's ``@face``
lines (two faces a card), read by rendering it once in English while the game loads, so a
broken template is reported with the other data problems.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..content.checker import Checker, join
from ..content.model import Card, Deck, Sheet, Size, freeze
from ..content.yamlio import Msg
from ..errors import RenderError
from ..i18n.catalog import SOURCE_LANG, Translator
from ..rules import summary_facts
from .template import defaults, render_rules

RULES_KEYS = {"id", "kind", "title", "template", "size", "page", "vars"}
PAGE_TITLE = Msg("Rule summary page")
FRONT, BACK, PAGE = "rules-front", "rules-back", "rules-page"


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


def template_context(game_id: str, title: str, rules: str | None, data: Any,
                     components: Sequence[Any], tr: Translator) -> dict[str, Any]:
    """What a rules template reads: the game, its data, the size of each deck and the
    figures its rules module derives (``facts``)."""
    decks = {c.id: {"title": tr.gettext(c.title), "cards": len(c.cards)}
             for c in components if isinstance(c, Deck)}
    return {"game": {"id": game_id, "title": title}, "data": data, "components": decks,
            "facts": summary_facts(rules, data)}


def expand(check: Checker, components: list[Any], folder: Path, game_id: str, title: str,
           rules: str | None, data: Any) -> list[Any]:
    """Replace each RulesSpec by its card deck and (unless ``page: false``) its page."""
    english = Translator(SOURCE_LANG)
    context = template_context(game_id, title, rules, data, components, english)
    result: list[Any] = []
    for component in components:
        if not isinstance(component, RulesSpec):
            result.append(component)
            continue
        try:
            faces = len(render_rules(folder, component.template, english, context, title,
                                     "").faces)
        except RenderError as exc:
            check.add(join(component.where, "template"), str(exc), component.item, "template")
            continue
        if not faces or faces % 2:
            check.add(join(component.where, "template"), f"'{component.template}' has {faces} "
                      "'@face' sides; a rule card needs a front and a back, so use an even "
                      "number", component.item, "template")
            continue
        variables = freeze({"accent": defaults()["accent"], **component.vars,
                            "rules_template": component.template})
        cards = tuple(Card(freeze({"front": 2 * i, "back": 2 * i + 1}), FRONT, BACK)
                      for i in range(faces // 2))
        result.append(Deck(component.id, component.title, component.size, cards, variables,
                           kind="rules"))
        if component.page:
            result.append(Sheet(f"{component.id}-page", PAGE_TITLE, PAGE, 1, False, variables,
                                kind="rules"))
    return result
