"""The kit plays with nothing but its PDF: the referee page is attached, the printed answer
keys give the antidote `pnp savvy key --json` gives for their games, and no player text names
a command."""

from __future__ import annotations

import json

import pytest
from pypdf import PdfReader

import generator.savvy  # noqa: F401  (registers the kit's keys and referee page)
from generator.cli import main
from generator.pipeline.load import load_builtin
from generator.savvy.kit import key_games, settings
from generator.savvy.page import render_page


@pytest.fixture(scope="module")
def kit(built):
    return PdfReader(built("save-patient-zero", "en").path)


@pytest.mark.slow
def test_referee_page_is_attached(kit):
    conf = settings(load_builtin("save-patient-zero"))
    files = kit.attachments
    assert list(files) == [conf["page_file"]]
    html = files[conf["page_file"]][0].decode("utf-8")
    assert html == render_page(conf["page_game"], "en")


@pytest.mark.slow
def test_printed_keys_match_savvy_key(kit, capsys):
    seeds = key_games(load_builtin("save-patient-zero"))
    assert len(seeds) == 4  # the documented default
    pages = [p.extract_text() for p in kit.pages]
    key_pages = pages[-2 * len(seeds)::2]  # each key a page, a blank back behind it
    for seed, text in zip(seeds, key_pages, strict=True):
        capsys.readouterr()
        assert main(["savvy", "key", "--seed", str(seed), "--json"]) == 0
        answer = json.loads(capsys.readouterr().out)
        assert f"Game {seed}" in text
        assert "fold this page shut" in text
        solution = answer["solution"]
        assert len(solution) == 3
        assert all(str(n) in text for n in solution)
        assert f"sum {sum(solution)}" in text


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_player_text_names_a_command(built, lang):
    pages = PdfReader(built("save-patient-zero", lang).path).pages
    text = "\n".join(p.extract_text() for p in pages)
    assert "pnp " not in text
    assert "savvy.html" in text
