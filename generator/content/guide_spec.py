"""What a game's ``game.yaml`` tells the print guide (page 1 of every kit): what players bring
that the kit does not print, the order in which its parts are cut and assembled, and what the
edition settled where the published rules are silent (its "About this edition" section; the
rules the players read only mark such a ruling with a dagger †).

```yaml
bring:                       # absent: the guide says nothing of it; []: "nothing else"
  - !t "A pencil for each lab"
assembly:                    # absent: the game file's order, each part its kind's step
  - lab-sheet                # a component id: its place in the order, its kind's step
  - {id: screen-m, step: !t "Fold into three panels…", duplex: long, paper: folding}
  - {id: score-pad, behind_guide: true}   # printed on the back of a one-page guide
edition:                     # absent or []: no "About this edition" section
  - !t "The track's length is not published; this edition uses 58 squares."
```

``step`` replaces the step of the component's kind (the defaults are the engine's sentences
in ``generator/i18n/engine_messages.py``); ``duplex`` marks a sheet whose pages are the two
sides of one sheet, printed double-sided with a flip on that edge whatever ``--duplex`` says
(a landscape screen); ``paper`` the paper the guide recommends for it, one of
``templates/paper.yaml`` (default: its kind's); ``behind_guide`` prints a one-page,
one-sided sheet (a score pad) on the blank back of a one-page guide, double-sided, instead of
on a sheet of its own. Components the list leaves out follow it in the game file's order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import excerpt
from ..resources import templates_dir
from .checker import Checker, described, join, known
from .yamlio import Msg, load_yaml

GUIDE_KEYS = {"bring", "assembly", "edition"}  # the top-level keys of game.yaml read here
STEP_KEYS = ("id", "step", "duplex", "paper", "behind_guide")
FLIP_EDGES = ("long", "short")


@dataclass(frozen=True)
class AssemblyStep:
    """One component's place in the assembly order, and what the data says of it."""

    component: str
    step: Msg | None = None      # none: the default step of the component's kind
    duplex: str | None = None    # "long" or "short": a sheet printed on both sides
    paper: str | None = None     # a paper of templates/paper.yaml; none: its kind's default
    behind_guide: bool = False   # on the back of a one-page print guide (double-sided)


def paper_table() -> dict[str, Any]:
    """``templates/paper.yaml``: the papers the guide names and each kind's default."""
    return load_yaml(templates_dir() / "paper.yaml")


def read_guide(check: Checker, raw: Mapping[str, Any], components: Sequence[Any]
               ) -> tuple[tuple[Msg, ...] | None, tuple[AssemblyStep, ...]]:
    """``bring`` (None when the game does not say) and ``assembly``, checked against the
    components the game has once loaded (rule cards and their page included)."""
    return (_texts(check, raw, "bring", "A pencil for each player"),
            _assembly(check, raw, [c.id for c in components]))


def read_edition(check: Checker, raw: Mapping[str, Any]) -> tuple[Msg, ...]:
    """``edition``: each ruling the kit made where the published rules are silent, and why."""
    return _texts(check, raw, "edition", "The deck's size is not published; this edition "
                  "uses 40 cards.") or ()


def _texts(check: Checker, raw: Mapping[str, Any], key: str,
           example: str) -> tuple[Msg, ...] | None:
    """The list of texts under ``key`` (None when absent); a problem for anything else."""
    items = raw.get(key)
    if items is None:
        return None
    if not isinstance(items, list):
        check.add(key, f"expected a list of texts (!t \"…\"), got {described(items)}",
                  raw, key)
        return None
    for index, item in enumerate(items):
        if not isinstance(item, str):
            check.add(join(key, index), f"expected a text such as !t \"{example}\", got "
                      f"{described(item)}", items, index)
    return tuple(Msg(item) for item in items if isinstance(item, str))


def _assembly(check: Checker, raw: Mapping[str, Any],
              ids: list[str]) -> tuple[AssemblyStep, ...]:
    items = raw.get("assembly", [])
    if not isinstance(items, list):
        check.add("assembly", "expected a list of component ids (or {id, step, duplex, "
                  f"paper}}), got {described(items)}", raw, "assembly")
        return ()
    steps: list[AssemblyStep] = []
    for index, item in enumerate(items):
        where = join("assembly", index)
        entry = {"id": item} if isinstance(item, str) else check.mapping(item, where, items,
                                                                           index)
        if entry is None:
            continue
        check.keys(entry, where, STEP_KEYS, required=("id",))
        if "id" not in entry:
            continue
        component, step = entry.get("id"), check.text(entry, "step", where)
        duplex = check.choice(entry, "duplex", where, FLIP_EDGES)
        paper = check.choice(entry, "paper", where, tuple(paper_table()["papers"]))
        behind = entry.get("behind_guide", False)
        if not isinstance(behind, bool):
            check.add(join(where, "behind_guide"), "expected true or false", entry,
                      "behind_guide")
        if not known(component, ids) or known(component, {s.component for s in steps}):
            why = "is listed twice" if known(component, ids) else "is not a component"
            place = (join(where, "id"), entry, "id") if entry is item else (where, items, index)
            check.add(place[0], f"{excerpt(component)} {why}; components: {', '.join(ids)}",
                      *place[1:])
            continue
        steps.append(AssemblyStep(str(component), Msg(step) if step is not None else None,
                                  duplex, paper, behind is True))
    return tuple(steps)
