"""The element types layouts are made of, one module each, listed once here.

The loader checks every layout against ``SCHEMA`` (the keys each type declares), the painter
draws through ``ELEMENTS``, and the fit check measures through the same table.
"""

from __future__ import annotations

from . import ellipse, flow, group, image, line, polygon, qr, rect, repeat, text, use
from .kind import COMMON, ElementType

ELEMENTS: dict[str, ElementType] = {module.ELEMENT.name: module.ELEMENT for module in (
    rect, ellipse, line, polygon, text, qr, image, use, repeat, group, flow)}

# type → every key an element of that type may carry (the loader's schema)
SCHEMA: dict[str, frozenset[str]] = {name: COMMON | kind.keys for name, kind in ELEMENTS.items()}

__all__ = ["ELEMENTS", "SCHEMA", "ElementType"]
