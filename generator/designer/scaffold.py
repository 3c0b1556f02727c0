"""``pnp new``: copy the starter game in ``templates/scaffold/`` into a new folder.

The starter is ordinary files (they ship in the wheel); only ``game.yaml`` and ``README.md``
get the new game's id, title and folder filled in. The folder appears whole or not at all.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from string import Template

from ..content.loader import ID_PATTERN
from ..errors import UsageError
from ..resources import shipped, templates_dir
from .staging import staged

FILLED_IN = ("game.yaml", "README.md")


def scaffold_dir() -> Path:
    return templates_dir() / "scaffold"


def game_id_for(folder: Path) -> str:
    """A valid game id from a folder name: 'My Game!' → 'my-game'."""
    slug = re.sub(r"[^a-z0-9]+", "-", folder.name.lower()).strip("-")[:48].strip("-")
    if not slug or not ID_PATTERN.match(slug):
        raise UsageError(f"cannot make a game id from the folder name '{folder.name}'; "
                         "use letters and digits, such as my-game")
    return slug


def create_game(target: Path, title: str | None = None) -> list[Path]:
    """Write the starter game into ``target`` (which must not exist or be empty); return
    the files written, relative to it."""
    if shipped(target):
        raise UsageError(f"{target.absolute()} is inside the installed pnp package, where a "
                         "reinstall would lose your game; create it in a folder of your own, "
                         "such as ./my-game")
    if os.path.lexists(target) and (not os.path.isdir(target) or any(target.iterdir())):
        raise UsageError(f"{target} already exists and is not empty; choose a new folder name")
    game_id = game_id_for(target.resolve())
    title = (title or game_id.replace("-", " ").title()).strip()
    if not title or "\n" in title:
        raise UsageError("the title must be one line of text")
    values = {"id": game_id, "title": title, "title_yaml": json.dumps(title, ensure_ascii=False),
              "folder": str(target)}
    with staged(target, elsewhere="create the game in another folder") as staging:
        for source in sorted(scaffold_dir().rglob("*")):
            copy = staging / source.relative_to(scaffold_dir())
            if source.is_dir():
                copy.mkdir()
            elif source.name in FILLED_IN and source.parent == scaffold_dir():
                text = Template(source.read_text(encoding="utf-8")).safe_substitute(values)
                copy.write_text(text, encoding="utf-8")
            else:
                copy.write_bytes(source.read_bytes())
        return sorted(p.relative_to(staging) for p in staging.rglob("*") if p.is_file())
