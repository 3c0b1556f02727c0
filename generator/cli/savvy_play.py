"""``pnp savvy play``: a game of Save Patient Zero in the terminal, the program as Savvy.

The terminal side only: the prompt, one command a line, and the words that take no turn; the
game's state and rules are ``generator.savvy.play_state``. Reading lines from any stream, it
is scripted by tests through standard input.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TextIO

from ..errors import UsageError
from ..pipeline.load import load_builtin
from ..savvy.answers import lab_grid_from_game
from ..savvy.play_state import GameOver, LeanGame

HELP = """Commands: a tool and what it points at, one a turn —
  samply · mikroskopo M4 M17 · analyzer M4 M17 · dedukto · intervallo min|max
  scanpad 1,2,3,6,7,8 · centrifugo 1,2,6,7 · estugamo row 2|col 4 · fuzio · substrakto
  kolozomi 7 · mezakol · antidote 5,9,23
and, taking no turn: tools · sheet · deck · help · quit · skip (discard an imposed tool
that cannot be played)"""


def play_lines(seed: int, lab: str, interruptions: bool, stdin: TextIO, out: TextIO) -> int:
    """Run one game from input lines; 0 when the antidote is found, 1 otherwise."""

    def say(text: str) -> None:
        out.write(text + "\n")

    game = load_builtin("save-patient-zero")
    state = LeanGame(game, lab_grid_from_game(game), seed, lab.upper(), interruptions, say)
    say(f"Save Patient Zero — game {seed}, Lab-{state.lab}, the program is Savvy. "
        "Find the 3 antidote molecules with as few tools as you can.")
    say(HELP)
    lines: Iterator[str] = iter(stdin)
    try:
        while True:
            prompt = "plan> " if state.planning else f"{state.status()}\n> "
            out.write(prompt)
            out.flush()
            line = next(lines, None)
            if line is None:
                say(f"\nNo more input: game abandoned. The antidote was "
                    f"{','.join(map(str, state.secret))}.")
                return 1
            try:
                command(state, line.split("#", 1)[0])
            except UsageError as exc:
                say(f"! {exc}")
    except GameOver:
        return 0 if state.won else 1


def command(state: LeanGame, line: str) -> None:
    """Act on one input line: a plan, a word that takes no turn, or a tool; a UsageError
    leaves the turn unspent."""
    words = line.split()
    if not words:
        return
    word = words[0].lower()
    if state.planning:
        return state.plan(line)
    if word in VIEWS:
        return state.say(VIEWS[word](state))
    if word in ACTIONS:
        return ACTIONS[word](state)
    state.turn(word, words[1:])


# the words that take no turn: what they show, and what they do
VIEWS: dict[str, Callable[[LeanGame], str]] = {
    "help": lambda _: HELP, "?": lambda _: HELP, "tools": LeanGame.status,
    "sheet": LeanGame.sheet, "deck": LeanGame.show_deck,
}
ACTIONS: dict[str, Callable[[LeanGame], None]] = {"skip": LeanGame.skip, "quit": LeanGame.abandon}
