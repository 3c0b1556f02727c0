"""The benchmark's own checks, which keep its figures honest: its commands import the pnp it
builds with, and its "unchanged rebuild" check reads what ``pnp build`` prints (the same build
run twice reports its PDF unchanged, a forced one does not)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from generator.cli import main

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_build.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_build", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def _build(capsys: pytest.CaptureFixture[str], game: Path, *extra: str) -> str:
    argv = ["build", "--game-dir", str(game), "--paper", "a4", "--out", str(game.parent / "out")]
    assert main([*argv, *extra]) == 0
    return capsys.readouterr().out


def test_the_rebuild_check_reads_what_pnp_build_prints(bench: ModuleType, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "deck"
    assert main(["new", str(game)]) == 0  # the smallest game: one PDF, in English
    first = _build(capsys, game)
    again = _build(capsys, game)
    forced = _build(capsys, game, "--force")
    assert bench.rebuild_problem(first, again) is None
    assert "skipped 0 of the 1 PDFs" in bench.rebuild_problem(first, forced)
    assert bench.rebuild_problem("", again) == "the first build wrote no PDF"


def test_the_benchmark_refuses_a_cli_that_imports_another_pnp(
        bench: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = Path(bench.generator.__file__).resolve().parent
    # the tests may import the source tree while `pnp` is installed apart (CI installs a
    # wheel): the commands must see the package under test, as the benchmark's own would
    monkeypatch.setenv("PYTHONPATH", str(package.parent))
    assert bench.same_pnp(tmp_path) == package
    (tmp_path / "generator").mkdir()
    (tmp_path / "generator" / "__init__.py").write_text("", encoding="utf-8")
    with pytest.raises(SystemExit, match="benchmark one installation"):
        bench.same_pnp(tmp_path)  # python -m generator run here would import the copy here
