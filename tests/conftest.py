"""Shared fixtures: builds are made once per session into temporary folders; golden drawing
logs are compared, or rewritten with ``--regen-golden``."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest

from generator.imposition.plan import PrintOptions
from generator.pipeline.build import build
from generator.pipeline.request import BuildRequest, BuildResult
from support.golden import assert_drawing_log


def pytest_configure(config: pytest.Config) -> None:
    """Caches (parsed hyphenation patterns) go to a folder of this run, not the user's."""
    os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="pnp-test-cache-")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--regen-golden", action="store_true",
                     help="rewrite tests/golden/*.log from this build instead of comparing")


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., BuildResult]:
    """build(game, lang, **options) cached per argument set for the whole session;
    ``guide=False`` leaves out the print guide, for tests that read the parts from page 1."""
    cache: dict[tuple, BuildResult] = {}

    def make(game: str | Path, lang: str = "en", only: tuple[str, ...] = (),
             copies: int | None = None, guide: bool = True, **options) -> BuildResult:
        key = (str(game), lang, only, copies, guide, tuple(sorted(options.items())))
        if key not in cache:
            out = tmp_path_factory.mktemp("build")
            request = BuildRequest(game, lang, PrintOptions(**options), only, copies, out,
                                   guide=guide)
            cache[key] = build(request)
        return cache[key]

    return make


@pytest.fixture
def golden(request: pytest.FixtureRequest) -> Callable[[Path, str], None]:
    """golden(pdf, name): the PDF's drawing log matches tests/golden/<name>.log."""
    regen = bool(request.config.getoption("--regen-golden"))
    return lambda pdf, name: assert_drawing_log(pdf, name, regen=regen)
