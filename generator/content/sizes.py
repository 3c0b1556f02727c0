"""Named card and paper sizes, read from ``templates/sizes.yaml``, and a game's own card sizes
from its ``sizes.yaml``."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import excerpt
from ..resources import templates_dir
from .checker import Checker, join
from .model import Size
from .yamlio import load_yaml


@lru_cache(maxsize=1)
def _table() -> dict[str, dict[str, Size]]:
    raw = load_yaml(templates_dir() / "sizes.yaml")
    return {group: {name: Size(float(w), float(h)) for name, (w, h) in raw[group].items()}
            for group in ("cards", "papers")}


@lru_cache(maxsize=1)
def smallest_card() -> float:
    """The smallest side of a card in mm (``smallest_card`` of ``templates/sizes.yaml``)."""
    return float(load_yaml(templates_dir() / "sizes.yaml")["smallest_card"])


@lru_cache(maxsize=1)
def printer_defaults() -> dict[str, float]:
    """The printer a kit assumes (``printer:`` in ``templates/sizes.yaml``): the unprinted
    ``margin`` along every paper edge and the ``footer`` band inside it, in mm."""
    raw = load_yaml(templates_dir() / "sizes.yaml")["printer"]
    return {"margin": float(raw["margin"]), "footer": float(raw["footer"])}


@lru_cache(maxsize=1)
def _safe_table() -> dict[str, float]:
    return {str(k): float(v) for k, v in load_yaml(templates_dir() / "sizes.yaml")["safe"].items()}


def safe_zone(size: Size) -> float:
    """How far inside the trim, in mm, a card of ``size`` keeps what carries meaning: the
    ``safe`` figure of the named size it is (within 0.01 mm), else ``safe.default``."""
    table = _safe_table()
    for name, named in card_sizes().items():
        if name in table and abs(named.w - size.w) < 0.01 and abs(named.h - size.h) < 0.01:
            return table[name]
    return table["default"]


def card_sizes() -> dict[str, Size]:
    return _table()["cards"]


def papers() -> dict[str, Size]:
    return _table()["papers"]


def size_pair(check: Checker, value: list[Any], where: str, card: bool = False) -> Size | None:
    """``[w, h]`` (lengths, mm by default) as a Size; None, the problem recorded, when either
    is not a length, or (a ``card``'s size) when plain numbers make a card too small."""
    pair = {"w": value[0], "h": value[1]}
    w, h = check.length(pair, "w", where), check.length(pair, "h", where)
    if card and w and h and min(w, h) < smallest_card() and all(_bare(v) for v in value):
        inches = ", ".join(f"{v}in" for v in value)
        check.add(where, f"[{value[0]}, {value[1]}] is a {w:g}×{h:g} mm card (a size with no "
                  f"unit is in mm), under the {smallest_card():g} mm of any card: did you mean "
                  f"inches? write [{inches}]", value)
        return None
    return Size(w, h) if w and h else None


def _bare(length: Any) -> bool:
    """Whether a length is written as a plain number (in mm), no unit to say otherwise."""
    return isinstance(length, (int, float)) or (
        isinstance(length, str) and length.strip().replace(".", "", 1).isdigit())


def game_sizes(folder: Path) -> dict[str, Size]:
    """The card sizes a game names in its ``sizes.yaml`` (``cards: {name: [w, h]}``); a
    ContentError naming every entry that is not a pair of lengths."""
    path = folder / "sizes.yaml"
    if not os.path.lexists(path):
        return {}
    check = Checker(str(path))
    raw = check.mapping(load_yaml(path, (folder,)) or {}, "") or {}
    cards = check.mapping(raw.get("cards", {}), "cards", raw, "cards") or {}
    sizes: dict[str, Size] = {}
    for name, value in cards.items():
        if not (isinstance(value, list) and len(value) == 2):
            check.add(join("cards", name), f"expected [width, height] in mm, got {excerpt(value)}",
                      cards, name)
            continue
        size = size_pair(check, value, join("cards", name), card=True)
        if size is not None:
            sizes[str(name)] = size
    check.raise_if_any()
    return sizes
