"""The referee page's data, without a browser: one offline file under 400 KB, in three
languages, whose lookup tables give what ``pnp savvy answer --json`` prints and whose marks
are right exactly when ``pnp savvy check`` says so. tests in test_savvy_page_browser.py drive
the same page in headless Chromium."""

from __future__ import annotations

import json
import random
import re

import pytest

from generator.cli import main
from generator.savvy import answers, lookup
from generator.savvy.marks import fits, format_answer, parse_marks
from generator.savvy.page import page_path, render_page
from generator.savvy.queries import TOOLS

GRID = answers.builtin_lab_grid()
MAX_BYTES = 400_000


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return {lang: render_page(42, lang) for lang in ("en", "fr", "de")}


def test_one_self_contained_file_under_400_kb_in_each_language(pages):
    for lang, html in pages.items():
        assert all(f'<template id="ui-{each}">' in html for each in ("fr", "en", "de"))
        assert len(html.encode("utf-8")) < MAX_BYTES
        assert f'<html lang="{lang}">' in html
        assert not re.search(r"""(src|href)\s*=\s*["'](?!#)""", html), "nothing is fetched"
        assert "<link" not in html and "@import" not in html and "url(" not in html
    assert "Je suis Savvy" in pages["fr"] and "Ich bin Savvy" in pages["de"]
    assert "Pour Savvy seulement" in pages["fr"]


def test_the_page_asks_nothing_the_catalogs_lack():
    with pytest.raises(Exception, match="no 'es' translation"):
        render_page(42, "es")


def test_keys_normalize_arguments_as_the_command_line_reads_them():
    assert lookup.question_key("8, 7 6,3 2 1") == "1,2,3,6,7,8"
    assert lookup.question_key("ROW  02") == "row 2"
    assert lookup.question_key("M17") == "m17" and lookup.question_key("R1C1:2X3") == "r1c1:2x3"
    assert lookup.question_key("", draw=2) == " --draw 2"
    assert lookup.question_key("3,2,1,8,7,6", misfunkcio=True) == "1,2,3,6,7,8 --misfunkcio"


def test_every_question_of_every_tool_has_an_answer():
    found = lookup.tables(GRID, (5, 9, 24), 4242)
    assert set(found.keys) == set(TOOLS)
    sizes = {tool: len(keys) for tool, keys in found.keys.items()}
    assert sizes["antidote"] == 2300 and sizes["kolozomi"] == 25 and sizes["samply"] == 80
    assert sizes["scanpad"] == 2 * 2 * 24  # by label and by molecules, with and without Misfunkcio
    assert sizes["centrifugo"] == 16 and sizes["estugamo"] == 15  # row, col, column × 5
    assert sizes["substrakto"] == 2 and sizes["dedukto"] == 3  # no lab, M, T


def page_key(words: list[str], options: list[str]) -> str:
    draw = int(options[1]) if options[:1] == ["--draw"] else 1
    return lookup.question_key(" ".join(words), draw, "--misfunkcio" in options)


@pytest.mark.parametrize("seed", [0, 42, 777, 123456789])
def test_the_tables_answer_as_the_command_line_does(cli_json, random_question, seed):
    secret = answers.secret_for_seed(seed)
    found = lookup.tables(GRID, secret, seed)
    rng = random.Random(seed)
    for _ in range(60):
        tool, words, options = random_question(rng)
        record = found.records[found.keys[tool][page_key(words, options)]]
        assert record.json == cli_json(secret, seed, tool, *words, *options)


def test_marks_are_right_exactly_when_check_says_so(random_question):
    rng = random.Random(18)
    for seed in (3, 42, 999):
        secret = answers.secret_for_seed(seed)
        found = lookup.tables(GRID, secret, seed)
        for _ in range(80):
            tool, words, options = random_question(rng)
            if tool in ("hackz", "spionado"):
                continue
            record = found.records[found.keys[tool][page_key(words, options)]]
            choices = lookup.candidates(GRID, tool)
            if tool == "dedukto":
                picked = sorted(rng.sample(range(1, 26), 5))
                line = f"dedukto = {','.join(map(str, picked))}"
                page_says = all(str(m) in record.right for m in picked)
            else:
                value = rng.choice(choices)
                word = format_answer(tool, value)
                line = f"{tool} {' '.join(words)} = {word}"
                page_says = word in record.right
            text = ("misfunkcio\n" if "--misfunkcio" in options else "") + line
            mark = parse_marks(text, "test")[0]
            assert page_says == fits(GRID, secret, mark), text


def test_savvy_page_writes_one_file_per_game(tmp_path, capsys):
    assert main(["savvy", "page", "--seed", "42", "--lang", "fr", "--out", str(tmp_path)]) == 0
    path = tmp_path / "savvy-page-42.html"
    assert path == page_path(42, tmp_path) and path.is_file()
    assert str(path) in capsys.readouterr().out and not list(tmp_path.glob("*.part"))
    assert path.read_text(encoding="utf-8").startswith("<!doctype html>")


def test_key_seed_alone_is_the_secret_of_game_n(capsys, cli_json):
    assert main(["savvy", "key", "--seed", "42", "--json"]) == 0
    by_seed = json.loads(capsys.readouterr().out)
    secret = answers.secret_for_seed(42)
    assert by_seed["solution"] == list(secret)
    assert main(["savvy", "key", "--solution", ",".join(map(str, secret)), "--seed", "42",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == by_seed
    assert by_seed["dedukto"]["M"] == json.loads(
        cli_json(secret, 42, "dedukto"))["answer"]
    assert by_seed["dedukto"]["T"] == json.loads(
        cli_json(secret, 42, "dedukto", "T"))["answer"]
    assert by_seed["substrakto_draws"][1] == json.loads(
        cli_json(secret, 42, "substrakto", "--draw", "2"))["answer"]


def test_a_translation_from_the_working_folder_is_text_not_html(tmp_path, monkeypatch):
    """A catalog in ./pnp-locales/ (which a stranger's folder can hold) translates the
    page's words into markup: it shows as text, escaped, in the HTML and in its JSON."""
    folder = tmp_path / "pnp-locales" / "save-patient-zero"
    folder.mkdir(parents=True)
    hostile = '<img src=x onerror=alert(1) />'
    (folder / "fr.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
        f'msgid "I am Savvy"\nmsgstr "{hostile}"\n\n'
        f'msgid "right"\nmsgstr "{hostile}"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PNP_LOCALES", raising=False)
    html = render_page(42, "fr")
    assert "<img" not in html
    assert html.count("&lt;img src=x onerror=alert(1) /&gt;") == 1  # the button's label
    french = html[html.index('<template id="ui-fr">'):]
    words = re.search(r'class="words">(.*?)</script>', french, re.S)[1]
    assert json.loads(words)["text"]["right"] == hostile  # shown with textContent: text
