"""``pnp check PATH``: validate a game without building it (exit 0 valid, 2 with every
problem listed)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..content.wording import counted
from ..errors import bounded
from .options import language_list


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("check", help="validate a game folder or data file without building")
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="a game folder, its game.yaml, or a built-in game id")
    p.add_argument("--game-dir", metavar="PATH",
                   help="a game folder of your own (as for build; the same as naming it)")
    p.add_argument("--lang", type=language_list,
                   help="languages to check (default: every language the game has)")
    p.add_argument("--accessibility", action="store_true",
                   help="also compare the colours that carry meaning (colour_cues) in normal "
                        "vision, deuteranopia, protanopia, tritanopia and grayscale (CIEDE2000); "
                        "a pair too close without distinct printed cues is a problem")
    p.add_argument("--json", action="store_true", help="with --accessibility: the report as JSON")


def run(args: argparse.Namespace) -> int:
    from ..errors import UsageError
    from ..pipeline.check import check_game

    specs: list[str | Path] = [*args.paths, *([Path(args.game_dir)] if args.game_dir else [])]
    if not specs:
        raise UsageError("name a game to check: a built-in id such as save-patient-zero, a "
                         "game folder, or --game-dir PATH")
    status = 0
    reports: dict[str, Any] = {}
    for spec in specs:
        problems = check_game(spec, args.lang)
        for problem in problems:
            print(bounded(f"error: {problem}"), file=sys.stderr)
        if problems:
            print(f"{spec}: {counted(len(problems), 'problem')}", file=sys.stderr)
            status = 2
            continue
        if args.accessibility:
            reports[str(spec)], failed = _accessibility(spec, args.json)
            status = 2 if failed else status
        if not args.json:
            print(f"{spec}: OK" if status == 0 else f"{spec}: colour pairs need cues")
    if args.json:
        print(json.dumps(reports, indent=2, ensure_ascii=False))
    return status


def _accessibility(spec: str | Path, as_json: bool) -> tuple[list[dict[str, Any]], bool]:
    """The colour report of one game; True when a pair is too close and has no cue."""
    from ..pipeline.accessibility import VISIONS, colour_pairs, threshold
    from ..pipeline.check import resolve_folder
    from ..pipeline.load import load_game

    limit = threshold()
    pairs = colour_pairs(load_game(resolve_folder(spec)))
    failed = any(not pair.passes(limit) for pair in pairs)
    if not as_json:
        print(f"{spec}: colours that carry meaning, CIEDE2000 (under {limit:g} needs a cue)")
        print(f"  {'pair':<28}" + "".join(f"{v[:6]:>8}" for v in VISIONS) + "  cues")
        for pair in pairs:
            verdict = "ok" if pair.passes(limit) else "TOO CLOSE, NO CUE"
            cues = " / ".join(pair.cues) if pair.cued else "none"
            print(f"  {pair.group + ': ' + pair.first + '–' + pair.second:<28}"
                  + "".join(f"{pair.delta_e[v]:8.1f}" for v in VISIONS)
                  + f"  {cues}  {verdict}")
        if not pairs:
            print("  no colour_cues in game.yaml: no colour is declared to carry meaning")
    return [pair.as_json(limit) for pair in pairs], failed
