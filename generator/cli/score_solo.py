"""``pnp score solo``: the end-of-game score of Patient Zero: A Solo Epidemic."""

from __future__ import annotations

import argparse
import json

from ..content.wording import counted

GAME = "patient-zero-solo"


def register(games: argparse._SubParsersAction) -> None:
    p = games.add_parser("solo", help="Patient Zero: A Solo Epidemic (end of day 3)")
    p.add_argument("--colours", "--colors", type=int, required=True,
                   help="how many different colours are on the patient (0-4)")
    p.add_argument("--cubes", type=int, required=True,
                   help="cubes on the patient in all (an amputated limb's cubes have left it)")
    p.add_argument("--amputated", type=int, default=0, help="amputated limbs (0-4)")
    p.add_argument("--specialists-lost", type=int, default=0,
                   help="Specialists removed from the game (0-4)")
    p.add_argument("--dead", action="store_true", help="the patient died: a loss")
    p.add_argument("--json", action="store_true", help="print the result as JSON")


def run(args: argparse.Namespace) -> int:
    from ..pipeline.load import load_builtin
    from ..rules.patient_zero_solo.score import ScoreRules, solo_score

    rules = ScoreRules.from_data(load_builtin(GAME).data)
    result = solo_score(args.colours, args.cubes, args.amputated, args.specialists_lost,
                        args.dead, rules)
    if args.json:
        print(json.dumps(result.as_dict(), indent=2))
        return 0
    print(f"{counted(result.colours, 'colour')} × {counted(result.cubes, 'cube')} = "
          f"{result.infection}")
    print(f"+ {rules.points_per_amputation} × {counted(result.amputated, 'amputated limb')} = "
          f"{result.amputation_points}")
    print(f"+ {rules.points_per_specialist} × {counted(result.specialists_lost, 'Specialist')} "
          f"lost = {result.specialist_points}")
    print(f"score {result.score}: {'WIN' if result.won else 'LOSE'} ({result.reason})")
    return 0
