"""Rich text as data (headings, paragraphs, bullets, inline icons), free of any drawing
library, so content code can build it without loading reportlab."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Icon:
    """An inline picture: a sized layout drawn at the height of the text."""

    layout: str


@dataclass(frozen=True)
class Block:
    """One heading, paragraph or bullet item. ``ids`` are the message ids it was translated
    from, so an overflow names the string to shorten."""

    kind: str
    pieces: tuple[str | Icon, ...]
    ids: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return "".join(p if isinstance(p, str) else "" for p in self.pieces)
