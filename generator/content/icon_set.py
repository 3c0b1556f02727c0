"""The game-icons.net set bundled with pnp (``templates/icons/game-icons.json.gz``), offered
by name: ``:gi-virus:`` in card text, ``src: gi:virus`` on an ``image`` element.

Read here, free of any drawing library, so the loader can name an unknown icon (and the
nearest names) when it reads a card; drawing parses the path of each icon it uses. The file
is decompressed once per process, on the first icon a build asks for (about 30 ms).
"""

from __future__ import annotations

import difflib
import gzip
import json
import re
from functools import lru_cache
from typing import Any

from ..resources import templates_dir
from .yamlio import load_yaml

MARKUP_PREFIX = "gi-"  # ``:gi-virus:`` in card text
SOURCE_PREFIX = "gi:"  # ``src: gi:virus`` on an image element
SET_FILE = ("icons", "game-icons.json.gz")
NEAREST = 3  # names suggested for an unknown one
_PATH = re.compile(r'<path\b([^>]*)/?>')
_ATTRIBUTE = re.compile(r'([\w-]+)="([^"]*)"')


class IconSet:
    """Every icon's SVG body by name (aliases resolved), and the viewBox they share."""

    def __init__(self, raw: dict) -> None:
        self.size = (float(raw.get("width", 512)), float(raw.get("height", 512)))
        self.bodies: dict[str, str] = {name: icon["body"] for name, icon in raw["icons"].items()}
        for alias, target in raw.get("aliases", {}).items():
            parent = target.get("parent")
            if parent in self.bodies:
                self.bodies.setdefault(alias, self.bodies[parent])


@lru_cache(maxsize=1)
def icon_set() -> IconSet:
    """The bundled set, decompressed once per process."""
    path = templates_dir().joinpath(*SET_FILE)
    with gzip.open(path, "rb") as handle:
        return IconSet(json.load(handle))


def bundled_name(name: str) -> str | None:
    """The set's name of a markup icon (``gi-virus`` → ``virus``); None for a name without
    the prefix (the game folder's own icon)."""
    return name[len(MARKUP_PREFIX):] if name.startswith(MARKUP_PREFIX) else None


def source_name(src: str) -> str | None:
    """The set's name of an image ``src`` (``gi:virus`` → ``virus``); None for a file."""
    return src[len(SOURCE_PREFIX):].strip() if src.startswith(SOURCE_PREFIX) else None


def known(name: str) -> bool:
    """Whether the bundled set has an icon ``name`` (without prefix)."""
    return name in icon_set().bodies


def unknown_icon(name: str, prefix: str) -> str:
    """Why ``name`` cannot be drawn, with the nearest names of the set written as the user
    would write them (``prefix``: ``gi-`` or ``gi:``)."""
    nearest = difflib.get_close_matches(name, icon_set().bodies, n=NEAREST, cutoff=0.6)
    hint = (f"the nearest are {', '.join(prefix + n for n in nearest)}" if nearest
            else "see https://game-icons.net for the names")
    return f"'{prefix}{name}' is not an icon of the bundled game-icons.net set; {hint}"


def paths(name: str) -> tuple[tuple[str, bool], ...]:
    """The ``d`` of each ``<path>`` of icon ``name`` with whether it fills even-odd (the
    set's icons are one path each, filled with the colour of the text around them)."""
    found = []
    for attributes in _PATH.findall(icon_set().bodies[name]):
        values = dict(_ATTRIBUTE.findall(attributes))
        if values.get("d") and values.get("fill", "currentColor") != "none":
            found.append((values["d"], values.get("fill-rule") == "evenodd"))
    return tuple(found)


@lru_cache(maxsize=1)
def icon_credits() -> dict[str, Any]:
    """What every kit's guide credits of the set: its name, licence and authors
    (``templates/icons/credits.yaml``)."""
    return dict(load_yaml(templates_dir() / "icons" / "credits.yaml"))
