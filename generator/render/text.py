"""Fit text to a box: wrap on words (or between CJK characters), hyphenate a word the line
cannot hold (per language, with pyphen) before shrinking, shrink step by step, never overflow."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..content.typography import Hyphenation, hyphenation, typeset, typography
from ..errors import RenderError
from ..units import PT_PER_MM
from .fonts import text_width
from .hyphenation import hyphenator
from .inline import Bit, Bits, Picture, Piece, Word, cut, joined, paragraphs, plain_text, width

STEP = 0.25  # pt: how finely the size shrinks
LINEAR_STEPS = 48  # sizes tried one by one (12 pt) before the rest are halved
# Split wherever the language's patterns allow: the last resort of a text that fits no size
# under its language's rule, and of a word wider than a whole line.
ANYWHERE = Hyphenation(shrink_first=1.0, zone=0.0, max_run=1 << 30, min_head=0, min_tail=0)


@dataclass(frozen=True)
class FittedText:
    size: float
    leading: float
    rows: tuple[Bits, ...]  # each line's bits: runs of one font, and pictures
    by_language: bool = False  # the language's hyphenation was tried: another may differ

    @property
    def lines(self) -> tuple[str, ...]:
        """Each line as plain text (a picture as U+FFFC)."""
        return tuple(plain_text(row) for row in self.rows)


Fits = Callable[[str], bool]  # does this piece of text fit the room left?


def preload_hyphenation(langs: Iterable[str]) -> None:
    """Load the hyphenation patterns of ``langs`` now. Called before a process pool forks,
    the workers share them instead of each reading them again."""
    for lang in langs:
        hyphenator(lang)


def split_word(word: str, lang: str, fits: Fits, rule: Hyphenation = ANYWHERE,
               reach: int | None = None) -> tuple[str, str] | None:
    """The longest head of ``word`` that ``fits`` — cut at a hyphenation point of the language
    (adding a hyphen), keeping the rule's letters on either side, or after a hyphen the word
    already has — and the rest; None if no cut fits or the language has no patterns. Only
    the first ``reach`` letters are cut (a head past them is known not to fit), and only
    they and a pattern's length after them are hyphenated: a word of 20,000 letters cut
    line by line would otherwise be hyphenated whole, and measured at every cut, per line."""
    patterns = hyphenator(lang) if lang else None
    if patterns is None:
        return None
    reach = len(word) if reach is None else min(reach, len(word))
    letters = len(word.rstrip(_TRAILING))
    # the points up to reach, read from the word cut a pattern's length after them (the
    # end of a word moves only the points a pattern's length before it)
    seen = word[:reach + patterns.hd.maxlen + patterns.right + 1]
    added = {i: "-" for i in patterns.positions(seen)
             if i <= reach and i >= rule.min_head and letters - i >= rule.min_tail}
    added.update({i + 1: "" for i in range(1, min(reach, len(word) - 1)) if word[i] == "-"})
    for index in sorted(added, reverse=True):
        if fits(word[:index] + added[index]):
            return word[:index] + added[index], word[index:]
    return None


_TRAILING = ".,;:!?)»“”’\"'…"  # punctuation glued after a word: not letters of it


def set_by_language(pieces: Iterable[Piece], lang: str) -> bool:
    """Whether the typography of ``lang`` changes the text of ``pieces``: then its lines are
    that language's, and a drawing of them is not replayed for another."""
    return any(isinstance(piece, str) and typeset(piece, lang) != piece for piece in pieces)


def break_lines(paragraphs_: Sequence[Sequence[Word]], size: float, width_pt: float,
                lang: str = "", rule: Hyphenation | None = None) -> list[Bits] | None:
    """Lines of at most ``width_pt``, greedily; with ``lang``, a word the line cannot hold is
    hyphenated as ``rule`` allows (by default the language's own, from
    templates/typography.yaml): only where the line would otherwise be left ragged, on no
    more lines in a row than it says; a word wider than a whole line is always split, and a
    word holding a picture never is. None when a word fits no line. The one line breaker of
    card text and rule text alike: its words come from ``inline.paragraphs``, which glues
    punctuation and a lone dash to the word before, so no line starts with them. A line's
    width is the sum of its words' and spaces' (each measured once, remembered), not
    measured again as it grows."""
    if rule is None:
        rule = hyphenation(lang) if lang else ANYWHERE
    lines: list[Bits] = []
    for words in paragraphs_:
        line: list[Bit] = []
        used = 0.0
        run = 0  # hyphenated lines in a row
        for joiner, word in words:
            rest = False  # the word is what a split left over (new: not measured before)
            while True:
                gap = width(joiner, size) if line else 0.0
                # (the rest of a long word, measured letter by letter only as far as a line
                # holds: measuring each rest whole grows with the square of its length)
                own = math.inf if rest and _reach(word, size, width_pt) < len(
                    plain_text(word)) else width(word, size)
                if used + gap + own <= width_pt:
                    if line:
                        line.extend(joiner)
                    line.extend(word)
                    used += gap + own
                    break
                split = None
                if not line:
                    split = _hyphenate(word, 0.0, size, width_pt, lang, ANYWHERE)
                elif run < rule.max_run and width_pt - used - gap > rule.zone * width_pt:
                    split = _hyphenate(word, used + gap, size, width_pt, lang, rule)
                if split is not None:
                    line.extend((*joiner, *split[0]) if line else split[0])
                    lines.append(joined(line))
                    line, used, joiner, word = [], 0.0, (), split[1]
                    run, rest = run + 1, True
                elif line:
                    lines.append(joined(line))
                    line, used, joiner = [], 0.0, ()
                    run = 0
                else:
                    return None  # a single word wider than the box: shrink instead
        lines.append(joined(line))
    return lines


NARROWER = tuple(1 - step / 50 for step in range(1, 16))  # 98 % … 70 % of the width


def break_balanced(paragraphs_: Sequence[Sequence[Word]], size: float, width_pt: float,
                   lang: str = "", **options: Any) -> list[Bits] | None:
    """``break_lines``, each paragraph on its own, with no lone last word: a paragraph of
    several lines whose last holds fewer words than its language's ``last_line_words``
    (templates/typography.yaml) is broken again a little narrower, down to 70 %, so words of
    the line before come down; kept when that takes no more lines and no more hyphens."""
    fewest = typography(lang).last_line_words
    lines: list[Bits] = []
    for words in paragraphs_:
        own = break_lines([words], size, width_pt, lang, **options)
        if own is None:
            return None
        if len(own) > 1 and _words(own[-1]) < fewest <= len(words):
            for ratio in NARROWER:
                again = break_lines([words], size, width_pt * ratio, lang, **options)
                if again is None or len(again) > len(own):
                    break
                if _words(again[-1]) >= fewest and _hyphens(again) <= _hyphens(own):
                    own = again
                    break
        lines.extend(own)
    return lines


def _words(line: Bits) -> int:
    """How many words a line holds (they are joined by plain spaces)."""
    return len([part for part in plain_text(line).split(" ") if part])


def _hyphens(lines: Sequence[Bits]) -> int:
    return sum(plain_text(line).endswith("-") for line in lines)


def _hyphenate(word: Bits, start: float, size: float, width_pt: float, lang: str,
               rule: Hyphenation) -> tuple[Bits, Bits] | None:
    """The longest hyphenated head of ``word`` that fits from ``start`` pt on, and the rest."""
    if not lang or any(bit.icon is not None for bit in word):
        return None

    def fits(part: str) -> bool:
        return start + width(cut(word, part)[0], size) <= width_pt

    found = split_word(plain_text(word), lang, fits, rule, _reach(word, size, width_pt - start))
    return None if found is None else cut(word, found[0])


def _reach(word: Bits, size: float, room: float) -> int:
    """How many letters of ``word`` (a word of text, no picture) may fit ``room`` pt: past
    them, the letters alone are wider (measured one by one, as widths add up; with a
    hundredth of a point to spare for rounding)."""
    used, letters = 0.0, 0
    for bit in word:
        for letter in bit.text:
            used += text_width(letter, bit.font, size)
            if used > room + 0.01:
                return letters
            letters += 1
    return letters


@lru_cache(maxsize=20000)
def fit_text(text: str, font: str, w_mm: float, h_mm: float, max_size: float,
             min_size: float, leading: float, lang: str = "",
             icons: tuple[tuple[Picture, float], ...] = ()) -> FittedText | None:
    """The largest size ≤ max_size at which the wrapped text (markup read: bold, italic and
    pictures ``icons`` ems wide) fits, or None if none does; at each size, words are
    hyphenated (in ``lang``) only when the text does not fit without."""
    return fit_pieces((text,), font, w_mm, h_mm, max_size, min_size, leading, lang,
                      dict(icons).__getitem__)


def fit_pieces(pieces: Sequence[Piece], font: str, w_mm: float, h_mm: float, max_size: float,
               min_size: float, leading: float, lang: str,
               ratio: Callable[[Picture], float]) -> FittedText | None:
    width_pt, height_pt = w_mm * PT_PER_MM, h_mm * PT_PER_MM
    words = paragraphs(pieces, font, ratio, lang)
    tried = set_by_language(pieces, lang)  # whether ``lang`` shaped the lines
    if all(len(paragraph) <= 1 for paragraph in words):
        # a one-word label shrinks before it is hyphenated ("Administra-tion"): hyphenation
        # is its last resort, when even the smallest size cannot hold the word
        return (_largest(words, width_pt, height_pt, max_size, min_size, leading, ("",), tried)
                or _largest(words, width_pt, height_pt, max_size, min_size, leading, (lang,),
                            True, ANYWHERE))
    # a text shrinks a little before a word is split, is then split as its language's rule
    # allows, and only when no size fits so is split wherever the patterns allow
    rule = hyphenation(lang) if lang else ANYWHERE
    first = max(min_size, max_size * rule.shrink_first)
    return (_largest(words, width_pt, height_pt, max_size, first, leading, ("",), tried)
            or _largest(words, width_pt, height_pt, max_size, min_size, leading, ("", lang),
                        tried, rule)
            or _largest(words, width_pt, height_pt, max_size, min_size, leading, (lang,),
                        True, ANYWHERE))


def _largest(words: list[list[Word]], width_pt: float, height_pt: float, max_size: float,
             min_size: float, leading: float, languages: tuple[str, ...],
             tried: bool, rule: Hyphenation = ANYWHERE) -> FittedText | None:
    """The largest size whose lines, broken in the first of ``languages`` that fits (""
    for no hyphenation, a language's split as ``rule`` allows), take no more than
    ``height_pt``: the first :data:`LINEAR_STEPS` sizes one by one (every real box shrinks
    less), the rest halved, so a size of 999 pt in a large box costs a dozen more layouts,
    not four thousand (37 s for one box)."""
    start = max_size
    if start > height_pt:  # one line is as tall as its size: no larger size can fit
        start -= math.ceil((start - height_pt) / STEP) * STEP
    steps = math.floor((start - min_size + 1e-9) / STEP)  # the last size is start - steps·STEP
    hyphenated = [tried]

    def at(size: float) -> FittedText | None:
        for language in dict.fromkeys(languages):
            hyphenated[0] = hyphenated[0] or bool(language)
            lines = break_balanced(words, size, width_pt, language, rule=rule)
            if lines is not None and (len(lines) * size * leading - size * (leading - 1)
                                      <= height_pt):
                return FittedText(size, size * leading, tuple(lines), hyphenated[0])
        return None

    size = start
    for _ in range(min(steps + 1, LINEAR_STEPS)):
        found = at(size)
        if found is not None:
            return found
        size -= STEP
    low, high, best = LINEAR_STEPS, steps, None  # a size that fits: so do the smaller ones
    while low <= high:
        middle = (low + high) // 2
        found = at(start - middle * STEP)
        if found is None:
            low = middle + 1
        else:
            best, high = found, middle - 1
    return best


class TextOverflow(RenderError):
    """A text that does not fit its box even at its smallest size."""


def fit_or_fail(text: str, font: str, w_mm: float, h_mm: float, max_size: float,
                min_size: float, leading: float, where: str, lang: str = "",
                icons: tuple[tuple[Picture, float], ...] = ()) -> FittedText:
    fitted = fit_text(text, font, w_mm, h_mm, max_size, min_size, leading, lang, icons)
    if fitted is None:
        raise TextOverflow(
            f"{where}: text does not fit its {w_mm:g}×{h_mm:g} mm box even at {min_size:g} pt: "
            f"{text[:60]!r}; shorten it or enlarge the box"
        )
    return fitted
