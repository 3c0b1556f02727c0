"""Translation work never lands inside the installed package: `pnp i18n`, `pnp new` and the
other writers run in a temporary working directory write there (./pnp-locales/<game>/ for a
built-in game's catalogs), builds, `pnp check` and `i18n status` read that folder first, and
nothing under generator/ changes."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pypdf
import pytest
from babel.messages.pofile import read_po, write_po

from generator.content.loader import builtin_games
from generator.resources import PACKAGE_DIR
from support.cli import pnp


def package_state() -> dict[str, tuple[int, int] | None]:
    """Every file and folder under generator/ (bytecode aside); the catalogs and templates
    with their mtime and size (the other files are only listed, so that an engineer editing
    code meanwhile does not fail the test)."""
    return {str(p.relative_to(PACKAGE_DIR)):
            (p.stat().st_mtime_ns, p.stat().st_size) if p.suffix in (".po", ".pot") else None
            for p in PACKAGE_DIR.rglob("*") if "__pycache__" not in p.parts}


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh working directory; after the test, no file or folder under generator/ is new
    and no catalog there has changed."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PNP_LOCALES", raising=False)
    before = package_state()
    yield tmp_path
    after = package_state()
    assert set(after) - set(before) == set(), "a command wrote inside the package folder"
    assert {k: v for k, v in after.items() if v} == {k: v for k, v in before.items() if v}


def fill(po: Path, changes: dict[str, str | tuple[str, ...]] | None = None) -> None:
    """Translate every message of a catalog as its English text, except ``changes``; the
    optional grammatical genders stay empty, as a translator whose language needs none."""
    with po.open("rb") as handle:
        catalog = read_po(handle)
    for message in catalog:
        if message.id and message.context != "grammatical gender":
            key = message.id[0] if isinstance(message.id, tuple) else message.id
            text = (changes or {}).get(key, message.id)
            if isinstance(message.id, tuple):  # as many forms as the header's Plural-Forms
                forms = tuple(text)
                text = forms + forms[-1:] * (catalog.num_plurals - len(forms))
            message.string = text
    with po.open("wb") as handle:
        write_po(handle, catalog, width=0)


def pdf_text(folder: Path) -> str:
    (pdf,) = folder.glob("*.pdf")
    return "".join(page.extract_text() for page in pypdf.PdfReader(pdf).pages)


def test_extract_writes_the_templates_into_pnp_locales_only(here, capsys):
    code, out, _ = pnp(["i18n", "extract", "pharma-code"], capsys)
    assert code == 0
    assert out == f"wrote {here / 'pnp-locales' / 'pharma-code' / 'messages.pot'}\n"
    assert [p.name for p in (here / "pnp-locales").iterdir()] == ["pharma-code"]
    code, out, _ = pnp(["i18n", "extract"], capsys)  # no game named: each built-in game's
    assert code == 0 and out.count("wrote ") == len(builtin_games())
    assert sorted(p.name for p in (here / "pnp-locales").iterdir()) == builtin_games()


def test_init_es_then_build_reads_the_users_catalog(here, capsys):
    code, out, _ = pnp(["i18n", "init", "es", "pharma-code"], capsys)
    po = here / "pnp-locales" / "pharma-code" / "es.po"
    assert code == 0 and f"wrote {po}" in out and "pnp build pharma-code --lang es" in out
    engine = here / "pnp-locales" / "_engine" / "es.po"  # the guide, shared by every game
    assert f"wrote {engine} (shared by every game)" in out
    fill(po, {"Red": "Rojo"})
    fill(engine)
    code, _, err = pnp(["build", "pharma-code", "--lang", "es", "--paper", "a4",
                       "--only", "pawns", "--out", "out"], capsys)
    assert code == 0, err
    assert "Rojo" in pdf_text(here / "out")
    code, out, _ = pnp(["i18n", "status", "--json"], capsys)
    assert json.loads(out)["es"]["pharma-code"] == 100.0  # status sees the new language too


def test_a_language_the_game_lacks_lists_its_languages_in_one_line(here, capsys):
    code, _, err = pnp(["build", "pharma-code", "--lang", "it", "--paper", "a4",
                       "--only", "pawns", "--out", "out"], capsys)
    assert code == 2 and err.count("\n") == 1
    assert "its languages are fr, en, de" in err and "--fallback en" in err
    code, _, err = pnp(["check", "pharma-code", "--lang", "it"], capsys)
    assert code == 2 and "pharma-code has no 'it' translation; its languages are fr, en, de" in err
    advice = err.split("`")[1]
    assert advice == "pnp i18n init it pharma-code"
    assert pnp([*advice.split()[1:]], capsys)[0] == 0  # the advice works, and writes where it said
    assert (here / "pnp-locales" / "pharma-code" / "it.po").is_file()
    assert "pnp-locales/pharma-code/it.po" in err


def test_status_counts_per_game_and_lists_ids_only_with_verbose(here, capsys):
    pnp(["i18n", "init", "es", "microbious"], capsys)
    code, out, _ = pnp(["i18n", "status", "microbious", "--lang", "es"], capsys)
    assert code == 0 and "missing: " not in out
    line, *parts, hint = out.splitlines()
    assert line.split()[:4] == ["es", "microbious", "0.0", "%"] and " missing, words 0/" in line
    # a line per part with something left: strings and source words
    assert any(p.split()[:2] == ["component", "deck"] for p in parts)
    assert any(p.startswith("engine (shared by every game)") for p in map(str.strip, parts))
    assert all(" strings " in p and " words " in p for p in parts)
    assert "--verbose" in hint
    code, out, _ = pnp(["i18n", "status", "microbious", "--lang", "es", "--verbose"], capsys)
    assert code == 0 and "missing: 'Big virus'" in out


def test_status_does_not_count_an_empty_plural_form_as_translated(here, capsys):
    pnp(["i18n", "init", "es", "microbious"], capsys)
    plural = "Wrong card of your own: take it back face down and draw %(num)s card unseen."
    fill(here / "pnp-locales" / "microbious" / "es.po", {plural: (plural, "")})
    fill(here / "pnp-locales" / "_engine" / "es.po")
    code, out, _ = pnp(["i18n", "status", "microbious", "--lang", "es", "-v"], capsys)
    assert code == 0 and "translated, 1 missing" in out
    assert f"missing: {plural!r}" in out


def test_init_of_a_language_the_game_has_starts_from_its_text_and_overrides_it(here, capsys):
    assert pnp(["i18n", "init", "de", "pharma-code"], capsys)[0] == 0
    po = here / "pnp-locales" / "pharma-code" / "de.po"
    text = po.read_text(encoding="utf-8")
    assert 'msgid "Red"\nmsgstr "Rot"' in text  # the shipped German, ready to correct
    po.write_text(text.replace('msgstr "Rot"', 'msgstr "Feuerrot"').replace(
        'msgid "Blue"\nmsgstr "Blau"', 'msgid "Blue"\nmsgstr ""'), encoding="utf-8")
    code, out, _ = pnp(["i18n", "status", "pharma-code", "--lang", "de"], capsys)
    assert code == 0 and " 100.0 %" in out  # an emptied msgstr does not hide the shipped one
    code, _, err = pnp(["build", "pharma-code", "--lang", "de", "--paper", "a4",
                       "--only", "pawns", "--out", "out"], capsys)
    assert code == 0, err
    assert "Feuerrot" in pdf_text(here / "out") and "Blau" in pdf_text(here / "out")


def test_pnp_locales_names_another_folder(here, capsys, monkeypatch):
    monkeypatch.setenv("PNP_LOCALES", str(here / "translations"))
    code, out, _ = pnp(["i18n", "init", "es", "pharma-code"], capsys)
    assert code == 0 and str(here / "translations" / "pharma-code" / "es.po") in out
    assert not (here / "pnp-locales").exists()
    code, out, _ = pnp(["i18n", "status", "pharma-code", "--json"], capsys)
    assert "es" in json.loads(out)


def test_no_command_writes_inside_the_package(here, capsys, monkeypatch):
    monkeypatch.setenv("PNP_LOCALES", str(PACKAGE_DIR / "pnp-locales"))
    code, _, err = pnp(["i18n", "init", "es", "pharma-code"], capsys)
    assert code == 2 and "inside the installed pnp package" in err and "PNP_LOCALES" in err
    monkeypatch.delenv("PNP_LOCALES")
    code, _, err = pnp(["new", str(PACKAGE_DIR / "my-game")], capsys)
    assert code == 2 and "inside the installed pnp package" in err
    assert pnp(["new", "my-game"], capsys)[0] == 0
    code, _, err = pnp(["proof", "--game-dir", "my-game", "--out",
                       str(PACKAGE_DIR / "proofs")], capsys)
    assert code == 2 and "choose another --out folder" in err
    code, _, err = pnp(["build", "--game-dir", "my-game", "--out",
                       str(PACKAGE_DIR / "output")], capsys)
    assert code == 2 and "inside the installed pnp package" in err


def test_new_says_where_it_wrote_and_its_advice_works(here, capsys):
    code, out, _ = pnp(["new", "my-game"], capsys)
    assert code == 0 and f"created {here / 'my-game'}/ with" in out
    code, _, err = pnp(["check", "my-game", "--lang", "de"], capsys)
    assert code == 2 and "its languages are en" in err
    advice = err.split("`")[1]
    assert advice == "pnp i18n init de --game-dir my-game"
    code, out, _ = pnp([*advice.split()[1:]], capsys)
    assert code == 0 and f"wrote {here / 'my-game' / 'locales' / 'de.po'}" in out


@pytest.mark.skipif(shutil.which("pnp") is None, reason="the pnp command is not installed")
def test_the_installed_command_writes_into_the_working_directory(here):
    run = subprocess.run(["pnp", "i18n", "init", "es", "clinic-covid19"], cwd=here,
                         capture_output=True, text=True, check=False,
                         env={k: v for k, v in os.environ.items() if k != "PNP_LOCALES"})
    assert run.returncode == 0, run.stderr
    assert f"wrote {here / 'pnp-locales' / 'clinic-covid19' / 'es.po'}" in run.stdout
