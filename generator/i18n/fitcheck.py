"""The longest translation of each fixed text must fit its box, whichever language is built.

A text element whose text is exactly one ``{{ _('…') }}`` and whose box is given in numbers is
measured in every language the game has a catalog for; one that does not fit even at its
``min_size`` stops the build, naming the message id, the language and the box, before a
translator's long sentence reaches a card in a language nobody proofread.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from ..content.legibility import text_floor
from ..content.model import Deck, Game
from ..errors import RenderError
from ..fingerprint import folder_hash
from ..render.fonts import font_name
from ..render.text import fit_text
from .catalog import LANGUAGES, game_languages, translator

GETTEXT_ONLY = re.compile(r"""^\{\{\s*_\(\s*(['"])(.+?)\1\s*\)\s*\}\}$""", re.S)
_checked: set[tuple[str, str]] = set()  # (game file, its folder's inputs) checked already


def check_text_boxes(game: Game) -> None:
    """Measure every fixed gettext text of the game's layouts in every language, once per
    version of the game folder (a lengthened translation is measured again)."""
    key = (game.source, folder_hash(game.folder))
    if key in _checked:
        return
    languages = list(dict.fromkeys([*LANGUAGES, *game_languages(game.folder)]))
    translators = [translator(lang, game.folder, fallback=True) for lang in languages]
    for layout, element in _text_elements(game):
        match = GETTEXT_ONLY.match(str(element.get("text", "")))
        box = _numbers(element, ("w", "h", "size", "min_size", "leading"))
        if match is None or box is None:
            continue
        message = match.group(2).replace("\\'", "'")
        w, h = box["w"], box["h"]
        size = box.get("size", 10.0)
        min_size, leading = box.get("min_size", text_floor()), box.get("leading", 1.2)
        font = font_name(str(element.get("font", "regular")))
        for tr in translators:
            if fit_text(tr.gettext(message), font, w, h, size, min_size, leading,
                        tr.lang) is None:
                raise RenderError(
                    f"{layout}: message {message[:70]!r} in language '{tr.lang}' does not fit "
                    f"box '{element.get('id', 'text')}' ({w:g}×{h:g} mm) even at {min_size:g} "
                    "pt; shorten that translation or enlarge the box")
    _checked.add(key)


def _numbers(element: Mapping[str, Any], keys: tuple[str, ...]) -> dict[str, float] | None:
    """The numeric attributes; None when the box itself (w, h) is not a plain number."""
    found = {k: float(element[k]) for k in keys
             if isinstance(element.get(k), (int, float)) and not isinstance(element[k], bool)}
    return found if "w" in found and "h" in found else None


def _text_elements(game: Game) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """(where, element) for the text elements of every layout a component prints directly."""
    names: list[str] = []
    for component in game.components:
        if isinstance(component, Deck):
            for card in component.cards:
                names.extend(n for n in (card.front, card.back) if n)
        else:
            names.append(component.layout)
    for name in dict.fromkeys(names):
        layout = game.layouts.get(name)
        if layout is not None:
            yield from ((f"{layout.source}:{name}", e) for e in _walk(layout.elements))


def _walk(elements: Any) -> Iterator[Mapping[str, Any]]:
    for element in elements:
        if element.get("type") == "text":
            yield element
        yield from _walk(element.get("elements", ()))
