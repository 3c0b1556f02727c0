"""``pnp proof``: a PNG of every distinct card face and back (trim + bleed) and contact sheets
per deck, for a designer to look at and for tests to check pixel by pixel.

Everything is written to a staging folder and swapped in whole (see :mod:`.staging`), so an
error never leaves a half-written set of proofs over the last good one.
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from ..content.model import Deck
from ..errors import UsageError
from ..resources import fonts_dir
from .raster import Rasterizer, caption, distinct_cards, px
from .staging import staged

CONTACT_COLS, CONTACT_ROWS = 6, 4   # cards per contact sheet: 24
CONTACT_CELL = 300                  # px: widest card thumbnail on a contact sheet
GAP, CAPTION = 16, 28               # px between thumbnails; caption strip height


@dataclass(frozen=True)
class ProofRequest:
    game: str | Path
    lang: str = "en"
    dpi: float = 150
    out_dir: Path = Path("output/proofs")
    bleed: float = 3.0
    decks: tuple[str, ...] = ()
    layout_dirs: tuple[Path, ...] = ()
    fallback: str | None = None


@dataclass(frozen=True)
class ProofResult:
    folder: Path
    cards: int                  # face PNGs written
    backs: int                  # back PNGs written
    contact_sheets: tuple[Path, ...]
    seconds: float


def proof(request: ProofRequest) -> ProofResult:
    started = time.perf_counter()
    if not 36 <= request.dpi <= 600:
        raise UsageError(f"--dpi {request.dpi:g} is out of range; use 36 to 600 (150 is usual)")
    raster = Rasterizer(request.game, request.lang, request.layout_dirs, request.fallback)
    decks = raster.decks(request.decks)
    target = Path(request.out_dir) / f"{raster.game.id}-{request.lang}"
    faces = backs = 0
    sheets: list[Path] = []
    with staged(target) as staging:
        for deck in decks:
            drawn, backs_written, deck_sheets = _write_deck(raster, deck, request, staging)
            faces, backs, sheets = faces + drawn, backs + backs_written, sheets + deck_sheets
    return ProofResult(target, faces, backs, tuple(target / s.name for s in sheets),
                       time.perf_counter() - started)


def _write_deck(raster: Rasterizer, deck: Deck, request: ProofRequest,
                folder: Path) -> tuple[int, int, list[Path]]:
    """One deck's face PNGs ``<deck>-001-front.png``…, its backs and contact sheets, each
    card written as it is drawn: memory holds one card's picture and one contact sheet,
    however many cards the deck has. Returns the faces, the back PNGs and the sheets."""
    dpi = request.dpi
    sheets = _ContactSheets(deck.id, folder, px(request.bleed, dpi))
    backs = _Backs(deck.id, folder, dpi)
    faces = 0
    for item, front, back in raster.sides(deck, distinct_cards(deck), dpi, request.bleed):
        faces += 1
        _save(front, folder / f"{deck.id}-{faces:03d}-front.png", dpi)
        sheets.add(caption(deck, item), front)
        if back is not None:
            backs.add(faces, back)
    for path in backs.finish():  # distinct backs last, read back one at a time
        with Image.open(path) as back:
            sheets.add("back", back)
    return faces, backs.count, sheets.finish()


class _Backs:
    """A deck's backs as they are drawn: ``<deck>-back.png`` when every card shares one,
    else one PNG a card; only the first back is held, to compare the others with."""

    def __init__(self, deck: str, folder: Path, dpi: float):
        self.deck, self.folder, self.dpi = deck, folder, dpi
        self.first: Image.Image | None = None
        self.first_digest = b""
        self.waiting: list[int] = []  # cards whose back is the first, unwritten while shared
        self.mixed = False
        self.count = 0
        self.distinct: dict[bytes, Path] = {}  # each back's first file, in drawing order

    def add(self, number: int, back: Image.Image) -> None:
        digest = hashlib.blake2b(back.tobytes(), digest_size=16).digest()
        if self.first is None:
            self.first, self.first_digest = back, digest
        if not self.mixed and digest == self.first_digest:
            self.waiting.append(number)
            return
        if not self.mixed:  # a second back: the first one too is written card by card
            self.mixed = True
            for waiting in self.waiting:
                self._write(self.first, waiting, self.first_digest)
        self._write(back, number, digest)

    def _write(self, image: Image.Image, number: int, digest: bytes) -> None:
        path = self.folder / f"{self.deck}-{number:03d}-back.png"
        _save(image, path, self.dpi)
        self.count += 1
        self.distinct.setdefault(digest, path)

    def finish(self) -> list[Path]:
        """The files of the distinct backs (the one shared back written now)."""
        if self.first is not None and not self.mixed:
            path = self.folder / f"{self.deck}-back.png"
            _save(self.first, path, self.dpi)
            self.count = 1
            return [path]
        return list(self.distinct.values())


def _save(image: Image.Image, path: Path, dpi: float) -> None:
    image.save(path, "PNG", dpi=(dpi, dpi), optimize=False)


class _ContactSheets:
    """Trimmed thumbnails with their number and copies, 24 to a sheet, each sheet written
    when full; the first picture sets the thumbnail size."""

    def __init__(self, deck: str, folder: Path, bleed_px: int):
        self.deck, self.folder, self.bleed = deck, folder, bleed_px
        self.cells: list[tuple[str, Image.Image]] = []
        self.thumb = (0, 0)
        self.paths: list[Path] = []
        self.font = ImageFont.truetype(str(fonts_dir() / "DejaVuSans.ttf"), 16)

    def add(self, label: str, image: Image.Image) -> None:
        b = self.bleed
        if not self.paths and not self.cells:
            scale = min(1.0, CONTACT_CELL / (image.width - 2 * b))
            self.thumb = (round((image.width - 2 * b) * scale),
                          round((image.height - 2 * b) * scale))
        trimmed = image.crop((b, b, image.width - b, image.height - b))
        self.cells.append((label, trimmed.resize(self.thumb, Image.Resampling.LANCZOS)))
        if len(self.cells) == CONTACT_COLS * CONTACT_ROWS:
            self._write()

    def _write(self) -> None:
        thumb, chunk = self.thumb, self.cells
        cols = min(CONTACT_COLS, len(chunk))
        rows = math.ceil(len(chunk) / cols)
        canvas = Image.new("RGB", (GAP + cols * (thumb[0] + GAP),
                                   GAP + rows * (thumb[1] + CAPTION + GAP)), "#d9d9d9")
        draw = ImageDraw.Draw(canvas)
        for index, (label, image) in enumerate(chunk):
            row, col = divmod(index, cols)
            x, y = GAP + col * (thumb[0] + GAP), GAP + row * (thumb[1] + CAPTION + GAP)
            canvas.paste(image, (x, y))
            draw.text((x, y + thumb[1] + 5), label, fill="#333333", font=self.font)
        path = self.folder / f"{self.deck}-contact-{len(self.paths) + 1}.png"
        canvas.save(path, "PNG")
        self.paths.append(path)
        self.cells = []

    def finish(self) -> list[Path]:
        if self.cells:
            self._write()
        return self.paths
