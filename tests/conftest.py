"""Shared fixtures: builds are made once per session into temporary folders."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from generator.imposition.plan import PrintOptions
from generator.pipeline.build import build
from generator.pipeline.request import BuildRequest, BuildResult


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., BuildResult]:
    """build(game, lang, **options) cached per argument set for the whole session."""
    cache: dict[tuple, BuildResult] = {}

    def make(game: str | Path, lang: str = "en", only: tuple[str, ...] = (),
             copies: int | None = None, **options) -> BuildResult:
        key = (str(game), lang, only, copies, tuple(sorted(options.items())))
        if key not in cache:
            out = tmp_path_factory.mktemp("build")
            request = BuildRequest(game, lang, PrintOptions(**options), only, copies, out)
            cache[key] = build(request)
        return cache[key]

    return make
