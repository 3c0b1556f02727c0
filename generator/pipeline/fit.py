"""Stage 3, fit every language: whichever language is built, each text must fit its box in
every language the game has a catalog for, so no translator's long sentence reaches a card in
a language nobody proofread.

- A layout's fixed texts (a text element whose text is exactly one ``{{ _('…') }}`` in a box
  given in numbers) are measured in every language; one that does not fit even at its
  ``min_size`` stops the build, naming the message id, the language and the box.
- A rule summary's text is laid out on its card faces and its page in every language; the
  page count of each language's summary is what the fit leaves.

Both measure through the element types' own ``measure`` (the code that draws them lays them
out the same way), found in the registry: any type that measures and reads ``text`` or
``blocks``, with a :class:`Resolver`: only measuring, never drawing. Each check runs
once per process and game fingerprint.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

from ..content.legibility import text_floor
from ..content.model import Deck, Game
from ..errors import RenderError
from ..i18n.catalog import languages_for, set_aside, translator
from ..render.blame import at_its_line
from ..render.document import Report
from ..render.elements import ELEMENTS
from ..render.elements.kind import Measure
from ..render.resolver import Resolver
from ..render.text import TextOverflow
from ..summary.component import FACE, PAGE
from ..summary.template import render_rules
from ..summary.text import RuleText

# one literal message and nothing else: ``{{ _('…') }}``
GETTEXT_ONLY = re.compile(r"""^\{\{\s*_\(\s*(['"])((?:(?!\}\}).)+?)\1\s*\)\s*\}\}$""", re.S)

TEXT, RULE_TEXT = "text", "blocks"  # the keys of a measured element that hold its words
_boxes_checked: set[str] = set()  # game fingerprints whose fixed texts fit
# (game fingerprint, template, url, language) → pages of that language's summary
_summaries: dict[tuple[str, str, str, str], int] = {}


def check_summary(game: Game, component: Any, context: Mapping[str, Any], url: str,
                    lang: str) -> int:
    """Fit the rule text of ``component`` in every language of the game, once per process;
    return how many pages the summary takes in ``lang`` (as few as hold it at its size)."""
    template = component.vars["rules_template"]
    resolver = Resolver(game)
    pages: dict[tuple[str, str, str, str], int] = {} if set_aside() else _summaries
    for each in dict.fromkeys([*languages_for(game.folder), lang]):
        key = (game.fingerprint, template, url, each)
        if key in pages:
            continue
        tr = translator(each, game.folder, fallback=True)
        text = render_rules(game.folder, template, tr, context, tr.gettext(game.title), url)
        base = {**component.vars, "rules": text, "lang": each, "_": tr.gettext,
                "pgettext": tr.pgettext}
        try:
            if isinstance(component, Deck):
                size = component.size
                for side in range(len(text.faces)):
                    _measure(resolver, FACE, {**base, "side": side}, size.w, size.h)
            pages[key] = fewest_pages(resolver, PAGE, "rules", base, text)
        except RenderError as exc:
            raise at_its_line(exc, tr) from None
    return pages[(game.fingerprint, template, url, lang)]


def fewest_pages(resolver: Resolver, layout: str, key: str, base: dict[str, Any],
                 text: RuleText) -> int:
    """The fewest pages of ``layout`` (which reads ``text`` as ``key``, its page as ``copy``)
    on which the text fits, cut between faces; the last try's overflow is the error."""
    page = resolver.game.layouts.get(layout)
    if page is None or page.size is None:
        return 1
    for count in range(1, len(text.faces) + 1):
        paged = replace(text, paging=count)
        try:
            for index in range(len(paged.pages)):
                _measure(resolver, layout, {**base, key: paged, "copy": index + 1},
                         page.size.w, page.size.h)
        except RenderError:
            if count == len(text.faces):
                raise
            continue
        return count
    return 1


def _measure(resolver: Resolver, layout: str, context: dict[str, Any], w: float,
             h: float) -> None:
    """Lay out the rule text of ``layout`` (its flow elements) in a w×h mm box."""
    found = resolver.game.layouts.get(layout)
    if found is None:
        return
    for index, element in enumerate(found.elements):
        measure = measured(element, RULE_TEXT)
        if measure is not None:
            measure(resolver, element, {**context, "w": w, "h": h}, w, h,
                    f"{found.source}:{layout}.elements[{index}]")


def check_text_boxes(game: Game, report: Report | None = None) -> None:
    """Measure every fixed gettext text of the game's layouts in every language, once per
    version of the game's files (a lengthened translation is measured again). The first text
    that does not fit stops the build; with ``report``, each is reported to it instead."""
    if game.fingerprint in _boxes_checked:
        return
    failed = False
    resolver = Resolver(game)
    translators = [translator(lang, game.folder, fallback=True)
                   for lang in languages_for(game.folder)]
    for where, element in _text_elements(game):
        match = GETTEXT_ONLY.match(str(element.get(TEXT, "")))
        measure = measured(element, TEXT)
        if match is None or measure is None or not _fixed(element):
            continue
        for tr in translators:
            try:
                measure(resolver, element,
                        {"_": tr.gettext, "pgettext": tr.pgettext, "lang": tr.lang},
                        element["w"], element["h"], where)
            except TextOverflow:
                min_size = element.get("min_size", text_floor())
                message = match.group(2).replace("\\'", "'")
                error = RenderError(
                    f"{where}: message {message[:70]!r} in language '{tr.lang}' does not fit "
                    f"box '{element.get('id', 'text')}' ({element['w']:g}×{element['h']:g} mm) "
                    f"even at {min_size:g} pt; shorten that translation or enlarge the box")
                if report is None:
                    raise error from None
                report(error)
                failed = True
    if not failed and not set_aside():
        _boxes_checked.add(game.fingerprint)


def _fixed(element: Mapping[str, Any]) -> bool:
    """Whether the box and type are plain numbers, so the text measures the same on every
    card (a box computed from a card's fields is measured when that card is drawn)."""
    numbers = [element.get(k) for k in ("x", "y", "w", "h", "size", "min_size", "leading")]
    return ("w" in element and "h" in element
            and all(v is None or (isinstance(v, (int, float)) and not isinstance(v, bool))
                    for v in numbers)
            and "{" not in str(element.get("font", "")))


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
        if measured(element, TEXT) is not None:
            yield element
        yield from _walk(element.get("elements", ()))


def measured(element: Mapping[str, Any], key: str) -> Measure | None:
    """How the element is measured without a canvas, when its type measures what it reads
    under ``key`` (``text``: a string; ``blocks``: rule text), as the registry declares."""
    kind = ELEMENTS.get(str(element.get("type")))
    return kind.measure if kind is not None and key in kind.declared else None
