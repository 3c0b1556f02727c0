"""Argument types shared by commands (lists, offsets, paper names), and what a command module
offers, so the tables of ``pnp`` and ``pnp score`` are type-checked."""

from __future__ import annotations

import argparse
from typing import Protocol


class Command(Protocol):
    """A command module: its parser under the parent's sub-parsers, and the work once its
    arguments are read."""

    def register(self, sub: argparse._SubParsersAction, /) -> None: ...

    def run(self, args: argparse.Namespace, /) -> int: ...


def csv_list(value: str) -> list[str]:
    items = [v.strip() for v in value.split(",") if v.strip()]
    if not items:
        raise argparse.ArgumentTypeError("expected a comma-separated list")
    return items


def language(value: str) -> str:
    """A language code Babel knows, the codes ``pnp i18n init`` accepts: so a language that
    is refused later is never one that the advice to start it cannot start."""
    from babel import Locale, UnknownLocaleError

    try:
        Locale.parse(value)
    except (UnknownLocaleError, ValueError):
        raise argparse.ArgumentTypeError(
            f"'{value}' is not a language code such as fr, de, zh or pt_BR") from None
    return value


def language_list(value: str) -> list[str]:
    return [language(code) for code in csv_list(value)]


def offset(value: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected X,Y in mm such as 0.5,-1, got {value!r}") from None
    if abs(x) > 20 or abs(y) > 20:
        raise argparse.ArgumentTypeError("a back offset beyond ±20 mm is not a printer drift")
    return x, y


def rotation(value: str) -> float:
    """A back rotation in degrees: a printer turns a page by a fraction of a degree, never
    by more than a few."""
    try:
        degrees = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected degrees such as 0.3 or -0.25, got {value!r}") from None
    if abs(degrees) > 5:
        raise argparse.ArgumentTypeError("a back rotation beyond ±5 degrees is not a "
                                         "printer's; check the reading on the alignment page")
    return degrees


def non_negative_mm(value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a length in mm, got {value!r}") from None
    if not 0 <= number <= 20:
        raise argparse.ArgumentTypeError("expected 0 to 20 mm")
    return number


def positive_int(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {value!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError("expected a number of 1 or more")
    return number


def one_game(args: argparse.Namespace):
    """The single game a command works on: a built-in id, or a ``--game-dir`` folder."""
    from pathlib import Path

    from ..errors import UsageError

    if bool(args.game) == bool(args.game_dir):
        raise UsageError("name one game: a built-in id such as save-patient-zero, or "
                         "--game-dir PATH for a folder of your own")
    return Path(args.game_dir) if args.game_dir else args.game
