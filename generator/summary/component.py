"""The ``kind: rules`` component: rule cards (front and back) plus a one-page summary.

A rules component names a template; the number of cards follows from the template's ``@face``
lines (two faces a card), read by rendering it once in English while the game loads, so a
broken template is reported with the other data problems.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..content.checker import Checker, join
from ..content.model import Card, Deck, Sheet, freeze
from ..content.rules_spec import RulesSpec
from ..content.yamlio import Msg
from ..errors import RenderError
from ..i18n.catalog import SOURCE_LANG, Translator
from ..i18n.engine_messages import RULE_SUMMARY_PAGE
from ..rules import summary_facts
from .template import defaults, render_rules

FRONT, BACK, PAGE = "rules-front", "rules-back", "rules-page"
FACE = "rules-face"  # the layout both card sides draw their face with


def template_context(folder: Path, game_id: str, title: str, rules: str | None, data: Any,
                     components: Sequence[Any], tr: Translator,
                     game_vars: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """What a rules template reads: the game, its data, its layout ``vars`` (the pictograms
    a layout names, so a heading can show the same), the size of each deck and the figures
    its rules module derives (``facts``)."""
    decks = {c.id: {"title": tr.gettext(c.title), "cards": len(c.cards)}
             for c in components if isinstance(c, Deck)}
    return {"game": {"id": game_id, "title": title}, "data": data, "vars": game_vars or {},
            "components": decks,
            "facts": summary_facts(folder, rules, data)}


def rule_cards(folder: Path):
    """The loading step that turns each rules component into its cards and page (on data
    without problems only: a template may read any of it)."""
    def extend(check: Checker, raw: Mapping[str, Any], components: list[Any],
               palette: dict[str, str]) -> list[Any]:
        if check.problems:
            return components
        return expand(check, components, folder, str(raw.get("id") or ""),
                      str(raw.get("title", "")), raw.get("rules"), raw.get("data", {}),
                      raw.get("vars") or {})
    return extend


def expand(check: Checker, components: list[Any], folder: Path, game_id: str, title: str,
           rules: str | None, data: Any, game_vars: Mapping[str, Any] | None = None) -> list[Any]:
    """Replace each RulesSpec by its card deck and (unless ``page: false``) its page."""
    english = Translator(SOURCE_LANG)
    context = template_context(folder, game_id, title, rules, data, components, english,
                               game_vars)
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
            result.append(Sheet(f"{component.id}-page", Msg(RULE_SUMMARY_PAGE), PAGE, 1,
                                False, variables, kind="rules"))
    return result
