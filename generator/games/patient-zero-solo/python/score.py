"""Patient Zero: A Solo Epidemic's end-of-game score: colours × cubes, plus 10 per amputated
limb and 10 per Specialist lost. Over 100 loses, and so does a dead patient, and so do counts
that can only mean every limb still attached holds 3 cubes of one colour. An amputated limb's
cubes leave the patient (the kit's house rule, ``data.house`` in game.yaml).

The figures come from the game's data (``ScoreRules.from_data``), so the calculator and the
printed day track cannot disagree; the defaults are the published ones."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from generator.content.wording import counted
from generator.errors import UsageError


@dataclass(frozen=True)
class ScoreRules:
    colours: int = 4
    cubes_per_colour: int = 18        # six limbs × at most 3 cubes of a colour
    amputable: int = 4                # the arms and legs
    specialists: int = 4              # one per colour
    points_per_amputation: int = 10
    points_per_specialist: int = 10
    lose_over: int = 100
    limbs: int = 6
    max_per_colour: int = 3
    amputated_cubes: str = "removed"  # house rule: an amputated limb's cubes leave the patient
    full_limbs: str = "attached"      # house rule: the full-colour loss counts attached limbs

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> ScoreRules:
        """Read the figures from a loaded game's ``data``."""
        limbs = data["limbs"]
        house = data.get("house") or {}
        return cls(
            colours=len(data["colours"]),
            cubes_per_colour=len(limbs) * int(data["max_per_colour"]),
            amputable=sum(1 for spec in limbs.values() if spec["redirect"]),
            specialists=len(data["colours"]) * int(data["card_types"]["specialist"]
                                                   ["per_colour"]),
            points_per_amputation=int(data["points_per_amputation"]),
            points_per_specialist=int(data["points_per_specialist"]),
            lose_over=int(data["lose_over"]),
            limbs=len(limbs),
            max_per_colour=int(data["max_per_colour"]),
            amputated_cubes=str(house.get("amputated_cubes", "removed")),
            full_limbs=str(house.get("full_limbs", "attached")),
        )


@dataclass(frozen=True)
class SoloScore:
    """The score, its three parts and the verdict."""

    colours: int
    cubes: int
    amputated: int
    specialists_lost: int
    dead: bool
    infection: int
    amputation_points: int
    specialist_points: int
    score: int
    won: bool
    reason: str

    def as_dict(self) -> dict[str, object]:
        return {**asdict(self), "result": "WIN" if self.won else "LOSE"}


def _check(name: str, value: int, high: int) -> None:
    if not 0 <= value <= high:
        raise UsageError(f"{name} must be between 0 and {high}, got {value}")


def solo_score(colours: int, cubes: int, amputated: int = 0, specialists_lost: int = 0,
               dead: bool = False, rules: ScoreRules = ScoreRules()) -> SoloScore:
    """Score one finished game; impossible counts raise UsageError saying why. A count that
    can only mean every limb still attached holds 3 cubes of one colour is a loss, as the
    rule cards print it."""
    _check("--colours", colours, rules.colours)
    _check("--amputated", amputated, rules.amputable)
    _check("--specialists-lost", specialists_lost, rules.specialists)
    holding = rules.limbs - amputated if rules.amputated_cubes == "removed" else rules.limbs
    per_colour = holding * rules.max_per_colour  # cubes of one colour the patient can hold
    if cubes < 0:
        raise UsageError(f"--cubes must be 0 or more, got {cubes}")
    if cubes > colours * per_colour:
        raise UsageError(f"{counted(cubes, 'cube')} cannot be of only "
                         f"{counted(colours, 'colour')}: the patient holds at most "
                         f"{per_colour} cubes of each colour ({counted(holding, 'limb')} "
                         f"still attached, {rules.max_per_colour} each)")
    if cubes < colours:
        raise UsageError(f"{counted(colours, 'colour')} on the patient need at least "
                         f"{counted(colours, 'cube')}, got {cubes}")
    infection = colours * cubes
    amputation_points = rules.points_per_amputation * amputated
    specialist_points = rules.points_per_specialist * specialists_lost
    score = infection + amputation_points + specialist_points
    if dead:
        won, reason = False, "the patient died"
    elif _some_colour_fills_every_limb(colours, cubes, amputated, rules):
        won, reason = False, (f"{counted(cubes, 'cube')} of {counted(colours, 'colour')} "
                              f"on the patient: every limb still attached holds "
                              f"{rules.max_per_colour} cubes of one colour")
    elif score > rules.lose_over:
        won, reason = False, f"the score is over {rules.lose_over}"
    else:
        won, reason = True, f"the patient lives and the score is {rules.lose_over} or less"
    return SoloScore(colours, cubes, amputated, specialists_lost, dead, infection,
                     amputation_points, specialist_points, score, won, reason)


def _some_colour_fills_every_limb(colours: int, cubes: int, amputated: int,
                                  rules: ScoreRules) -> bool:
    """Whether the counts force one colour onto every limb still attached, 3 deep: each
    colour below that holds at most one cube fewer than it could. Known only when the
    amputated limbs hold no cubes (or none is amputated) and the loss counts attached limbs."""
    if colours == 0 or (amputated and (rules.amputated_cubes != "removed"
                                       or rules.full_limbs != "attached")):
        return False
    per_colour = (rules.limbs - amputated) * rules.max_per_colour
    return cubes > colours * (per_colour - 1)
