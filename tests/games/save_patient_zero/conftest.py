"""Questions put to Savvy the way a person types them, and the command line's answers, for
the referee page's tests (with and without a browser)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from generator.cli import main
from generator.savvy import answers
from generator.savvy.queries import TOOLS

GRID = answers.builtin_lab_grid()
Question = tuple[str, list[str], list[str]]  # tool, its words, its options


@pytest.fixture
def cli_json(capsys) -> Callable[..., str]:
    """What ``pnp savvy answer --solution S --seed N WORDS --json`` prints, without its
    newline."""
    def answer(secret: Sequence[int], seed: int, *words: str) -> str:
        capsys.readouterr()
        argv = ["savvy", "answer", "--solution", ",".join(map(str, secret)), "--seed",
                str(seed), *words, "--json"]
        assert main(argv) == 0, capsys.readouterr().err
        return capsys.readouterr().out.strip()
    return answer


def _spell(rng: random.Random, values) -> str:
    values = list(values)
    rng.shuffle(values)
    return rng.choice([",", ", ", " "]).join(map(str, values))


def _question(rng: random.Random) -> Question:
    tool = rng.choice(TOOLS)
    options: list[str] = []
    if tool in ("samply", "mikroskopo", "analyzer"):
        card = rng.choice(list(GRID.lab.samples))
        words = [rng.choice([card, card.lower()])]
    elif tool == "scanpad":
        label, cells = rng.choice(list(GRID.blocks.items()))
        words = [rng.choice([label, label.upper(), _spell(rng, cells)])]
        options = ["--misfunkcio"] if rng.random() < 0.4 else []
    elif tool == "centrifugo":
        words = [_spell(rng, rng.choice(GRID.centrifugo_placements))]
    elif tool == "estugamo":
        words = [rng.choice(["row", "col", "column", "ROW"]), str(rng.randint(1, 5))]
    elif tool == "kolozomi":
        words = [str(rng.randint(1, 25))]
    elif tool == "antidote":
        words = [_spell(rng, rng.sample(range(1, 26), 3))]
    elif tool == "intervallo":
        words = [rng.choice(["min", "max", "MAX"])]
    elif tool == "dedukto":
        words = rng.choice([[], ["M"], ["t"]])
    else:
        words = []
        options = ["--draw", "2"] if tool == "substrakto" and rng.random() < 0.5 else []
    return tool, words, options


@pytest.fixture
def random_question() -> Callable[[random.Random], Question]:
    """A question as a person may type it: its arguments shuffled, spaced and cased at
    random, options included (``--misfunkcio``, ``--draw 2``)."""
    return _question
