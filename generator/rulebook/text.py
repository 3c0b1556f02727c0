"""Turn a rendered rules template into faces of rich-text blocks.

The template's output is plain lines: ``@face Title`` starts a card side, ``# Heading`` a
heading, ``- item`` a bullet, a blank line ends a paragraph. Inline markers (written by the
template helpers) carry icons and the message ids each piece was translated from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..render.blocks import Block, Icon

ID_MARK = "\ue000{}\ue001"
ICON_MARK = "\ue002{}\ue003"
_ID = re.compile("\ue000(\\d+)\ue001")
_ICON = re.compile("\ue002([^\ue003]*)\ue003")


@dataclass(frozen=True)
class Face:
    """One side of a rule card: its title, its blocks, and whether any text fell back."""

    title: str
    blocks: tuple[Block, ...]
    ids: tuple[str, ...]
    fallback: bool = False


@dataclass(frozen=True)
class RuleText:
    """A game's rule summary in one language."""

    title: str
    lang: str
    url: str
    faces: tuple[Face, ...]

    @property
    def page_blocks(self) -> tuple[Block, ...]:
        """Every face in turn, its title as a heading: the one-page summary."""
        blocks: list[Block] = []
        for face in self.faces:
            blocks.append(Block("title", (face.title,), face.ids[:1]))
            blocks.extend(face.blocks)
        return tuple(blocks)

    @property
    def fallback(self) -> bool:
        return any(face.fallback for face in self.faces)


def parse(output: str, ids: list[str]) -> list[tuple[str, list[Block], list[str]]]:
    """(title, blocks, message ids) per face, from a rendered template."""
    faces: list[tuple[str, list[Block], list[str]]] = []
    kind, lines = "para", []

    def flush() -> None:
        nonlocal kind, lines
        if lines and faces:
            block = _block(kind, " ".join(lines), ids)
            faces[-1][1].append(block)
            faces[-1][2].extend(block.ids)
        kind, lines = "para", []

    for raw in output.splitlines():
        line = raw.strip()
        if line.startswith("@face"):
            flush()
            title = _block("title", line[5:].strip(), ids)
            faces.append((title.text, [], list(title.ids)))
        elif not line:
            flush()
        elif line.startswith("# "):
            flush()
            kind, lines = "heading", [line[2:].strip()]
            flush()
        elif line.startswith("- "):
            flush()
            kind, lines = "item", [line[2:].strip()]
        else:
            lines.append(line)
    flush()
    return faces


def _block(kind: str, text: str, ids: list[str]) -> Block:
    found = tuple(dict.fromkeys(ids[int(n)] for n in _ID.findall(text)))
    text = _ID.sub("", text)
    pieces: list[str | Icon] = []
    for index, part in enumerate(_ICON.split(text)):
        if index % 2:
            pieces.append(Icon(part))
        elif part:
            pieces.append(part)
    return Block(kind, tuple(pieces), found)
