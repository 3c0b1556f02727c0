"""Cutting machines as data: the registration marks each one reads (``templates/
registration.yaml``) and the corner radius of a card size (``corner_radius`` in
``templates/sizes.yaml``), so a cut line follows the card the printer drew."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..errors import UsageError
from ..resources import templates_dir
from .model import Size
from .sizes import card_sizes
from .yamlio import load_yaml


@dataclass(frozen=True)
class Registration:
    """A machine's marks, in mm. ``draws_own_marks``: its software prints the marks itself
    (pnp prints none and keeps the cards inside ``print_area``, centred on the page)."""

    machine: str
    draws_own_marks: bool
    inset: float = 0.0
    square: float = 0.0
    length: float = 0.0
    thickness: float = 0.0
    keep_out: float = 0.0
    print_area: Size | None = None

    @property
    def corner_zone(self) -> float:
        """Side of the square from a paper corner, past the inset, that a mark fills and no
        card may enter: the mark's reach plus its clear paper."""
        return max(self.square, self.length) + self.keep_out


@lru_cache(maxsize=1)
def _machines() -> dict[str, Registration]:
    raw = load_yaml(templates_dir() / "registration.yaml")
    table = {}
    for name, entry in raw.items():
        area = entry.get("print_area")
        figures = {key: float(entry.get(key, 0.0))
                   for key in ("inset", "square", "length", "thickness", "keep_out")}
        table[str(name)] = Registration(
            str(name), bool(entry["draws_own_marks"]),
            print_area=Size(float(area[0]), float(area[1])) if area else None, **figures)
    return table


def machines() -> list[str]:
    """The machines whose marks pnp knows, in the file's order."""
    return list(_machines())


def registration(machine: str) -> Registration:
    table = _machines()
    if machine not in table:
        raise UsageError(f"unknown cutting machine '{machine}'; use one of "
                         f"{', '.join(table)} (templates/registration.yaml)")
    return table[machine]


@lru_cache(maxsize=1)
def _radii() -> tuple[float, dict[str, float]]:
    raw = load_yaml(templates_dir() / "sizes.yaml")["corner_radius"]
    return float(raw["default"]), {str(k): float(v) for k, v in raw.items() if k != "default"}


def corner_radius(size: Size) -> float:
    """The radius of a card's corners: that of the named size with these measures (either
    way up), else the default."""
    default, radii = _radii()
    for name, named in card_sizes().items():
        if name in radii and {(named.w, named.h), (named.h, named.w)} & {(size.w, size.h)}:
            return radii[name]
    return default
