"""``pnp savvy …``: the referee's calculator for Save Patient Zero (a thin layer over
``generator.savvy``)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..content.wording import counted
from ..limits import limit
from ..rules.save_patient_zero import GAME_NUMBERS

MAX_SEED = GAME_NUMBERS[-1]
SHOW_CANDIDATES = 20  # solve lists the candidates themselves when this few remain


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("savvy", help="referee tools for Save Patient Zero")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)

    new = actions.add_parser("new", help="pick a secret and write its answer key PDF")
    new.add_argument("--seed", type=int, help="game number (default: a random one)")
    new.add_argument("--keys", type=int, metavar="N",
                     help="print N answer keys in one PDF (savvy-keys.pdf), one game a page, "
                     "to keep with the kit: games --seed, --seed+1… (or N random games)")
    _pdf_options(new)

    answer = actions.add_parser("answer", help="Savvy's answer to one tool")
    _solution(answer, required=True, seeded=True)
    answer.add_argument("tool", help="samply, mikroskopo, analyzer, dedukto, intervallo, "
                        "scanpad, centrifugo, estugamo, fuzio, substrakto, kolozomi, mezakol, "
                        "antidote, hackz, spionado")
    answer.add_argument("args", nargs="*", help="what the tool points at (M17, min, row 2…)")
    answer.add_argument("--draw", type=int, default=1, choices=(1, 2),
                        help="which Substrakto card of the lab this is (1 or 2)")
    answer.add_argument("--misfunkcio", action="store_true",
                        help="Scanpad after the Misfunkcio interruption: off by one")
    answer.add_argument("--json", action="store_true", help='print {"answer": …}')

    layout = actions.add_parser("layout", help="the grid, colours, zones and sample cards")
    layout.add_argument("--json", action="store_true", help="print JSON")

    key = actions.add_parser("key", help="every answer at once (JSON) or the answer-key PDF")
    _solution(key, required=False, seeded=True)
    key.add_argument("--qr", type=Path, metavar="IMAGE",
                     help="restore the secret and seed from a photo of the key's QR code")
    key.add_argument("--json", action="store_true", help="print every answer as JSON")
    _pdf_options(key)

    page = actions.add_parser(
        "page", help="the referee page of a game: one offline HTML file for a phone",
        description="Write the referee page of game N: one HTML file that works offline on a "
        "phone, answers every tool and checks a lab's marks. For Savvy only: never share it "
        "with the labs.", epilog="example: pnp savvy page --seed 42 --lang fr")
    page.add_argument("--seed", type=int, required=True, help="game number (as savvy new)")
    page.add_argument("--lang", default="en", choices=["fr", "en", "de"],
                      help="language of the page (default en)")
    page.add_argument("--out", type=Path, default=Path("output"), help="output folder")

    check = actions.add_parser("check", help="check the marks on a lab sheet")
    _solution(check, required=True)
    check.add_argument("--marks", type=Path, required=True, help="one mark a line")

    solve = actions.add_parser("solve", help="the secrets still consistent with the marks")
    solve.add_argument("--marks", type=Path, required=True, help="one mark a line")
    solve.add_argument("--json", action="store_true", help="print JSON")

    play = actions.add_parser("play", help="play one lab against the program as Savvy")
    play.add_argument("--seed", type=int, help="game number (default: a random one)")
    play.add_argument("--lab", choices=["M", "T"], default="M", help="your lab (default M)")
    play.add_argument("--interruptions", action="store_true",
                      help="draw an interruption card after your third tool")


def _solution(parser: argparse.ArgumentParser, required: bool, seeded: bool = False) -> None:
    parser.add_argument("--solution", required=required, metavar="A,B,C",
                        help="the three antidote molecules, such as 5,9,24")
    if seeded:
        parser.add_argument("--seed", type=int, help="game number for Dedukto and Substrakto "
                            "(default: one derived from the solution)")


def _pdf_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", default="en", choices=["fr", "en", "de"],
                        help="language of the answer key (default en)")
    parser.add_argument("--paper", default="a4", choices=["a4", "letter"], help="paper")
    parser.add_argument("--out", type=Path, default=Path("output"), help="output folder")


def run(args: argparse.Namespace) -> int:
    return int(ACTIONS[args.action](args) or 0)


def _secret(text: str):
    from ..savvy import answers
    from ..savvy.queries import molecules

    return answers.check_secret(molecules(text, "--solution"))


def _seed(args: argparse.Namespace, secret=None) -> int:
    """The game number: given, derived from the solution, or random for a new game."""
    import secrets

    from ..errors import UsageError
    from ..savvy import answers

    if args.seed is not None:
        if not 0 <= args.seed <= MAX_SEED:
            raise UsageError(f"--seed {args.seed} is out of range; use 0..{MAX_SEED}")
        return args.seed
    return answers.default_seed(secret) if secret is not None else secrets.randbelow(1_000_000)


def _print_json(value: Any) -> None:
    print(json.dumps(value, ensure_ascii=False))


def _new(args: argparse.Namespace) -> int:
    from ..savvy import answers
    from ..savvy.key import write_key

    seed = _seed(args)
    if args.keys is not None:
        return _keys(args, seed)
    path = write_key(answers.secret_for_seed(seed), seed, args.lang, args.paper, args.out)
    print(f"game {seed}: answer key written to {path} (keep it hidden)")
    return 0


def _keys(args: argparse.Namespace, first: int) -> int:
    """``savvy new --keys N``: N games' keys in one PDF, the games numbered from ``first``."""
    from ..errors import UsageError
    from ..savvy.key import write_keys

    most = limit("answer_keys")
    if not 1 <= args.keys <= most:
        raise UsageError(f"--keys {args.keys}: print 1 to {most} keys at a time (answer_keys "
                         "in templates/limits.yaml)")
    seeds = [(first + n) % (MAX_SEED + 1) for n in range(args.keys)]
    path = write_keys(seeds, args.lang, args.paper, args.out)
    print(f"games {', '.join(map(str, seeds))}: {args.keys} answer keys written to {path} "
          "(keep them hidden; each QR code restores its game)")
    return 0


def _answer(args: argparse.Namespace) -> int:
    from ..savvy import answers
    from ..savvy.queries import describe, parse_query, reply

    grid = answers.builtin_lab_grid()
    secret = _secret(args.solution)
    query = parse_query(grid, args.tool, args.args)
    result = reply(grid, secret, query, _seed(args, secret), args.draw, args.misfunkcio)
    answer = result["answer"]
    text = describe(query, answer)
    if "misfunkcio" in result:
        readings = result["misfunkcio"]
        text = (f"true count {answer}; Misfunkcio: show {' or '.join(map(str, readings))} "
                "(Savvy's choice)")
    if args.json:
        _print_json(result)
    else:
        print(text)
    return 0


def _layout(args: argparse.Namespace) -> int:
    from ..savvy import answers

    lab = answers.builtin_lab_grid().lab
    value = {"grid": [list(row) for row in lab.grid],
             "colours": {str(m): lab.colours[m] for m in sorted(lab.colours)},
             "fuzio": [list(zone) for zone in lab.fuzio],
             "samples": {card: list(cells) for card, cells in lab.samples.items()}}
    if args.json:
        _print_json(value)
        return 0
    for row in lab.grid:
        print("  ".join(f"{m:>2} {lab.colours[m]:<7}" for m in row))
    print("Fuzio zones: " + ", ".join(f"{a}-{b}" for a, b in lab.fuzio))
    for card, cells in lab.samples.items():
        print(f"{card:>4}: {' '.join(f'{m:>2}' for m in cells)}")
    return 0


def _key(args: argparse.Namespace) -> int:
    from ..errors import UsageError
    from ..savvy import answers
    from ..savvy.key import read_qr, write_key

    if args.qr is not None and args.solution is not None or (
            args.qr is None and args.solution is None and args.seed is None):
        raise UsageError("give either --solution A,B,C or --qr IMAGE, or --seed N alone for "
                         "the secret of game N")
    if args.qr is not None:
        secret, seed = read_qr(args.qr)
    elif args.solution is not None:
        secret = _secret(args.solution)
        seed = _seed(args, secret)
    else:
        seed = _seed(args)
        secret = answers.secret_for_seed(seed)
    if args.json:
        _print_json(answers.key(answers.builtin_lab_grid(), secret, seed))
        return 0
    path = write_key(secret, seed, args.lang, args.paper, args.out)
    print(f"game {seed}: answer key written to {path} (keep it hidden)")
    return 0


def _page(args: argparse.Namespace) -> int:
    from ..savvy.page import write_page

    seed = _seed(args)
    path = write_page(seed, args.lang, args.out)
    print(f"game {seed}: referee page written to {path} (for Savvy only: never share it)")
    return 0


def _read_marks(path: Path):
    from ..content.textfile import read_text
    from ..savvy.marks import parse_marks

    text = read_text(path, "a text file of marks", "write one mark a line, saved as UTF-8")
    return parse_marks(text, str(path))


def _check(args: argparse.Namespace) -> int:
    from ..savvy import answers
    from ..savvy.marks import fits, right_answer

    grid = answers.builtin_lab_grid()
    secret = _secret(args.solution)
    marks = _read_marks(args.marks)
    wrong = 0
    for mark in marks:
        if fits(grid, secret, mark):
            print(f"line {mark.line}: OK     {mark.words()}")
        else:
            wrong += 1
            print(f"line {mark.line}: WRONG  {mark.words()}  (right: "
                  f"{right_answer(grid, secret, mark)})")
    print(f"{counted(len(marks), 'mark')}: {len(marks) - wrong} OK, {wrong} WRONG")
    return 1 if wrong else 0


def _solve(args: argparse.Namespace) -> int:
    from ..savvy import answers
    from ..savvy.solver import first_contradiction, solve

    grid = answers.builtin_lab_grid()
    marks = _read_marks(args.marks)
    candidates = solve(grid, marks)
    every = "the one mark" if len(marks) == 1 else f"all {len(marks)} marks"
    if args.json:
        _print_json({"count": len(candidates), "candidates": [list(c) for c in candidates]})
    elif not candidates:
        culprit = first_contradiction(grid, marks)
        assert culprit is not None
        clash = "," if len(marks) == 1 else ": they contradict each other by"
        print(f"no secret fits {every}{clash} line {culprit.line} ({culprit.words()})")
    else:
        print(f"{counted(len(candidates), 'secret')} of 2300 "
              f"{'fits' if len(candidates) == 1 else 'fit'} {every}")
        if len(candidates) <= SHOW_CANDIDATES:
            for candidate in candidates:
                print("  " + ",".join(map(str, candidate)))
    return 0 if candidates else 1


def _play(args: argparse.Namespace) -> int:
    from .savvy_play import play_lines

    return play_lines(_seed(args), args.lab, args.interruptions, sys.stdin, sys.stdout)


# the action after ``pnp savvy`` → its function (register() adds the parsers in --help order)
ACTIONS: dict[str, Callable[[argparse.Namespace], int]] = {
    "new": _new, "answer": _answer, "layout": _layout, "key": _key, "page": _page,
    "check": _check, "solve": _solve, "play": _play,
}
