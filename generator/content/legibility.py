"""The legibility figures every kit is held to, read from ``templates/legibility.yaml``."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..resources import templates_dir
from .yamlio import load_yaml


@lru_cache(maxsize=1)
def _figures() -> dict[str, Any]:
    return dict(load_yaml(templates_dir() / "legibility.yaml"))


@lru_cache(maxsize=1)
def text_floor() -> float:
    """The smallest type size, in points, a layout may print."""
    return float(_figures()["text_floor"])


def min_delta_e() -> float:
    """The CIEDE2000 difference under which two meaningful colours need distinct cues."""
    return float(_figures()["min_delta_e"])


@lru_cache(maxsize=1)
def inline_icon() -> tuple[float, float]:
    """An icon in running text: its height and its drop below the baseline, in ems."""
    figures = _figures()["inline_icon"]
    return float(figures["height"]), float(figures["drop"])
