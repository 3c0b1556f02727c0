"""Layouts as data: found through one search path (user folders first, then built-ins).

A layout file maps layout names to ``{size, extends, elements, override, remove}``.
``extends`` copies another layout; ``override`` changes attributes of elements by ``id``;
``remove`` drops elements by ``id``; ``elements`` are appended.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import ContentError, excerpt
from ..limits import OverBudget
from ..paths import inside
from ..resources import templates_dir
from .checker import Checker, join
from .legibility import text_floor
from .model import Layout, Size, freeze
from .sizes import size_pair
from .yamlio import load_yaml_shared, yaml_files

# element type → the keys an element of that type may carry; the drawing layer declares them
# (generator.render.elements.SCHEMA) and the pipeline passes them in
ElementSchema = Mapping[str, frozenset[str]]
LAYOUT_KEYS = {"size", "extends", "elements", "override", "remove", "description"}


def search_path(extra: list[Path] | None = None, game_folder: Path | None = None) -> list[Path]:
    """User folders, then the game's own layouts, then the built-in ones."""
    path = [p for p in (extra or [])]
    if game_folder is not None:  # a link named layouts must not lead out of the game
        path.append(inside(game_folder / "layouts", [game_folder], "the layouts folder"))
    path.append(templates_dir() / "layouts")
    return [p for p in path if p.is_dir()]


def read_raw_layouts(folders: list[Path]) -> dict[str, tuple[Mapping[str, Any], str]]:
    """Name → (raw definition, file); the first folder that defines a name wins."""
    found: dict[str, tuple[Mapping[str, Any], str]] = {}
    problems = []
    for folder in folders:
        for path in yaml_files(folder):
            try:
                # only read below: resolving builds new elements
                raw = load_yaml_shared(path, (folder,))
            except OverBudget:  # one line, and no more files read
                raise
            except ContentError as exc:
                problems.extend(exc.problems)
                continue
            check = Checker(str(path))
            raw = check.mapping(raw, "", None) or {}
            problems.extend(check.problems)
            for name, definition in raw.items():
                found.setdefault(name, (definition, str(path)))
    if problems:
        raise ContentError(problems)
    return found


def _check_elements(check: Checker, schema: ElementSchema, elements: Any, path: str,
                    parent: Any, key: Any) -> None:
    if not isinstance(elements, list):
        check.add(path, "expected a list of elements", parent, key)
        return
    for _, where, element in check.entries(elements, path):
        kind = element.get("type")
        if not isinstance(kind, str) or kind not in schema:
            check.add(join(where, "type"),
                      f"unknown element type {excerpt(kind)}; use one of {', '.join(schema)}",
                      element, "type")
            continue
        keys = schema[kind]
        check.keys(element, where, keys)
        if "size" in keys:
            _check_floor(check, element, where)
        if "elements" in keys:
            _check_elements(check, schema, element.get("elements"), join(where, "elements"),
                            element, "elements")


def _override(check: Checker, schema: ElementSchema, elements: list[dict[str, Any]],
              override: Mapping[str, Any], path: str) -> list[dict[str, Any]]:
    """The extended layout's elements with ``override``'s changes, each change checked where
    it is written (the element it changes was checked in its own file): its keys against the
    element's type, its type size against the floor."""
    types = {e.get("id"): e.get("type") for e in elements}
    for element_id, changes in override.items():
        where = join(path, element_id)
        if element_id not in types:
            check.add(where, f"no element with id '{element_id}' in the extended layout; its "
                      f"ids: {', '.join(str(i) for i in types if i is not None) or '(none)'}",
                      override, element_id)
            continue
        if not isinstance(changes, dict):
            check.add(where, f"expected the keys to change, such as {{size: 9}}, got "
                      f"{excerpt(changes)}", override, element_id)
            continue
        kind = changes.get("type", types[element_id])
        if not isinstance(kind, str) or kind not in schema:
            check.add(join(where, "type"), f"unknown element type {excerpt(kind)}; use one of "
                      f"{', '.join(schema)}", changes, "type")
            continue
        check.keys(changes, where, schema[kind])
        _check_floor(check, changes, where)
        if "elements" in changes and "elements" in schema[kind]:
            _check_elements(check, schema, changes["elements"], join(where, "elements"),
                            changes, "elements")
        elements = [{**e, **changes} if e.get("id") == element_id else e for e in elements]
    return elements


def _check_floor(check: Checker, element: Mapping[str, Any], where: str) -> None:
    """A fixed type size under the floor is refused where it is written; a computed one is
    checked when it is drawn."""
    floor = text_floor()
    for key in ("size", "min_size"):
        value = element.get(key)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value < floor:
            check.add(join(where, key), f"{value:g} pt is under the {floor:g} pt floor players "
                      "can read; give the text a larger box (or another card) instead",
                      element, key)


def _size(check: Checker, raw: Mapping[str, Any], path: str, sizes: Mapping[str, Size]):
    value = raw.get("size")
    if value is None:
        return None
    if isinstance(value, str) and value in sizes:
        return sizes[value]
    if isinstance(value, list) and len(value) == 2:
        return size_pair(check, value, path)
    check.add(join(path, "size"), f"expected [width, height] or one of {', '.join(sizes)}",
              raw, "size")
    return None


def resolve_layouts(raw: dict[str, tuple[Mapping[str, Any], str]], sizes: Mapping[str, Size],
                    schema: ElementSchema) -> dict[str, Layout]:
    """Validate every layout against ``schema`` and apply ``extends``; all problems are
    reported together."""
    problems = []
    resolved: dict[str, Layout] = {}

    def build(name: str, chain: tuple[str, ...]) -> Layout | None:
        if name in resolved:
            return resolved[name]
        definition, file = raw[name]
        check = Checker(file)
        checked = check.mapping(definition, name)
        if checked is None:
            problems.extend(check.problems)
            return None
        check.keys(definition, name, LAYOUT_KEYS)
        elements: list[Any] = []
        size = _size(check, definition, name, sizes)
        parent_name = definition.get("extends")
        if parent_name is not None:
            if parent_name not in raw:
                check.add(join(name, "extends"), f"no layout named '{parent_name}' to extend",
                          definition, "extends")
            elif parent_name in chain:
                check.add(join(name, "extends"), "layouts extend each other in a loop",
                          definition, "extends")
            else:
                parent = build(parent_name, chain + (name,))
                if parent is not None:
                    elements = [dict(e) for e in parent.elements]
                    size = size or parent.size
        override = definition.get("override") or {}
        if check.mapping(override, join(name, "override"), definition, "override") is not None:
            elements = _override(check, schema, elements, override, join(name, "override"))
        removed = set(definition.get("remove") or [])
        elements = [e for e in elements if e.get("id") not in removed]
        own = definition.get("elements", [])
        _check_elements(check, schema, own, join(name, "elements"), definition, "elements")
        if isinstance(own, list):
            elements.extend(own)
        problems.extend(check.problems)
        if check.problems:
            return None
        layout = Layout(name, size, freeze(elements), file)
        resolved[name] = layout
        return layout

    for layout_name in raw:
        build(layout_name, ())
    if problems:
        raise ContentError(problems)
    return resolved
