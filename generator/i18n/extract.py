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

from ..content.deck_text import deck_messages
from ..content.textfile import read_text
from ..content.yamlio import Msg, folder_values, load_yaml_shared, yaml_files
from ..errors import NESTED_TEMPLATE, ContentError, Problem
from ..paths import folder_files, inside, regular_file
from ..resources import templates_dir
from .catalog import message_key
from .engine_messages import (
    BLANK_BACK,
    GENDER_CONTEXT,
    GENDERED_STEPS,
    GENDERS,
    GUIDE_MESSAGES,
    GUIDE_STEPS,
    RULE_SUMMARY_PAGE,
    gender_context,
)
from .room import BoxIndex, element_box, layout_boxes, rules_room

KEYWORDS = ("_", "gettext", "ngettext", "pgettext")
ENGINE = "pnp:"  # the prefix of a source reference to the engine's files, not the game's
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
    context: str | None = None  # the msgctxt of one use of a short or ambiguous word
    notes: list[str] = field(default_factory=list)  # the #. comments: where it prints, room

    @property
    def key(self) -> str:
        return message_key(self.id, self.context)


Messages = dict[str, Message]  # by message_key: msgctxt and msgid


def _add(found: Messages, message: str | tuple | None, where: str, line: int | None,
         note: str | None = None, context: str | None = None) -> None:
    singular, plural = (message[0], message[1]) if isinstance(message, tuple) else (message, None)
    if not singular:
        return
    entry = found.setdefault(message_key(singular, context),
                             Message(singular, plural, context=context))
    entry.plural = entry.plural or plural
    entry.locations.append((where, line or 0))
    if note and note not in entry.notes:
        entry.notes.append(note)


Path_ = list[str]  # the keys from a YAML file's top to one value ("#3" for a list's 3rd)


def _walk(value: Any, line: int | None = None, path: Path_ | None = None, parent: Any = None,
          ) -> Iterator[tuple[Any, int | None, Path_, Any]]:
    """Every scalar of a YAML tree with the line it sits on, its path of keys (an item of
    a list by its ``id`` or ``name`` when it has one, else by its number) and the mapping or
    list that holds it (a layout's element: what a note measures, never looked up again)."""
    path = path or []
    if isinstance(value, dict):
        lines = getattr(value, "lines", {})
        for key, item in value.items():
            yield from _walk(item, lines.get(str(key), line), [*path, str(key)], value)
    elif isinstance(value, list):
        lines = getattr(value, "lines", [])
        for index, item in enumerate(value):
            label = item.get("id") or item.get("name") if isinstance(item, dict) else None
            step = f"#{label}" if isinstance(label, str) else f"#{index + 1}"
            yield from _walk(item, lines[index] if index < len(lines) else line,
                             [*path, step], value)
    else:
        yield value, line, path, parent


def _jinja(source: str, where: str, first_line: int, found: Messages,
           note: str | None = None) -> None:
    try:
        extracted = list(babel_extract(io.BytesIO(source.encode("utf-8")), KEYWORDS, [],
                                       JINJA_OPTIONS))
    except RecursionError:  # (jinja parses by recursion) refused as a build refuses it
        raise ContentError(Problem(where, "", NESTED_TEMPLATE, first_line)) from None
    for line, func, message, _comments in extracted:
        context = None
        if func == "pgettext" and isinstance(message, tuple):
            context, message = message[0], message[1]
        _add(found, message, where, first_line + line - 1, note, context)


def _place(game: str, where: str, path: Path_) -> str:
    return f"{game}: {where} › {' › '.join(k.lstrip('#') for k in path)}"


def data_messages(path: Path, root: Path, found: Messages, boxes: BoxIndex) -> None:
    """``!t`` texts of one data file, each noted with its place (game, file, keys) and the
    box of the layouts that prints it."""
    where = str(path.relative_to(root))
    for value, line, keys, _ in _walk(load_yaml_shared(path, (root,))):
        if isinstance(value, Msg):
            box = boxes.field_box(keys)
            note = _place(root.name, where, keys) + (f"; prints in {box.note()}" if box else "")
            if keys == ["title"]:
                note += ("; the game's name: keep it as it is, unless the game's edition in "
                         "your language is published under another name")
            _add(found, str(value), where, line, note, value.context)
            if value.note:
                _add(found, str(value), where, line, value.note, value.context)


def layout_messages(path: Path, root: Path, found: Messages, game: str | None = None,
                    prefix: str = "") -> None:
    """gettext calls inside the template strings and expressions of one layout file, each
    noted with its layout and element, and the element's box when given in numbers."""
    where = prefix + str(path.relative_to(root))
    raw = load_yaml_shared(path, (root,))
    for name, layout in raw.items() if isinstance(raw, dict) else ():
        for value, line, keys, element in _walk(layout, getattr(raw, "lines", {})
                                                .get(str(name))):
            if isinstance(value, str) and "(" in value and any(k + "(" in value
                                                               for k in KEYWORDS):
                source = value if "{{" in value or "{%" in value else "{{ " + value + " }}"
                note = _layout_note(game or "every game", where, str(name), element, keys)
                _jinja(source, where, line or 1, found, note)


def _layout_note(game: str, where: str, name: str, element: Any, keys: Path_) -> str:
    """Where a layout's text prints: the layout, and the box of the element holding it."""
    box = element_box(element, where, name) if isinstance(element, dict) else None
    if box is not None:
        return f"{game}: {box.note()}"
    return f"{game}: layout {name} ({where}), {' › '.join(k.lstrip('#') for k in keys)}"


def template_messages(path: Path, root: Path, found: Messages, prefix: str = "",
                      note: str | None = None) -> None:
    text = read_text(path, "a jinja template", "save it as UTF-8", roots=(root,))
    _jinja(text, prefix + str(path.relative_to(root)), 1, found, note)


def rules_templates(folder: Path) -> list[Path]:
    """The template files of a game's rules components, as the build finds them."""
    raw = load_yaml_shared(folder / "game.yaml", (folder,)) or {}
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
    rules = (load_yaml_shared(folder / "game.yaml", (folder,)) or {}).get("rules")
    name = PRODUCT_TEMPLATES.get(rules) if isinstance(rules, str) else None
    return sorted((templates_dir() / name).glob("*.j2")) if name else []


def game_messages(folder: Path) -> Messages:
    """Every message a game folder defines itself, in file order. The folder is held to the
    budgets a build holds it to: its files together (``paths.folder_files``), each file read
    (``file_bytes``, ``yaml_nodes``) and all of them (``yaml_files``, ``folder_yaml_nodes``),
    its decks' cards."""
    with folder_values():
        return _game_messages(folder)


def _game_messages(folder: Path) -> Messages:
    folder_files(folder)
    found: Messages = {}
    layouts = folder / "layouts"
    inside(layouts, [folder], "the layouts folder")  # a link by that name must not lead out
    boxes = BoxIndex(layout_boxes(layouts, folder), str(layouts))
    for path in yaml_files(folder):
        data_messages(path, folder, found, boxes)
    for path in yaml_files(layouts):
        layout_messages(path, folder, found, folder.name)
    for message, source, row, name in deck_messages(folder):  # a spreadsheet deck's cells
        box = boxes.field_box(["cards", name])
        _add(found, str(message), source, row, f"{folder.name}: {message.note}"
             + (f"; prints in {box.note()}" if box else ""))
    for path in rules_templates(folder):
        own = path.resolve().is_relative_to(folder.resolve())
        template_messages(path, folder.resolve() if own else templates_dir(), found,
                          "" if own else ENGINE,
                          f"{folder.name}: the rule summary; "
                          + rules_room(load_yaml_shared(folder / "game.yaml", (folder,))
                                       or {}))
    return found


def engine_messages() -> Messages:
    """The engine's own layout strings (``templates/layouts/``)."""
    found: Messages = {}
    for path in sorted((templates_dir() / "layouts").glob("*.yaml")):
        layout_messages(path, templates_dir(), found, prefix=ENGINE)
    return found


def shared_messages(rules: bool = True) -> Messages:
    """What the engine prints for every game, translated once in the engine catalogs
    (``generator/locales/``, the user's ``pnp-locales/_engine/``): the print guide, the note
    on a blank page and, for a game with a rule summary (``rules``), the rule cards' frame."""
    found: Messages = {}
    engine = f"{ENGINE}generator/i18n/engine_messages.py"
    if rules:
        layout_messages(templates_dir() / "layouts" / ENGINE_RULES_LAYOUTS, templates_dir(),
                        found, "every game with a rule summary", ENGINE)
        _add(found, RULE_SUMMARY_PAGE, engine, 0, "every game: the outline title of the rule "
             "summary pages")
    _add(found, BLANK_BACK, engine, 0, "every game: the note on a page left blank")
    fonts = templates_dir() / "fonts.yaml"  # the type credit's translatable words
    for value, line, _keys, _ in _walk(load_yaml_shared(fonts, (templates_dir(),))):
        if isinstance(value, Msg):
            _add(found, str(value), f"{ENGINE}templates/fonts.yaml", line, "every game: the "
                 "print guide's credit of a type face (its authors or its licence)")
    for message in GUIDE_MESSAGES:  # the print guide, page 1 of every kit
        _add(found, message, engine, 0, "every game: the print guide, page 1 of the kit; "
             "a paragraph of the page's width, no box to fit")
    for kind in GENDERED_STEPS:  # optional: only where a game's catalog gives a gender
        for gender in GENDERS:
            _add(found, GUIDE_STEPS[kind], engine, 0, f"every game: the print guide's step "
                 f"for a part whose title is {gender} in your language (a game's catalog "
                 f"says so under msgctxt '{GENDER_CONTEXT}'); optional: the entry without "
                 "context serves every other part", gender_context(gender))
    return found


def own_messages(folder: Path) -> Messages:
    """What a game's own catalog translates: its messages and the pages of products built on
    its rules (Savvy's page), not the engine's shared strings; and, optional, the gender of
    each sheet's title, which picks the form of the guide's step said of it."""
    found = game_messages(folder)
    raw = load_yaml_shared(folder / "game.yaml", (folder,)) or {}
    for item in raw.get("components") or []:  # every part the guide names
        if isinstance(item, dict) and isinstance(item.get("title"), Msg):
            _add(found, str(item["title"]), "game.yaml", 0, f"{folder.name}: optional: the "
                 f"grammatical gender of your translation of this part's title: write one "
                 f"of the keywords {', '.join(GENDERS)} (in English), when a step of the "
                 "print guide said of it needs one (\"use it as printed\"); leave it empty "
                 "otherwise (msgfmt --statistics counts it untranslated, pnp does not)",
                 GENDER_CONTEXT)
    for path in product_templates(folder):
        template_messages(path, templates_dir(), found, ENGINE,
                          f"{folder.name}: Savvy's referee page ({path.name})")
    return found


def needed_messages(folder: Path) -> Messages:
    """What a game's build translates: its own messages and the engine's shared ones (which
    a game's catalog may also translate, ahead of the engine's)."""
    found = own_messages(folder)
    for key, message in shared_messages(bool(rules_templates(folder))).items():
        if key in found:
            found[key].locations.extend(message.locations)
        else:
            found[key] = message
    return found
