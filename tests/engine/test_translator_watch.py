"""A translator's preview (issue 33): `pnp watch GAME --lang es --fallback en` on a built-in
game shows its cards in the language with the untranslated ones marked [EN] and listed on the
page, and rebuilds when the translator saves the catalog in ./pnp-locales/."""

from __future__ import annotations

import io
import threading
from pathlib import Path

import pypdf
import pytest
from babel.messages.pofile import read_po, write_po

from generator.cli import main
from generator.content.loader import game_folder
from generator.designer.watch import Preview, WatchRequest, watch
from generator.designer.watch_server import page_html
from support.watch_game import wait_for

LEFT = "Hydroxy"  # the one message the translator has not done yet


def translate_all_but(po: Path, left: set[str]) -> None:
    """Fill every message of ``po`` with its English text (as a stand-in), but ``left`` and
    the optional grammatical genders (whose msgstr is a gender, not a text)."""
    catalog = read_po(io.BytesIO(po.read_bytes()))
    for message in catalog:
        if message.id and message.id not in left and message.context != "grammatical gender":
            message.string = (message.id if isinstance(message.id, str) else
                              (message.id[0],) + (message.id[1],) * (catalog.num_plurals - 1))
    buffer = io.BytesIO()
    write_po(buffer, catalog)
    po.write_bytes(buffer.getvalue())


@pytest.fixture
def spanish(tmp_path: Path, monkeypatch, capsys) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PNP_LOCALES", raising=False)
    assert main(["i18n", "init", "es", "microbious"]) == 0
    capsys.readouterr()
    po = tmp_path / "pnp-locales" / "microbious" / "es.po"
    translate_all_but(po, {LEFT})
    translate_all_but(tmp_path / "pnp-locales" / "_engine" / "es.po", set())
    return po


def test_a_built_in_game_previews_in_the_language_with_english_cards_marked(spanish, tmp_path):
    preview = Preview(WatchRequest(game_folder("microbious"), "es", dpi=40,
                                   out_dir=tmp_path / "output", fallback="en"))
    assert tmp_path / "pnp-locales" / "microbious" in preview.folders()
    status = preview.rebuild()
    assert status.ok, status.errors
    assert preview.proofs.untranslated == (LEFT,)
    html = page_html(preview)
    assert 'id="untranslated"' in html and f"<li>{LEFT}</li>" in html
    pages = [p.extract_text() for p in pypdf.PdfReader(io.BytesIO(preview.proofs.pdf)).pages]
    marked = [t for t in pages if "[EN]" in t]
    assert marked and all(LEFT in t for t in marked), [t for t in marked if LEFT not in t]


def test_saving_the_catalog_rebuilds_the_preview(spanish, tmp_path):
    preview = Preview(WatchRequest(game_folder("microbious"), "es", dpi=40,
                                   out_dir=tmp_path / "output", fallback="en"))
    stop = threading.Event()
    thread = threading.Thread(target=watch, args=(preview,), kwargs={"stop": stop})
    thread.start()
    try:
        wait_for(lambda: preview.status.build >= 1, 60)
        assert preview.proofs.untranslated == (LEFT,)
        translate_all_but(spanish, set())  # the translator saves the last one
        wait_for(lambda: preview.status.build >= 2 and not preview.proofs.untranslated, 60)
        pages = pypdf.PdfReader(io.BytesIO(preview.proofs.pdf)).pages
        assert not any("[EN]" in p.extract_text() for p in pages)
    finally:
        stop.set()
        thread.join()


def test_watch_takes_a_game_or_a_folder_not_both(capsys, tmp_path):
    assert main(["watch", "microbious", "--game-dir", str(tmp_path), "--no-browser"]) == 2
    assert "one of the two" in capsys.readouterr().err
