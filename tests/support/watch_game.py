"""A game of one's own for the live-preview tests and benchmark: ``pnp new``'s starter with
``rows`` numbered cards, one copy each, and the edits a designer makes to it."""

from __future__ import annotations

import csv
import time
from collections.abc import Callable
from pathlib import Path

from generator.designer.scaffold import create_game

HEADER = ["Name", "Text", "Art", "Cost", "Icons", "qty"]


def make_game(folder: Path, rows: int) -> Path:
    create_game(folder)
    write_rows(folder, [[f"Card {n}", f"The rule text of card {n}.", "art/sample.svg",
                         str(n % 5), "heart", "1"] for n in range(1, rows + 1)])
    return folder


def write_rows(folder: Path, rows: list[list[str]]) -> None:
    with (folder / "cards.csv").open("w", newline="", encoding="utf-8") as file:
        csv.writer(file).writerows([HEADER, *rows])


def edit_text(folder: Path, number: int, text: str) -> None:
    """Save the cards table with card ``number``'s (1-based) rule text changed."""
    with (folder / "cards.csv").open(newline="", encoding="utf-8") as file:
        rows = list(csv.reader(file))[1:]
    rows[number - 1][1] = text
    write_rows(folder, rows)


def wait_for(condition: Callable[[], object], seconds: float = 20) -> object:
    """Poll ``condition`` until it is true; fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if value := condition():
            return value
        time.sleep(0.02)
    raise AssertionError(f"not within {seconds} s")
