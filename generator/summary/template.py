"""Render a game's rules template in one language.

Templates live in the game folder's ``rules/`` or in ``templates/rules/``; they use jinja2's
i18n extension (``{% trans %}``, ``_()``), so every sentence is a gettext message, and take
every number from the game data, so a changed figure reads right in every language. Numbers in
prose go through Babel (``|num``, ``|percent``, ``|names``) for each language's conventions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.lists import format_list
from babel.numbers import format_decimal, format_percent
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from ..content.yamlio import load_yaml
from ..errors import RenderError, excerpt
from ..i18n.catalog import SOURCE_LANG, Translator, localize, message_key
from ..limits import limit, past
from ..paths import inside, regular_file
from ..render.failures import TEMPLATE_FAILURES, reason
from ..render.sandbox import BoundedSandbox, bounded_concat, bounded_filters
from ..resources import templates_dir
from .text import ICON_MARK, ID_MARK, Face, RuleText, parse


def template_folders(game_folder: Path) -> list[str]:
    """A game's own ``rules/`` first (a link by that name must not lead out of the game
    folder), then the built-in templates."""
    own = inside(game_folder / "rules", [game_folder], "the rules folder")
    return [str(p) for p in (own, templates_dir() / "rules") if p.is_dir()]


class ContainedLoader(FileSystemLoader):
    """Templates, and what they include, only from files inside the folder they are found in
    (resolved, links followed: see ``paths``); a template that resolves outside is refused
    with one line naming the link."""

    def get_source(self, environment: Environment,
                   template: str) -> tuple[str, str, Callable[[], bool]]:
        source, filename, uptodate = super().get_source(environment, template)
        folder = next(f for f in self.searchpath if Path(filename).is_relative_to(f))
        regular_file(filename, [folder], "a template")
        return source, filename, uptodate


@lru_cache(maxsize=1)
def defaults() -> Mapping[str, Any]:
    """``templates/rules/defaults.yaml``: the documented default address and colour."""
    return load_yaml(templates_dir() / "rules" / "defaults.yaml")


@lru_cache(maxsize=16)
def _environment(folders: tuple[str, ...]) -> BoundedSandbox:
    """One environment per set of template folders, so a template compiles once per process
    (and again when its file changes); each rendering binds gettext and the number filters
    to its own language before it renders."""
    env = BoundedSandbox(loader=ContainedLoader(list(folders)), undefined=StrictUndefined,
                         autoescape=False, lstrip_blocks=True, extensions=["jinja2.ext.i18n"])
    bounded_filters(env)
    env.policies["ext.i18n.trimmed"] = True  # msgids without the template's line breaks
    env.globals["icon"] = ICON_MARK.format
    return env


def locale_for(lang: str) -> Locale:
    """Babel's locale for a language code; English for a code Babel does not know."""
    try:
        return Locale.parse(lang)
    except (UnknownLocaleError, ValueError):
        return Locale.parse(SOURCE_LANG)


def _one_decimal(locale: Locale) -> str:
    """The locale's percent pattern with one decimal: 8.9%, 8,9 %, 8,9 %."""
    pattern = locale.percent_formats[None].pattern
    return re.sub(r"0(?=[^0]*$)", "0.0", pattern, count=1)


class _Recorder:
    """gettext for templates: translates, and marks each piece with its message id (jinja's
    new-style gettext fills in the variables afterwards)."""

    def __init__(self, tr: Translator):
        self.tr, self.ids = tr, list[str]()

    def _mark(self, message: str, text: str) -> str:
        self.ids.append(message)
        return ID_MARK.format(len(self.ids) - 1) + text

    def gettext(self, message: str) -> str:
        # the key of a message with a msgctxt (``!t {text, context}``): what has() looks up
        key = message_key(message, getattr(message, "context", None))
        return self._mark(key, self.tr.gettext(message))

    def pgettext(self, context: str, message: str) -> str:
        """One use of a short word, by its msgctxt (``pgettext('rule summary heading',
        'Goal')``)."""
        return self._mark(message_key(message, context), self.tr.pgettext(context, message))

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self._mark(singular, self.tr.ngettext(singular, plural, count))


def render_rules(game_folder: Path, template: str, tr: Translator, context: Mapping[str, Any],
                 title: str, url: str) -> RuleText:
    """The rule text of one game in the translator's language, cut into faces. The data's
    ``!t`` texts are translated here too, so an overflow names their ids as well."""
    locale = locale_for(tr.lang)
    env = _environment(tuple(template_folders(game_folder)))
    recorder = _Recorder(tr)
    env.install_gettext_callables(  # type: ignore[attr-defined]  # added by jinja2.ext.i18n
       recorder.gettext, recorder.ngettext, newstyle=True, pgettext=recorder.pgettext)
    env.filters.update(
        num=lambda value, digits=0: format_decimal(round(float(value), digits), locale=locale),
        percent=lambda value: format_percent(value, _one_decimal(locale), locale=locale),
        names=lambda items, style="standard": format_list([str(i) for i in items], style,
                                                          locale=locale),
    )
    try:
        data = localize(context.get("data", {}), recorder)
        output = bounded_concat(env.get_template(template).generate(
            {**context, "data": data, "lang": tr.lang}))
    except TEMPLATE_FAILURES as exc:
        raise RenderError(f"rules template {excerpt(template)} failed: {reason(exc)}") from None
    parsed = parse(output, recorder.ids)
    if len(parsed) > limit("rule_faces"):
        raise RenderError(f"rules template {excerpt(template)}: " + past(
            "rule_faces", f"{len(parsed):,} '@face' sides, each a card side fitted"))
    faces = tuple(Face(face_title, tuple(blocks), tuple(ids),
                       any(not tr.has(i) for i in ids))
                  for face_title, blocks, ids in parsed)
    return RuleText(title, tr.lang, url, faces)


def rules_url(pattern: str, game_id: str, lang: str) -> str:
    return pattern.replace("{game}", game_id).replace("{lang}", lang)
