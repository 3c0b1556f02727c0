"""Each language's typography as one step of the text pipeline: quotes, the apostrophe and the
narrow spaces French sets before high punctuation, from ``templates/typography.yaml``.

Catalogs and game data may be typed with plain ' and "; every text a kit sets passes through
:func:`typeset` in its language just before its lines are broken, so a translator's new text
prints right without edits by hand. The forms of address of a language are here too: the
catalog check (``i18n.checks``) holds a catalog to one of them."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..resources import templates_dir
from .yamlio import load_yaml

NARROW = "\u202f"  # narrow no-break space
_SPACES = " \u00a0\u2009\u202f"
_OPENERS = "([{«‹—–-/"  # after these (or a space, or nothing) a quote opens


@dataclass(frozen=True)
class Typography:
    """One language's rules (see templates/typography.yaml for each key)."""

    lang: str
    apostrophe: str
    quotes: tuple[str, str]
    single_quotes: tuple[str, str]
    quote_space: str
    space_before: str
    address: Mapping[str, tuple[str, ...]]
    last_line_words: int = 1   # the fewest words a paragraph's last line of several holds

    @classmethod
    def from_data(cls, lang: str, raw: Mapping[str, Any]) -> Typography:
        return cls(lang, str(raw["apostrophe"]), _pair(raw["quotes"]),
                   _pair(raw["single_quotes"]), str(raw.get("quote_space", "")),
                   str(raw.get("space_before", "")),
                   {str(form): tuple(str(w) for w in words)
                    for form, words in (raw.get("address") or {}).items()},
                   max(1, int(raw.get("last_line_words", 1))))


def _pair(value: Any) -> tuple[str, str]:
    opening, closing = value
    return str(opening), str(closing)


@lru_cache(maxsize=1)
def _table() -> dict[str, Any]:
    return dict(load_yaml(templates_dir() / "typography.yaml"))


@lru_cache(maxsize=64)
def typography(lang: str) -> Typography:
    """The rules of ``lang`` (its base language for a regional code; else the default)."""
    table = _table()
    base = lang.replace("_", "-").split("-")[0].lower()
    key = base if base in table else "default"
    return Typography.from_data(key, table[key])


@lru_cache(maxsize=65536)
def typeset(text: str, lang: str) -> str:
    """``text`` with the typography of ``lang``: straight quotes curled, one apostrophe, and
    the narrow no-break spaces the language sets. Idempotent: typeset text stays as it is."""
    if not text:
        return text
    rules = typography(lang)
    text = _quotes(text, rules)
    if rules.quote_space:
        text = _inside_quotes(text, rules)
    if rules.space_before:
        text = _space_before(text, rules)
    return text


def _opens(text: str, index: int) -> bool:
    """Whether a quote at ``index`` opens: at the start, or after a space or an opener."""
    return index == 0 or text[index - 1] in _SPACES or text[index - 1] in _OPENERS \
        or text[index - 1] in "\n\t"


def _quotes(text: str, rules: Typography) -> str:
    if "'" not in text and '"' not in text and (rules.lang != "fr" or not
                                                  any(q in text for q in "“”„")):
        return text
    out = []
    for index, char in enumerate(text):
        if char == '"' or (rules.lang == "fr" and char in "“”„"):
            out.append(rules.quotes[0] if _opens(text, index) else rules.quotes[1])
        elif char == "'":
            following = text[index + 1:index + 2]
            opening = _opens(text, index) and following.isalpha()
            out.append(rules.single_quotes[0] if opening and _closes_later(text, index)
                       else rules.apostrophe)
        else:
            out.append(char)
    return "".join(out)


def _closes_later(text: str, index: int) -> bool:
    """Whether a ' at ``index`` has a closing ' later (not between letters): a quotation,
    not an elided word such as 'til."""
    for later in range(index + 1, len(text)):
        if text[later] == "'" and not (text[later + 1:later + 2].isalpha()
                                       and text[later - 1].isalpha()):
            return True
    return False


def _inside_quotes(text: str, rules: Typography) -> str:
    opening, closing = rules.quotes
    space = rules.quote_space
    text = re.sub(f"{re.escape(opening)}[{_SPACES}]*", opening + space, text)
    return re.sub(f"[{_SPACES}]*{re.escape(closing)}", space + closing, text)


def _space_before(text: str, rules: Typography) -> str:
    marks = re.escape(rules.space_before)

    def spaced(match: re.Match[str]) -> str:
        before, mark, after = match.group(1), match.group(2), match.group(3)
        if mark == ":" and after and after not in _SPACES + "\n)»":
            return match.group(0)  # 10:30, https://
        if mark in "!?" and after and after.isalnum():
            return match.group(0)  # a web address's ?key=value
        return f"{before}{NARROW}{mark}{after}"

    return re.sub(f"([^{_SPACES}\n{marks}])[{_SPACES}]*([{marks}])(.?)", spaced, text)


def address_words(lang: str) -> Mapping[str, tuple[str, ...]]:
    """Each form of address of ``lang`` and its marker words (none for English)."""
    return typography(lang).address
