"""Fuzzing: random and mutated inputs reach the content loader, the translation catalogs and
the savvy marks parser; only the project's own errors may come out (2,300 examples)."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.errors import PnpError
from generator.i18n.catalog import read_catalog
from generator.pipeline.load import load_game
from generator.resources import games_dir
from generator.savvy.marks import parse_marks

pytestmark = pytest.mark.slow  # 2,300 Hypothesis examples

GAMES = sorted(p.name for p in games_dir().iterdir() if (p / "game.yaml").is_file())


def fuzz(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-5, 100), st.text(max_size=6),
                    st.sampled_from(["[]", "{}", "[1, 2]", "''", "!t x", "- a", "0x1f", "~",
                                     "26", "-1", "green", "*", "&a", "[[6, 22]]"]))


def _copies() -> dict[str, Path]:
    root = Path(tempfile.mkdtemp(prefix="pnp-fuzz-"))
    return {g: Path(shutil.copytree(games_dir() / g, root / g)) for g in GAMES}


FOLDERS = _copies()
ORIGINAL = {g: (games_dir() / g / "game.yaml").read_text(encoding="utf-8") for g in GAMES}


def _mutate(text: str, data: st.DataObject) -> str:
    """Delete, duplicate or swap lines, or put a random scalar after a colon."""
    lines = text.splitlines()
    for _ in range(data.draw(st.integers(1, 4))):
        if not lines:
            break
        i = data.draw(st.integers(0, len(lines) - 1))
        action = data.draw(st.sampled_from(["delete", "duplicate", "swap", "value", "indent"]))
        if action == "delete":
            del lines[i]
        elif action == "duplicate":
            lines.insert(i, lines[i])
        elif action == "swap":
            j = data.draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif action == "indent":
            lines[i] = data.draw(st.sampled_from(["", " ", "  ", "\t"])) + lines[i].lstrip()
        elif ":" in lines[i]:
            key = lines[i].split(":", 1)[0]
            lines[i] = f"{key}: {data.draw(SCALARS)}"
    return "\n".join(lines) + "\n"


def _load(game: str, text: str) -> None:
    folder = FOLDERS[game]
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    try:
        load_game(folder)
    except PnpError:
        pass


@fuzz(600)
@given(st.sampled_from(GAMES), st.data())
def test_mutated_game_files_give_content_errors_only(game: str, data: st.DataObject) -> None:
    _load(game, _mutate(ORIGINAL[game], data))


@fuzz(300)
@given(st.sampled_from(GAMES), st.text(max_size=200))
def test_random_text_as_game_file(game: str, text: str) -> None:
    _load(game, text)


PO_PIECES = st.sampled_from(['msgid "a"', 'msgstr "b"', 'msgid ""', 'msgstr ""', '"x"',
                             'msgid "{count} x"', 'msgstr "y"', 'msgstr[0] "z"',
                             'msgid_plural "p"', "#, fuzzy", '"', 'msgid "<b>a</b>"',
                             'msgstr "<b>a"', "", "garbage", 'msgctxt "c"'])


@fuzz(500)
@given(st.lists(st.one_of(PO_PIECES, st.text(max_size=20)), max_size=12))
def test_broken_catalogs_give_content_errors_only(lines: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "de.po"
        path.write_text("\n".join(lines), encoding="utf-8")
        try:
            read_catalog(path)
        except PnpError:
            pass


MARK_WORDS = st.sampled_from(["samply", "mikroskopo", "analyzer", "dedukto", "intervallo",
                              "scanpad", "centrifugo", "estugamo", "fuzio", "substrakto",
                              "kolozomi", "mezakol", "antidote", "hackz", "misfunkcio", "M17",
                              "T40", "M0", "row", "col", "min", "max", "=", "yes", "no", "✓",
                              "1,2,3,6,7,8", "1,2,6,7", "5,9,23", "23-39", "2", "26", "-1",
                              "#", ",", "orange", "x3"])


@fuzz(900)
@given(st.lists(st.one_of(st.lists(MARK_WORDS, max_size=6).map(" ".join),
                          st.text(max_size=30)), max_size=8))
def test_marks_parser_gives_project_errors_only(lines: list[str]) -> None:
    try:
        parse_marks("\n".join(lines), "marks.txt")
    except PnpError:
        pass
