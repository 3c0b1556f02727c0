"""A translator's workflow (issue 33): every entry says where it prints and the room it has,
short words have a msgctxt per use, `pnp i18n update` merges as msgmerge would, the files are
written as gettext tools write them (msgcat changes nothing, pofilter flags nothing of ours),
`--fallback en` marks playing cards, and a catalogue build that fails says what it did not
write."""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest
from babel.messages.pofile import read_po

from generator.cli import main
from generator.content.loader import builtin_games, game_folder
from generator.i18n.po_files import normalize

GAMES = sorted(builtin_games())
AMBIGUOUS = {"yes", "no", "row", "col", "card", "Goal",  # and every colour's name
             *(c for name in ("red", "blue", "yellow", "green", "orange", "purple", "cyan",
                              "black") for c in (name, name.capitalize()))}


def pnp(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def locales(tmp_path: Path, monkeypatch) -> Path:
    """A working folder whose pnp-locales/ receives the built-in games' catalogs."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PNP_LOCALES", raising=False)
    monkeypatch.setenv("PNP_TRANSLATOR", "Ana Ruiz <ana@example.org>")
    return tmp_path / "pnp-locales"


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "mb"
    shutil.copytree(game_folder("microbious"), folder)
    return folder


def catalog(path: Path):
    return read_po(io.BytesIO(path.read_bytes()))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_fresh_catalog_notes_place_and_room_and_gives_short_words_a_context(
        capsys, locales, game_id):
    assert pnp(capsys, "i18n", "init", "es", game_id)[0] == 0
    po = catalog(locales / game_id / "es.po")
    entries = [m for m in po if m.id]
    assert entries and all(m.auto_comments for m in entries), \
        [m.id for m in entries if not m.auto_comments][:5]
    # every note starts with the game (or the engine's "every game") it prints in
    notes = {m.id: " ".join(m.auto_comments) for m in entries}  # as wrapped at 79 columns
    assert all(m.auto_comments[0].startswith((f"{game_id}:", "every game:")) for m in entries)
    roomy = [note for note in notes.values() if "characters a line" in note]
    assert len(roomy) >= 15  # boxes in mm with their room at the smallest size
    assert all(" mm at " in note for note in roomy)
    short = [m for m in entries if m.id in AMBIGUOUS]
    assert all(m.context for m in short), [m.id for m in short if not m.context]
    # references are relative to the game folder, the engine's marked pnp:
    assert all(not f.startswith("/") and (f.startswith("pnp:") or (game_folder(game_id) / f)
                                         .is_file()) for m in entries for f, _ in m.locations)
    header = po.mime_headers
    assert dict(header)["Last-Translator"] == "Ana Ruiz <ana@example.org>"
    assert "Spanish" in dict(header)["Language-Team"]
    assert dict(header)["Report-Msgid-Bugs-To"] == ""  # pnp's metadata names no tracker


def test_spz_yes_has_one_entry_per_use_and_each_prints_its_own_translation(capsys, locales):
    pnp(capsys, "i18n", "init", "es", "save-patient-zero")
    po = catalog(locales / "save-patient-zero" / "es.po")
    contexts = {m.context for m in po if m.id == "yes"}
    assert {"tick box", "answer key"} <= contexts
    title = next(m for m in po if m.id == "Save Patient Zero")
    assert any("keep it" in c for c in title.auto_comments)


def test_update_keeps_translations_marks_a_changed_text_fuzzy_and_obsoletes_a_removed_one(
        capsys, game):
    pnp(capsys, "i18n", "init", "es", "--game-dir", str(game))
    po_path = game / "locales" / "es.po"
    text = po_path.read_text(encoding="utf-8")
    text = text.replace('msgid "Big virus"\nmsgstr ""', 'msgid "Big virus"\nmsgstr "Virus grande"')
    text = text.replace('msgid "Small virus"\nmsgstr ""',
                        '# checked with the publisher\nmsgid "Small virus"\nmsgstr "Virus chico"')
    text = text.replace('msgid "Medium virus"\nmsgstr ""',
                        'msgid "Medium virus"\nmsgstr "Virus mediano"')
    po_path.write_text(text, encoding="utf-8")
    data = game / "game.yaml"
    yaml = data.read_text(encoding="utf-8")
    data.write_text(yaml.replace('!t "Big virus"', '!t "Huge virus"')
                    .replace('!t "Medium virus"', '"Medium virus"'), encoding="utf-8")
    code, out, _ = pnp(capsys, "i18n", "update", "es", "--game-dir", str(game))
    assert code == 0 and "es.po" in out
    after = po_path.read_text(encoding="utf-8")
    assert ('#, fuzzy\n#| msgid "Big virus"\nmsgid "Huge virus"\nmsgstr "Virus grande"'
            in after)
    assert '# checked with the publisher\n' in after and 'msgstr "Virus chico"' in after
    assert '#~ msgid "Medium virus"\n#~ msgstr "Virus mediano"' in after
    po = catalog(po_path)
    assert po.get("Small virus").string == "Virus chico" and not po.get("Small virus").fuzzy


def test_update_keeps_msginit_two_plural_forms(capsys, game):
    pnp(capsys, "i18n", "init", "es", "--game-dir", str(game))
    po_path = game / "locales" / "es.po"
    text = po_path.read_text(encoding="utf-8")
    start = text.index('"Plural-Forms:')
    end = text.index('"MIME-Version')
    po_path.write_text(text[:start] + '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'
                       + text[end:], encoding="utf-8")
    assert pnp(capsys, "i18n", "update", "es", "--game-dir", str(game))[0] == 0
    assert "nplurals=2; plural=(n != 1);" in po_path.read_text(encoding="utf-8")


def _msgcat_is_identity(path: Path) -> None:
    out = subprocess.run(["msgcat", str(path)], capture_output=True, check=True).stdout
    assert out.decode() == path.read_text(encoding="utf-8"), path


# pofilter's checks of what pnp writes: placeholders, escapes, plural forms, markup, spacing at
# the ends. Left out are those a translator decides, per language: untranslated and unchanged
# entries, end punctuation, capitals, spacing around punctuation (French), quotes, acronyms.
POFILTER_CHECKS = ("variables", "printf", "pythonbraceformat", "escapes", "newlines", "tabs",
                   "nplurals", "xmltags", "urls", "emails", "startwhitespace",
                   "endwhitespace", "doublespacing", "purepunc")


def _pofilter_findings(path: Path, tmp_path: Path) -> list[str]:
    """pofilter's findings on a catalog (translate-toolkit, the checks Weblate builds on)."""
    out = tmp_path / f"{path.parent.name}-{path.name}.filtered"
    checks = [arg for check in POFILTER_CHECKS for arg in ("-t", check)]
    subprocess.run([sys.executable, "-m", "translate.filters.pofilter", "--progress=none",
                    *checks, str(path), str(out)], check=True, capture_output=True)
    if not out.exists():
        return []
    return [f"{m.id!r}: {m.user_comments}" for m in catalog(out) if m.id]


@pytest.fixture(scope="module")
def translate_toolkit():
    return pytest.importorskip("translate.filters.pofilter",
                               reason="translate-toolkit (pip install translate-toolkit) runs "
                                      "pofilter, the checks Weblate builds on")


@pytest.mark.parametrize("game_id", GAMES)
def test_fresh_catalogs_pass_msgcat_and_pofilter(capsys, locales, tmp_path, game_id,
                                                 translate_toolkit):
    if shutil.which("msgcat") is None:
        pytest.skip("gettext's msgcat is not installed (apt-get install gettext)")
    pnp(capsys, "i18n", "init", "es", game_id)
    pnp(capsys, "i18n", "init", "fr", game_id)  # starts from the shipped French text
    for lang in ("es", "fr"):
        path = locales / game_id / f"{lang}.po"
        _msgcat_is_identity(path)
        assert _pofilter_findings(path, tmp_path) == []


def test_shipped_catalogs_normalized_pass_msgcat_and_pofilter(tmp_path, translate_toolkit):
    """The shipped catalogs as ``scripts/normalize_catalogs.py`` rewrites them (on copies):
    gettext's wrapping, nothing pofilter flags, and every translation kept."""
    if shutil.which("msgcat") is None:
        pytest.skip("gettext's msgcat is not installed (apt-get install gettext)")
    shipped = sorted(Path(game_folder(GAMES[0])).parent.glob("*/locales/*.po"))
    shipped += sorted((Path(game_folder(GAMES[0])).parents[1] / "locales").glob("*.po"))
    assert len(shipped) >= 12
    for path in shipped:
        copy = tmp_path / f"{path.parent.parent.name}-{path.name}"
        copy.write_bytes(normalize(path, "pnp test"))
        _msgcat_is_identity(copy)
        again = tmp_path / f"again-{copy.name}"
        again.write_bytes(normalize(copy, "pnp test"))
        assert again.read_bytes() == copy.read_bytes()  # running it twice changes nothing
        assert b"FULL NAME" not in again.read_bytes() and b"LL@li.org" not in copy.read_bytes()
        assert _pofilter_findings(copy, tmp_path) == [], path
        before, after = catalog(path), catalog(copy)
        assert {(m.id, m.context): m.string for m in before if m.id} == \
            {(m.id, m.context): m.string for m in after if m.id}


def test_fallback_marks_every_card_left_in_english(capsys, game, tmp_path):
    pnp(capsys, "i18n", "init", "it", "--game-dir", str(game))
    po_path = game / "locales" / "it.po"
    po = catalog(po_path)
    for message in po:  # all translated (as the English) but the special card's name
        if message.id and message.id != "Hydroxy" and message.context != "grammatical gender":
            message.string = (message.id if isinstance(message.id, str)
                              else (message.id[0], message.id[1], message.id[1]))
    from babel.messages.pofile import write_po
    buffer = io.BytesIO()
    write_po(buffer, po)
    po_path.write_bytes(buffer.getvalue())
    code, _, err = pnp(capsys, "build", "--game-dir", str(game), "--lang", "it", "--fallback",
                       "en", "--paper", "a4", "--out", str(tmp_path / "out"), "--only", "deck")
    assert code == 0, err
    pages = [p.extract_text() for p in
             pypdf.PdfReader(tmp_path / "out" / "microbious-it-a4-deck.pdf").pages]
    hydroxy = sum(t.count("Hydroxy") for t in pages)
    flagged = [t.count("[EN]") for t in pages]
    assert hydroxy and sum(flagged) >= 3  # the three Hydroxy cards, each copy
    for text, flags in zip(pages, flagged, strict=True):
        assert bool(flags) == ("Hydroxy" in text), text[:80]  # no other card is marked


def test_a_failing_catalogue_build_names_the_pdfs_it_did_not_write(capsys, game, tmp_path):
    pnp(capsys, "i18n", "init", "es", "--game-dir", str(game))  # nothing translated
    code, _, err = pnp(capsys, "build", "--game-dir", str(game), "--paper", "a4", "--out",
                       str(tmp_path / "out"), "--only", "score-pad")
    written = sorted(p.name for p in (tmp_path / "out").glob("*.pdf"))
    assert code == 2 and "no 'es' translation" in err
    assert "not written (" in err and "microbious-es-a4-score-pad.pdf" in err
    for name in written:
        assert name not in err.split("not written")[1]


def test_a_step_said_of_a_part_takes_the_gender_the_catalog_gives_its_title(
        capsys, locales, tmp_path):
    assert pnp(capsys, "i18n", "init", "fr", "microbious")[0] == 0
    assert pnp(capsys, "i18n", "init", "fr", "--engine")[0] == 0
    game, engine = locales / "microbious" / "fr.po", locales / "_engine" / "fr.po"
    gender = 'msgctxt "grammatical gender"\nmsgid "Score pad"\nmsgstr ""'
    assert gender in game.read_text(encoding="utf-8")  # optional: status counts it as done
    _, out, _ = pnp(capsys, "i18n", "status", "microbious", "--lang", "fr")
    assert " 100.0 % " in out
    game.write_text(game.read_text(encoding="utf-8").replace(
        gender, gender[:-2] + '"feminine"'), encoding="utf-8")
    step = 'msgctxt "part: feminine"\nmsgid "Nothing to cut: use it as printed."\nmsgstr ""'
    text = engine.read_text(encoding="utf-8")
    assert step in text
    engine.write_text(text.replace(step, step[:-2] + '"Rien à découper : imprimée, elle est '
                                   'prête."'), encoding="utf-8")
    code, _, err = pnp(capsys, "build", "microbious", "--lang", "fr", "--paper", "a4",
                       "--only", "score-pad,deck", "--out", str(tmp_path / "out"))
    assert code == 0, err
    (pdf,) = (tmp_path / "out").glob("*.pdf")
    guide = " ".join(pypdf.PdfReader(pdf).pages[0].extract_text().split())
    assert "imprimée, elle est prête" in guide  # the score pad (feminine)
    assert "Séparez les cartes en coupant sur les traits de coupe." in guide  # the deck's, as
    assert "à utiliser tel qu’imprimé" not in guide  # shipped; the plain form not used


def test_a_game_folder_named_relative_to_the_working_folder_extracts_its_own_rules(
        capsys, game, monkeypatch):
    monkeypatch.chdir(game.parent)
    assert pnp(capsys, "i18n", "init", "es", "--game-dir", game.name)[0] == 0
    po = catalog(game / "locales" / "es.po")
    goal = next(m for m in po if m.id == "Goal" and m.context == "rule summary heading")
    template = (game / "rules" / "microbious.j2").read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(template, 1) if "'rule summary heading', 'Goal'" in text)
    assert ("rules/microbious.j2", line) in goal.locations  # relative to the game folder
