"""What ``pnp COMMAND --help`` says above and below the options: a description and one
example. A command module may write its own (``add_parser(description=…, epilog="example:
…")``); for every other command they are rows of one table, applied when ``pnp`` registers its
commands, so that a command with neither is caught by a test rather than by a user."""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Mapping
from typing import NamedTuple


class CommandHelp(NamedTuple):
    """One command's description (a paragraph) and example (one command line)."""

    description: str
    example: str


# the words after ``pnp`` ("" for pnp itself) → its help; tests/cli/test_cli_help.py fails
# when a command has no help, a row repeats what a module writes, or an example does not parse
HELP: Mapping[str, CommandHelp] = {
    "": CommandHelp(
        "Print-and-play kits and referee tools for five medical games. Each command has its "
        "own --help.",
        "pnp build save-patient-zero --lang en --paper a4"),
    "build": CommandHelp(
        "Build print-ready PDFs, one per game, language and paper, into the output folder "
        "(default: every built-in game in French, English and German on A4 and Letter). A PDF "
        "whose inputs have not changed is not built again.",
        "pnp build save-patient-zero --lang en --paper a4"),
    "list": CommandHelp(
        "List the built-in games (or a game folder of your own) and their components, with "
        "card counts and sizes.",
        "pnp list --game-dir my-game"),
    "savvy": CommandHelp(
        "Referee tools for Save Patient Zero: draw a secret, answer a tool, print the answer "
        "key, check a lab sheet, or play a lab against the program as Savvy.",
        "pnp savvy answer --solution 5,9,24 fuzio"),
    "savvy new": CommandHelp(
        "Draw the secret antidote of a game number and write its answer-key PDF (keep it "
        "hidden from the players).",
        "pnp savvy new --seed 42"),
    "savvy answer": CommandHelp(
        "Savvy's answer to one tool card for a secret antidote, as a referee reads it out.",
        "pnp savvy answer --solution 5,9,24 scanpad 1,2,3,6,7,8"),
    "savvy layout": CommandHelp(
        "The lab grid: molecule colours, Fuzio zones and the molecules of each sample card.",
        "pnp savvy layout --json"),
    "savvy key": CommandHelp(
        "Every answer for a secret at once: as JSON, or as the answer-key PDF; --qr restores "
        "the secret from a photo of a key's QR code.",
        "pnp savvy key --solution 5,9,24 --json"),
    "savvy check": CommandHelp(
        "Check the marks copied from a lab sheet (one mark a line) against the secret: OK or "
        "WRONG a line; exit 1 when a mark is wrong.",
        "pnp savvy check --solution 5,9,24 --marks sheet.txt"),
    "savvy solve": CommandHelp(
        "The secret antidotes still consistent with a lab sheet's marks; exit 1 when none "
        "fits (the marks contradict each other).",
        "pnp savvy solve --marks sheet.txt"),
    "savvy play": CommandHelp(
        "Play one lab of Save Patient Zero in the terminal, the program as Savvy: one tool a "
        "turn; type help at any prompt.",
        "pnp savvy play --seed 7 --lab T --interruptions"),
    "score": CommandHelp(
        "Score calculators: the end of a solo game, a Microbious round, a Pharma Code row.",
        "pnp score solo --colours 2 --cubes 14 --amputated 2"),
    "score solo": CommandHelp(
        "The end-of-game score of Patient Zero: A Solo Epidemic, from the cubes and colours on "
        "the patient, amputated limbs and Specialists lost.",
        "pnp score solo --colours 2 --cubes 14 --amputated 2"),
    "score microbious": CommandHelp(
        "One player's round score in Microbious: the viral load of the cards left in hand, "
        "with Hydroxy and the caller's and lowest-load bonuses.",
        "pnp score microbious --hand big-red,good-vaccine,hydroxy --caller"),
    "score pharma": CommandHelp(
        "The squares a row of 9 cards earns at the end of a stage of The Pharma Code: one per "
        "number card in the rising run from the left; jokers keep the run but earn nothing; "
        "Fast Track doubles the reward.",
        "pnp score pharma --cards 3,8,J,15,22,9,40,41,60"),
    "check": CommandHelp(
        "Validate a game without building it: data, layouts, catalogs and missing translations, "
        "every problem at once with its file and line. Exit 0 when valid, 2 otherwise.",
        "pnp check --game-dir my-game --lang de"),
    "proof": CommandHelp(
        "PNG proofs of every card face and back, and a contact sheet per deck, to look at "
        "before printing.",
        "pnp proof --game-dir my-game"),
    "export": CommandHelp(
        "Export decks for a digital table or a print shop; each target has its own --help.",
        "pnp export tts --game-dir my-game"),
}


def sub_commands(parser: argparse.ArgumentParser,
                 words: str = "") -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """(the words after ``pnp``, its parser) for ``parser`` and every command below it."""
    yield words, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                yield from sub_commands(child, f"{words} {name}".strip())


def apply(parser: argparse.ArgumentParser) -> None:
    """Give ``parser`` and every command below it the description and example of its row."""
    for words, command in sub_commands(parser):
        text = HELP.get(words)
        if text is not None:
            command.description = text.description
            command.epilog = f"example: {text.example}"
