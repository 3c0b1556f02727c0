"""Lengths as data: numbers are millimetres, strings may carry a unit ('63.5mm', '1in', '12pt')."""

from __future__ import annotations

import math
import re
from functools import lru_cache

MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72.0}
PT_PER_MM = 72.0 / 25.4

_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*$")


@lru_cache(maxsize=4096)
def _string_length(value: str) -> float | None:
    match = _LENGTH.match(value)
    return float(match.group(1)) * MM_PER_UNIT[match.group(2) or "mm"] if match else None


def parse_length(value: object) -> float:
    """Return a length in mm; raise ValueError naming the accepted forms. A number too large
    to be one (YAML's .inf, 400 digits written whole or before 'mm') is refused too."""
    if isinstance(value, bool):
        raise ValueError(f"expected a length such as 12 or '12mm', got {value!r}")
    length: float | None = None
    if isinstance(value, (int, float)):
        try:
            length = float(value)
        except OverflowError:  # an int past any float
            length = math.inf
    elif isinstance(value, str):
        length = _string_length(value)
    if length is None:
        raise ValueError("expected a length such as 12, '12mm', '1.5in' or '10pt', got "
                         f"{str(value)[:60]!r}")
    if not math.isfinite(length):  # no place on a page
        raise ValueError(f"expected a length such as 12 or '12mm', got {str(value)[:60]!r}, "
                         "which is not a finite number")
    return length


def mm(value: float) -> float:
    """Millimetres to PDF points."""
    return value * PT_PER_MM
