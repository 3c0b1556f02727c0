"""Turn a rendered rules template into faces of rich-text blocks.

The template's output is plain lines: ``@face Title`` starts a card side, ``# Heading`` a
heading, ``- item`` a bullet, a blank line ends a paragraph. Inline markers (written by the
template helpers) carry icons and the message ids each piece was translated from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import accumulate

from ..render.blocks import Block, Icon

ID_MARK = "\ue000{}\ue001"
ICON_MARK = "\ue002{}\ue003"
_ID = re.compile("\ue000(\\d+)\ue001")
_ICON = re.compile("\ue002([^\ue003]*)\ue003")
CARD_LABEL = re.compile(r"\s*\(\d+/\d+\)$")  # "Tools (2/3)": a card's place in a run of cards


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
    paging: int = 1  # pages of the summary, chosen by the fit check for this language

    @property
    def page_blocks(self) -> tuple[Block, ...]:
        """Every face in turn, its title as a heading: the whole summary."""
        return tuple(block for page in self.split(1) for block in page)

    @property
    def pages(self) -> tuple[tuple[Block, ...], ...]:
        """The summary cut into ``paging`` pages."""
        return self.split(self.paging)

    def split(self, count: int) -> tuple[tuple[Block, ...], ...]:
        """The faces in turn, each headed by its title, cut between faces into ``count``
        pages of about the same length of text (a face is never split). A face that goes on
        from the one before it on a card (``Tools (2/3)``) goes on under the same heading:
        the page is continuous, so it carries no card labels."""
        sizes = [len(face.title) + sum(len(b.text) for b in face.blocks) for face in self.faces]
        total = sum(sizes) or 1
        pages: list[list[Block]] = [[] for _ in range(max(1, count))]
        previous: tuple[int, str] | None = None
        for face, size, end in zip(self.faces, sizes, accumulate(sizes), strict=True):
            index = min(len(pages) - 1, int(len(pages) * (end - size / 2) / total))
            title = CARD_LABEL.sub("", face.title)
            if previous != (index, title) or title == face.title:
                pages[index].append(Block("title", (title,), face.ids[:1]))
            previous = (index, title)
            pages[index].extend(face.blocks)
        return tuple(tuple(page) for page in pages if page)

    @property
    def fallback(self) -> bool:
        return any(face.fallback for face in self.faces)


def parse(output: str, ids: list[str]) -> list[tuple[str, list[Block], list[str]]]:
    """(title, blocks, message ids) per face, from a rendered template."""
    faces: list[tuple[str, list[Block], list[str]]] = []
    kind, lines = "para", list[str]()

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
