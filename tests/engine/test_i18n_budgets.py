"""The budgets of the ``pnp i18n`` commands (issue 34, red team 3): fuzzy matching bounded
with the same matches as comparing every pair, layout boxes indexed with the same notes as
searching every box, catalogs judged by their size before they are read, and a game's
languages and translated rows bounded as a build bounds them."""

from __future__ import annotations

import io
import random
import re
from difflib import SequenceMatcher
from pathlib import Path

import pytest
from babel.messages.catalog import Message
from babel.messages.pofile import read_po

from generator import limits
from generator.i18n.catalog import catalog_paths
from generator.i18n.fuzzy import FUZZY_CUTOFF, Candidate, Matcher
from generator.i18n.room import GENERIC, Box, BoxIndex
from support.cli import pnp, translators_copy


@pytest.fixture
def game(tmp_path: Path, monkeypatch) -> Path:
    return translators_copy("microbious", tmp_path, monkeypatch)


def _edit(game: Path, old: str, new: str) -> None:
    data = game / "game.yaml"
    text = data.read_text(encoding="utf-8")
    assert old in text
    data.write_text(text.replace(old, new), encoding="utf-8")


# ── fuzzy matching ─────────────────────────────────────────────────────────────────────
def _every_pair(new: str, olds: list[str]) -> str | None:
    """What merge chose before it was bounded: the last old text of the best ratio."""
    best, best_ratio = None, FUZZY_CUTOFF
    for old in olds:
        ratio = SequenceMatcher(None, new, old, autojunk=False).ratio()
        if ratio >= best_ratio:
            best, best_ratio = old, ratio
    return best


def test_the_prefilters_find_what_comparing_every_pair_finds():
    rng = random.Random(34)
    words = "virus card germ round play draw each turn your the a of take".split()
    texts = [" ".join(rng.choice(words) for _ in range(rng.randint(1, 12)))
             for _ in range(120)]
    olds = [Candidate(Message(text, "x"), text) for text in texts[60:]]
    matcher = Matcher()
    found = [matcher.closest(Candidate(Message(text), text), olds) for text in texts[:60]]
    assert [m.id if m else None for m in found] == [_every_pair(t, texts[60:])
                                                     for t in texts[:60]]
    assert any(found) and not all(found)  # alike and unlike texts both met
    assert matcher.note() is None


def _medium_virus_changed(game: Path, capsys) -> Path:
    pnp(["i18n", "init", "es", "--game-dir", str(game)], capsys)
    po = game / "locales" / "es.po"
    text = po.read_text(encoding="utf-8")
    po.write_text(text.replace('msgid "Medium virus"\nmsgstr ""',
                               'msgid "Medium virus"\nmsgstr "Virus mediano"'), encoding="utf-8")
    _edit(game, '!t "Medium virus"', '!t "Medium virus, grown"')
    return po


@pytest.mark.parametrize("name, value", [("fuzzy_work", 10), ("fuzzy_chars", 10)])
def test_past_a_fuzzy_budget_a_changed_text_stays_new_and_update_says_so(
        capsys, game, monkeypatch, name, value):
    po = _medium_virus_changed(game, capsys)
    monkeypatch.setitem(limits._limits(), name, value)
    code, out, err = pnp(["i18n", "update", "es", "--game-dir", str(game)], capsys)
    assert code == 0, err
    said = [line for line in err.splitlines() if line.startswith("warning:")]
    assert len(said) == 1 and f"past the limit of {value:,} ({name} in " in said[0], err
    assert "left new (untranslated)" in said[0]
    after = read_po(io.BytesIO(po.read_bytes()))
    assert not after.get("Medium virus, grown").string  # new, not offered a fuzzy match
    assert after.obsolete  # the old translation kept for the translator (#~)


def test_within_the_fuzzy_budgets_update_says_nothing_of_them(capsys, game):
    po = _medium_virus_changed(game, capsys)
    code, _, err = pnp(["i18n", "update", "es", "--game-dir", str(game)], capsys)
    assert code == 0 and "warning" not in err, err
    assert read_po(io.BytesIO(po.read_bytes())).get("Medium virus, grown").fuzzy


# ── the boxes that print a data text ───────────────────────────────────────────────────
def _every_box(boxes: list[Box], path: list[str]) -> Box | None:
    """What room.field_box found before the boxes were indexed: a search of every box."""
    keys = [k for k in path if not k.startswith("#")]
    if len(keys) < 2:
        return None
    field = re.compile(rf"(\.{re.escape(keys[-1])}\b|\[['\"]{re.escape(keys[-1])}['\"]\])")
    above = [k for k in keys[:-1] if k not in GENERIC] + (["card"] if "cards" in keys else [])
    found = [b for b in boxes if field.search(b.text) and any(
        re.search(rf"\b{re.escape(k)}\b", b.text) for k in above)]
    return min(found, key=lambda b: b.w) if found else None


def test_the_index_finds_the_box_a_search_of_every_box_finds():
    texts = ["{{ card.name }}", "{{ card['name'] | upper }}", "{{ data.sizes[card.type].name }}",
             "{{ card.name_long }}", "{{ card[\"my-key\"] }}", "{{ card['-odd'] }}",
             "{{ data.items.colour }}", "{{ look.title }}", "plain text. name", "{{ card.nam }}",
             "{{ data.sizes.big.label }}", "{{ card.ünïcode }}"]
    boxes = [Box("layouts/cards.yaml", "l", f"b{i}", text, 20 + (i * 7) % 11, 5, 9, 6, 1.2)
             for i, text in enumerate(texts)]
    index = BoxIndex(boxes, "layouts")
    paths = [["cards", "#1", "name"], ["data", "sizes", "big", "name"], ["cards", "name_long"],
             ["cards", "my-key"], ["cards", "-odd"], ["data", "items", "#3", "colour"],
             ["look", "title"], ["title"], ["cards", "nam"], ["data", "sizes", "big", "label"],
             ["cards", "ünïcode"], ["components", "#deck", "name"], ["cards", "missing"]]
    for path in paths:
        assert index.field_box(path) == _every_box(boxes, path), path
    assert index.field_box(["cards", "name"]) is not None


def test_past_room_chars_extract_is_refused_in_one_line(capsys, game, monkeypatch):
    monkeypatch.setitem(limits._limits(), "room_chars", 50)
    code, out, err = pnp(["i18n", "extract", "--game-dir", str(game)], capsys)
    assert code == 2, out + err
    assert "room_chars in templates/limits.yaml" in err and len(err.strip().splitlines()) == 1


# ── catalogs and languages ─────────────────────────────────────────────────────────────
def test_update_refuses_a_catalog_past_catalog_bytes_before_parsing_it(capsys, game,
                                                                       monkeypatch):
    pnp(["i18n", "init", "es", "--game-dir", str(game)], capsys)
    monkeypatch.setitem(limits._limits(), "catalog_bytes", 100)
    code, out, err = pnp(["i18n", "update", "es", "--game-dir", str(game)], capsys)
    assert code == 2, out + err
    assert "es.po" in err and "catalog_bytes in templates/limits.yaml" in err


def test_a_language_s_catalogs_are_the_files_a_glob_finds(tmp_path: Path, monkeypatch):
    locales = tmp_path / "g" / "locales"
    locales.mkdir(parents=True)
    for name in ("fr.po", "fr.rules.po", "fr..po", "frx.po", "fr.a.pot", "de.po", "fr.b.po",
                 ".x.po", "fr.c.po.bak"):
        (locales / name).write_text("")
    mine = catalog_paths("fr", tmp_path / "g")
    own = [p for p in mine if p.parent == locales]
    assert own == [locales / "fr.po", *sorted(locales.glob("fr.*.po"))]
    (locales / "fr.z.po").write_text("")  # a new file is found: the listing is not stale
    assert locales / "fr.z.po" in catalog_paths("fr", tmp_path / "g")


def test_a_game_with_more_languages_than_languages_is_refused(capsys, game, monkeypatch):
    monkeypatch.setitem(limits._limits(), "languages", 3)
    (game / "locales").mkdir(exist_ok=True)
    for lang in ("es", "it", "pt", "nl"):
        (game / "locales" / f"{lang}.po").write_text("")
    code, out, err = pnp(["i18n", "status", "--game-dir", str(game)], capsys)
    assert code == 2, out + err
    assert "languages in templates/limits.yaml" in err and "past the limit of 3" in err
