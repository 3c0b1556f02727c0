"""The bundled type faces and the font roles layouts name, from ``templates/fonts.yaml``;
and a game's own choice of faces, the ``fonts:`` section of its ``game.yaml``:

```yaml
fonts:
  display: comfortaa     # logo lockups, titles, card names (default: templates/fonts.yaml)
```

Read here, free of any drawing library, so a game naming a face pnp lacks is refused when it
loads, and the print guide can credit the faces a kit uses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..resources import templates_dir
from .checker import Checker, join
from .yamlio import Msg, load_yaml

FONTS_KEY = "fonts"  # the top-level key of game.yaml read here
DISPLAY_ROLES = ("display", "display-bold")
TEXT_ROLES = ("regular", "bold", "italic", "bold-italic")  # DejaVu Sans, every game
CHOSEN = ("display",)  # the keys a game's ``fonts:`` may set: the face behind those roles


@dataclass(frozen=True)
class Face:
    """One bundled face: its files by role, and what its licence asks to be said."""

    id: str
    name: str
    authors: str
    licence: str
    licence_file: str
    roles: Mapping[str, str]
    weight: str  # the DejaVu Sans weight that draws the characters it lacks


@lru_cache(maxsize=1)
def _table() -> dict[str, Any]:
    return dict(load_yaml(templates_dir() / "fonts.yaml"))


def _words(value: Any) -> str:
    """A credit's words: a ``!t`` message kept as one (the print guide translates it), a
    name as text."""
    return value if isinstance(value, Msg) else str(value)


@lru_cache(maxsize=1)
def faces() -> dict[str, Face]:
    """Every bundled face by id."""
    return {face_id: Face(face_id, str(data["name"]), _words(data["authors"]),
                          _words(data["licence"]), str(data["licence_file"]),
                          dict(data["roles"]), str(data.get("weight", "regular")))
            for face_id, data in _table()["faces"].items()}


def default_fonts() -> dict[str, str]:
    """The faces of a game that does not choose (``default`` of templates/fonts.yaml)."""
    return {key: str(value) for key, value in _table()["default"].items()}


def read_fonts(check: Checker, raw: Mapping[str, Any]) -> dict[str, str]:
    """A game's ``fonts:`` over the defaults, each a bundled face's id; a problem naming the
    faces there are for any other."""
    chosen = default_fonts()
    section = raw.get(FONTS_KEY)
    if section is None or check.mapping(section, FONTS_KEY, raw, FONTS_KEY) is None:
        return chosen
    check.keys(section, FONTS_KEY, CHOSEN)
    for key in CHOSEN:
        value = section.get(key)
        if value is None:
            continue
        if value not in faces():
            check.add(join(FONTS_KEY, key), f"'{value}' is not a bundled face; choose one of "
                      f"{', '.join(sorted(faces()))}", section, key)
        else:
            chosen[key] = str(value)
    return chosen


def faces_used(fonts: Mapping[str, str]) -> list[Face]:
    """The faces a game's kit prints in: DejaVu Sans for text, and its display face."""
    used = ["dejavu-sans", *fonts.values()]
    return [faces()[face_id] for face_id in dict.fromkeys(used) if face_id in faces()]
