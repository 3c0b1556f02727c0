"""Points and millimetres, for reading a PDF back in the units the layouts are written in.

Written out here rather than taken from ``generator.units``: a test that measured with the
code's own constant would agree with a wrong one."""

from __future__ import annotations

PT_PER_MM = 72 / 25.4


def to_mm(points: float) -> float:
    """A length in PDF points as millimetres."""
    return points / PT_PER_MM
