"""Every language's rule text must fit its boxes, checked whichever language is built: a
translation that overflows stops the build (naming the id, language and box) before anyone
prints a card in another language and never notices.

Only measuring: the flow elements of the face layout and of the page layout are laid out for
each language the game has a catalog for, without drawing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..content.model import Deck, Game
from ..errors import RenderError
from ..fingerprint import folder_hash
from ..i18n.catalog import LANGUAGES, game_languages, translator
from ..render.painter import Painter
from .component import FACE, PAGE
from .template import render_rules
from .text import RuleText

# (game file, its inputs, template, url, language) → pages of that language's summary
_checked: dict[tuple[str, str, str, str, str], int] = {}


def check_languages(game: Game, component: Any, context: Mapping[str, Any], url: str,
                    lang: str) -> int:
    """Fit the rule text of ``component`` in every language of the game, once per process;
    return how many pages the summary takes in ``lang`` (as few as hold it at its size)."""
    template = component.vars["rules_template"]
    painter = Painter(None, game)  # type: ignore[arg-type] - measuring never draws
    inputs = folder_hash(game.folder)
    for each in dict.fromkeys([*LANGUAGES, *game_languages(game.folder), lang]):
        key = (game.source, inputs, template, url, each)
        if key in _checked:
            continue
        tr = translator(each, game.folder, fallback=True)
        text = render_rules(game.folder, template, tr, context, tr.gettext(game.title), url)
        base = {**component.vars, "rules": text, "lang": each, "_": tr.gettext}
        if isinstance(component, Deck):
            size = component.size
            for side in range(len(text.faces)):
                _measure(painter, FACE, {**base, "side": side}, size.w, size.h)
        _checked[key] = _paging(painter, game, base, text)
    return _checked[(game.source, inputs, template, url, lang)]


def _paging(painter: Painter, game: Game, base: dict[str, Any], text: RuleText) -> int:
    """The fewest pages on which the summary fits; the last try's overflow is the error."""
    page = game.layouts.get(PAGE)
    if page is None or page.size is None:
        return 1
    for count in range(1, len(text.faces) + 1):
        paged = replace(text, paging=count)
        try:
            for index in range(len(paged.pages)):
                _measure(painter, PAGE, {**base, "rules": paged, "copy": index + 1},
                         page.size.w, page.size.h)
        except RenderError:
            if count == len(text.faces):
                raise
            continue
        return count
    return 1


def _measure(painter: Painter, layout: str, context: dict[str, Any], w: float, h: float) -> None:
    found = painter.game.layouts.get(layout)
    for index, element in enumerate(found.elements if found else ()):
        if element["type"] == "flow":
            painter.flow_runs(element, {**context, "w": w, "h": h}, w, h,
                              f"{found.source}:{layout}.elements[{index}]")
