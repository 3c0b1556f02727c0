"""Inline text as the line breaker reads it: styled spans and pictures cut into words, each word
a few bits (text in one font, or one picture), so a line can hold a bold word beside an icon
and still be measured, hyphenated and drawn as plain text is.

Plain text (one font, no pictures) is read without looking at each character, stays one bit
a line and draws with one string a line, exactly as it did before markup existed.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import NamedTuple

from ..content.legibility import inline_icon
from ..content.markup import Span, Symbol, parse
from ..content.typography import typeset
from ..units import PT_PER_MM
from .blocks import Icon
from .fonts import letter_height, styled, text_width

BASELINE = 0.8  # ems from the top of a line to its baseline, as every text element draws
OBJECT = "\ufffc"  # stands for a picture in a word's text
_CJK = "\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef"
_TOKEN = re.compile(f"( *)([{_CJK}]|[^ {_CJK}]+)")

Picture = Icon | Symbol  # a layout icon of rule text, or a ``:name:`` icon's file
Piece = Span | Picture | str  # a str is markup, read with content.markup
Ratio = Callable[[Picture], float]  # picture → its width / height


class Bit(NamedTuple):
    """Text in one font, or a picture (``icon``) ``ems`` wide, on one line (a tuple: lines
    are measured by the thousand, and tuples hash and compare fastest)."""

    text: str
    font: str
    icon: Picture | None = None
    ems: float = 0.0
    colour: str | None = None  # an inline ``{red}`` colour's name; None: the element's


Bits = tuple[Bit, ...]
Look = tuple[str, Picture | None, str | None]  # a run's font, picture and colour
Word = tuple[Bits, Bits]  # the joiner before it (a space, or nothing), the word


def paragraphs(pieces: Iterable[Piece], font: str, ratio: Ratio,
               lang: str = "") -> list[list[Word]]:
    """The words of each paragraph (text lines end one), in the fonts markup gives them, the
    text set in the typography of ``lang`` (``content.typography``); a layout icon is always
    joined by a space, a ``:name:`` icon as it is written. A word no line may start with
    (punctuation, a lone dash) is glued to the word before it."""
    spans = [Span(typeset(span.text, lang), span.bold, span.italic, span.colour)
             if isinstance(span, Span) else span for span in _spans(pieces)]
    if all(type(span) is Span and not (span.bold or span.italic or span.colour)
           for span in spans):
        return [_glued(words) for words in
                _plain("".join(span.text for span in spans if isinstance(span, Span)), font)]
    texts: list[str] = []
    starts: list[int] = []  # where each run of one look begins in the text
    looks: list[Look] = []  # each run's font, picture and colour

    def add(text: str, face: str, icon: Picture | None = None,
            colour: str | None = None) -> None:
        if text:
            starts.append(sum(map(len, texts)) if texts else 0)
            texts.append(text)
            looks.append((face, icon, colour))

    for piece in spans:
        if isinstance(piece, Span):
            add(piece.text, styled(font, piece.bold, piece.italic), colour=piece.colour)
        else:
            if isinstance(piece, Icon):
                add(" ", font)
            add(OBJECT, font, piece)
    text = "".join(texts)
    result: list[list[Word]] = []
    offset = 0
    for line in text.split("\n"):
        words: list[Word] = []
        for match in _TOKEN.finditer(line):
            gap = offset + match.start(1)
            look = looks[bisect_right(starts, gap) - 1]
            joiner = (Bit(" ", look[0], colour=look[2]),) if match.group(1) else ()
            words.append((joiner, _bits(text, offset + match.start(2), offset + match.end(2),
                                        starts, looks, ratio)))
        result.append(_glued(words))
        offset += len(line) + 1
    return result


NO_LINE_START = ",;:!?.»)]}…\u202f"  # no line may start with these
DASHES = ("-", "–", "—")


def _glued(words: list[Word]) -> list[Word]:
    """``words`` with each word that may not start a line joined to the word before it (with
    the space between): ``; l’app`` or ``– la suite`` never open a line."""
    out: list[Word] = []
    for joiner, word in words:
        first = word[0].text[:1] if word and word[0].icon is None else ""
        lone_dash = plain_text(word) in DASHES
        if out and first and (first in NO_LINE_START or lone_dash):
            before, previous = out[-1]
            out[-1] = (before, joined(previous, joiner, word))
        else:
            out.append((joiner, word))
    return out


def _bits(text: str, begin: int, end: int, starts: Sequence[int],
          looks: Sequence[Look], ratio: Ratio) -> Bits:
    """The word ``text[begin:end]`` cut where its look changes."""
    bits: list[Bit] = []
    index = bisect_right(starts, begin) - 1
    while index < len(starts) and starts[index] < end:
        face, icon, colour = looks[index]
        if icon is not None:
            bits.append(Bit("", face, icon, ratio(icon) * picture_height(icon, face)))
        else:
            stop = starts[index + 1] if index + 1 < len(starts) else end
            bits.append(Bit(text[max(begin, starts[index]):min(end, stop)], face,
                            colour=colour))
        index += 1
    return tuple(bits)


def _plain(text: str, font: str) -> list[list[Word]]:
    """The words of text in one font: most text, read without looking at each character."""
    space = (Bit(" ", font),)
    return [[(space if gap else (), (Bit(word, font),)) for gap, word in _TOKEN.findall(line)]
            for line in text.split("\n")]


def pictures(pieces: Iterable[Piece]) -> list[Picture]:
    """The pictures among ``pieces`` (MarkupError when a piece's markup is broken)."""
    return [piece for piece in _spans(pieces) if not isinstance(piece, Span)]


def _spans(pieces: Iterable[Piece]) -> Iterable[Span | Picture]:
    for piece in pieces:
        if isinstance(piece, str):
            yield from parse(piece)
        else:
            yield piece


def picture_height(icon: Picture, font: str) -> float:
    """A picture's height in ems: a ``:name:`` icon as tall as the font's tall letters (times
    its ``@`` size), a layout icon of rule text as ``inline_icon`` of
    ``templates/legibility.yaml`` says."""
    return letter_height(font) * icon.scale if isinstance(icon, Symbol) else inline_icon()[0]


def picture_box(icon: Picture, ems: float, font: str, x: float, baseline: float, size: float
                ) -> tuple[float, float, float, float]:
    """Where a picture ``ems`` wide at ``x`` mm on a line whose baseline is at ``baseline`` mm
    (y downwards) is drawn: x, y, w, h in mm. A ``:name:`` icon sits on the baseline, or its
    ``shift`` above it; a layout icon of rule text drops below it by ``inline_icon``'s
    ``drop`` (``templates/legibility.yaml``)."""
    em = size / PT_PER_MM
    height = picture_height(icon, font) * em
    top = baseline - (height + icon.shift if isinstance(icon, Symbol)
                      else height - inline_icon()[1] * em)
    return x, top, ems * em, height


def joined(*parts: Sequence[Bit]) -> Bits:
    """The parts as one line: neighbouring text in the same font becomes one bit."""
    bits: list[Bit] = []
    texts: list[str] = []  # the text of the run being gathered
    font, colour = "", None
    for part in parts:
        for bit in part:
            if bit.icon is None and bit.font == font and bit.colour == colour:
                texts.append(bit.text)
                continue
            if texts:
                bits.append(Bit("".join(texts), font, colour=colour))
            if bit.icon is None:
                texts, font, colour = [bit.text], bit.font, bit.colour
            else:
                texts, font, colour = [], "", None
                bits.append(bit)
    if texts:
        bits.append(Bit("".join(texts), font, colour=colour))
    return tuple(bits)


@lru_cache(maxsize=65536)
def width(bits: Bits, size: float) -> float:
    """Width in pt: each text bit measured whole, as it will be drawn."""
    total = 0.0
    for bit in bits:
        total += bit.ems * size if bit.icon is not None else text_width(bit.text, bit.font, size)
    return total


def placed(line: Bits, size: float) -> list[tuple[float, Bit]]:
    """Each bit of a line with its x in mm from the line's start; the spaces between a word
    and a picture move the word or the picture along rather than being drawn."""
    result, x = [], 0.0
    for index, bit in enumerate(line):
        text, at = bit.text, x
        if bit.icon is None and index and line[index - 1].icon is not None:
            text = text.lstrip(" ")
            if text != bit.text:
                at += text_width(bit.text[:len(bit.text) - len(text)], bit.font, size)
        if bit.icon is None and index + 1 < len(line) and line[index + 1].icon is not None:
            text = text.rstrip(" ")
        if bit.icon is not None or text:
            result.append((at / PT_PER_MM, bit if text == bit.text else bit._replace(text=text)))
        if index + 1 < len(line):  # the last bit's width moves nothing
            x += width((bit,), size)
    return result


def plain_text(bits: Bits) -> str:
    return "".join(OBJECT if bit.icon is not None else bit.text for bit in bits)


def cut(word: Bits, head: str) -> tuple[Bits, Bits]:
    """``word`` cut after the plain string ``head`` (a prefix of the word, or one with a
    hyphen added: that hyphen takes the font of the letter before it) and the rest."""
    text = plain_text(word)
    at = len(head) if text.startswith(head) else len(head) - 1
    first, second = _slice(word, 0, at), _slice(word, at, len(text))
    if len(head) > at:
        first = joined(first, (first[-1]._replace(text=head[at:], icon=None, ems=0.0),))
    return first, second


def _slice(word: Bits, begin: int, end: int) -> Bits:
    bits, offset = [], 0
    for bit in word:
        size = 1 if bit.icon is not None else len(bit.text)
        low, high = max(begin, offset), min(end, offset + size)
        if low < high:
            bits.append(bit if bit.icon is not None
                        else bit._replace(text=bit.text[low - offset:high - offset]))
        offset += size
    return tuple(bits)
