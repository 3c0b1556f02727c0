"""Card proofs kept between rebuilds, so ``pnp watch`` draws after an edit only the cards the
edit changed.

Each card's PNGs are keyed by everything its drawing reads (the cache rule of ARCHITECTURE.md):
the card's row (fields, layouts, copy, its number and the deck's count, which a layout may
print), its deck (id, kind, title, size, vars), what every card of the game reads (palette,
data, vars, colour cues, layouts) and the files of the game other than its cards tables (art,
icons, catalogs, layout files), with the language, resolution and bleed. A cards table reaches
a drawing only through the rows read from it, so one edited row changes one card's key; any
other file changes every key. A rules deck draws text made from the whole game, so its cards
are keyed by the game's fingerprint as well.
"""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from ..content.model import Deck, Game, thaw
from ..paths import folder_files, hashed_bytes, real
from ..resources import file_version
from .raster import Rasterizer, caption, distinct_cards

# files whose contents reach a drawing only as card rows (cards_file: and its spreadsheets)
CARD_TABLE_SUFFIXES = frozenset({".csv", ".tsv", ".xlsx", ".ods"})
SKIPPED_PARTS = frozenset({"__pycache__", ".git", ".pnp-cache"})


@dataclass(frozen=True)
class CardProof:
    """One row of a deck as the preview shows it: its number in the deck (first copy), its
    caption (``raster.caption``, as in proofs), and the keys of its PNGs (the back's None when
    it has none)."""

    number: int
    caption: str
    front: str
    back: str | None


def _digest(*parts: Any) -> str:
    text = json.dumps([thaw(p) for p in parts], sort_keys=True, default=repr,
                      ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def _file_digest(path: Path, real_root: Path) -> str:
    """The hash of a file under the rule of ``paths.hashed_bytes``: a link out of the folder
    by its target's name, a file past ``file_bytes`` by its size, never their bytes."""
    try:
        return hashlib.sha256(hashed_bytes(path, real_root)).hexdigest()
    except OSError:
        return "unreadable"


class FileDigests:
    """Content hashes of files, each read again only when its (mtime, size) changes."""

    def __init__(self) -> None:
        self._known: dict[tuple[Path, tuple[int, int]], str] = {}

    def of(self, folders: Iterable[Path], skip: Path) -> list[list[tuple[str, str]]]:
        """Per folder, (relative path, content hash) of every file below it but its cards
        tables, the folders no drawing reads and ``skip`` (the output, when it lies inside);
        the hashes of files gone or changed since the last call are forgotten."""
        known, found = {}, []
        for folder in folders:
            files = []
            for path in (p for p in folder_files(folder) if p.is_file()):
                relative = path.relative_to(folder)
                if path.suffix.lower() in CARD_TABLE_SUFFIXES or path.is_relative_to(skip) \
                        or SKIPPED_PARTS.intersection(relative.parts):
                    continue
                version = (path, file_version(path))
                digest = self._known.get(version) or _file_digest(path, real(folder))
                known[version] = digest
                files.append((str(relative), digest))
            found.append(files)
        self._known = known
        return found


class CardCache:
    """PNG bytes of card sides by key; ``renders`` counts the cards drawn, so a test (and a
    curious designer) can tell a cached card from a drawn one."""

    def __init__(self) -> None:
        self.renders = 0
        self.files = FileDigests()
        self._sides: dict[str, tuple[bytes, bytes | None]] = {}

    def shared_key(self, game: Game, folders: Sequence[Path], output: Path,
                   settings: Any) -> str:
        """What every card of ``game`` reads, hashed once a rebuild (the files of ``folders``
        but those in ``output``, where the build writes)."""
        files = self.files.of((f for f in folders if f.is_dir()), output)
        layouts = {name: (layout.size, layout.elements) for name, layout in game.layouts.items()}
        return _digest(game.id, game.title, game.palette, game.data, game.vars,
                       game.colour_cues, layouts, files, settings)

    def deck(self, raster: Rasterizer, deck: Deck, shared: str, dpi: float,
             bleed: float) -> tuple[list[CardProof], dict[str, bytes]]:
        """Every row of ``deck`` with its PNGs, drawing only the rows whose key is new."""
        items = distinct_cards(deck)
        deck_key = _digest(shared, deck.id, deck.kind, deck.title, deck.size, deck.vars,
                           raster.game.fingerprint if deck.kind == "rules" else "")
        keys = {item: _digest(deck_key, item, len(deck.cards), deck.cards[item].fields,
                              deck.cards[item].front, deck.cards[item].back)
                for item in items}
        missing = [item for item in items if keys[item] not in self._sides]
        for item, face, reverse in raster.sides(deck, missing, dpi, bleed) if missing else ():
            # each picture encoded as it is drawn: one card's pixels held, not the deck's
            self._sides[keys[item]] = (_png(face, dpi), None if reverse is None
                                       else _png(reverse, dpi))
            self.renders += 1
        proofs, pngs = [], {}
        for item in items:
            key = keys[item]
            front, back = self._sides[key]
            pngs[f"{key}-front"] = front
            if back is not None:
                pngs[f"{key}-back"] = back
            proofs.append(CardProof(item + 1, caption(deck, item), f"{key}-front",
                                    None if back is None else f"{key}-back"))
        return proofs, pngs

    def keep_only(self, used: Iterable[str]) -> None:
        """Drop the sides no current card uses (a card edited back is drawn again)."""
        sides = {key.rsplit("-", 1)[0] for key in used}
        self._sides = {k: v for k, v in self._sides.items() if k in sides}


def _png(image: Image.Image, dpi: float) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", dpi=(dpi, dpi), compress_level=1)
    return buffer.getvalue()
