"""The user's catalogs of a built-in game (./pnp-locales/<game>/) in one process: which
languages a game has, its translations and its fingerprint follow the working directory and
the files in it, never a cached answer for another folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.loader import game_folder
from generator.i18n.catalog import languages_for, translator
from generator.i18n.places import catalog_folders, catalog_home
from generator.pipeline.load import resolve_game

CATALOG = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n' \
          'msgctxt "pawn colour"\nmsgid "Red"\nmsgstr "{red}"\n'


PAWN = "pawn colour"  # the msgctxt of a pawn's colour name


def user_catalog(root: Path, lang: str, red: str) -> Path:
    po = root / "pnp-locales" / "pharma-code" / f"{lang}.po"
    po.parent.mkdir(parents=True, exist_ok=True)
    po.write_text(CATALOG.format(red=red), encoding="utf-8")
    return po


@pytest.fixture(autouse=True)
def no_env(monkeypatch):
    monkeypatch.delenv("PNP_LOCALES", raising=False)


def test_the_search_path_is_the_users_folder_then_the_games_then_the_engines(tmp_path,
                                                                             monkeypatch):
    monkeypatch.chdir(tmp_path)
    folder = game_folder("pharma-code")
    user = tmp_path / "pnp-locales" / "pharma-code"
    assert catalog_folders(folder)[:2] == [user, folder / "locales"]
    assert catalog_home(folder) == user
    assert catalog_home(tmp_path / "mine") == tmp_path / "mine" / "locales"  # one's own game


def test_languages_translations_and_fingerprint_follow_the_working_directory(tmp_path,
                                                                              monkeypatch):
    one, two = tmp_path / "one", tmp_path / "two"
    user_catalog(one, "es", "Rojo")
    user_catalog(two, "es", "ROJO")  # the same relative path under each, the same size
    user_catalog(two, "it", "Rosso")
    folder = game_folder("pharma-code")
    seen = {}
    for where in (one, two, one):
        monkeypatch.chdir(where)
        seen[where] = (languages_for(folder), translator("es", folder).pgettext(PAWN, "Red"),
                       resolve_game("pharma-code").fingerprint)
        assert translator("fr", folder).pgettext(PAWN, "Red") == "Rouge"  # the game's own
    assert seen[one][:2] == (["fr", "en", "de", "es"], "Rojo")
    assert seen[two][:2] == (["fr", "en", "de", "es", "it"], "ROJO")
    assert seen[one][2] != seen[two][2]


def test_an_edited_user_catalog_changes_the_games_fingerprint(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    before = resolve_game("pharma-code").fingerprint
    po = user_catalog(tmp_path, "es", "Rojo")
    after = resolve_game("pharma-code").fingerprint
    po.write_text(CATALOG.format(red="Bermellón"), encoding="utf-8")
    assert len({before, after, resolve_game("pharma-code").fingerprint}) == 3
    assert translator("es", game_folder("pharma-code")).pgettext(PAWN, "Red") == "Bermellón"
