"""The element reference, written from the element registry: each type's description (its
module's docstring), its example and the picture the example draws, and a table of every key
it declares with its type, default and meaning."""

from __future__ import annotations

import inspect
import sys
from collections.abc import Mapping

from generator.render.elements import ELEMENTS, ElementType
from generator.render.elements.kind import COMMON_KEYS, Key

PICTURES = "pictures/elements"  # beside the page, in the built site


def picture_name(kind: str) -> str:
    return f"{PICTURES}/{kind}.png"


def key_table(keys: Mapping[str, Key]) -> str:
    rows = ["| key | type | default | what it does |", "|---|---|---|---|"]
    for name, key in keys.items():
        rows.append(f"| `{name}` | {key.type} | {_cell(key.default)} | {key.meaning} |")
    return "\n".join(rows)


def _cell(default: str) -> str:
    return default if default.startswith("(") else f"`{default}`"


def description(element: ElementType) -> str:
    """What the type is, in its module's own words (the docstring the code keeps)."""
    module = sys.modules[element.draw.__module__]
    return inspect.cleandoc(module.__doc__ or "").replace("``", "`")


def page() -> str:
    """The markdown of the reference page."""
    parts = [
        "# Element reference",
        "",
        "A layout is a list of elements drawn in order, each a mapping with a `type`. This "
        "page is generated from the element registry (`generator/render/elements/`) when the "
        "documentation is built: the keys below are exactly the keys the loader accepts, and "
        "each picture is what pnp draws from the example above it, for the first card of a "
        "game made by `pnp new` (its palette names `accent`, `paper`, `ink`, `muted`; its "
        "card's `title` is Healer). The dashed frame is the layout's edge; it is not drawn.",
        "",
        "Lengths are millimetres unless they carry a unit: `12`, `'12mm'`, `'1.2cm'`, "
        "`'0.5in'`, `'9pt'`. Any value may be an expression: `\"{{ w - 6 }}\"`, "
        "`\"{{ card.title | upper }}\"` (see [Layouts](../designer/layouts.md)).",
        "",
        "## Keys every element takes",
        "",
        key_table(COMMON_KEYS),
        "",
        "Types: " + ", ".join(f"[`{name}`](#{name})" for name in ELEMENTS) + ".",
    ]
    for name, element in ELEMENTS.items():
        parts += [
            "",
            f"## {name}",
            "",
            description(element),
            "",
            "```yaml",
            f"my-{name}-example:",
            *(f"  {line}" for line in element.example.rstrip().splitlines()),
            "```",
            "",
            f"![What the {name} example draws]({picture_name(name)})",
            "",
            key_table(element.declared),
        ]
    return "\n".join(parts) + "\n"


def examples() -> dict[str, str]:
    """Each element type's example layout, by type."""
    return {name: element.example for name, element in ELEMENTS.items()}
