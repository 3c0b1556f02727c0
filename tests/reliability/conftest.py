"""Fixtures of the red team's hostile-folder cases (``test_red_team*.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.hostile import Stranger, make_stranger, new_game_template


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One ``pnp new`` game, copied for every case of a module."""
    return new_game_template(tmp_path_factory.mktemp("template"))


@pytest.fixture
def stranger(tmp_path: Path, template: Path) -> Stranger:
    """A fresh copy of the game beside the victim's files."""
    return make_stranger(tmp_path, template)
