"""Fit text to a box: wrap on words (or between CJK characters), shrink step by step, never
overflow."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

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


def _wrap(text: str, font: str, size: float, width_pt: float) -> list[str] | None:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for joiner, word in tokens(paragraph):
            candidate = f"{current}{joiner}{word}" if current else word
            if text_width(candidate, font, size) <= width_pt:
                current = candidate
                continue
            if not current or text_width(word, font, size) > width_pt:
                return None  # a single word wider than the box: shrink instead
            lines.append(current)
            current = word
        lines.append(current)
    return lines


@lru_cache(maxsize=20000)
def fit_text(text: str, font: str, w_mm: float, h_mm: float, max_size: float,
             min_size: float, leading: float) -> FittedText | None:
    """The largest size ≤ max_size at which the wrapped text fits, or None if none does."""
    width_pt, height_pt = w_mm * PT_PER_MM, h_mm * PT_PER_MM
    size = max_size
    while size >= min_size - 1e-9:
        lines = _wrap(text, font, size, width_pt)
        if lines is not None and len(lines) * size * leading - size * (leading - 1) <= height_pt:
            return FittedText(size, size * leading, tuple(lines))
        size -= STEP
    return None


def fit_or_fail(text: str, font: str, w_mm: float, h_mm: float, max_size: float,
                min_size: float, leading: float, where: str) -> FittedText:
    fitted = fit_text(text, font, w_mm, h_mm, max_size, min_size, leading)
    if fitted is None:
        raise RenderError(
            f"{where}: text does not fit its {w_mm:g}×{h_mm:g} mm box even at {min_size:g} pt: "
            f"{text[:60]!r}; shorten it or enlarge the box"
        )
    return fitted
