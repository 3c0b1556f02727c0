"""Every language's rule text must fit its boxes, checked whichever language is built: a
translation that overflows stops the build (naming the id, language and box) before anyone
prints a card in another language and never notices.

Only measuring: the flow elements of the face layout and of the page layout are laid out for
each language the game has a catalog for, without drawing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..content.model import Deck, Game
from ..fingerprint import folder_hash
from ..i18n.catalog import LANGUAGES, game_languages, translator
from ..render.painter import Painter
from .component import FACE, PAGE
from .template import render_rules

_checked: set[tuple[str, str, str, str]] = set()  # (game file, its inputs, template, language)


def check_languages(game: Game, component: Any, context: Mapping[str, Any], url: str) -> None:
    """Fit the rule text of ``component`` in every language of the game, once per process."""
    template = component.vars["rules_template"]
    painter = Painter(None, game)  # type: ignore[arg-type] - measuring never draws
    inputs = folder_hash(game.folder)
    for lang in dict.fromkeys([*LANGUAGES, *game_languages(game.folder)]):
        key = (game.source, inputs, template, lang)
        if key in _checked:
            continue
        tr = translator(lang, game.folder, fallback=True)
        text = render_rules(game.folder, template, tr, context, tr.gettext(game.title), url)
        base = {**component.vars, "rules": text, "lang": lang, "_": tr.gettext}
        if isinstance(component, Deck):
            size = component.size
            for side in range(len(text.faces)):
                _measure(painter, FACE, {**base, "side": side}, size.w, size.h)
        page = game.layouts.get(PAGE)
        if page is not None and page.size is not None:
            _measure(painter, PAGE, base, page.size.w, page.size.h)
        _checked.add(key)


def _measure(painter: Painter, layout: str, context: dict[str, Any], w: float, h: float) -> None:
    found = painter.game.layouts.get(layout)
    for index, element in enumerate(found.elements if found else ()):
        if element["type"] == "flow":
            painter.flow_runs(element, {**context, "w": w, "h": h}, w, h,
                              f"{found.source}:{layout}.elements[{index}]")
