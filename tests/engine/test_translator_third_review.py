"""Issue 33, third review (a translator put The Pharma Code into Spanish): what they read in
the .po files pnp writes, and what msgfmt and `pnp check` say of them."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from generator.content.loader import game_folder
from generator.content.yamlio import load_yaml
from support.cli import pnp

INK = ("Ink, as the share of the page it covers: {levels}.", "light", "medium", "heavy",
       "{level}: {parts}", "{title} {percent}%")



def msgfmt(po: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(po)], capture_output=True,
                          text=True, check=False)


@pytest.fixture
def game(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("PNP_TRANSLATOR", "Ana Ruiz <ana@example.org>")
    folder = tmp_path / "pharma"
    shutil.copytree(game_folder("pharma-code"), folder)
    return folder


def test_the_ink_line_of_the_print_guide_is_extracted_and_kept_by_update(capsys, game):
    assert pnp(["i18n", "init", "es", "--game-dir", str(game)], capsys)[0] == 0
    po = game / "locales" / "es.po"
    text = po.read_text(encoding="utf-8")
    for msgid in INK:
        assert f'\nmsgid "{msgid}"\nmsgstr ""' in text, msgid
    # the translator's translation of them survives an update, not obsoleted
    text = text.replace('msgid "light"\nmsgstr ""', 'msgid "light"\nmsgstr "poca"')
    po.write_text(text, encoding="utf-8")
    assert pnp(["i18n", "update", "es", "--game-dir", str(game)], capsys)[0] == 0
    after = po.read_text(encoding="utf-8")
    assert 'msgid "light"\nmsgstr "poca"' in after and '#~ msgid "light"' not in after


def test_a_long_previous_msgid_is_written_as_gettext_writes_it(capsys, game):
    old = ("Answer a question read by the player on your right. If you are right, move 2 "
           "squares forward.")
    pnp(["i18n", "init", "es", "--game-dir", str(game)], capsys)
    po = game / "locales" / "es.po"
    text = po.read_text(encoding="utf-8")
    block = ('msgid ""\n"Answer a question read by the player on your right. If you are right, '
             'move 2 "\n"squares forward."\nmsgstr ""')
    assert block in text
    translated = text.replace(block, block[:-2] + '"Responde. Si aciertas, avanza 2."')
    data = game / "game.yaml"
    data.write_text(data.read_text(encoding="utf-8").replace(old, old[:-1] + " at once."),
                    encoding="utf-8")
    po.write_text(translated, encoding="utf-8")
    assert pnp(["i18n", "update", "es", "--game-dir", str(game)], capsys)[0] == 0
    after = po.read_text(encoding="utf-8")
    assert ('#, fuzzy\n#| msgid ""\n#| "Answer a question read by the player on your right. '
            'If you are right, "\n#| "move 2 squares forward."\nmsgid ""\n') in after
    assert msgfmt(po).returncode == 0, msgfmt(po).stderr
    cat = subprocess.run(["msgcat", str(po)], capture_output=True, text=True, check=True)
    assert cat.stdout == after  # msgcat leaves the #| lines as they are


BAD_PREVIOUS = ('#, fuzzy\n#| msgid "Guess. If you are right,\n#| move 2 squares forward."\n'
                'msgid "Guess."\nmsgstr "Adivina."\n')
TWO_MSGSTR = 'msgid "Guess."\nmsgstr "Adivina."\nmsgstr ""\n'


@pytest.mark.parametrize(("entry", "offset", "said"), [
    (BAD_PREVIOUS, 1, "cannot read '#| msgid"),
    (TWO_MSGSTR, 2, "msgstr cannot follow msgstr"),
])
def test_check_refuses_what_msgfmt_refuses_naming_the_line(capsys, game, entry, offset, said):
    pnp(["i18n", "init", "es", "--game-dir", str(game)], capsys)
    po = game / "locales" / "es.po"
    text = po.read_text(encoding="utf-8") + "\n" + entry
    po.write_text(text, encoding="utf-8")
    assert msgfmt(po).returncode != 0  # msgfmt refuses the file
    line = len(text.splitlines()) - len(entry.splitlines()) + 1 + offset
    code, out, err = pnp(["check", "--game-dir", str(game), "--lang", "es"], capsys)
    assert code == 2 and f"es.po:{line}" in out + err and said in out + err, out + err


# Words a layout may print as they are, in every language: game names on their logos (kept,
# as the title entry says), SPZ's tool names (the same in every edition), abbreviations that
# read alike in every language of the kits, a command to type, the fallback's mark.
NOT_TRANSLATED = {
    "MICROBIOUS", "THE PHARMA", "CODE", "THE PHARMA CODE", "PATIENT ZERO", "SAVE",
    "SAVE PATIENT ZERO", "COVID-19", "ESTUGAMO", "ANALYZER", "SCANPAD", "CENTRIFUGO",
    "INTERVALLO", "MIN", "MAX", "MIN / MAX", "SPZ-", "mm", "pnp savvy key --qr", "[EN]",
}
EXPRESSION = re.compile(r"^\s*(?:_|gettext|ngettext|pgettext)\(")
JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)


def _texts(value, path=()):
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _texts(item, (*path, str(key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _texts(item, (*path, str(index)))
    elif path and path[-1] == "text" and isinstance(value, str):
        yield path, value


def test_every_word_a_layout_prints_comes_from_the_catalog_or_is_declared():
    root = Path(game_folder("pharma-code")).parents[2]
    layouts = sorted(root.glob("generator/games/*/layouts/*.yaml"))
    layouts += sorted(root.glob("templates/layouts/*.yaml"))
    assert len(layouts) > 10
    literal = []
    for path in layouts:
        for keys, text in _texts(load_yaml(path)):
            if EXPRESSION.match(text):
                continue
            rest = re.sub(r"<[^>]+>|:[\w@.\x00-]+:|\*\*", " ", JINJA.sub("\x00", text))
            for piece in re.split(r"\s*[·\x00]\s*|\s+—\s+", rest):
                words = piece.strip(" ")
                if re.search(r"[A-Za-z]{2,}", words) and words not in NOT_TRANSLATED:
                    literal.append(f"{path.relative_to(root)} {'/'.join(keys[:3])}: {words!r}")
    assert literal == []


def test_the_fast_track_cards_name_is_an_entry_with_a_keep_or_translate_note(capsys, game):
    pnp(["i18n", "init", "es", "--game-dir", str(game)], capsys)
    catalog = read_po(io.BytesIO((game / "locales" / "es.po").read_bytes()))
    entry = catalog.get("Fast Track")
    notes = " ".join(entry.auto_comments)
    assert "keep as is" in notes and "translate it otherwise" in notes
    assert any(where == "layouts/cards.yaml" for where, _ in entry.locations)


def test_gender_entries_for_every_part_are_made_kept_and_not_counted(capsys, game):
    pnp(["i18n", "init", "es", "--game-dir", str(game)], capsys)
    po = game / "locales" / "es.po"
    catalog = read_po(io.BytesIO(po.read_bytes()))
    genders = [m for m in catalog if m.context == "grammatical gender"]
    titles = {m.id for m in genders}
    assert {"Fast Track cards", "Pawns"} <= titles, titles
    assert all("masculine, feminine, neuter" in " ".join(m.auto_comments) for m in genders)
    entry = 'msgctxt "grammatical gender"\nmsgid "Pawns"\nmsgstr ""'
    text = po.read_text(encoding="utf-8")
    assert entry in text
    po.write_text(text.replace(entry, entry[:-2] + '"feminine"'), encoding="utf-8")
    assert pnp(["i18n", "update", "es", "--game-dir", str(game)], capsys)[0] == 0
    assert entry[:-2] + '"feminine"' in po.read_text(encoding="utf-8")  # kept, not obsolete
    code, out, _ = pnp(["i18n", "status", "--game-dir", str(game), "--lang", "es"], capsys)
    left = len(genders) - 1
    said = re.search(r"(\d+) optional left empty", out)  # the game's and the engine's
    assert said and int(said.group(1)) == left + 6 and "msgfmt --statistics" in out, out
    stats = subprocess.run(["msgfmt", "--statistics", "-o", "/dev/null", str(po)],
                           capture_output=True, text=True, check=False).stderr
    assert "1 translated message" in stats  # msgfmt counts the empty ones, as status says


def test_update_keeps_other_tools_headers_and_the_date_when_no_entry_changed(capsys, game):
    pnp(["i18n", "init", "es", "--game-dir", str(game)], capsys)
    po = game / "locales" / "es.po"
    text = po.read_text(encoding="utf-8").replace(
        '"Content-Transfer-Encoding: 8bit\\n"\n',
        '"Content-Transfer-Encoding: 8bit\\n"\n"X-Generator: Poedit 3.4.2\\n"\n')
    text = re.sub(r'"PO-Revision-Date: [^"]*"', '"PO-Revision-Date: 2026-11-20 09:00+0100\\\\n"',
                  text)
    po.write_text(text, encoding="utf-8")
    code, out, _ = pnp(["i18n", "update", "es", "--game-dir", str(game)], capsys)
    assert code == 0 and out.startswith("no change: ") and po.read_text("utf-8") == text
    # a note changes (the box an entry prints in), no entry does: the date stays
    layout = game / "layouts" / "cards.yaml"
    layout.write_text(layout.read_text("utf-8").replace("w: 37.5, h: 8, text:",
                                                        "w: 37, h: 8, text:"), "utf-8")
    code, out, _ = pnp(["i18n", "update", "es", "--game-dir", str(game)], capsys)
    after = po.read_text("utf-8")
    assert out.startswith("wrote ") and after != text
    assert '"X-Generator: Poedit 3.4.2\\n"' in after
    assert '"PO-Revision-Date: 2026-11-20 09:00+0100\\n"' in after
    _edit = game / "game.yaml"  # an entry changes: the date is the update's
    _edit.write_text(_edit.read_text("utf-8").replace("4 players only", "Four players only"),
                     "utf-8")
    pnp(["i18n", "update", "es", "--game-dir", str(game)], capsys)
    after = po.read_text("utf-8")
    assert '"X-Generator: Poedit 3.4.2\\n"' in after and "2026-11-20 09:00" not in after
    assert msgfmt(po).returncode == 0


def test_a_context_is_shown_readably_in_status_and_the_fallback_warning(capsys, tmp_path,
                                                                       monkeypatch):
    monkeypatch.chdir(tmp_path)
    pnp(["i18n", "init", "es", "microbious"], capsys)
    code, out, _ = pnp(["i18n", "status", "microbious", "--lang", "es", "-v"], capsys)
    assert "missing: 'red' [context: virus colour]" in out and "\\x04" not in out
    from types import SimpleNamespace

    from generator.cli.progress import _warn
    keys = {f"pawn colour\x04{c}" for c in ("Red", "Blue", "Green", "Yellow", "Black")}
    keys |= {"Pawns", "Board"}
    _warn(SimpleNamespace(fallback_ids=keys, path=Path("kit-es.pdf"), lang="es"))
    err = capsys.readouterr().err
    assert "7 messages have no 'es' translation" in err
    assert "'Black' [context: pawn colour]" in err and "and 2 more" in err
