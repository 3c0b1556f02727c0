"""The ``points`` of lines and polygons: [[x, y], …] lengths, each possibly an expression."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import RenderError
from ...units import parse_length
from ..expressions import evaluate, render_value


def points(element: Mapping[str, Any], context: dict[str, Any], where: str,
           least: int, what: str) -> list[tuple[float, float]]:
    raw = evaluate(element.get("points"), context, f"{where}.points")
    try:
        found = [(parse_length(render_value(px, context, where)),
                  parse_length(render_value(py, context, where))) for px, py in raw]
    except (TypeError, ValueError) as exc:
        raise RenderError(f"{where}.points: expected [[x, y], …] lengths ({exc})") from None
    if len(found) < least:
        raise RenderError(f"{where}.points: {what} needs at least {least} points")
    return found
