"""Budgets of one build, as data (``templates/limits.yaml``): what a game folder may ask of
the machine before pnp stops. Every refusal names the limit, its value and that file, so a
real game that needs more knows where to raise it."""

from __future__ import annotations

from functools import lru_cache

import yaml

from .errors import ContentError, Problem
from .resources import templates_dir

LIMITS_FILE = "templates/limits.yaml"


@lru_cache(maxsize=1)
def _limits() -> dict[str, int]:
    data = yaml.safe_load((templates_dir() / "limits.yaml").read_text(encoding="utf-8"))
    return {str(name): int(value) for name, value in data.items()}


def limit(name: str) -> int:
    """The value of the limit ``name`` of ``templates/limits.yaml``."""
    return _limits()[name]


def past(name: str, what: str) -> str:
    """The words of a refusal: ``what`` went past the limit ``name``, with its value and
    where to change it."""
    return (f"{what}: past the limit of {limit(name):,} ({name} in {LIMITS_FILE}; raise it "
            "there if a real game needs more)")


class OverBudget(ContentError):
    """A refusal past a budget: it ends the load where it is found, and is the one line
    told (a folder of 900 files each past its budget is one problem, not 900)."""


def refuse(source: str, name: str, what: str, line: int | None = None) -> OverBudget:
    """An OverBudget error for ``source`` past the limit ``name``."""
    return OverBudget(Problem(source, "", past(name, what), line))
