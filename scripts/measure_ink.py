"""Measure the ink each part of a game's kit takes and keep it in the game's ``ink.yaml``,
which the print guide reads (templates/ink.yaml says how). Run from the repository's root
after a change that alters what a kit draws: ``python3 scripts/measure_ink.py
save-patient-zero`` (no game: every built-in game). It builds the English A4 kit in memory."""

from __future__ import annotations

import sys

from generator.content.ink_spec import FIGURES
from generator.imposition.plan import PrintOptions
from generator.pipeline.build import draw_document, plan_document
from generator.pipeline.ink import part_coverage
from generator.pipeline.request import BuildRequest
from generator.resources import games_dir

HEADER = ("# The ink each part of this kit takes: the mean share of its pages' area covered,\n"
          "# in %, measured on the English A4 kit (templates/ink.yaml). Written by\n"
          "# python3 scripts/measure_ink.py {game}; the print guide words it.\n")


def main(games: list[str]) -> None:
    for game in games or sorted(p.name for p in games_dir().iterdir()
                                    if (p / "game.yaml").is_file()):
        request = BuildRequest(game, "en", PrintOptions(paper="a4"))
        planned = plan_document(request)
        figures = part_coverage(planned, draw_document(planned, request))
        path = games_dir() / game / FIGURES
        lines = "".join(f"{component}: {percent}\n" for component, percent in figures.items())
        path.write_text(HEADER.format(game=game) + lines, encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
