"""Printer profiles: the back offset and rotation that one printer needs, measured once on
the alignment page and kept in ``$XDG_CONFIG_HOME/pnp/printers.yaml`` (``~/.config`` when
unset), so ``pnp build --printer office`` remembers them::

    office:
      back_offset: [0.8, -0.5]   # mm, as --back-offset X,Y
      back_rotation: 0.3         # degrees, as --back-rotation
      short:                     # a short-edge flip's own, read on its own sheet
        back_offset: [-0.2, 0.4]

A printer's paper path differs between flips, so a ``long:`` or ``short:`` entry holds the
corrections of that flip; what it leaves out comes from the entry itself.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..content.checker import Checker, join
from ..content.yamlio import load_yaml
from ..errors import UsageError, excerpt

MAX_OFFSET = 20.0    # mm: beyond this a drift is not a printer's (as --back-offset)
MAX_ROTATION = 5.0   # degrees: beyond this a back is not turned by a printer but by hand
KEYS = ("back_offset", "back_rotation")
FLIPS = ("long", "short")  # --duplex values with a correction of their own


@dataclass(frozen=True)
class PrinterProfile:
    name: str
    back_offset: tuple[float, float] = (0.0, 0.0)
    back_rotation: float = 0.0


def profiles_file() -> Path:
    """``printers.yaml`` in pnp's folder of the user's configuration (XDG)."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "pnp" / "printers.yaml"


def printer_profile(name: str, path: Path | None = None, flip: str = "long") -> PrinterProfile:
    """The profile ``name`` of the profiles file for the ``flip`` (its ``long:``/``short:``
    entry over the printer's own); a UsageError naming the file when it or the name is
    missing, a ContentError naming the line of a bad value."""
    path = path or profiles_file()
    if not path.is_file():
        raise UsageError(f"--printer {name}: {path} does not exist; write it with one entry "
                         f"a printer, e.g. '{name}: {{back_offset: [0.8, -0.5], "
                         "back_rotation: 0.3}' (read both from pnp build --alignment-page)")
    check = Checker(str(path))
    raw = check.mapping(load_yaml(path) or {}, "")
    check.raise_if_any()
    assert raw is not None
    if name not in raw:
        known = ", ".join(str(k) for k in raw) or "none yet"
        raise UsageError(f"--printer {name}: no printer '{name}' in {path} (printers there: "
                         f"{known}); add it or fix the name")
    entry = check.mapping(raw[name], name, raw, name) or {}
    check.keys(entry, name, (*KEYS, *FLIPS))
    where = name
    if flip in FLIPS and flip in entry:
        where = join(name, flip)
        own = check.mapping(entry[flip], where, entry, flip) or {}
        check.keys(own, where, KEYS)
        entry = {**{k: entry[k] for k in KEYS if k in entry}, **own}
    offset = _offset(check, entry, where)
    rotation = _rotation(check, entry, where)
    check.raise_if_any()
    return PrinterProfile(name, offset, rotation)


def _offset(check: Checker, entry: dict, path: str) -> tuple[float, float]:
    value = entry.get("back_offset", [0.0, 0.0])
    if (isinstance(value, list) and len(value) == 2
            and all(_is_number(v, MAX_OFFSET) for v in value)):
        return float(value[0]), float(value[1])
    check.add(join(path, "back_offset"), f"expected [X, Y] in mm, each from -{MAX_OFFSET:g} "
              f"to {MAX_OFFSET:g}, such as [0.8, -0.5]; got {excerpt(value)}", entry, "back_offset")
    return 0.0, 0.0


def _rotation(check: Checker, entry: dict, path: str) -> float:
    value = entry.get("back_rotation", 0.0)
    if _is_number(value, MAX_ROTATION):
        return float(value)
    check.add(join(path, "back_rotation"), f"expected degrees from -{MAX_ROTATION:g} to "
              f"{MAX_ROTATION:g}, such as 0.3; got {excerpt(value)}", entry, "back_rotation")
    return 0.0


def _is_number(value: object, limit: float) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and abs(value) <= limit)
