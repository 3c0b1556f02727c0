"""Collect the message ids a game needs: ``!t`` texts of its data files, gettext calls in its
layouts, and its rules templates (through Babel's jinja2 extractor, as they are rendered).

A game with a rules component also needs the engine's rule-card strings
(``templates/layouts/rules.yaml``), which live in the engine catalogs ``generator/locales/``.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2.ext import babel_extract

from ..content.textfile import read_text
from ..content.yamlio import Msg, load_yaml
from ..paths import regular_file
from ..resources import templates_dir
from .engine_messages import BLANK_BACK, GUIDE_MESSAGES, RULE_SUMMARY_PAGE

KEYWORDS = ("_", "gettext", "ngettext")
JINJA_OPTIONS = {"trimmed": "true", "lstrip_blocks": "true"}
ENGINE_RULES_LAYOUTS = "rules.yaml"
# a game's rules (``rules:`` in game.yaml) → the folder of templates/ holding the pages of a
# product built on them, which the game's catalogs translate: Savvy's referee page
PRODUCT_TEMPLATES = {"save-patient-zero": "savvy"}


@dataclass
class Message:
    """One message id, its plural when it has one, and where it is used."""

    id: str
    plural: str | None = None
    locations: list[tuple[str, int]] = field(default_factory=list)


Messages = dict[str, Message]


def _add(found: Messages, message: str | tuple | None, where: str, line: int | None) -> None:
    singular, plural = (message[0], message[1]) if isinstance(message, tuple) else (message, None)
    if not singular:
        return
    entry = found.setdefault(singular, Message(singular, plural))
    entry.plural = entry.plural or plural
    entry.locations.append((where, line or 0))


def _walk(value: Any, line: int | None = None) -> Iterator[tuple[Any, int | None]]:
    """Every scalar of a YAML tree with the line it sits on."""
    if isinstance(value, dict):
        lines = getattr(value, "lines", {})
        for key, item in value.items():
            yield from _walk(item, lines.get(str(key), line))
    elif isinstance(value, list):
        lines = getattr(value, "lines", [])
        for index, item in enumerate(value):
            yield from _walk(item, lines[index] if index < len(lines) else line)
    else:
        yield value, line


def _jinja(source: str, where: str, first_line: int, found: Messages) -> None:
    for line, _func, message, _comments in babel_extract(
            io.BytesIO(source.encode("utf-8")), KEYWORDS, [], JINJA_OPTIONS):
        _add(found, message, where, first_line + line - 1)


def data_messages(path: Path, root: Path, found: Messages) -> None:
    """``!t`` texts of one data file."""
    where = str(path.relative_to(root))
    for value, line in _walk(load_yaml(path, (root,))):
        if isinstance(value, Msg):
            _add(found, str(value), where, line)


def layout_messages(path: Path, root: Path, found: Messages) -> None:
    """gettext calls inside the template strings and expressions of one layout file."""
    where = str(path.relative_to(root))
    for value, line in _walk(load_yaml(path, (root,))):
        if isinstance(value, str) and "(" in value and any(k + "(" in value for k in KEYWORDS):
            source = value if "{{" in value or "{%" in value else "{{ " + value + " }}"
            _jinja(source, where, line or 1, found)


def template_messages(path: Path, root: Path, found: Messages) -> None:
    text = read_text(path, "a jinja template", "save it as UTF-8", roots=(root,))
    _jinja(text, str(path.relative_to(root)), 1, found)


def rules_templates(folder: Path) -> list[Path]:
    """The template files of a game's rules components, as the build finds them."""
    raw = load_yaml(folder / "game.yaml") or {}
    names = [c.get("template") for c in raw.get("components") or []
             if isinstance(c, dict) and c.get("kind") == "rules"]
    found = []
    for name in names:
        for base, root in ((folder / "rules", folder), (templates_dir() / "rules", None)):
            if isinstance(name, str) and (base / name).is_file():
                # a name such as ../../x, or a link, must not read a file outside the game
                found.append(base / name if root is None else
                             regular_file(base / name, [root], "a rules template"))
                break
    return found


def product_templates(folder: Path) -> list[Path]:
    """The templates of the products built on a game's rules (see PRODUCT_TEMPLATES)."""
    rules = (load_yaml(folder / "game.yaml") or {}).get("rules")
    name = PRODUCT_TEMPLATES.get(rules) if isinstance(rules, str) else None
    return sorted((templates_dir() / name).glob("*.j2")) if name else []


def game_messages(folder: Path) -> Messages:
    """Every message a game folder defines itself, in file order."""
    found: Messages = {}
    for path in sorted(folder.glob("*.yaml")):
        data_messages(path, folder, found)
    for path in sorted((folder / "layouts").glob("*.yaml")):
        layout_messages(path, folder, found)
    for path in rules_templates(folder):
        template_messages(path, path.parent, found)
    return found


def engine_messages() -> Messages:
    """The engine's own layout strings (``templates/layouts/``)."""
    found: Messages = {}
    for path in sorted((templates_dir() / "layouts").glob("*.yaml")):
        layout_messages(path, templates_dir(), found)
    return found


def needed_messages(folder: Path) -> Messages:
    """What a game's build translates: its own messages, the pages of products built on its
    rules, the rule-card strings when it has a rules component, and the print guide's."""
    found = game_messages(folder)
    for path in product_templates(folder):
        template_messages(path, templates_dir(), found)
    if rules_templates(folder):
        layout_messages(templates_dir() / "layouts" / ENGINE_RULES_LAYOUTS, templates_dir(),
                        found)
        _add(found, RULE_SUMMARY_PAGE, "generator/i18n/engine_messages.py", 0)
    _add(found, BLANK_BACK, "generator/i18n/engine_messages.py", 0)
    for message in GUIDE_MESSAGES:  # the print guide, page 1 of every kit
        _add(found, message, "generator/i18n/engine_messages.py", 0)
    return found
