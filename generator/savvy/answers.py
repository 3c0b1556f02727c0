"""Savvy, the referee of Save Patient Zero: every tool's answer for a secret antidote.

Pure functions over the game's rule data (grid, colours, Fuzio zones, sample decks, Scanpad
shapes, Centrifugo cells), so the command line, the answer key, the mark checker, the solver
and the terminal game all give the same answer for the same question.

A Scanpad block is labelled ``r<row>c<col>:<rows>x<cols>``: the 1-based row and column of its
top-left molecule on the printed grid, then its shape. ``r1c1:2x3`` frames the first two rows
of the first three columns.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import combinations

from ..content.model import Game
from ..errors import UsageError
from ..rules.save_patient_zero import MOLECULES, SIDE, LabData, lab_data

Secret = tuple[int, int, int]
SECRET_SIZE = 3
DEDUKTO_SIZE = 5
BLOCK_LABEL = re.compile(r"^r([1-9])c([1-9]):([1-9])x([1-9])$", re.ASCII)
QR_PREFIX = "pnp-savvy:v1:"
QR_PATTERN = re.compile(r"^pnp-savvy:v1:(\d{1,2}),(\d{1,2}),(\d{1,2}):(\d{1,9})$", re.ASCII)


@dataclass(frozen=True)
class LabGrid:
    """Everything Savvy reads: the lab sheet's data (the 5 × 5 grid of molecules, colours,
    zones, sample cards), the shapes the cut-out tools frame on that grid, the labs' codes in
    the order they play, and how many cards of each tool a lab holds (its Substrakto draws)."""

    lab: LabData
    scanpad_shapes: tuple[tuple[int, int], ...]
    centrifugo_cells: tuple[tuple[int, int], ...]
    labs: tuple[str, ...]
    tool_cards: Mapping[str, int]

    @cached_property
    def blocks(self) -> dict[str, frozenset[int]]:
        """Scanpad label → the six molecules it frames, for every shape and place."""
        return _blocks(self)

    @cached_property
    def centrifugo_placements(self) -> tuple[frozenset[int], ...]:
        return _centrifugo(self)

    def cell(self, row: int, col: int) -> int:
        return self.lab.grid[row][col]


def lab_grid_from_game(game: Game) -> LabGrid:
    data = game.data
    return LabGrid(lab_data(game),
                   tuple((int(r), int(c)) for r, c in data["scanpad"]),
                   tuple((int(r), int(c)) for r, c in data["centrifugo"]),
                   tuple(str(lab) for lab in data["sample_decks"]),
                   {str(tool["name"]).lower(): int(tool["qty"]) for tool in data.get("tools", ())})


@lru_cache(maxsize=1)
def builtin_lab_grid() -> LabGrid:
    """The lab grid of the built-in game (its data read once per process)."""
    from ..pipeline.load import resolve_game

    return lab_grid_from_game(resolve_game("save-patient-zero"))


def _blocks(grid: LabGrid) -> dict[str, frozenset[int]]:
    found: dict[str, frozenset[int]] = {}
    for rows, cols in grid.scanpad_shapes:
        for top in range(SIDE - rows + 1):
            for left in range(SIDE - cols + 1):
                cells = frozenset(grid.cell(top + r, left + c)
                                  for r in range(rows) for c in range(cols))
                found[f"r{top + 1}c{left + 1}:{rows}x{cols}"] = cells
    return found


def _centrifugo(grid: LabGrid) -> tuple[frozenset[int], ...]:
    """Every set of molecules the Centrifugo plate can point at: its cells moved anywhere on
    the grid and turned a quarter at a time (the cut-out can be laid any way round)."""
    shapes, cells = set(), list(grid.centrifugo_cells)
    for _ in range(4):
        low_r, low_c = min(r for r, _ in cells), min(c for _, c in cells)
        shapes.add(tuple(sorted((r - low_r, c - low_c) for r, c in cells)))
        cells = [(c, -r) for r, c in cells]
    placements: list[frozenset[int]] = []
    for shape in sorted(shapes):
        height = max(r for r, _ in shape) + 1
        width = max(c for _, c in shape) + 1
        for top in range(SIDE - height + 1):
            for left in range(SIDE - width + 1):
                cells_here = frozenset(grid.cell(top + r, left + c) for r, c in shape)
                if cells_here not in placements:
                    placements.append(cells_here)
    return tuple(placements)


# -- the secret -------------------------------------------------------------------------------
def check_secret(molecules: Iterable[int], what: str = "the antidote") -> Secret:
    """Three distinct molecules of 1..25, sorted; a UsageError names what is wrong."""
    values = list(molecules)
    for value in values:
        if value not in MOLECULES:
            raise UsageError(f"molecule {value} is outside 1..25; {what} is "
                             f"{SECRET_SIZE} different molecules of 1..25")
    repeated = sorted({v for v in values if values.count(v) > 1})
    if repeated:
        raise UsageError(f"molecule {repeated[0]} is repeated; {what} is {SECRET_SIZE} "
                         "different molecules of 1..25")
    if len(values) != SECRET_SIZE:
        raise UsageError(f"{what} is {SECRET_SIZE} different molecules of 1..25, got "
                         f"{len(values)}: write them like 5,9,24")
    a, b, c = sorted(values)
    return a, b, c


def all_secrets() -> list[Secret]:
    """The 2,300 possible antidotes, in increasing order."""
    return list(combinations(MOLECULES, SECRET_SIZE))  # type: ignore[arg-type]


def secret_for_seed(seed: int) -> Secret:
    """The antidote Savvy draws for a game seed (``new`` and ``play`` agree)."""
    return check_secret(random.Random(f"{seed}:secret").sample(list(MOLECULES), SECRET_SIZE))


def default_seed(secret: Secret) -> int:
    """A stable seed for a secret given without one (so a key is reproducible)."""
    digest = hashlib.sha256(",".join(map(str, secret)).encode()).hexdigest()
    return int(digest[:8], 16) % 1_000_000


# -- one answer per tool ----------------------------------------------------------------------
def sample_count(grid: LabGrid, secret: Secret, card: str) -> int:
    """Samply / Mikroskopo (✓ when > 0) and Analyzer (x1, x2, x3)."""
    return len(set(grid.lab.samples[card]) & set(secret))


def dedukto(secret: Secret, seed: int, lab: int = 0) -> list[int]:
    """Five molecules outside the antidote for the ``lab``-th lab (0: the first), dealt from
    one pile of the 22 others as Savvy deals the molecule cards: no two labs get the same
    card, and the first lab's five do not depend on how many labs play."""
    pile = [m for m in MOLECULES if m not in secret]
    deal = random.Random(f"{seed}:dedukto")
    for _ in range(lab):
        dealt = deal.sample(pile, DEDUKTO_SIZE)
        pile = [m for m in pile if m not in dealt]
    return sorted(deal.sample(pile, DEDUKTO_SIZE))


def row_of(grid: LabGrid, molecule: int) -> int:
    return grid.lab.position(molecule)[0] + 1


def intervallo(grid: LabGrid, secret: Secret, end: str) -> int:
    """The 1-based grid row holding the lowest (``min``) or highest (``max``) molecule."""
    return row_of(grid, min(secret) if end == "min" else max(secret))


def count_in(cells: Iterable[int], secret: Secret) -> int:
    """Scanpad and Antidote: how many of these molecules are in the antidote."""
    return len(set(cells) & set(secret))


def centrifugo(cells: Iterable[int], secret: Secret) -> bool:
    """Whether the molecules Centrifugo points at hold at least one antidote molecule."""
    return count_in(cells, secret) > 0


def misfunkcio_readings(true_count: int) -> list[int]:
    """What a broken Scanpad may show: one more or one less, kept within 0..3."""
    return [n for n in (true_count - 1, true_count + 1) if 0 <= n <= SECRET_SIZE]


def estugamo(grid: LabGrid, secret: Secret, line: str, number: int) -> bool:
    """Whether row or column ``number`` (1-based) holds an antidote molecule."""
    index = number - 1
    cells = (grid.lab.grid[index] if line == "row"
             else [grid.lab.grid[r][index] for r in range(SIDE)])
    return count_in(cells, secret) > 0


def fuzio(grid: LabGrid, secret: Secret) -> str:
    """The label of the zone holding the sum of the three numbers."""
    total = sum(secret)
    for low, high in grid.lab.fuzio:
        if low <= total <= high:
            return f"{low}-{high}"
    raise AssertionError(f"no Fuzio zone holds {total}; the loader checks the zones")


def differences(secret: Secret) -> list[int]:
    """All three differences Substrakto may give, in increasing order."""
    return sorted(abs(a - b) for a, b in combinations(secret, 2))


def substrakto(secret: Secret, seed: int, draw: int = 1) -> int:
    """The difference of two antidote molecules picked at random (draw 1, 2… per card)."""
    a, b = random.Random(f"{seed}:substrakto:{draw}").sample(list(secret), 2)
    return abs(a - b)


def substrakto_draws(grid: LabGrid, secret: Secret, seed: int) -> list[int]:
    """What each Substrakto card of a lab shows, first card first (``--draw 1``, ``2``…)."""
    return [substrakto(secret, seed, draw)
            for draw in range(1, grid.tool_cards.get("substrakto", 1) + 1)]


def placement_label(cells: Iterable[int]) -> str:
    """A set of molecules written the way the command line takes it: ``1,2,6,7``."""
    return ",".join(map(str, sorted(cells)))


def colour_of(grid: LabGrid, molecule: int) -> str:
    return grid.lab.colours[molecule]


def kolozomi(grid: LabGrid, secret: Secret, molecule: int) -> bool:
    """Whether the molecule's colour is one of the antidote molecules' colours."""
    return colour_of(grid, molecule) in {colour_of(grid, m) for m in secret}


def mezakol(grid: LabGrid, secret: Secret) -> str:
    """The colour of the middle antidote molecule (neither lowest nor highest)."""
    return colour_of(grid, sorted(secret)[1])


def key(grid: LabGrid, secret: Secret, seed: int | None = None) -> dict:
    """Every answer at once, in the shape ``pnp savvy key --json`` prints. The seed decides
    the random tools (Dedukto of each lab, Substrakto's draws); none: the secret's own."""
    seed = default_seed(secret) if seed is None else seed
    secret_colours = {colour_of(grid, m) for m in secret}
    return {
        "solution": list(secret),
        "fuzio": fuzio(grid, secret),
        "substrakto": differences(secret),
        "mezakol": mezakol(grid, secret),
        "kolozomi": {c: c in secret_colours for c in grid.lab.colour_order},
        "intervallo": {"min": intervallo(grid, secret, "min"),
                       "max": intervallo(grid, secret, "max")},
        "estugamo": {"rows": [estugamo(grid, secret, "row", n) for n in range(1, SIDE + 1)],
                     "cols": [estugamo(grid, secret, "col", n) for n in range(1, SIDE + 1)]},
        "scanpad": {label: count_in(cells, secret) for label, cells in grid.blocks.items()},
        "samples": {card: sample_count(grid, secret, card) for card in grid.lab.samples},
        "centrifugo": {placement_label(cells): centrifugo(cells, secret)
                       for cells in grid.centrifugo_placements},
        "dedukto": {lab: dedukto(secret, seed, index) for index, lab in enumerate(grid.labs)},
        "substrakto_draws": substrakto_draws(grid, secret, seed),
    }


def qr_payload(secret: Secret, seed: int) -> str:
    """The plain text the answer key's QR code holds."""
    return f"{QR_PREFIX}{','.join(map(str, secret))}:{seed}"


def parse_qr_payload(text: str) -> tuple[Secret, int]:
    match = QR_PATTERN.match(text.strip())
    if match is None:
        raise UsageError(f"the QR code holds {text[:60]!r}, not a Savvy key; expected "
                         f"{QR_PREFIX}A,B,C:SEED")
    secret = check_secret(int(v) for v in match.groups()[:3])
    return secret, int(match.group(4))
