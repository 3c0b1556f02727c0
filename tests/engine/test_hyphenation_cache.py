"""Hyphenation patterns parsed once are read back from the user's cache folder in the next
process, with the same hyphenation points; a broken cache file is parsed again, and a cache
folder that cannot be written to is not used."""

from __future__ import annotations

from pathlib import Path

import pyphen
import pytest

from generator.render import hyphenation

WORDS = ["Handwaschungsanleitung", "Infektionsschutzmaßnahmen", "Probenentnahme", "Zentrifuge"]
GERMAN = Path(pyphen.LANGUAGES["de"])


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """A process that has parsed nothing yet, with its cache folder under ``tmp_path``."""
    monkeypatch.setenv(hyphenation.CACHE_HOME, str(tmp_path))
    kept = dict(pyphen.hdcache)

    def forget() -> None:
        hyphenation.hyphenator.cache_clear()
        pyphen.hdcache.pop(GERMAN, None)

    forget()
    yield forget
    forget()
    pyphen.hdcache.update(kept)


def _parsed_here() -> list[list[int]]:
    """The points of a fresh parse by pyphen itself (which keeps it in its own cache)."""
    return [pyphen.Pyphen(filename=GERMAN, cache=False).positions(w) for w in WORDS]


def _points() -> list[list[int]]:
    german = hyphenation.hyphenator("de")
    assert german is not None
    return [german.positions(word) for word in WORDS]


def test_patterns_parsed_once_are_read_back_with_the_same_points(fresh, monkeypatch):
    expected = _parsed_here()
    fresh()
    assert _points() == expected
    kept = list(hyphenation.cache_folder().glob("*.json"))
    assert len(kept) == 1 and "hyph_de" in kept[0].name
    fresh()

    def no_parsing(self, path):
        raise AssertionError("parsed again")

    monkeypatch.setattr(pyphen.HyphDict, "__init__", no_parsing)
    assert _points() == expected


def test_a_broken_cache_file_is_parsed_again_and_replaced(fresh):
    expected = _points()
    (kept,) = hyphenation.cache_folder().glob("*.json")
    kept.write_text('{"abc": [1', encoding="utf-8")
    fresh()
    assert _points() == expected
    assert kept.read_text(encoding="utf-8").startswith("{") and kept.stat().st_size > 1000


def test_a_cache_folder_that_cannot_be_made_is_not_used(fresh, tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv(hyphenation.CACHE_HOME, str(blocker))  # pnp/ cannot be made under it
    expected = _parsed_here()
    fresh()
    assert _points() == expected
