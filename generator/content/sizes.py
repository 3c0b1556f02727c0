"""Named card and paper sizes, read from ``templates/sizes.yaml``."""

from __future__ import annotations

from functools import lru_cache

from ..resources import templates_dir
from .model import Size
from .yamlio import load_yaml


@lru_cache(maxsize=1)
def _table() -> dict[str, dict[str, Size]]:
    raw = load_yaml(templates_dir() / "sizes.yaml")
    return {group: {name: Size(float(w), float(h)) for name, (w, h) in raw[group].items()}
            for group in ("cards", "papers")}


def card_sizes() -> dict[str, Size]:
    return _table()["cards"]


def papers() -> dict[str, Size]:
    return _table()["papers"]
