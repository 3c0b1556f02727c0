"""``pnp savvy play``: a game of Save Patient Zero in the terminal, the program as Savvy.

The terminal side only: the prompt, one command a line, and the words that take no turn; the
game's state and rules are ``generator.savvy.play_state``. Reading lines from any stream, it
is scripted by tests through standard input.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterator
from typing import TextIO

from ..errors import UsageError
from ..pipeline.load import load_builtin
from ..savvy.answers import lab_grid_from_game
from ..savvy.play_state import GameOver, LeanGame

WIDTH = 80  # every line fits a standard terminal

HELP = """Commands: one tool a turn, with what it points at —
  samply · mikroskopo {lab}4 {lab}17 · analyzer {lab}4 {lab}17 · dedukto · intervallo min|max
  scanpad 1,2,3,6,7,8 · centrifugo 1,2,6,7 · estugamo row 2|col 4 · fuzio
  substrakto · kolozomi 7 · mezakol · antidote 5,9,23
Taking no turn, at any prompt: tools · sheet · deck · help · quit · skip
(skip discards an imposed tool that cannot be played)"""


def help_text(state: LeanGame) -> str:
    """The commands, with sample cards of the lab being played, and, while a plan is
    awaited, what to type at this prompt."""
    text = HELP.format(lab=state.lab)
    return f"{text}\n{state.plan_hint()}" if state.planning else text


def fitted(text: str) -> str:
    """``text`` with every line longer than WIDTH wrapped, its continuation indented under
    the line's own indentation."""
    lines: list[str] = []
    for line in text.split("\n"):
        if len(line) <= WIDTH:
            lines.append(line)
            continue
        indent = line[:len(line) - len(line.lstrip())] + "  "
        lines.extend(textwrap.wrap(line, WIDTH, subsequent_indent=indent,
                                   break_on_hyphens=False))
    return "\n".join(lines)


def play_lines(seed: int, lab: str, interruptions: bool, stdin: TextIO, out: TextIO) -> int:
    """Run one game from input lines; 0 when the antidote is found, 1 otherwise."""

    def say(text: str) -> None:
        out.write(fitted(text) + "\n")

    game = load_builtin("save-patient-zero")
    state = LeanGame(game, lab_grid_from_game(game), seed, lab.upper(), interruptions, say)
    say(f"Save Patient Zero — game {seed}, Lab-{state.lab}, the program is Savvy. "
        "Find the 3 antidote molecules with as few tools as you can.")
    say(help_text(state))
    lines: Iterator[str] = iter(stdin)
    try:
        while True:
            prompt = "plan> " if state.planning else f"{fitted(state.status())}\n> "
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
    """Act on one input line: a word that takes no turn (at every prompt), a plan, or a
    tool; a UsageError leaves the turn unspent."""
    words = line.split()
    if not words:
        return
    word = words[0].lower()
    if word in VIEWS:
        return state.say(VIEWS[word](state))
    if word in ACTIONS:
        return ACTIONS[word](state)
    if state.planning:
        return state.plan(line)
    state.turn(word, words[1:])


# the words that take no turn: what they show, and what they do
VIEWS: dict[str, Callable[[LeanGame], str]] = {
    "help": help_text, "?": help_text, "tools": LeanGame.status,
    "sheet": LeanGame.sheet, "deck": LeanGame.show_deck,
}
ACTIONS: dict[str, Callable[[LeanGame], None]] = {"skip": LeanGame.skip, "quit": LeanGame.abandon}
