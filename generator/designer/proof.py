"""``pnp proof``: a PNG of every distinct card face and back (trim + bleed) and contact sheets
per deck, for a designer to look at and for tests to check pixel by pixel.

Everything is written to a staging folder and swapped in whole (see :mod:`.staging`), so an
error never leaves a half-written set of proofs over the last good one.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from ..errors import UsageError
from ..resources import fonts_dir
from .raster import DeckImages, Rasterizer, caption, distinct_cards
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
            images = raster.render(deck, distinct_cards(deck), request.dpi, request.bleed)
            faces, backs = faces + len(images.fronts), backs + _write_cards(images, staging)
            sheets += _write_contact_sheets(images, staging)
    return ProofResult(target, faces, backs, tuple(target / s.name for s in sheets),
                       time.perf_counter() - started)


def _write_cards(images: DeckImages, folder: Path) -> int:
    """Face PNGs ``<deck>-001-front.png``…; backs as ``<deck>-back.png`` when every card
    shares one back, else one per card. Returns the number of back PNGs."""
    deck = images.deck.id
    for number, front in enumerate(images.fronts, start=1):
        _save(front, folder / f"{deck}-{number:03d}-front.png", images.dpi)
    backs = [(n, b) for n, b in enumerate(images.backs, start=1) if b is not None]
    if not backs:
        return 0
    if all(b.tobytes() == backs[0][1].tobytes() for _, b in backs):
        _save(backs[0][1], folder / f"{deck}-back.png", images.dpi)
        return 1
    for number, back in backs:
        _save(back, folder / f"{deck}-{number:03d}-back.png", images.dpi)
    return len(backs)


def _save(image: Image.Image, path: Path, dpi: float) -> None:
    image.save(path, "PNG", dpi=(dpi, dpi), optimize=False)


def _write_contact_sheets(images: DeckImages, folder: Path) -> list[Path]:
    """Trimmed thumbnails with their number and copies, 24 to a sheet, distinct backs last."""
    deck = images.deck
    cells = [(caption(deck, item), front)
             for item, front in zip(images.items, images.fronts, strict=True)]
    seen: list[bytes] = []
    for back in images.backs:
        if back is not None and back.tobytes() not in seen:
            seen.append(back.tobytes())
            cells.append(("back", back))
    b = images.bleed_px
    first = cells[0][1]
    scale = min(1.0, CONTACT_CELL / (first.width - 2 * b))
    thumb = (round((first.width - 2 * b) * scale), round((first.height - 2 * b) * scale))
    font = ImageFont.truetype(str(fonts_dir() / "DejaVuSans.ttf"), 16)
    per_sheet = CONTACT_COLS * CONTACT_ROWS
    count = math.ceil(len(cells) / per_sheet)
    paths = []
    for sheet in range(count):
        chunk = cells[sheet * per_sheet:(sheet + 1) * per_sheet]
        cols = min(CONTACT_COLS, len(chunk))
        rows = math.ceil(len(chunk) / cols)
        canvas = Image.new("RGB", (GAP + cols * (thumb[0] + GAP),
                                   GAP + rows * (thumb[1] + CAPTION + GAP)), "#d9d9d9")
        draw = ImageDraw.Draw(canvas)
        for index, (label, image) in enumerate(chunk):
            row, col = divmod(index, cols)
            x, y = GAP + col * (thumb[0] + GAP), GAP + row * (thumb[1] + CAPTION + GAP)
            trimmed = image.crop((b, b, image.width - b, image.height - b))
            canvas.paste(trimmed.resize(thumb, Image.Resampling.LANCZOS), (x, y))
            draw.text((x, y + thumb[1] + 5), label, fill="#333333", font=font)
        path = folder / f"{deck.id}-contact-{sheet + 1}.png"
        canvas.save(path, "PNG")
        paths.append(path)
    return paths
