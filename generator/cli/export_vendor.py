"""``pnp export tgc|mpc|drivethru|printplaygames``: card images and a manifest for a
print-on-demand shop, one target a shop (the shops' products are templates/vendors.yaml)."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from dataclasses import dataclass

from ..content.wording import counted


@dataclass(frozen=True)
class ShopTarget:
    """One shop's ``pnp export`` target: its parser (description, example) and its run."""

    target: str
    shop: str
    what: str
    example: str

    def register(self, targets: argparse._SubParsersAction) -> None:
        from .export_cmd import game_options

        p = targets.add_parser(
            self.target, help=f"card images and a manifest for {self.shop}",
            description=f"Export decks for {self.shop}: {self.what}, one per distinct face and "
                        "back at 300 dpi, and manifest.json / manifest.csv with how many of "
                        "each. A deck no product of the shop takes is refused unless --fit "
                        "nearest.",
            epilog=f"example: {self.example}")
        game_options(p)
        p.add_argument("--out", help=f"folder (default output/{self.target})")
        p.add_argument("--fit", choices=["nearest"],
                       help="scale decks of a size the shop does not print onto its nearest "
                            "product (says by how much)")

    def run(self, args: argparse.Namespace) -> int:
        from pathlib import Path

        from ..designer.vendor import VendorRequest, export_vendor
        from .options import one_game

        result = export_vendor(VendorRequest(
            self.target, one_game(args), args.lang, Path(args.out) if args.out else None,
            tuple(args.only), tuple(Path(p) for p in args.layouts), args.fallback, args.fit))
        for fit in result.fits:
            product = fit.product
            how = "as is" if fit.scale == 1 else f"scaled to {fit.scale:.1%} to fit its trim"
            print(f"{fit.deck.id}: {counted(len(fit.deck.cards), 'card')} on {product.name} "
                  f"({product.trim.w:g}×{product.trim.h:g} mm, "
                  f"{product.px[0]}×{product.px[1]} px), {how}")
        print(f"wrote {counted(result.images, 'image')} of {counted(result.cards, 'card')} "
              f"into {result.folder}/ (manifest.json, manifest.csv) in {result.seconds:.2f} s")
        order = result.vendor.order_pdf
        for pdf in result.pdfs:
            assert order is not None
            pages = "each back then its face" if order.back_first else "each face then its back"
            print(f"{pdf.name}: the file to order from {result.vendor.name} (PDF/X-1a, CMYK, "
                  f"at most {order.ink_limit} % ink, one card a page, {pages})")
        if result.not_in_pdf:
            print(f"note: {', '.join(result.not_in_pdf)} scaled, so not in the PDF, which draws "
                  f"a card at its own size; give the deck a size {result.vendor.name} prints")
        if result.vendor.wants:
            print(f"note: {result.vendor.name} asks for {result.vendor.wants}")
        return 0


TARGETS: Mapping[str, ShopTarget] = {shop.target: shop for shop in (
    ShopTarget("tgc", "The Game Crafter", "RGB PNG images at its deck templates' sizes",
               "pnp export tgc microbious --only deck"),
    ShopTarget("mpc", "MakePlayingCards", "PNG images with its 0.12 in bleed",
               "pnp export mpc --game-dir my-game"),
    ShopTarget("drivethru", "DriveThruCards", "images at its card sizes with 1/8 in bleed",
               "pnp export drivethru pharma-code --only numbers"),
    ShopTarget("printplaygames", "Print & Play Games",
               "PNG images with 1/8 in bleed (it asks for 2 mm or more)",
               "pnp export printplaygames patient-zero-solo --only deck"),
)}
