"""A game's own Python: the code in its folder's ``python/`` package (checks on its rule data,
the figures its summary quotes, its score calculator), and the one table of the games pnp
ships with that code.

A game is one folder: ``generator/games/<id>/`` holds its data, layouts, locales, summary
template (``rules/<id>.j2``) and Python (``python/``). Game ids have hyphens, which Python
module names cannot, so a game's ``python/`` package is loaded by path: the built-in games of
``GAMES`` under the name ``generator.rules.<name>`` (so ``from generator.rules.microbious.score
import hand_score`` works as any import does, and a game's modules import each other as
``generator.rules.<name>.…``); a designer's folder under a name of its own, and only when the
user passes ``--trust-code`` (``PNP_TRUST_CODE``): a stranger's folder runs no code on build.

The package's entry points, each optional: ``validate(check, raw, components, palette)`` runs
as a load step (a bad grid is reported like any content error), ``summary_facts(data)`` feeds
the summary template, ``kit_extras()`` registers what a layer above the pipeline adds to the
kit (Save Patient Zero's answer keys and referee page). ``rules: <id>`` in a game.yaml picks
a built-in game's code (a copy of a built-in game keeps it, and its own ``python/`` copy is
not run).
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from ..content.checker import Checker
from ..errors import UsageError
from ..resources import games_dir

# The built-in games with Python: game id → the name its package is imported under
# (generator.rules.<name>). A new built-in game with code adds one row.
GAMES: Mapping[str, str] = {
    "save-patient-zero": "save_patient_zero",
    "patient-zero-solo": "patient_zero_solo",
    "microbious": "microbious",
    "pharma-code": "pharma_code",
    "clinic-covid19": "clinic_covid19",
}
CODE_FOLDER = "python"  # a game folder's Python package
TRUST_VARIABLE = "PNP_TRUST_CODE"  # "1": run the Python of game folders pnp did not ship
TRUST_FLAG = "--trust-code"
_BY_NAME = {name: game_id for game_id, name in GAMES.items()}


class _BuiltinGames(importlib.abc.MetaPathFinder):
    """Finds ``generator.rules.<name>`` in ``generator/games/<id>/python/`` (its submodules
    are then found through the package's own path, as for any package)."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        package, _, name = fullname.rpartition(".")
        if package != __name__ or name not in _BY_NAME:
            return None
        init = games_dir() / _BY_NAME[name] / CODE_FOLDER / "__init__.py"
        return importlib.util.spec_from_file_location(
            fullname, init, submodule_search_locations=[str(init.parent)])


if not any(isinstance(finder, _BuiltinGames) for finder in sys.meta_path):
    sys.meta_path.append(_BuiltinGames())


def code_trusted() -> bool:
    """Whether the user asked to run the Python of game folders pnp did not ship."""
    return os.environ.get(TRUST_VARIABLE) == "1"


def game_code(folder: Path, rules: Any) -> ModuleType | None:
    """The Python of the game in ``folder``: the built-in game's that ``rules:`` names, else
    the folder's own ``python/`` (a UsageError when the user has not trusted it), else None."""
    if isinstance(rules, str) and rules in GAMES:
        return importlib.import_module(f"{__name__}.{GAMES[rules]}")
    init = folder / CODE_FOLDER / "__init__.py"
    if not init.is_file():
        return None
    if not code_trusted():
        raise UsageError(f"{folder}: this game folder brings its own Python ({CODE_FOLDER}/), "
                         f"which pnp runs only when you trust its author: add {TRUST_FLAG}")
    return _own_code(init.resolve())


def _own_code(init: Path) -> ModuleType:
    """A designer's ``python/`` package, imported once per process under a name of its own
    (its modules import each other by relative imports: ``from .score import …``)."""
    name = f"pnp_game_{hashlib.sha1(str(init).encode()).hexdigest()[:12]}"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            name, init, submodule_search_locations=[str(init.parent)])
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[name]
            raise
    return sys.modules[name]


def rule_data(folder: Path) -> Callable[[Checker, Any, list, dict], list]:
    """The loading step that checks a game's rule data with its code's ``validate``."""
    def extend(check: Checker, raw: Any, components: list, palette: dict) -> list:
        rules = raw.get("rules")
        if isinstance(rules, str) and rules not in GAMES:
            check.add("rules", f"unknown rules module '{rules}'; leave 'rules' out for a game "
                      f"without rule data (a game of your own keeps its code in "
                      f"{CODE_FOLDER}/), or name a built-in game: {', '.join(GAMES)}",
                      raw, "rules")
            return components
        validate = getattr(game_code(folder, rules), "validate", None)
        if validate is not None:
            validate(check, raw, components, palette)
        return components
    return extend


def summary_facts(folder: Path, rules: Any, data: Any) -> dict[str, Any]:
    """Figures a rule summary quotes but the data holds only implicitly (shares, totals),
    from the game's ``summary_facts(data)`` when it has one."""
    facts = getattr(game_code(folder, rules), "summary_facts", None)
    return dict(facts(data)) if facts is not None else {}


def load_kit_extras(folder: Path, rules: Any) -> None:
    """Let the game's code register its kit extras (``kit_extras()``), so a library build
    makes the same kit as ``pnp build``."""
    hook = getattr(game_code(folder, rules), "kit_extras", None)
    if hook is not None:
        hook()
