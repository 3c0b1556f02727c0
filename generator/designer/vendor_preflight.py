"""A print shop's files read back against the shop's rules before they are kept. An order
PDF: the page count and sizes, the boxes, the total ink of every colour and image, the page
order, and no character inside the safe zone. A card image: its pixel size, colour mode and
resolution. The rules are data (templates/vendors.yaml); a file that breaks one is refused
with the rule, the value found and where, and the export writes nothing (it is staged)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pikepdf
import pypdfium2 as pdfium

from ..content.model import Size
from ..errors import RenderError
from ..pictures import open_picture
from ..units import mm

TOLERANCE_MM = 0.05   # a box within this of the product's is the product's
INK_SLACK = 0.5       # % of ink: rounding of colour operands to 4 decimals


@dataclass(frozen=True)
class OrderPdf:
    """A shop's rules for the PDF it prints from (``order_pdf`` in vendors.yaml)."""

    ink_limit: int        # total ink in %
    back_first: bool      # each card's back page before its face
    per_deck: bool        # one file a deck


@dataclass(frozen=True)
class OrderedDeck:
    """What a deck in an order file must be: its cards, their trim, whether they share a back."""

    id: str
    cards: int
    trim: Size
    shared_back: bool


def preflight(path: Path, order: OrderPdf, decks: Sequence[OrderedDeck], bleed: float,
              safe: float) -> None:
    """Refuse ``path`` unless it holds every card of ``decks`` one a page under ``order``,
    with no character within ``safe`` mm of a page's TrimBox."""
    pdf = pikepdf.open(path)
    problems = [*_pages(pdf, decks, bleed), *_ink(pdf, order.ink_limit),
                *_order(pdf, order, decks), *_safe_zone(path, safe)]
    if problems:
        raise RenderError(f"{path.name} breaks the shop's rules (templates/vendors.yaml "
                          f"order_pdf): {'; '.join(problems[:5])}")


def check_image(path: Path, px: tuple[int, int], mode: str, dpi: int) -> None:
    """Refuse a card image unless it is the product's pixel size in the shop's colour mode
    and says the shop's resolution (vendors.yaml ``px``, ``mode``, ``dpi``)."""
    with open_picture(path, path.name, path.name) as image:
        found = image.size, image.mode, image.info.get("dpi", (0, 0))
    problems = []
    if found[0] != tuple(px):
        problems.append(f"{found[0][0]}×{found[0][1]} px where the product takes {px[0]}×{px[1]}")
    if found[1] != mode:
        problems.append(f"colour mode {found[1]} where the shop takes {mode}")
    if any(abs(float(v) - dpi) > 0.5 for v in found[2]):
        problems.append(f"{float(found[2][0]):.0f} dpi where the shop prints at {dpi}")
    if problems:
        raise RenderError(f"{path.name} breaks the shop's rules (templates/vendors.yaml): "
                          + "; ".join(problems))


def _safe_zone(path: Path, safe: float) -> Iterator[str]:
    """Every page with a character within ``safe`` mm of its TrimBox (the font's box of
    the character, as a viewer selects it), the nearest named."""
    document = pdfium.PdfDocument(path)
    try:
        for number in range(len(document)):
            page = document[number]
            left, bottom, right, top = page.get_trimbox()
            text = page.get_textpage()
            nearest: tuple[float, str] | None = None
            for index in range(text.count_chars()):
                char = text.get_text_range(index, 1)
                if not char.strip():
                    continue
                x0, y0, x1, y1 = text.get_charbox(index, loose=True)
                gap = min(x0 - left, right - x1, y0 - bottom, top - y1)
                if gap < mm(safe) - mm(TOLERANCE_MM) and (nearest is None or gap < nearest[0]):
                    nearest = (gap, char)
            if nearest is not None:
                yield (f"page {number + 1}: '{nearest[1]}' lies {nearest[0] / mm(1):.2f} mm "
                       f"inside the trim, within the {safe:g} mm safe zone")
    finally:
        document.close()


def _pages(pdf: pikepdf.Pdf, decks: Sequence[OrderedDeck], bleed: float) -> Iterator[str]:
    wanted = sum(2 * deck.cards for deck in decks)
    if len(pdf.pages) != wanted:
        yield f"{len(pdf.pages)} pages where its cards need {wanted} (a face and a back each)"
        return
    number = 0
    for deck in decks:
        sheet = (mm(deck.trim.w + 2 * bleed), mm(deck.trim.h + 2 * bleed))
        for _ in range(2 * deck.cards):
            page = pdf.pages[number]
            number += 1
            x0, y0, x1, y1 = (float(v) for v in page.mediabox)
            trim = [float(v) for v in page.obj.get("/TrimBox", page.mediabox)]
            inset = [trim[0] - x0, trim[1] - y0, x1 - trim[2], y1 - trim[3]]
            if max(abs(x1 - x0 - sheet[0]), abs(y1 - y0 - sheet[1]),
                   *(abs(v - mm(bleed)) for v in inset)) > mm(TOLERANCE_MM):
                yield (f"page {number} is not a {deck.trim.w:g}×{deck.trim.h:g} mm card with "
                       f"{bleed:g} mm of bleed")


def _ink(pdf: pikepdf.Pdf, limit: int) -> Iterator[str]:
    """Every colour operator and image pixel over ``limit`` % of total ink."""
    for where, owner in _streams(pdf):
        for instruction in pikepdf.parse_content_stream(owner):
            operator, values = str(instruction.operator), instruction.operands
            if operator in ("k", "K", "sc", "SC", "scn", "SCN") and len(values) == 4:
                total = 100 * sum(float(v) for v in values)
                if total > limit + INK_SLACK:
                    yield f"{where} paints {total:.0f} % ink, over {limit} %"
                    break
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image" \
                and obj.get("/ColorSpace") == pikepdf.Name.DeviceCMYK:
            pixels = np.asarray(pikepdf.PdfImage(obj).as_pil_image(), dtype=np.float64)
            total = 100 * float(pixels.sum(axis=-1).max()) / 255
            if total > limit + INK_SLACK:
                yield f"an image reaches {total:.0f} % ink, over {limit} %"


def _order(pdf: pikepdf.Pdf, order: OrderPdf, decks: Sequence[OrderedDeck]) -> Iterator[str]:
    """With one back for every card of a deck, the back pages are alike and the faces are
    not: the pages that are alike must be where the shop wants the backs."""
    first = 0
    for deck in decks:
        pages = pdf.pages[first:first + 2 * deck.cards]
        first += 2 * deck.cards
        if not deck.shared_back or deck.cards < 2:
            continue
        streams = [page.obj.Contents.read_bytes() for page in pages]
        backs = streams[0::2] if order.back_first else streams[1::2]
        if len(set(backs)) != 1:
            side = "odd" if order.back_first else "even"
            yield (f"deck {deck.id}: its {side} pages are not its back, which the shop wants "
                   + ("first" if order.back_first else "after each face"))


def _streams(pdf: pikepdf.Pdf) -> Iterator[tuple[str, pikepdf.Object]]:
    seen: set[tuple[int, int]] = set()
    for number, page in enumerate(pdf.pages, start=1):
        yield f"page {number}", page.obj
        yield from _forms(page.obj.get("/Resources"), f"page {number}", seen)


def _forms(resources: pikepdf.Object | None, where: str,
           seen: set[tuple[int, int]]) -> Iterator[tuple[str, pikepdf.Object]]:
    if resources is None or "/XObject" not in resources:
        return
    for name, xobject in resources.XObject.items():
        if xobject.get("/Subtype") == "/Form" and xobject.objgen not in seen:
            seen.add(xobject.objgen)
            yield f"{where}, drawing {name}", xobject
            yield from _forms(xobject.get("/Resources"), f"{where}, drawing {name}", seen)
