"""The translation workflow end to end: status of the built-in games, a new language started
from the template, missing strings, English fallback, overflow in any language, Chinese glyphs
and the rules address."""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

import pypdf
import pytest
import zxingcpp
from babel.messages.pofile import read_po, write_po
from fontTools.ttLib import TTFont

from generator.content.loader import builtin_games, game_folder
from generator.errors import RenderError
from generator.imposition.plan import PrintOptions
from generator.pipeline.build import build
from generator.pipeline.request import BuildRequest
from support.cli import pnp
from support.pharma import render

CHINESE = {"Goal and setup": "目标与准备", "Goal": "目标"}


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "mb"
    shutil.copytree(game_folder("microbious"), folder)
    return folder


def translate(po: Path, table: dict[str, str]) -> None:
    text = po.read_text(encoding="utf-8")
    for msgid, msgstr in table.items():
        text = text.replace(f'msgid "{msgid}"\nmsgstr ""', f'msgid "{msgid}"\nmsgstr "{msgstr}"')
    po.write_text(text, encoding="utf-8")


def test_every_builtin_game_is_fully_translated(capsys):
    code, out, _ = pnp(["i18n", "status", "--json"], capsys)
    report = json.loads(out)
    assert code == 0
    for lang in ("fr", "en", "de"):
        assert report[lang] == {g: 100.0 for g in builtin_games()}


def test_a_new_language_starts_from_the_template(capsys, game):
    assert pnp(["i18n", "extract", "--game-dir", str(game)], capsys)[0] == 0
    pot = (game / "locales" / "messages.pot").read_text(encoding="utf-8")
    assert 'msgid "Score pad: one column a player, one row a round."' in pot  # rules template
    assert "#: game.yaml:" in pot and "microbious.j2" in pot
    assert pnp(["i18n", "init", "zh", "--game-dir", str(game)], capsys)[0] == 0
    code, _, err = pnp(["i18n", "init", "zh", "--game-dir", str(game)], capsys)
    assert code == 2 and "--force" in err
    translate(game / "locales" / "zh.po", CHINESE)
    code, out, _ = pnp(["i18n", "status", "--game-dir", str(game), "--lang", "zh"], capsys)
    assert re.search(r"zh\s+mb\s+\d\.\d %  2/\d+ translated, \d+ missing", out)
    assert "'Big virus'" not in out  # the ids only with --verbose
    code, out, _ = pnp(["i18n", "status", "--game-dir", str(game), "--lang", "zh", "-v"], capsys)
    assert "missing: 'Big virus'" in out


def _zh(capsys, game: Path, tmp_path: Path, *extra: str) -> tuple[int, str]:
    pnp(["i18n", "init", "zh", "--game-dir", str(game)], capsys)
    translate(game / "locales" / "zh.po", CHINESE)
    code, _, err = pnp(["build", "--game-dir", str(game), "--lang", "zh", "--paper", "a4",
                       "--only", "rules", "--out", str(tmp_path / "out"), *extra], capsys)
    return code, err


def test_missing_strings_stop_the_build_with_their_ids(capsys, game, tmp_path):
    code, err = _zh(capsys, game, tmp_path)
    assert code == 2 and "have no 'zh' translation" in err and "'A friend'" in err
    assert not (tmp_path / "out" / "microbious-zh-a4-rules.pdf").exists()


def test_fallback_draws_english_and_marks_the_cards(capsys, game, tmp_path):
    code, err = _zh(capsys, game, tmp_path, "--fallback", "en")
    assert code == 0 and "drawn in English and marked [EN]" in err
    pdf = tmp_path / "out" / "microbious-zh-a4-rules.pdf"  # --only rules: named for it
    text = pypdf.PdfReader(pdf).pages[2].extract_text()  # after the print guide and its back
    assert "[EN]" in text and "Special powers" in text and "目标与准备" in text


def test_chinese_glyphs_are_embedded(capsys, game, tmp_path):
    _zh(capsys, game, tmp_path, "--fallback", "en")
    glyphs = _fallback_glyphs(tmp_path / "out" / "microbious-zh-a4-rules.pdf")
    for char in "目标与准备":
        assert glyphs.get(char, 0) != 0, char  # an outline (or composite), not an empty box


def _fallback_glyphs(pdf: Path) -> dict[str, int]:
    """Character → contour count of its glyph in the embedded CJK fallback font."""
    found: dict[str, int] = {}
    for page in pypdf.PdfReader(pdf).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            if "DroidSansFallback" not in font["/BaseFont"]:
                continue
            data = font["/FontDescriptor"].get_object()["/FontFile2"].get_object().get_data()
            subset = TTFont(io.BytesIO(data))
            codes = subset["cmap"].getcmap(1, 0).cmap
            unicode_map = font["/ToUnicode"].get_object().get_data().decode()
            for code, char in re.findall(r"<([0-9A-F]{2})> <([0-9A-F]{4})>", unicode_map):
                if int(code, 16) in codes:
                    glyph = subset["glyf"][codes[int(code, 16)]]
                    found[chr(int(char, 16))] = glyph.numberOfContours
    return found


def test_an_overflowing_translation_fails_every_language(game, tmp_path):
    po = game / "locales" / "de.po"
    po.write_text(po.read_text(encoding="utf-8").replace(
        'msgstr "Punkteblock: eine Spalte pro Person, eine Zeile pro Runde."',
        'msgstr "' + "Sehr langer Text " * 150 + '"'), encoding="utf-8")
    with pytest.raises(RenderError) as caught:
        build(BuildRequest(game, "en", only=("rules",), out_dir=tmp_path))
    message = str(caught.value)
    assert "overflows box 'body'" in message and "language 'de'" in message
    assert "'Score pad: one column a player, one row a round.'" in message


def test_rules_url_option_fills_game_and_language(tmp_path):
    request = BuildRequest("clinic-covid19", "fr", PrintOptions(), ("rules",), None, tmp_path,
                           rules_url="https://rules.test/{lang}/{game}", guide=False)
    found = zxingcpp.read_barcodes(render(build(request).path, 1, px_per_mm=8))  # backs
    assert found and {c.text for c in found} == {"https://rules.test/fr/clinic-covid19"}


def test_a_long_translation_of_a_fixed_text_fails_every_language(tmp_path):
    folder = tmp_path / "pc"
    shutil.copytree(game_folder("pharma-code"), folder)
    po = folder / "locales" / "de.po"
    with po.open("rb") as handle:
        catalog = read_po(handle)
    message = catalog.get("Keep this card on top of the face-up question pile, so nobody "
                          "reads ahead.")
    assert message is not None
    message.string = "Viel zu lang " * 60
    buffer = io.BytesIO()
    write_po(buffer, catalog)
    po.write_bytes(buffer.getvalue())
    with pytest.raises(RenderError) as caught:
        build(BuildRequest(folder, "fr", only=("cover",), out_dir=tmp_path))
    message = str(caught.value)
    assert "'Keep this card on top of the face-up question pile" in message
    assert "language 'de'" in message and "box 'hint'" in message
