"""``pnp export tgc|mpc|drivethru|printplaygames``: a deck as the images a print-on-demand shop
takes, one per distinct face and back, with a manifest of how many of each to order.

The products of each shop are data (``templates/vendors.yaml``). A deck is taken as is when
its size is within the tolerance of a product's trim; otherwise it is refused, naming the
nearest products, unless the designer asks for ``fit="nearest"``: the deck is then drawn
uniformly scaled to fit inside that product's trim (nothing of the card is lost) and its bleed
is extended to fill the rest of the shop's canvas. Every physical card (after ``qty``) is
drawn, since a layout may print its number; identical images are written once. A shop that
orders from a PDF (DriveThruCards: ``order_pdf``) also gets ``pnp build --pdfx --one-up`` of
the decks it takes as is.
"""

from __future__ import annotations

import csv
import hashlib
import json
import math
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from ..content.model import Deck, Size
from ..content.sizes import card_sizes
from ..content.wording import counted
from ..content.yamlio import load_yaml
from ..errors import RenderError, UsageError
from ..pipeline.build import build_one_up
from ..resources import templates_dir
from .raster import Rasterizer
from .staging import staged
from .vendor_preflight import OrderedDeck, OrderPdf, check_image, preflight


@dataclass(frozen=True)
class Product:
    id: str
    name: str
    trim: Size
    bleed: tuple[float, float]   # mm beyond the trim on each side, across and down
    px: tuple[int, int]


@dataclass(frozen=True)
class Vendor:
    id: str
    name: str
    dpi: int
    format: str
    wants: str                   # what the shop asks for beyond these images ('' = nothing)
    products: tuple[Product, ...]
    mode: str = "RGB"            # every card image's colour mode (Pillow's name)
    safe: float = 3.175          # mm inside the trim that text and icons keep clear of
    order_pdf: OrderPdf | None = None  # its order files: pnp build --pdfx --one-up


@dataclass(frozen=True)
class DeckFit:
    """A deck on a product: ``scale`` 1 when it is taken as is."""

    deck: Deck
    product: Product
    scale: float


@dataclass(frozen=True)
class VendorRequest:
    vendor: str
    game: str | Path
    lang: str = "en"
    out_dir: Path | None = None  # default output/<vendor>
    decks: tuple[str, ...] = ()
    layout_dirs: tuple[Path, ...] = ()
    fallback: str | None = None
    fit: str | None = None       # "nearest": scale decks no product takes as is


@dataclass(frozen=True)
class VendorResult:
    vendor: Vendor
    folder: Path
    manifest: Path
    fits: tuple[DeckFit, ...]
    images: int
    cards: int
    seconds: float
    pdfs: tuple[Path, ...] = ()     # the shop's order files (order_pdf)
    not_in_pdf: tuple[str, ...] = ()  # scaled decks, which a one-up PDF cannot hold


def tolerance_mm() -> float:
    return float(_data()["match_tolerance_mm"])


def vendors() -> dict[str, Vendor]:
    """Every vendor of ``templates/vendors.yaml``, by id."""
    return {vendor_id: _vendor(vendor_id, raw) for vendor_id, raw in _data()["vendors"].items()}


def vendor(vendor_id: str) -> Vendor:
    table = vendors()
    if vendor_id not in table:
        raise UsageError(f"no vendor '{vendor_id}'; vendors: {', '.join(table)}")
    return table[vendor_id]


def match(size: Size, shop: Vendor, tolerance: float) -> Product | None:
    """The product whose trim is within ``tolerance`` mm of ``size`` on both sides (the
    closest if several are)."""
    close = [p for p in shop.products
             if abs(p.trim.w - size.w) <= tolerance and abs(p.trim.h - size.h) <= tolerance]
    return min(close, key=lambda p: _distance(size, p), default=None)


def nearest(size: Size, shop: Vendor, count: int = 2) -> list[tuple[Product, float]]:
    """The ``count`` products nearest to ``size`` (by the largest change of either side), each
    with the scale that fits the deck inside its trim."""
    ranked = sorted(shop.products, key=lambda p: _distance(size, p))
    return [(p, fit_scale(size, p)) for p in ranked[:count]]


def fit_scale(size: Size, product: Product) -> float:
    return min(product.trim.w / size.w, product.trim.h / size.h)


def plan(decks: list[Deck], shop: Vendor, fit: str | None = None) -> list[DeckFit]:
    """Each deck on its product; a UsageError naming every deck no product takes (with the
    nearest products) unless ``fit`` is "nearest"."""
    tolerance = tolerance_mm()
    fits: list[DeckFit] = []
    refused: list[str] = []
    for deck in decks:
        product = match(deck.size, shop, tolerance)
        if product is not None:
            fits.append(DeckFit(deck, product, 1.0))
            continue
        options = nearest(deck.size, shop)
        if fit == "nearest":
            fits.append(DeckFit(deck, *options[0]))
            continue
        offers = "; ".join(f"{p.name} {_mm(p.trim)} (scale {scale:.1%})"
                           for p, scale in options)
        refused.append(f"  {deck.id} is {_mm(deck.size)}: nearest {offers}")
    if refused:
        taken = [f.deck.id for f in fits]
        only = f", or --only {','.join(taken)} for the decks it takes" if taken else ""
        raise UsageError(
            f"{shop.name} has no card product of the size of {counted(len(refused), 'deck')} "
            f"(within {tolerance:g} mm; "
            f"products: templates/vendors.yaml):\n" + "\n".join(refused) +
            f"\nuse --fit nearest to scale each onto its nearest product on purpose{only}")
    return fits


def export_vendor(request: VendorRequest) -> VendorResult:
    started = time.perf_counter()
    shop = vendor(request.vendor)
    raster = Rasterizer(request.game, request.lang, request.layout_dirs, request.fallback)
    fits = plan(raster.decks(request.decks), shop, request.fit)
    out_dir = request.out_dir if request.out_dir is not None else Path("output") / shop.id
    target = Path(out_dir) / f"{raster.game.id}-{request.lang}"
    files: list[dict[str, Any]] = []
    pdfs: list[str] = []
    scaled = tuple(f.deck.id for f in fits if f.scale != 1) if shop.order_pdf else ()
    with staged(target) as staging:
        for deck_fit in fits:
            files += _export_deck(raster, shop, deck_fit, staging)
        manifest = _manifest(shop, raster.game.id, request.lang, fits, files)
        if shop.order_pdf:
            pdfs = _one_up_pdfs(request, shop.order_pdf, [f for f in fits if f.scale == 1],
                                staging, shop.safe)
            manifest.update(pdfs=pdfs, not_in_pdf=list(scaled))
        (staging / "manifest.json").write_text(json.dumps(manifest, indent=1, ensure_ascii=False)
                                               + "\n", encoding="utf-8")
        with (staging / "manifest.csv").open("w", newline="", encoding="utf-8") as stream:
            writer = csv.DictWriter(stream, ["file", "deck", "side", "quantity"])
            writer.writeheader()
            writer.writerows({key: row[key] for key in writer.fieldnames} for row in files)
    return VendorResult(shop, target, target / "manifest.json", tuple(fits), len(files),
                        sum(len(f.deck.cards) for f in fits), time.perf_counter() - started,
                        tuple(target / name for name in pdfs), scaled)


def _one_up_pdfs(request: VendorRequest, order: OrderPdf, fits: list[DeckFit],
                 folder: Path, safe: float) -> list[str]:
    """The decks taken as is as ``pnp build --pdfx --one-up`` draws them (PDF/X-1a, CMYK, a
    card a page at trim + the product's bleed) under the shop's rules: its ink limit, its page
    order, one file a deck or one a bleed; each file re-read against those rules before it
    stays (``vendor_preflight``). A scaled deck is left out: that PDF draws a card at its own
    size."""
    groups: dict[tuple[float, str], list[DeckFit]] = {}
    for deck_fit in fits:
        key = (max(deck_fit.product.bleed), deck_fit.deck.id if order.per_deck else "")
        groups.setdefault(key, []).append(deck_fit)
    names = []
    for (bleed, _), group in groups.items():
        result = build_one_up(request.game, request.lang, folder, bleed,
                              tuple(f.deck.id for f in group), request.layout_dirs,
                              order.ink_limit, request.fallback, order.back_first)
        preflight(result.path, order, [OrderedDeck(
            f.deck.id, len(f.deck.cards), f.deck.size,
            len({card.back for card in f.deck.cards}) == 1) for f in group], bleed, safe)
        names.append(result.path.name)
    return names


def _export_deck(raster: Rasterizer, shop: Vendor, deck_fit: DeckFit,
                 folder: Path) -> list[dict[str, Any]]:
    """The deck's distinct fronts and backs written as PNG, each with its quantity."""
    deck, product = deck_fit.deck, deck_fit.product
    seen: dict[tuple[str, str], dict[str, Any]] = {}
    rows: list[dict[str, Any]] = []
    for side, image in _card_images(raster, shop, deck_fit):
        key = (side, hashlib.sha256(image.tobytes()).hexdigest())
        if key in seen:
            seen[key]["quantity"] += 1
            continue
        number = sum(1 for row in rows if row["side"] == side) + 1
        row: dict[str, Any] = {"file": f"{deck.id}-{side}-{number:03d}.png", "deck": deck.id,
                               "side": side, "quantity": 1, "product": product.id}
        image.save(folder / row["file"], dpi=(shop.dpi, shop.dpi))
        check_image(folder / row["file"], product.px, shop.mode, shop.dpi)
        seen[key] = row
        rows.append(row)
    return rows


def _card_images(raster: Rasterizer, shop: Vendor,
                 deck_fit: DeckFit) -> Iterator[tuple[str, Image.Image]]:
    """("front" | "back", image at the product's pixel size) for every physical card."""
    deck, product, scale = deck_fit.deck, deck_fit.product, deck_fit.scale
    dpi = shop.dpi * scale
    canvas_w, canvas_h = (n / shop.dpi * 25.4 / scale for n in product.px)  # in deck mm
    bleed = max(canvas_w - deck.size.w, canvas_h - deck.size.h, 0.0) / 2 + 25.4 / dpi
    blank = str(_data()["blank_back"])
    for _, front, back in raster.sides(deck, list(range(len(deck.cards))), dpi, bleed):
        yield "front", _centre(front, product.px)  # one card's pictures held at a time
        yield "back", (_centre(back, product.px) if back is not None
                       else Image.new("RGB", product.px, blank))


def _centre(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    left, top = (image.width - size[0]) // 2, (image.height - size[1]) // 2
    return image.crop((left, top, left + size[0], top + size[1]))


def _manifest(shop: Vendor, game: str, lang: str, fits: list[DeckFit],
              files: list[dict[str, Any]]) -> dict[str, Any]:
    decks = []
    for deck_fit in fits:
        deck, product = deck_fit.deck, deck_fit.product
        decks.append({
            "id": deck.id, "cards": len(deck.cards), "size_mm": [deck.size.w, deck.size.h],
            "product": product.id, "product_name": product.name,
            "trim_mm": [product.trim.w, product.trim.h], "bleed_mm": list(product.bleed),
            "px": list(product.px), "scale": round(deck_fit.scale, 4),
            "fronts": sum(1 for f in files if f["deck"] == deck.id and f["side"] == "front"),
            "backs": sum(1 for f in files if f["deck"] == deck.id and f["side"] == "back")})
    return {"vendor": shop.id, "vendor_name": shop.name, "game": game, "lang": lang,
            "dpi": shop.dpi, "format": shop.format, "wants": shop.wants or None,
            "decks": decks, "files": files}


def _distance(size: Size, product: Product) -> tuple[float, float]:
    """How far a product is from a size: the larger change of either side as a log ratio (so
    90 % and 111 % are as far), then the two changes together (poker before bridge for a
    70 mm square, whose height both change alike)."""
    changes = (abs(math.log(product.trim.w / size.w)), abs(math.log(product.trim.h / size.h)))
    return max(changes), sum(changes)


def _mm(size: Size) -> str:
    return f"{size.w:g}×{size.h:g} mm"


def _data() -> dict[str, Any]:
    return load_yaml(templates_dir() / "vendors.yaml")


def _vendor(vendor_id: str, raw: dict[str, Any]) -> Vendor:
    named = card_sizes()
    products = []
    for product_id, spec in raw["products"].items():
        trim = spec["trim"]
        bleed = spec["bleed"]
        products.append(Product(
            str(product_id), str(spec["name"]),
            named[trim] if isinstance(trim, str) else Size(float(trim[0]), float(trim[1])),
            (float(bleed[0]), float(bleed[1])) if isinstance(bleed, list)
            else (float(bleed), float(bleed)),
            (int(spec["px"][0]), int(spec["px"][1]))))
    order = raw.get("order_pdf")
    if (raw["files"] == "pdf") != bool(order):
        raise RenderError(f"templates/vendors.yaml: vendor {vendor_id} takes files: "
                          f"{raw['files']}, which needs order_pdf exactly when it is pdf")
    return Vendor(vendor_id, str(raw["name"]), int(raw["dpi"]), str(raw["format"]),
                  str(raw.get("wants", "")), tuple(products), str(raw["mode"]),
                  float(raw["safe"]),
                  OrderPdf(int(order["ink_limit"]), bool(order["back_first"]),
                           bool(order["per_deck"])) if order else None)
