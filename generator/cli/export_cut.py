"""``pnp export cut``: cut lines (SVG and DXF) of every card sheet, for a cutting machine."""

from __future__ import annotations

import argparse

from ..content.wording import counted
from .options import positive_int


def register(targets: argparse._SubParsersAction) -> None:
    from ..content.machines import machines
    from ..content.sizes import papers
    from .build_cmd import layout_options
    from .export_cmd import game_options

    p = targets.add_parser(
        "cut", help="cut lines of every card sheet (SVG, DXF) for a cutting machine",
        description="Write, for each sheet of cards of the PDF that 'pnp build' writes with "
                    "the same options, an SVG (mm, viewBox = the page) and a DXF with one "
                    "closed, round-cornered path per card's trim line. With --machine, the "
                    "sheets are those of 'pnp build --registration MACHINE'.",
        epilog="example: pnp export cut save-patient-zero --machine silhouette --paper a4")
    game_options(p)
    p.add_argument("--machine", choices=machines(),
                   help="the cutting machine: cut lines of the build with its registration "
                        "marks (pnp build --registration MACHINE)")
    p.add_argument("--paper", choices=list(papers()), default="a4", help="paper (default a4)")
    p.add_argument("--copies", type=positive_int, help="as pnp build --copies")
    layout_options(p)
    p.add_argument("--out", default="output/cut", help="folder (default output/cut)")


def run(args: argparse.Namespace) -> int:
    from dataclasses import replace
    from pathlib import Path

    from ..designer.cut import export_cut
    from ..pipeline.request import BuildRequest
    from .build_cmd import layout_settings
    from .options import one_game

    options = replace(layout_settings(args, args.machine), paper=args.paper)
    request = BuildRequest(one_game(args), args.lang, options, tuple(args.only), args.copies,
                           Path(args.out), args.fallback, tuple(Path(p) for p in args.layouts),
                           guide=not args.no_guide)
    result = export_cut(request)
    print(f"wrote the cut lines of {counted(result.cards, 'card')} on "
          f"{counted(result.sheets, 'sheet')} of {result.pdf} (SVG and DXF) into "
          f"{result.folder}/ in {result.seconds:.2f} s")
    return 0
