"""`pnp i18n update` as a translator reads its result (issue 33, second review): a text that
comes back takes its translation back with no obsolete twin (msgfmt -c accepts the file), a
hand-made twin is reported by check and status, fuzzy matches are only offered where the old
text reads alike and never onto an engine string, and a catalog nothing changed in stays
byte for byte."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pypdf
import pytest
from babel.messages.pofile import read_po, write_po

from generator.content.loader import game_folder
from support.cli import pnp, translators_copy


@pytest.fixture
def game(tmp_path: Path, monkeypatch) -> Path:
    return translators_copy("microbious", tmp_path, monkeypatch)


def _translate(po: Path, pairs: dict[str, str]) -> None:
    text = po.read_text(encoding="utf-8")
    for msgid, msgstr in pairs.items():
        assert f'msgid "{msgid}"\nmsgstr ""' in text, msgid
        text = text.replace(f'msgid "{msgid}"\nmsgstr ""', f'msgid "{msgid}"\nmsgstr "{msgstr}"')
    po.write_text(text, encoding="utf-8")


def _edit(game: Path, old: str, new: str) -> None:
    data = game / "game.yaml"
    text = data.read_text(encoding="utf-8")
    assert old in text
    data.write_text(text.replace(old, new), encoding="utf-8")


def _msgfmt_check(po: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(po)], capture_output=True,
                          text=True, check=False)


def test_a_text_that_comes_back_takes_its_translation_back_without_an_obsolete_twin(
        capsys, game):
    pnp(["i18n", "init", "es", "--game-dir", str(game)], capsys)
    po = game / "locales" / "es.po"
    _translate(po, {"Big virus": "Virus grande", "Medium virus": "Virus mediano"})
    _edit(game, '!t "Big virus"', '"Big virus"')
    _edit(game, '!t "Medium virus"', '"Medium virus"')
    pnp(["i18n", "update", "es", "--game-dir", str(game)], capsys)
    assert '#~ msgid "Big virus"\n#~ msgstr "Virus grande"' in po.read_text(encoding="utf-8")

    _edit(game, '"Big virus"', '!t "Big virus"')  # it comes back as it was
    _edit(game, '"Medium virus"', '!t "Medium virus, grown"')  # and changed
    assert pnp(["i18n", "update", "es", "--game-dir", str(game)], capsys)[0] == 0
    after = po.read_text(encoding="utf-8")
    assert 'msgid "Big virus"\nmsgstr "Virus grande"' in after
    assert ('#, fuzzy\n#| msgid "Medium virus"\nmsgid "Medium virus, grown"\n'
            'msgstr "Virus mediano"') in after
    assert "#~ msgid \"Big virus\"" not in after and "#~ msgid \"Medium virus\"" not in after
    verdict = _msgfmt_check(po)
    assert verdict.returncode == 0, verdict.stderr


def test_an_entry_both_active_and_obsolete_is_reported_by_check_and_status(capsys, game):
    pnp(["i18n", "init", "es", "--game-dir", str(game)], capsys)
    po = game / "locales" / "es.po"
    po.write_text(po.read_text(encoding="utf-8") + '\n#~ msgid "Big virus"\n'
                  '#~ msgstr "Virus grande"\n', encoding="utf-8")
    assert "duplicate message definition" in _msgfmt_check(po).stderr  # what msgfmt says
    line = po.read_text(encoding="utf-8").splitlines().index('#~ msgid "Big virus"') + 1
    for command in (("check", "--game-dir", str(game), "--lang", "es"),
                    ("i18n", "status", "--game-dir", str(game), "--lang", "es")):
        code, out, err = pnp(command, capsys)
        said = out + err
        assert code == 2, said
        assert f"es.po:{line}" in said and "'Big virus'" in said and "twice" in said, said
    pnp(["i18n", "update", "es", "--game-dir", str(game)], capsys)  # and update mends it
    assert _msgfmt_check(po).returncode == 0


def test_fuzzy_matches_are_alike_and_never_put_a_game_text_on_an_engine_string(capsys, game):
    pnp(["i18n", "init", "es", "--game-dir", str(game)], capsys)
    po = game / "locales" / "es.po"
    catalog = read_po(io.BytesIO(po.read_bytes()))
    engine = [m.id for m in catalog if m.id and m.auto_comments[0].startswith("every game")]
    assert engine  # a game folder's catalog carries the print guide's strings
    # the catalog as it was before the engine's strings came into it: the guide's paragraphs
    # missing, every game text translated
    lines = po.read_text(encoding="utf-8")
    for message in catalog:
        if message.id and message.id not in engine and isinstance(message.id, str) and \
                f'msgid "{message.id}"\nmsgstr ""' in lines:
            lines = lines.replace(f'msgid "{message.id}"\nmsgstr ""',
                                  f'msgid "{message.id}"\nmsgstr "ES {message.id}"')
    # a game text of old that reads like a guide paragraph
    lines += f'\n#~ msgid "{engine[0]}, as before"\n#~ msgstr "ES viejo"\n'
    po.write_text(lines, encoding="utf-8")
    _edit(game, '!t "Big virus"', '!t "Small virus, printed"')  # unlike its old text
    pnp(["i18n", "update", "es", "--game-dir", str(game)], capsys)
    after = read_po(io.BytesIO(po.read_bytes()))
    assert not after.get("Small virus, printed").string  # "Big virus" is not alike enough
    assert not any(after.get(msgid).fuzzy for msgid in engine if after.get(msgid))
    assert not after.get(engine[0]).string
    fuzzy = [m.id for m in after if m.fuzzy and m.id]
    assert fuzzy == [], fuzzy


def test_an_update_that_changes_nothing_leaves_the_file_byte_for_byte(capsys, game):
    pnp(["i18n", "init", "es", "--game-dir", str(game)], capsys)
    po = game / "locales" / "es.po"
    _translate(po, {"Big virus": "Virus grande"})
    pnp(["i18n", "update", "es", "--game-dir", str(game)], capsys)  # brings the hand edit in
    before = po.read_bytes()
    assert pnp(["i18n", "update", "es", "--game-dir", str(game)], capsys)[0] == 0
    assert po.read_bytes() == before


def test_the_header_names_the_translator_from_git_and_no_made_up_bug_address(
        capsys, game, monkeypatch, tmp_path):
    monkeypatch.delenv("PNP_TRANSLATOR")
    home = tmp_path / "home"
    home.mkdir()
    (home / ".gitconfig").write_text("[user]\n\tname = Lia Rossi\n\temail = lia@example.org\n",
                                     encoding="utf-8")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.chdir(tmp_path)
    pnp(["i18n", "init", "it", "--game-dir", str(game)], capsys)
    headers = dict(read_po(io.BytesIO((game / "locales" / "it.po").read_bytes())).mime_headers)
    assert headers["Last-Translator"] == "Lia Rossi <lia@example.org>"
    assert headers["Report-Msgid-Bugs-To"] == ""  # pnp's metadata names no issue tracker
    pnp(["i18n", "update", "it", "--game-dir", str(game), "--translator", "Ugo <u@x.org>"], capsys)
    text = (game / "locales" / "it.po").read_text(encoding="utf-8")
    assert "Lia Rossi" in text  # nothing changed: the file is not rewritten


def test_a_plural_problem_names_its_form_and_quotes_whole_placeholders(capsys, game):
    pnp(["i18n", "init", "es", "--game-dir", str(game)], capsys)
    po = game / "locales" / "es.po"
    text = po.read_text(encoding="utf-8")
    msgid = "Wrong card of your own: take it back face down and draw %(num)s card unseen."
    at = text.index(msgid)
    forms = ('msgstr[0] "Roba %(num)s carta."\nmsgstr[1] "Roba cartas."\n'
             'msgstr[2] "Roba %(num)s cartas."')
    po.write_text(text[:at] + text[at:].replace(
        'msgstr[0] ""\nmsgstr[1] ""\nmsgstr[2] ""', forms, 1), encoding="utf-8")
    code, out, err = pnp(["check", "--game-dir", str(game), "--lang", "es"], capsys)
    said = out + err
    assert code == 2
    told = [line for line in said.splitlines() if "lacks" in line]
    assert len(told) == 1 and "msgstr[1]" in told[0], said
    assert "'Wrong card of your own: take it back face down and draw…'" in told[0]
    assert "%(nu" not in told[0].split("msgstr[1]")[0]


def test_a_misspelt_gender_is_an_error_naming_the_line_and_the_keyword_meant(capsys, game):
    pnp(["i18n", "init", "it", "--game-dir", str(game)], capsys)
    po = game / "locales" / "it.po"
    gender = 'msgctxt "grammatical gender"\nmsgid "Score pad"\nmsgstr ""'
    text = po.read_text(encoding="utf-8")
    assert gender in text
    po.write_text(text.replace(gender, gender[:-2] + '"femenine"'), encoding="utf-8")
    before = po.read_text(encoding="utf-8").split(gender[:-2] + '"femenine"')[0]
    line = before.count("\n") + 2  # its msgid's line (every part has a gender entry)
    code, out, err = pnp(["check", "--game-dir", str(game), "--lang", "it"], capsys)
    said = out + err
    assert code == 2
    assert f"it.po:{line}" in said and "'femenine'" in said and "'feminine'" in said, said


def _po_line(po: Path, text: str) -> int:
    return po.read_text(encoding="utf-8").splitlines().index(text) + 1


def test_check_tells_every_overflow_of_a_card_at_its_po_line_with_a_translator_s_fix(
        capsys, game):
    pnp(["i18n", "init", "es", "--game-dir", str(game)], capsys)
    po = game / "locales" / "es.po"
    line = "Look at a card of the target; you may add it to yours."
    _translate(po, {"PCR": "Prueba de reacción en cadena de la polimerasa, con todo detalle",
                    line: "Mira una carta del objetivo y quédatela si quieres. " * 3})
    code, out, err = pnp(["check", "--game-dir", str(game), "--lang", "es"], capsys)
    said = [s for s in (out + err).splitlines() if "does not fit" in s]
    assert code == 2
    # one run, both boxes of the PCR card: its name (printed in capitals) and its line
    name, text = (next(s for s in said if f"msgid {msgid!r}" in s) for msgid in ("PCR", line))
    name_at, line_at = (_po_line(po, f'msgid "{msgid}"') for msgid in ("PCR", line))
    assert f"es.po:{name_at}" in name and f"es.po:{line_at}" in text
    for told in (name, text):
        assert "layouts/" not in told and "enlarge" not in told, told
        assert " mm box" in told and "shorter translation" in told, told


@pytest.mark.parametrize("game_id", ["microbious", "pharma-code"])
def test_rule_summary_entries_note_their_room_in_mm(capsys, tmp_path, monkeypatch, game_id):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PNP_LOCALES", raising=False)
    assert pnp(["i18n", "init", "es", game_id], capsys)[0] == 0
    po = read_po(io.BytesIO((tmp_path / "pnp-locales" / game_id / "es.po").read_bytes()))
    notes = [" ".join(m.auto_comments) for m in po if m.id]
    rules = [note for note in notes if "the rule summary" in note]
    assert len(rules) >= 20
    assert all("a rule card's face" in note and " mm at 7.5 pt" in note and
               "characters a line" in note for note in rules), rules[0]


def test_spz_tool_names_are_entries_to_keep_and_the_shipped_catalogs_keep_them(
        capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PNP_LOCALES", raising=False)
    assert pnp(["i18n", "init", "es", "save-patient-zero"], capsys)[0] == 0
    po = read_po(io.BytesIO((tmp_path / "pnp-locales" / "save-patient-zero" / "es.po")
                            .read_bytes()))
    tools = {m.id: m for m in po if m.context == "tool name"}
    assert {"Samply", "Mikroskopo", "Analyzer", "Antidote", "Estugamo"} <= set(tools)
    assert all(any("keep as is: the tool names are the same in every edition" in note
                   for note in m.auto_comments) for m in tools.values())
    for lang in ("fr", "de"):
        shipped = read_po(io.BytesIO((game_folder("save-patient-zero") / "locales" /
                                      f"{lang}.po").read_bytes()))
        kept = {m.id: m.string for m in shipped if m.context == "tool name"}
        assert kept == {name: name for name in tools}, lang


def _translate_all_but(po: Path, keep: set[str]) -> None:
    """Every entry translated ("ES …", placeholders kept), but those of ``keep`` and the
    optional grammatical genders."""
    catalog = read_po(io.BytesIO(po.read_bytes()))
    for message in catalog:
        if not message.id or message.context == "grammatical gender" or \
                (message.id if isinstance(message.id, str) else message.id[0]) in keep:
            continue
        message.string = (f"ES {message.id}" if isinstance(message.id, str) else
                          tuple(f"ES {message.id[1]}" for _ in range(catalog.num_plurals)))
    out = io.BytesIO()
    write_po(out, catalog)
    po.write_bytes(out.getvalue())


@pytest.mark.slow
def test_fallback_marks_the_guide_the_score_pad_and_blank_pages_left_in_english(
        capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PNP_LOCALES", raising=False)
    assert pnp(["i18n", "init", "es", "microbious"], capsys)[0] == 0  # the engine's es too
    # a data text the score pad prints (its card values), looked up before any drawing
    _translate_all_but(tmp_path / "pnp-locales" / "microbious" / "es.po", {"Big virus"})
    code, _, err = pnp(["build", "microbious", "--lang", "es", "--fallback", "en",
                        "--paper", "a4", "--only", "score-pad", "--out", str(tmp_path / "out")],
                       capsys)
    assert code == 0, err
    (pdf,) = (tmp_path / "out").glob("*.pdf")
    pages = [page.extract_text() for page in pypdf.PdfReader(pdf).pages]
    guide, pad = pages[0], next(p for p in pages[1:] if "ES Player" in p)
    assert "Printer settings" in guide and "[EN]" in guide  # the engine's es is empty
    assert "Big virus" in pad and "[EN]" in pad
    blank = [p for p in pages if "left blank" in p]  # none when the pad is the guide's back
    assert all("[EN]" in p for p in blank)
