"""Stage 5, contexts: what each layout's expressions read for one placement — the game's data
in the build's language, its palette and colour cues, the component's vars and rule text, the
card's fields. The builds, the Savvy answer key and the proofs all draw with these."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..content.model import Card, Deck, Game
from ..errors import RenderError
from ..i18n.catalog import Translator, localize
from ..imposition.plan import Placement
from ..render.document import Report
from ..render.expressions import Scope
from ..summary.component import template_context
from ..summary.template import render_rules, rules_url
from .fit import check_summary
from .request import BuildRequest


def base_context(game: Game, tr: Translator, data: Mapping[str, Any]) -> dict[str, Any]:
    """What every layout of the game reads, with ``data`` as translated as the caller needs
    (a build translates it all; the answer key only what it prints)."""
    return {
        "game": {"id": game.id, "title": tr.gettext(game.title)},
        "data": data,
        "palette": dict(game.palette),
        "cues": localize(game.colour_cues, tr),
        "vars": localize(game.vars, tr),
        "lang": tr.lang,
        "_": tr.gettext, "gettext": tr.gettext, "ngettext": tr.ngettext,
        "pgettext": tr.pgettext,
    }


class Contexts:
    """The template context of each placement: the game's base context, the component's
    vars (and rule text), the card's fields; each card localized once."""

    def __init__(self, game: Game, tr: Translator, request: BuildRequest,
                 report: Report | None = None):
        self.game, self.tr, self.report = game, tr, report
        self.components = {c.id: c for c in game.components}
        self.base = {**base_context(game, tr, localize(game.data, tr)),
                     "bleed": request.options.bleed,
                     "ink_saver": request.options.ink_saver,
                     "paper": request.options.paper}
        self._cards: dict[tuple[str, int], dict[str, Any]] = {}
        self._components: dict[str, dict[str, Any]] = {}
        self.rules_url = request.rules_url

    def _rules(self, component: Any) -> Any:
        """The rule text a ``kind: rules`` component draws, in this build's language, after
        checking that every language's text fits its boxes."""
        game, tr = self.game, self.tr
        pattern = self.rules_url or game.vars.get("rules_url") or ""
        title = tr.gettext(game.title)
        context = template_context(game.folder, game.id, title, game.rules, game.data,
                                   game.components, tr, game.vars)
        url = rules_url(pattern, game.id, tr.lang)
        text = render_rules(game.folder, component.vars["rules_template"], tr, context, title,
                            url)
        try:
            paging = check_summary(game, component, context, url, tr.lang)
        except RenderError as exc:
            if self.report is None:
                raise
            self.report(exc)  # pnp check goes on, the summary on as many pages as it has faces
            paging = len(text.faces)
        return replace(text, paging=paging)

    def sheet_pages(self, component_id: str) -> int | None:
        """Pages one copy of a sheet takes: the rule summary's count in this language."""
        if self.components[component_id].kind != "rules":
            return None
        return len(self._component_context(component_id)["rules"].pages)

    def _component_context(self, component_id: str) -> dict[str, Any]:
        if component_id not in self._components:
            component = self.components[component_id]
            self._components[component_id] = {
                **self.base,
                **localize(component.vars, self.tr),
                "component": {"id": component.id, "title": self.tr.gettext(component.title)},
            }
            if component.kind == "rules":
                self._components[component_id]["rules"] = self._rules(component)
        return self._components[component_id]

    def __call__(self, component_id: str, placement: Placement) -> dict[str, Any]:
        key = (component_id, placement.item)
        if key in self._cards:
            return self._cards[key]
        component = self.components[component_id]
        context = Scope(self._component_context(component_id))
        context.update(w=placement.w, h=placement.h)
        if isinstance(component, Deck):
            card: Card = component.cards[placement.item]
            context.update(card=localize(card.fields, self.tr), copy=card.copy,
                           number=placement.item + 1, total=len(component.cards))
        else:
            context.update(copy=placement.item + 1)
        self._cards[key] = context
        return context
