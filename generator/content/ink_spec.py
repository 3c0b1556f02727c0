"""How much ink each part of a kit takes: the levels of ``templates/ink.yaml`` and a game's
measured figures (``ink.yaml`` in its folder, written by ``scripts/measure_ink.py``), for the
print guide. Measuring is ``pipeline.ink``'s; this module only reads what it wrote."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import PnpError
from ..resources import file_version, templates_dir
from .yamlio import load_yaml

FIGURES = "ink.yaml"  # a game folder's measured coverage of each part, in %


@dataclass(frozen=True)
class InkLevels:
    """The measuring resolution and the word for each band of coverage."""

    dpi: float
    drift: float
    bands: tuple[tuple[float, str], ...]  # (upper bound in %, level), the last unbounded

    def level(self, percent: float) -> str:
        """The level of a part covering ``percent`` % of its pages."""
        return next(name for below, name in self.bands if percent < below)


@lru_cache(maxsize=1)
def ink_levels() -> InkLevels:
    raw: Mapping[str, Any] = load_yaml(templates_dir() / "ink.yaml")
    bands = tuple((float(band.get("below", float("inf"))), str(band["level"]))
                  for band in raw["levels"])
    return InkLevels(float(raw["dpi"]), float(raw["drift"]), bands)


def ink_figures(folder: Path) -> dict[str, float]:
    """Each part's measured coverage in % (component id → %); empty when the game has none
    measured, and the guide then says nothing of ink."""
    path = folder / FIGURES
    if not path.is_file():
        return {}
    return dict(_read(path, file_version(path)))


@lru_cache(maxsize=32)
def _read(path: Path, version: object) -> tuple[tuple[str, float], ...]:
    raw = load_yaml(path) or {}
    if not isinstance(raw, Mapping) or not all(
            isinstance(v, (int, float)) and 0 <= v <= 100 for v in raw.values()):
        raise PnpError(f"{path}: expected each part's id and its ink coverage in % "
                       f"(0 to 100); run python3 scripts/measure_ink.py to write it again")
    return tuple((str(k), float(v)) for k, v in raw.items())
