"""The credits a game's print guide gives (``credits:`` in game.yaml): its authors as its
source names them, each under a role, and notes in the game's own words.

```yaml
credits:
  - {role: game design, names: Cédric Martinez}
  - {role: publisher, names: HELVETIQ}
  - {role: source, names: "“Patient Zero” Solo Card Game — Semi Final Rules"}  # names no one
  - {role: note, text: !t "All the proceeds of this variant go to…"}
```

A role's words are the engine's, translated in its catalogs (``CREDIT_ROLES`` in
``generator/i18n/engine_messages.py``); names are printed as written; a note is a ``!t`` text
of the game's catalogs. Absent: the guide gives the kit's own credits (icons, type) alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .checker import Checker, described, join
from .yamlio import Msg

CREDITS_KEY = "credits"  # the top-level key of game.yaml read here
ROLES = ("game design", "illustration", "graphic design", "graphics", "publisher",
         "cooperation", "source")
NOTE = "note"


@dataclass(frozen=True)
class Credit:
    """One line of credits: ``role`` with the ``names`` it credits, or a ``note`` (a Msg)."""

    role: str
    text: str


def read_credits(check: Checker, raw: Mapping[str, Any]) -> tuple[Credit, ...]:
    """The game's credits in order; a problem naming the roles there are for any other."""
    items = raw.get(CREDITS_KEY)
    if items is None:
        return ()
    if not isinstance(items, list):
        check.add(CREDITS_KEY, f"expected a list of {{role: …, names: …}}, got "
                  f"{described(items)}", raw, CREDITS_KEY)
        return ()
    credits = []
    for index, item in enumerate(items):
        where = join(CREDITS_KEY, index)
        if check.mapping(item, where, items, index) is None:
            continue
        role = item.get("role")
        key = "text" if role == NOTE else "names"
        check.keys(item, where, ("role", key), required=("role", key))
        if role not in (*ROLES, NOTE):
            check.add(join(where, "role"), f"'{role}' is not a credit role; use one of "
                      f"{', '.join((*ROLES, NOTE))}", item, "role")
            continue
        value = item.get(key)
        if value is None:
            continue  # reported missing above
        if not isinstance(value, str) or not value.strip():
            check.add(join(where, key), f"expected text, got {described(value)}", item, key)
            continue
        credits.append(Credit(str(role), Msg(value) if role == NOTE else str(value)))
    return tuple(credits)
