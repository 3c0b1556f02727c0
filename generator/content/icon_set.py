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
    """The set's JSON text, decompressed once; each icon's body decoded when a build first
    asks for it (a build uses a few dozen of 4,134 icons: parsing all 6.4 MB would cost more
    than decompressing them)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.icons_at = text.find('"icons":')
        self.size = (_last_number(text, "width"), _last_number(text, "height"))
        self._bodies: dict[str, str | None] = {}
        self._names: list[str] | None = None
        self._name_set: frozenset[str] | None = None

    def body(self, name: str) -> str | None:
        """The SVG body of icon ``name`` (an alias's parent's), or None when there is none."""
        if name not in self._bodies:  # a name the set lacks is not searched for in 6 MB
            self._bodies[name] = self._find(name, 3) if name in self.name_set() else None
        return self._bodies[name]

    def name_set(self) -> frozenset[str]:
        """Every name of the set, to tell a wrong one without searching the text for it."""
        if self._name_set is None:
            self._name_set = frozenset(self.names())
        return self._name_set

    def _find(self, name: str, hops: int) -> str | None:
        entry = self._entry(name) if name else None
        if entry is None:
            return None
        if isinstance(entry.get("body"), str):
            return str(entry["body"])
        parent = entry.get("parent")  # an alias
        return self._find(parent, hops - 1) if isinstance(parent, str) and hops else None

    def _entry(self, name: str) -> dict[str, Any] | None:
        """The object of icon or alias ``name``. Its key is written "name": (a quote inside a
        body is escaped), but an icon's own properties are written so too ("hidden": true):
        the first occurrence whose value is an object is the icon's, as no property of an
        icon or alias is an object."""
        key = f"{json.dumps(name)}:"
        at = self.text.find(key, self.icons_at)
        while at >= 0:
            start = at + len(key)
            while self.text[start] in " \t\r\n":
                start += 1
            if self.text[start] == "{":
                entry, _ = _DECODER.raw_decode(self.text, start)
                return dict(entry)
            at = self.text.find(key, start)
        return None

    def names(self) -> list[str]:
        """Every name of the set (read whole once: only to suggest the nearest to a wrong
        one; 8 ms a parse, which thousands of wrong names made minutes)."""
        if self._names is None:
            raw = json.loads(self.text)
            self._names = [*raw["icons"], *raw.get("aliases", {})]
        return self._names


_DECODER = json.JSONDecoder()


def _last_number(text: str, key: str) -> float:
    """A top-level number of the set (written after the icons), 512 when absent."""
    found = re.search(rf'"{key}":\s*(\d+)', text[text.rfind(f'"{key}":'):])
    return float(found.group(1)) if found else 512.0


@lru_cache(maxsize=1)
def icon_set() -> IconSet:
    """The bundled set, decompressed once per process."""
    path = templates_dir().joinpath(*SET_FILE)
    return IconSet(gzip.decompress(path.read_bytes()).decode("utf-8"))


def bundled_name(name: str) -> str | None:
    """The set's name of a markup icon (``gi-virus`` → ``virus``); None for a name without
    the prefix (the game folder's own icon)."""
    return name[len(MARKUP_PREFIX):] if name.startswith(MARKUP_PREFIX) else None


def source_name(src: str) -> str | None:
    """The set's name of an image ``src`` (``gi:virus`` → ``virus``); None for a file."""
    return src[len(SOURCE_PREFIX):].strip() if src.startswith(SOURCE_PREFIX) else None


def known(name: str) -> bool:
    """Whether the bundled set has an icon ``name`` (without prefix)."""
    return icon_set().body(name) is not None


@lru_cache(maxsize=256)
def unknown_icon(name: str, prefix: str) -> str:
    """Why ``name`` cannot be drawn, with the nearest names of the set written as the user
    would write them (``prefix``: ``gi-`` or ``gi:``). Looked up once per name (2 ms over
    the set's 4,000 names)."""
    nearest = difflib.get_close_matches(name, icon_set().names(), n=NEAREST, cutoff=0.6)
    hint = (f"the nearest are {', '.join(prefix + n for n in nearest)}" if nearest
            else "see https://game-icons.net for the names")
    return f"'{prefix}{name}' is not an icon of the bundled game-icons.net set; {hint}"


def paths(name: str) -> tuple[tuple[str, bool], ...]:
    """The ``d`` of each ``<path>`` of icon ``name`` with whether it fills even-odd (the
    set's icons are one path each, filled with the colour of the text around them)."""
    found = []
    for attributes in _PATH.findall(icon_set().body(name) or ""):
        values = dict(_ATTRIBUTE.findall(attributes))
        if values.get("d") and values.get("fill", "currentColor") != "none":
            found.append((values["d"], values.get("fill-rule") == "evenodd"))
    return tuple(found)


@lru_cache(maxsize=1)
def icon_credits() -> dict[str, Any]:
    """What every kit's guide credits of the set: its name, licence and authors
    (``templates/icons/credits.yaml``)."""
    return dict(load_yaml(templates_dir() / "icons" / "credits.yaml"))
