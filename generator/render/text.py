"""Fit text to a box: wrap on words (or between CJK characters), hyphenate a word the line
cannot hold (per language, with pyphen) before shrinking, shrink step by step, never overflow."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

import pyphen

from ..errors import RenderError
from ..units import PT_PER_MM
from .fonts import text_width

STEP = 0.25  # pt: how finely the size shrinks
_CJK = "\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef"
_TOKEN = re.compile(f"( *)([{_CJK}]|[^ {_CJK}]+)")


@dataclass(frozen=True)
class FittedText:
    size: float
    leading: float
    lines: tuple[str, ...]


def tokens(paragraph: str) -> list[tuple[str, str]]:
    """(joiner, word) pairs: words joined by a space, CJK characters each a word joined by
    nothing, so Chinese wraps between any two characters."""
    return [(" " if gap else "", word) for gap, word in _TOKEN.findall(paragraph)]


Fits = Callable[[str], bool]  # does this piece of text fit the room left?


@lru_cache(maxsize=16)
def _hyphenator(lang: str) -> pyphen.Pyphen | None:
    base = lang.split("_")[0]
    found = next((code for code in (lang, base) if code in pyphen.LANGUAGES), None)
    return pyphen.Pyphen(lang=found) if found else None


def preload_hyphenation(langs: Iterable[str]) -> None:
    """Load the hyphenation patterns of ``langs`` now. Called before a process pool forks,
    the workers share them instead of each parsing them again (German's take 0.7 s)."""
    for lang in langs:
        _hyphenator(lang)


def split_word(word: str, lang: str, fits: Fits) -> tuple[str, str] | None:
    """The longest head of ``word`` that ``fits`` — cut at a hyphenation point of the language
    (adding a hyphen) or after a hyphen the word already has — and the rest; None if no cut
    fits or the language has no hyphenation patterns."""
    hyphenator = _hyphenator(lang) if lang else None
    if hyphenator is None:
        return None
    cuts = {i: word[:i] + "-" for i in hyphenator.positions(word)}
    cuts.update({i + 1: word[:i + 1] for i, c in enumerate(word[:-1]) if c == "-" and i > 0})
    for index in sorted(cuts, reverse=True):
        if fits(cuts[index]):
            return cuts[index], word[index:]
    return None


def room(prefix: str, font: str, size: float, width_pt: float) -> Fits:
    """Whether a piece still fits on a line that already holds ``prefix``."""
    return lambda part: text_width(prefix + part, font, size) <= width_pt


def room_after(used_pt: float, font: str, size: float, width_pt: float) -> Fits:
    """Whether a piece still fits on a line of which ``used_pt`` are taken."""
    return lambda part: used_pt + text_width(part, font, size) <= width_pt


def _wrap(text: str, font: str, size: float, width_pt: float,
          lang: str = "") -> list[str] | None:
    """Lines of at most ``width_pt``; with ``lang``, a word the line cannot hold is hyphenated
    (None when a word fits no line)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for joiner, word in tokens(paragraph):
            while True:
                head = f"{current}{joiner}" if current else ""
                if text_width(head + word, font, size) <= width_pt:
                    current = head + word
                    break
                cut = split_word(word, lang, room(head, font, size, width_pt))
                if cut is not None:
                    lines.append(head + cut[0])
                    current, joiner, word = "", "", cut[1]
                elif current:
                    lines.append(current)
                    current, joiner = "", ""
                else:
                    return None  # a single word wider than the box: shrink instead
        lines.append(current)
    return lines


@lru_cache(maxsize=20000)
def fit_text(text: str, font: str, w_mm: float, h_mm: float, max_size: float,
             min_size: float, leading: float, lang: str = "") -> FittedText | None:
    """The largest size ≤ max_size at which the wrapped text fits, or None if none does; at
    each size, words are hyphenated (in ``lang``) only when the text does not fit without."""
    width_pt, height_pt = w_mm * PT_PER_MM, h_mm * PT_PER_MM
    size = max_size
    while size >= min_size - 1e-9:
        for language in dict.fromkeys(("", lang)):
            lines = _wrap(text, font, size, width_pt, language)
            if lines is not None and (len(lines) * size * leading - size * (leading - 1)
                                      <= height_pt):
                return FittedText(size, size * leading, tuple(lines))
        size -= STEP
    return None


class TextOverflow(RenderError):
    """A text that does not fit its box even at its smallest size."""


def fit_or_fail(text: str, font: str, w_mm: float, h_mm: float, max_size: float,
                min_size: float, leading: float, where: str, lang: str = "") -> FittedText:
    fitted = fit_text(text, font, w_mm, h_mm, max_size, min_size, leading, lang)
    if fitted is None:
        raise TextOverflow(
            f"{where}: text does not fit its {w_mm:g}×{h_mm:g} mm box even at {min_size:g} pt: "
            f"{text[:60]!r}; shorten it or enlarge the box"
        )
    return fitted
