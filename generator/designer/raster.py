"""Cards as pixels: each card face drawn by the print engine on its own page (card + bleed),
then rasterized with pdfium. Proofs and digital-table exports share this one path, so a PNG
shows exactly what the PDF prints."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from ..content.model import Deck, Game
from ..errors import UsageError
from ..i18n.catalog import Translator, require_translations, translator
from ..imposition.plan import ComponentPlan, PagePlan, Placement, PrintOptions, Side
from ..limits import limit, past
from ..pipeline.build import fallback_marker
from ..pipeline.contexts import Contexts
from ..pipeline.load import resolve_game
from ..pipeline.request import BuildRequest
from ..render.document import DocumentInfo, render_pdf

MAX_PX = 20_000  # refuse absurd dpi × size requests before pdfium allocates them


@dataclass(frozen=True)
class DeckImages:
    """Rendered cards of one deck: ``items`` index ``deck.cards``; a back is None when the
    card has no back layout."""

    deck: Deck
    items: tuple[int, ...]
    fronts: tuple[Image.Image, ...]
    backs: tuple[Image.Image | None, ...]
    dpi: float
    bleed_px: int


def px(length_mm: float, dpi: float) -> int:
    return round(length_mm / 25.4 * dpi)


CAPTION_TITLE = 16  # characters of a card's title a caption shows (a thumbnail's width)


def distinct_cards(deck: Deck) -> list[int]:
    """One index per card row (its first copy): what a designer proofs."""
    return [i for i, card in enumerate(deck.cards) if card.copy == 1]


def copies_at(deck: Deck, item: int) -> int:
    """How many copies the row of ``deck.cards[item]`` expands into (they follow it)."""
    count = 1
    while item + count < len(deck.cards) and deck.cards[item + count].copy == count + 1:
        count += 1
    return count


def caption(deck: Deck, item: int) -> str:
    """The line under a card's picture, the same in proofs and in ``pnp watch``: its number
    in the deck, as errors about it give it (its row's), its title and its copies."""
    card = deck.cards[item]
    number = card.origin.number if card.origin else distinct_cards(deck).index(item) + 1
    title = card.origin.title if card.origin else ""
    title = title if len(title) <= CAPTION_TITLE else title[:CAPTION_TITLE - 1] + "…"
    return " ".join(part for part in (f"{number:03d}", title, f"×{copies_at(deck, item)}")
                    if part)


class Rasterizer:
    """One game in one language, ready to draw any of its decks at any resolution."""

    def __init__(self, game: str | Path, lang: str = "en", layout_dirs: tuple[Path, ...] = (),
                 fallback: str | None = None):
        self.request = BuildRequest(game, lang, fallback=fallback, layout_dirs=layout_dirs)
        self.game: Game = resolve_game(game, layout_dirs)
        self.tr: Translator = translator(lang, self.game.folder, fallback=fallback is not None)

    def decks(self, only: tuple[str, ...] = ()) -> list[Deck]:
        decks = [c for c in self.game.components if isinstance(c, Deck)]
        unknown = [d for d in only if d not in {deck.id for deck in decks}]
        if unknown:
            raise UsageError(f"no deck named {', '.join(unknown)} in {self.game.id}; decks: "
                             f"{', '.join(d.id for d in decks) or '(none)'}")
        chosen = [d for d in decks if (not only or d.id in only) and d.cards]
        if not chosen:
            raise UsageError(f"{self.game.id} has no cards to draw (no deck, or every qty is 0)")
        return chosen

    def render(self, deck: Deck, items: list[int], dpi: float, bleed: float) -> DeckImages:
        """Fronts and backs of ``deck.cards[i]`` for each i in ``items``, all held at once:
        for a few cards (a test, a cell); a whole deck goes through :meth:`sides`."""
        drawn = list(self.sides(deck, items, dpi, bleed))
        return DeckImages(deck, tuple(items), tuple(front for _, front, _ in drawn),
                          tuple(back for _, _, back in drawn), dpi, px(bleed, dpi))

    def sides(self, deck: Deck, items: list[int], dpi: float,
              bleed: float) -> Iterator[tuple[int, Image.Image, Image.Image | None]]:
        """(i, front, back) of ``deck.cards[i]`` for each i in ``items``, back None when the
        card has none: the cards drawn in one PDF, rasterized one page at a time, so a caller
        that saves or drops each picture holds one card's, however many the deck has."""
        size = deck.size
        width, height = px(size.w + 2 * bleed, dpi), px(size.h + 2 * bleed, dpi)
        if max(width, height) > MAX_PX:
            raise UsageError(f"{dpi:g} dpi makes {width}×{height} px cards; use a lower --dpi")
        if width * height > limit("card_pixels"):  # 4 bytes a pixel while pdfium draws it
            raise UsageError(f"{deck.id}: {dpi:g} dpi makes {width}×{height} px cards, "
                             + past("card_pixels", f"{width * height:,} pixels")
                             + "; use a lower --dpi")
        pages: list[PagePlan] = []  # each card's front, then its back when it has one
        for item in items:
            card = deck.cards[item]
            for side, layout in ((Side.FRONT, card.front), (Side.BACK, card.back)):
                if layout is None:
                    continue
                placement = Placement(layout, item, side, bleed, bleed, size.w, size.h, 0, bleed)
                pages.append(PagePlan(size.w + 2 * bleed, size.h + 2 * bleed, (placement,),
                                      side=side))
        options = PrintOptions(bleed=bleed)
        contexts = Contexts(self.game, self.tr, BuildRequest(
            self.request.game, self.request.lang, options, fallback=self.request.fallback))
        plans = [ComponentPlan(deck.id, deck.id, tuple(pages))]
        info = DocumentInfo(f"{self.game.id} {deck.id} proof", deck.id, "")
        marker = fallback_marker(self.game, self.tr) if self.request.fallback else None
        data = render_pdf(self.game, plans, contexts, info, after_placement=marker,
                          page_footer=False)
        require_translations(self.tr, self.tr.missing)
        images = rasterize(data, dpi, (width, height))
        for item in items:
            front = next(images)
            yield item, front, next(images) if deck.cards[item].back is not None else None


def rasterize(pdf: bytes, dpi: float, size: tuple[int, int]) -> Iterator[Image.Image]:
    """Each page in turn as an RGB image of exactly ``size`` pixels (pdfium rounds page
    sizes up); one page's bitmap at a time."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        for page in document:
            image = page.render(scale=dpi / 72).to_pil().convert("RGB")
            page.close()
            if image.size != size:
                image = image.crop((0, 0, *size)) if image.width >= size[0] and \
                    image.height >= size[1] else image.resize(size, Image.Resampling.LANCZOS)
            yield image
    finally:
        document.close()
