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
    hyphenation: Hyphenation
    one_size_decks: bool  # every face of a rule-card deck at its smallest face's size
    last_line_words: int = 1   # the fewest words a paragraph's last line of several holds

    @classmethod
    def from_data(cls, lang: str, raw: Mapping[str, Any],
                  default: Mapping[str, Any]) -> Typography:
        return cls(lang, str(raw["apostrophe"]), _pair(raw["quotes"]),
                   _pair(raw["single_quotes"]), str(raw.get("quote_space", "")),
                   str(raw.get("space_before", "")),
                   {str(form): tuple(str(w) for w in words)
                    for form, words in (raw.get("address") or {}).items()},
                   Hyphenation.from_data({**default["hyphenation"],
                                          **(raw.get("hyphenation") or {})}),
                   bool(raw.get("one_size_decks", default.get("one_size_decks", True))),
                   max(1, int(raw.get("last_line_words", default.get("last_line_words", 1)))))


@dataclass(frozen=True)
class Hyphenation:
    """How readily the line breaker splits a word (see ``hyphenation:`` in
    templates/typography.yaml): a text shrinks a little first, then a word is split only where
    its line would otherwise be left ragged, never on too many lines in a row, never leaving
    one or two letters alone."""

    shrink_first: float  # a text may shrink to this fraction of its size before any split
    zone: float  # a split only when the line would otherwise leave this fraction empty
    max_run: int  # at most this many hyphenated lines in a row
    min_head: int  # letters kept before a split
    min_tail: int  # letters carried after a split

    @classmethod
    def from_data(cls, raw: Mapping[str, Any]) -> Hyphenation:
        return cls(float(raw["shrink_first"]), float(raw["zone"]), int(raw["max_run"]),
                   int(raw["min_head"]), int(raw["min_tail"]))


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
    return Typography.from_data(key, table[key], table["default"])


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


def hyphenation(lang: str) -> Hyphenation:
    """How readily a word of ``lang`` is split at a line's end."""
    return typography(lang).hyphenation


def one_size_decks(lang: str) -> bool:
    """Whether every face of a rule-card deck is set at the size of its smallest face."""
    return typography(lang).one_size_decks


def address_words(lang: str) -> Mapping[str, tuple[str, ...]]:
    """Each form of address of ``lang`` and its marker words (none for English)."""
    return typography(lang).address
