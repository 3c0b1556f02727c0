"""A game's Python lives in its folder (``python/``): the built-in games' is imported as
``generator.rules.<name>`` from there; a designer's folder runs its own only with
``--trust-code`` and is otherwise refused in one line, before any of its code runs; a copy of a
built-in game keeps using pnp's shipped code, whatever its ``python/`` copy says."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import generator.rules.microbious.score as microbious_score
from generator.content.loader import game_folder
from generator.rules import GAMES
from support.cli import pnp
from support.paths import FIXTURES

CODE = '''
from pathlib import Path

from .helper import GREETING

Path(__file__).with_name("ran.txt").write_text("yes")


def validate(check, raw, components, palette):
    check.add("data", GREETING)
'''


def own_code(tmp_path: Path) -> Path:
    game = tmp_path / "game"
    shutil.copytree(FIXTURES / "game_icons", game)
    (game / "python").mkdir()
    (game / "python" / "__init__.py").write_text(CODE)
    (game / "python" / "helper.py").write_text('GREETING = "hello from the folder\'s code"\n')
    return game


def test_a_folders_own_python_is_refused_in_one_line_and_never_run(tmp_path, capsys):
    game = own_code(tmp_path)
    out = tmp_path / "out"
    code, stdout, stderr = pnp(f"build --game-dir {game} --lang en --out {out}", capsys)
    assert code == 2
    assert stderr.strip().splitlines() == [
        f"error: {game}: this game folder brings its own Python (python/), which pnp runs "
        "only when you trust its author: add --trust-code"]
    assert not (game / "python" / "ran.txt").exists()
    assert not list(out.glob("*.pdf")) if out.exists() else True


def test_with_trust_code_a_folders_python_checks_its_data(tmp_path, capsys):
    game = own_code(tmp_path)
    code, stdout, stderr = pnp(f"check --game-dir {game} --trust-code", capsys)
    assert code == 2 and "hello from the folder's code" in stdout + stderr
    assert (game / "python" / "ran.txt").read_text() == "yes"


def test_a_copy_of_a_built_in_game_runs_the_shipped_code_not_its_copy(tmp_path, capsys):
    game = tmp_path / "microbious"
    shutil.copytree(game_folder("microbious"), game)
    (game / "python" / "__init__.py").write_text("raise SystemExit('copied code ran')\n")
    code, stdout, stderr = pnp(f"check --game-dir {game}", capsys)
    assert code == 0, stdout + stderr


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_built_in_games_code_and_summary_live_in_its_folder(game_id):
    folder = game_folder(game_id)
    assert (folder / "python" / "__init__.py").is_file()
    assert (folder / "rules" / f"{game_id}.j2").is_file()
    assert Path(microbious_score.__file__) == game_folder("microbious") / "python" / "score.py"
