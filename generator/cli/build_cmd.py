"""``pnp build``: print-ready PDFs for games × languages × papers."""

from __future__ import annotations

import argparse
from dataclasses import replace

from ..content.machines import machines
from ..errors import UsageError
from ..imposition.plan import Backs, Duplex, PrintOptions
from .options import csv_list, language_list, non_negative_mm, offset, positive_int, rotation


def kit(action: argparse.Action) -> argparse.Action:
    """Declare an option one only a kit reads (where it is added): with --alignment-page,
    any such option set means "build the kits too"."""
    action.kit_only = True  # type: ignore[attr-defined]
    return action


def kit_defaults(p: argparse.ArgumentParser) -> dict[str, object]:
    """The default of each option declared with :func:`kit`."""
    return {a.dest: a.default for a in p._actions if getattr(a, "kit_only", False)}


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("build", help="build print-and-play PDFs into output/")
    kit(p.add_argument("games", nargs="*", default=[],
                       help="game ids (default: every built-in game)"))
    kit(p.add_argument("--game-dir", help="build a game folder (game.yaml, layouts/, locales/)"))
    kit(p.add_argument("--lang", type=language_list,
                       help="languages, comma-separated (default: a built-in game's fr,en,de, "
                            "a --game-dir's en, and each language of a catalog in its "
                            "locales/ or in pnp-locales/<game>/)"))
    p.add_argument("--paper", type=csv_list, default=["a4", "letter"],
                   help="papers: a4, letter (default both)")
    kit(p.add_argument("--only", type=csv_list, default=[], metavar="IDS",
                       help="build only these components: their ids, comma-separated, as "
                            "'pnp list' shows them (lab-sheet,rules); with no game named, every "
                            "game that has one. The file name says which: …-a4-lab-sheet.pdf"))
    kit(p.add_argument("--copies", type=positive_int,
                       help="copies of each sheet (lab sheets…); the file name ends -xN"))
    p.add_argument("--out", default="output",
                   help="output folder, made if missing (default output/)")
    layout_options(p)
    kit(p.add_argument("--registration", choices=machines(),
                       help="print a cutting machine's registration marks on every card sheet "
                            "(cricut: its Print Then Cut area, Design Space prints the marks); "
                            "pnp export cut --machine writes the cut lines"))
    p.add_argument("--back-offset", type=offset, default=None, metavar="X,Y",
                   help="move backs by X,Y mm to correct a printer's drift")
    p.add_argument("--back-rotation", type=rotation, default=None, metavar="DEG",
                   help="turn backs by DEG degrees clockwise about the page centre, for a "
                        "printer that turns them (read it from --alignment-page)")
    p.add_argument("--printer", metavar="NAME",
                   help="take the back offset and rotation of printer NAME from "
                        "~/.config/pnp/printers.yaml ($XDG_CONFIG_HOME); --back-offset and "
                        "--back-rotation given as well win")
    kit(p.add_argument("--ink-saver", action="store_true", help="light fills for home printers"))
    kit(p.add_argument("--pdfx", action="store_true",
                       help="print-ready for a print shop: PDF/X-1a, every colour CMYK through the "
                            "FOGRA39 profile, trim and bleed boxes; the file name ends -pdfx"))
    kit(p.add_argument("--one-up", action="store_true",
                       help="the decks only, one card a page at its size plus the bleed, no crop "
                            "marks, each front followed by its back (with --pdfx: what "
                            "DriveThruCards and MB Print take); one file, whatever --paper says"))
    kit(p.add_argument("--ink-limit", type=positive_int, default=0, metavar="PERCENT",
                       help="with --pdfx: the most ink any colour takes, C+M+Y+K in %% (default "
                            "the profile's 300; DriveThruCards asks for 240); the file name ends "
                            "-inkPERCENT"))
    p.add_argument("--alignment-page", action="store_true",
                   help="write a duplex calibration sheet; alone, only that sheet (name games "
                        "or other build options to build kits too)")
    kit(p.add_argument("--fallback", choices=["en"], help="use English for missing translations"))
    kit(p.add_argument("--rules-url", metavar="URL",
                       help="address in the rule cards' QR codes; {game} and {lang} are filled "
                            "in (default: vars.rules_url of the game; without one, no QR code is "
                            "printed)"))
    kit(p.add_argument("--layouts", action="append", default=[],
                       help="a folder of your own layouts, searched before the built-ins"))
    p.add_argument("--quiet", action="store_true",
                   help="print only warnings and errors: no line per PDF, no progress bar, no "
                        "summary")
    p.add_argument("--jobs", type=positive_int, default=None,
                   help="PDFs built at once (default: the number of cores)")
    p.add_argument("--force", action="store_true",
                   help="rebuild even PDFs whose inputs have not changed")
    p.set_defaults(kit_defaults=kit_defaults(p))


def layout_options(p: argparse.ArgumentParser) -> None:
    """The options that move cards on a page or pages in a PDF: ``pnp export cut`` takes them
    too, so its cut lines are those of the PDF built with the same ones."""
    kit(p.add_argument("--bleed", type=non_negative_mm, default=3.0,
                       help="bleed in mm (default 3)"))
    kit(p.add_argument("--gutter", type=non_negative_mm, nargs="?", const=0.0, default=None,
                       metavar="MM", help="cards apart, each with its own bleed and crop marks, MM "
                            "apart (default: none; cards share their cut lines)"))
    p.add_argument("--duplex", choices=list(Duplex), default=Duplex.LONG.value,
                   help="flip edge of a duplex printer, or none (default long)")
    kit(p.add_argument("--backs", choices=list(Backs), default=Backs.END.value,
                       help="with --duplex none: back pages at the end, or fold-and-glue pairs"))
    kit(p.add_argument("--no-crop-marks", action="store_true", help="leave out crop marks"))
    kit(p.add_argument("--no-guide", action="store_true",
                       help="leave out the print guide (page 1: the pages to print each way, what "
                            "to cut and glue, what to bring); the file name ends -no-guide"))


def layout_settings(args: argparse.Namespace, registration: str | None) -> PrintOptions:
    """The print options of ``layout_options`` (the paper and corrections left default)."""
    return PrintOptions(bleed=args.bleed, gutter=args.gutter or 0.0,
                        shared_cuts=args.gutter is None, duplex=args.duplex,
                        backs=args.backs, crop_marks=not args.no_crop_marks,
                        registration=registration or "")


def back_corrections(args: argparse.Namespace) -> tuple[tuple[float, float], float]:
    """The back offset and rotation: those typed, else those of ``--printer``, else none."""
    from ..pipeline.printers import PrinterProfile, printer_profile

    flip = "short" if args.duplex == "short" else "long"
    profile = printer_profile(args.printer, flip=flip) if args.printer else PrinterProfile("")
    return (profile.back_offset if args.back_offset is None else args.back_offset,
            profile.back_rotation if args.back_rotation is None else args.back_rotation)


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..pipeline.batch import build_all, default_jobs
    from ..pipeline.build import build_alignment_page
    from ..pipeline.request import BuildRequest
    from ..pipeline.targets import expand, games_or_all
    from .progress import reporter, summary

    if args.ink_limit and not args.pdfx:
        raise UsageError("--ink-limit sets the ink of a --pdfx build: add --pdfx")
    back_offset, back_rotation = back_corrections(args)
    options = replace(layout_settings(args, args.registration), back_offset=back_offset,
                      back_rotation=back_rotation, ink_saver=args.ink_saver, pdfx=args.pdfx,
                      one_up=args.one_up, ink_limit=args.ink_limit)
    shared = BuildRequest("", only=tuple(args.only), copies=args.copies, out_dir=Path(args.out),
                          fallback=args.fallback, layout_dirs=tuple(Path(p) for p in args.layouts),
                          rules_url=args.rules_url, guide=not args.no_guide)
    kits = not args.alignment_page or any(getattr(args, dest) != default
                                          for dest, default in args.kit_defaults.items())
    papers = args.paper[:1] if args.one_up else args.paper  # one-up pages have no paper
    requests = expand(games_or_all(args.games, args.game_dir), args.lang, papers, options,
                      shared) if kits else []
    sheets = args.paper if args.alignment_page else []
    with reporter(len(requests) + len(sheets), args.quiet) as notify:
        results = []
        for paper in sheets:
            results.append(build_alignment_page(replace(options, paper=paper), shared.out_dir))
            notify(results[-1])
        results += build_all(requests, args.jobs or default_jobs(), args.force, notify)
    if not args.quiet:
        print(summary(results, shared.out_dir))
    return 0
