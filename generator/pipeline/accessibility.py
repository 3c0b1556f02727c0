"""Colour is never the only cue: how far apart a game's meaningful colours stay for readers
with a colour vision deficiency and on a grayscale printer, and whether printed cues back them.

The colours that carry meaning are a game's ``colour_cues`` groups. Each pair within a group
is compared by CIEDE2000 in normal vision, in simulated deuteranopia, protanopia and
tritanopia (Machado, Oliveira and Fernandes 2009, full severity) and in grayscale (lightness
alone). A pair closer than ``min_delta_e`` (templates/legibility.yaml) in any of them passes only
when both colours print distinct cues. The colour science is colour-science's, imported only
when a report is asked for.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ..content.legibility import min_delta_e
from ..content.model import Game

VISIONS = ("normal", "deuteranopia", "protanopia", "tritanopia", "grayscale")
_MACHADO = {"deuteranopia": "Deuteranomaly", "protanopia": "Protanomaly",
            "tritanopia": "Tritanomaly"}


@dataclass(frozen=True)
class PairReport:
    """Two colours of one group: their differences per vision, and their cues."""

    group: str
    first: str
    second: str
    delta_e: Mapping[str, float]
    cues: tuple[str, str]

    @property
    def closest(self) -> float:
        return min(self.delta_e.values())

    @property
    def cued(self) -> bool:
        """Both colours print a cue, and the cues differ."""
        a, b = (cue.strip() for cue in self.cues)
        return bool(a and b and a != b)

    def passes(self, threshold: float) -> bool:
        return self.closest >= threshold or self.cued

    def as_json(self, threshold: float) -> dict[str, Any]:
        return {"group": self.group, "colours": [self.first, self.second],
                "delta_e": {k: round(v, 1) for k, v in self.delta_e.items()},
                "cues": list(self.cues), "cued": self.cued, "ok": self.passes(threshold)}


def _lab(hex_colour: str, vision: str) -> Any:
    """CIELab of an sRGB colour as a reader with ``vision`` sees it."""
    import colour
    import numpy as np

    rgb = np.array([int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)])
    linear = colour.cctf_decoding(rgb, function="sRGB")
    if vision in _MACHADO:
        matrix = colour.blindness.matrix_cvd_Machado2009(_MACHADO[vision], 1.0)
        linear = np.clip(matrix @ linear, 0, 1)
    xyz = colour.RGB_to_XYZ(linear, colour.RGB_COLOURSPACES["sRGB"], apply_cctf_decoding=False)
    lab = colour.XYZ_to_Lab(xyz)
    return np.array([lab[0], 0.0, 0.0]) if vision == "grayscale" else lab


def _delta_e(first: str, second: str, vision: str) -> float:
    import colour

    return float(colour.delta_E(_lab(first, vision), _lab(second, vision), method="CIE 2000"))


def colour_pairs(game: Game) -> list[PairReport]:
    """Every pair of meaningful colours of the game, group by group."""
    reports = []
    with warnings.catch_warnings():
        # colour-science notes that matplotlib is absent and how Machado models tritanopia
        warnings.simplefilter("ignore")
        for group, cues in game.colour_cues.items():
            for first, second in combinations(cues, 2):
                a, b = game.palette[first], game.palette[second]
                reports.append(PairReport(str(group), first, second,
                                          {v: _delta_e(a, b, v) for v in VISIONS},
                                          (str(cues[first]), str(cues[second]))))
    return reports


def threshold() -> float:
    return min_delta_e()
