"""The room a text has where it prints, as a translator's note: the box in mm, its type size
and smallest size, and about how many characters a line and how many lines fit there at the
smallest size (the widest a translation can grow before the build refuses it).

A layout's own text knows its box. A data text (``!t`` in game.yaml) prints through a field a
layout reads (``look.name``, ``card.text``): its box is the text element whose template reads
that field, the narrowest when several do, found from the layouts' text alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import Environment

from ..content.legibility import text_floor
from ..content.sizes import card_sizes
from ..content.yamlio import load_yaml_shared, yaml_files
from ..limits import limit, refuse
from ..resources import templates_dir

PT_PER_MM = 72 / 25.4
AVERAGE_EM = 0.5   # an average Latin letter with its space, in em: the width a character takes
GENERIC = {"data", "components", "vars", "cards"}  # keys too common to tell one field's box
LEADING = 1.2      # the line height of a text element that gives none, in em
FLOW_LEADING = 1.22  # a flow's (render/elements/flow.py), the rule text's
RULES_LAYOUTS = "layouts/rules.yaml"  # of templates/: the rule card face and summary page


@dataclass(frozen=True)
class Box:
    """A text element of a layout whose box is given in numbers."""

    layout_file: str
    layout: str
    name: str
    text: str
    w: float
    h: float
    size: float
    min_size: float
    leading: float

    def note(self) -> str:
        """Where it prints and the room it has, in one line."""
        small = self.min_size
        chars = int(self.w * PT_PER_MM / (AVERAGE_EM * small))
        lines = max(1, int(self.h * PT_PER_MM / (small * self.leading)))
        sizes = f"{self.size:g} pt" + (f", down to {small:g} pt" if small < self.size else "")
        return (f"box '{self.name}' of {self.layout} ({self.layout_file}): {self.w:g}×{self.h:g}"
                f" mm at {sizes}; room at {small:g} pt: about {chars} characters a line, "
                f"{lines} {'line' if lines == 1 else 'lines'}")


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) \
        else None


def element_box(element: Mapping[str, Any], layout_file: str, layout: str) -> Box | None:
    """The box of one text element, or None when its size is computed per card."""
    w, h = _number(element.get("w")), _number(element.get("h"))
    if element.get("type") != "text" or w is None or h is None:
        return None
    size = _number(element.get("size")) or 9.0
    floor = _number(element.get("min_size")) or min(size, text_floor())
    name = str(element.get("id") or f"text at {element.get('x', 0)}, {element.get('y', 0)} mm")
    return Box(layout_file, layout, name, str(element.get("text", "")), w, h, size,
               min(floor, size), _number(element.get("leading")) or LEADING)


def _elements(elements: Any) -> Iterator[Mapping[str, Any]]:
    for element in elements if isinstance(elements, list) else ():
        if isinstance(element, Mapping):
            yield element
            yield from _elements(element.get("elements"))


def layout_boxes(folder: Path, root: Path) -> list[Box]:
    """Every text element with a box in numbers, in the layout files of ``folder``."""
    boxes = []
    for path in yaml_files(folder):
        raw = load_yaml_shared(path, (root,)) or {}
        for name, layout in raw.items() if isinstance(raw, Mapping) else ():
            if not isinstance(layout, Mapping):
                continue
            for element in _elements(layout.get("elements")):
                box = element_box(element, str(path.relative_to(root)), str(name))
                if box is not None:
                    boxes.append(box)
    return boxes


# where a template reads a field: after a dot (``card.name``) or a quote in brackets
# (``card['name']``), the word that starts there
FIELD_START = re.compile(r"""(?:\.|\[['"])(\w+)""")


class BoxIndex:
    """The text boxes of a game's layouts, indexed once by the fields their templates read,
    so finding the box of each of the game's texts takes time in proportion to the boxes
    that read its field, not to all the boxes (10,000 texts and 10,000 boxes were 10^8
    searches). A field whose name does not start with a letter, digit or underscore is
    looked for in every box. The characters searched, all texts together, are held to the
    budget ``room_chars``."""

    def __init__(self, boxes: list[Box], source: str) -> None:
        self.boxes = boxes
        self.source = source  # what a refusal names: the game's layouts folder
        self.reading: dict[str, list[int]] = {}  # a field's first word → the boxes reading it
        for number, box in enumerate(boxes):
            for word in dict.fromkeys(FIELD_START.findall(box.text)):
                self.reading.setdefault(word, []).append(number)
        self.found: dict[tuple[str, tuple[str, ...]], Box | None] = {}
        self.searched = 0

    def _candidates(self, field: str) -> list[Box]:
        """The boxes that may read ``field``: those reading its first word, in their order."""
        word = re.match(r"\w+", field)
        if word is None:
            return self.boxes
        return [self.boxes[n] for n in self.reading.get(word.group(0), ())]

    def _search(self, pattern: str, box: Box) -> bool:
        self.searched += len(box.text)
        if self.searched > limit("room_chars"):
            raise refuse(self.source, "room_chars", "the characters of layout text searched "
                         "for the boxes that print the game's texts")
        return re.search(pattern, box.text) is not None

    def field_box(self, path: list[str]) -> Box | None:
        """The box that prints the data text at ``path`` (its keys from the file's top): a
        box whose template reads the last key as a field and names a key of the path above
        it (``data.sizes[card.type].name`` for data › sizes › big › name); the narrowest of
        those. None when no box names it so plainly: a guess would mislead the
        translator."""
        keys = [k for k in path if not k.startswith("#")]
        above = tuple(k for k in keys[:-1] if k not in GENERIC) + (
            ("card",) if "cards" in keys else ())
        if len(keys) < 2 or not keys[-1] or not above:  # (an empty key names no field)
            return None
        asked = (keys[-1], above)
        if asked not in self.found:
            field = rf"(\.{re.escape(keys[-1])}\b|\[['\"]{re.escape(keys[-1])}['\"]\])"
            found = [b for b in self._candidates(keys[-1]) if self._search(field, b) and any(
                self._search(rf"\b{re.escape(k)}\b", b) for k in above)]
            self.found[asked] = min(found, key=lambda b: b.w) if found else None
        return self.found[asked]


def _flow_body(layout: Mapping[str, Any], w: float, h: float) -> Mapping[str, Any]:
    """The ``body`` flow of a rules layout, its box worked out for a w×h mm card (a side
    without the rules address, which gives the body its most common room)."""
    body = next(e for e in _elements(layout.get("elements")) if e.get("id") == "body")
    env = Environment(autoescape=False)
    values = {"w": w, "h": h, "rules": {"url": None, "faces": [0]}, "side": 0}
    return {key: float(env.from_string(str(value)).render(values))
            if key in ("w", "h") and isinstance(value, str) else value
            for key, value in body.items()}


def rules_room(game: Mapping[str, Any]) -> str:
    """The room of a rule-summary text, as its translator's note: the body of a rule card's
    face (the card size of the game's rules component) and a column of the summary page;
    a flow shrinks as a whole, so the face's paragraphs share that room."""
    component = next((c for c in game.get("components") or [] if isinstance(c, Mapping)
                      and c.get("kind") == "rules"), {})
    size = component.get("size", "poker")
    named = card_sizes().get(size if isinstance(size, str) else "poker", card_sizes()["poker"])
    given = isinstance(size, list) and len(size) == 2 and all(_number(v) for v in size)
    w, h = size if given else (named.w, named.h)  # "[63mm, 88mm]": the note's poker room
    layouts = load_yaml_shared(templates_dir() / RULES_LAYOUTS)
    notes = []
    for layout, what in (("rules-face", "a rule card's face"),
                         ("rules-page", "a column of the summary page")):
        body = _flow_body(layouts[layout], float(w), float(h))
        columns = int(body.get("columns", 1))
        width = (float(body["w"]) - float(body.get("gap", 0)) * (columns - 1)) / columns
        size_pt = _number(body.get("size")) or 7.0
        floor = _number(body.get("min_size")) or min(size_pt, text_floor())
        box = Box(f"pnp:templates/{RULES_LAYOUTS}", layout, "body", "", round(width, 1),
                  float(body["h"]), size_pt, floor, FLOW_LEADING)
        notes.append(f"{what}, {box.note()}")
    return ("prints in " + "; and in ".join(notes) + "; the paragraphs of one face or "
            "column share that room")
