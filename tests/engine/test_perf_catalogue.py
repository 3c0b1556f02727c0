"""The catalogue build: parallel jobs give the same bytes as one job, unchanged PDFs are
skipped, a change or --force rebuilds, and the PDFs stay small (vector QR, images once)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.cli import main
from generator.errors import ContentError
from generator.imposition.plan import PrintOptions
from generator.pipeline.batch import build_all
from generator.pipeline.request import BuildRequest
from generator.resources import games_dir
from support.paths import FIXTURES

pytestmark = pytest.mark.slow  # the catalogue machinery: a process pool, whole kits


def _requests(out: Path, game: str | Path = "clinic-covid19") -> list[BuildRequest]:
    return [BuildRequest(game, lang, PrintOptions(paper=paper), out_dir=out)
            for lang in ("en", "de") for paper in ("a4", "letter")]


def _bytes(results) -> dict[str, bytes]:
    return {r.path.name: r.path.read_bytes() for r in results}


def test_two_jobs_write_the_same_bytes_as_one(tmp_path: Path) -> None:
    serial = build_all(_requests(tmp_path / "one"), jobs=1)
    parallel = build_all(_requests(tmp_path / "two"), jobs=2)
    assert [r.path.name for r in serial] == [r.path.name for r in parallel]
    assert _bytes(serial) == _bytes(parallel)
    assert not any(r.skipped for r in serial + parallel)


def test_unchanged_inputs_skip_and_force_or_a_change_rebuilds(tmp_path: Path) -> None:
    game = Path(shutil.copytree(games_dir() / "clinic-covid19", tmp_path / "game"))
    out = tmp_path / "out"
    first = build_all(_requests(out, game), jobs=1)
    again = build_all(_requests(out, game), jobs=2)
    assert all(r.skipped for r in again)
    assert _bytes(first) == _bytes(again)
    assert not any(r.skipped for r in build_all(_requests(out, game), force=True))
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8") + "\n# a change\n", encoding="utf-8")
    assert not any(r.skipped for r in build_all(_requests(out, game)))
    first[0].path.write_bytes(b"%PDF- edited by hand")
    assert not build_all(_requests(out, game))[0].skipped, "a PDF changed on disk is rebuilt"


def test_a_failing_job_reports_every_problem_from_the_pool(tmp_path: Path) -> None:
    game = Path(shutil.copytree(games_dir() / "clinic-covid19", tmp_path / "game"))
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8") + "colour_scheme: dark\nbogus: 1\n",
                    encoding="utf-8")
    with pytest.raises(ContentError) as error:
        build_all(_requests(tmp_path / "out", game), jobs=2)
    assert len(error.value.problems) == 2
    assert "unknown key 'bogus'" in str(error.value)


def test_qr_codes_are_vector_and_an_image_is_embedded_once(tmp_path: Path) -> None:
    qr = build_all([BuildRequest("pharma-code", "en", only=("rules",), out_dir=tmp_path)])[0]
    reader = PdfReader(qr.path)
    assert not any("/Im" in str(k) for page in reader.pages
                   for k in (page["/Resources"].get("/XObject") or {}))
    deck = build_all([BuildRequest(FIXTURES / "designer_deck", "en", only=("heroes",),
                                   out_dir=tmp_path)])[0]
    images = {id(obj.get_object()) for page in PdfReader(deck.path).pages
              for obj in (page["/Resources"].get("/XObject") or {}).values()
              if obj.get_object().get("/Subtype") == "/Image"}
    uses = deck.path.read_bytes().count(b"/Subtype /Image")
    assert uses == 1 and len(images) <= 1


def test_quiet_prints_nothing(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    assert main(["build", "clinic-covid19", "--lang", "en", "--paper", "a4", "--quiet",
                 "--out", str(tmp_path)]) == 0
    assert capsys.readouterr() == ("", "")


def test_pool_batches_keep_a_game_together_and_cut_at_a_fair_share(tmp_path: Path) -> None:
    from generator.pipeline.batch import _batches

    def job(index: int, game: str, cost: float):
        return (index, BuildRequest(game, out_dir=tmp_path), "", tmp_path, cost)

    jobs = [job(0, "clinic-covid19", 1.0), job(1, "save-patient-zero", 3.0),
            job(2, "clinic-covid19", 1.0), job(3, "save-patient-zero", 3.0),
            job(4, "save-patient-zero", 3.0), job(5, "pharma-code", 1.0)]
    batches = [[j[0] for j in batch] for batch in _batches(jobs, workers=2)]
    # 12 s over 2 workers: a batch holds at most 6 s, the longest goes first
    assert batches == [[1, 3], [4], [0, 2], [5]]


def test_each_pdf_is_reported_once_as_its_worker_writes_it(tmp_path: Path) -> None:
    seen: list = []
    results = build_all(_requests(tmp_path), jobs=2, force=True, notify=seen.append)
    assert sorted(r.path.name for r in seen) == sorted(r.path.name for r in results)
    assert len(seen) == len(results) == 4


def test_the_bar_shows_only_once_a_build_has_run_for_a_second(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import rich.progress

    from generator.cli import progress

    clock = [100.0]
    started: list[float] = []

    class Recording(rich.progress.Progress):
        def start(self) -> None:  # record instead of drawing on the test's terminal
            started.append(clock[0])

    monkeypatch.setattr(rich.progress, "Progress", Recording)
    monkeypatch.setattr(progress.sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(progress.time, "monotonic", lambda: clock[0])
    results = build_all(_requests(tmp_path)[:2])
    with progress.reporter(total=3, quiet=False) as report:
        report(results[0])
        assert started == [], "no bar within the first second"
        clock[0] += progress.BAR_AFTER_S
        report(results[1])
        assert started == [clock[0]]


def test_the_bar_on_a_terminal_says_building_not_its_markup(monkeypatch, capsys) -> None:
    """The bar's description is styled, not printed with its markup tag: a plain string
    column is drawn as it is, so '[progress.description]building' reached the screen."""
    from types import SimpleNamespace

    from generator.cli import progress

    monkeypatch.setattr(progress.sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(progress, "BAR_AFTER_S", 0)
    done = SimpleNamespace(skipped=False, path=Path("kit.pdf"), pages=1, cards=0, bytes=1024,
                           seconds=0.5, fallback_ids=(), lang="en")
    with progress.reporter(total=2, quiet=False) as report:
        report(done)
    out = capsys.readouterr().out
    assert "building" in out and "1/2" in out
    assert "[progress" not in out
