"""One truth for a translator (issue 33): ``pnp check --lang`` runs the build's checks and
names each problem by its .po file, line and msgid, with the fix; an overflow names its own
message; fuzzy and empty entries are counted as ``i18n status`` counts them."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from generator.content.loader import game_folder
from support.cli import pnp

LONG = "Verdoppelt " * 60


def translated(tmp_path: Path, changes: dict[str, str], fuzzy: str = "") -> Path:
    """Microbious with its German catalog's msgstr of each msgid in ``changes`` replaced,
    and ``fuzzy`` (a msgid) marked fuzzy."""
    game = tmp_path / "microbious"
    shutil.copytree(game_folder("microbious"), game)
    po = game / "locales" / "de.po"
    text = po.read_text(encoding="utf-8")
    for msgid, msgstr in changes.items():
        text, count = re.subn(rf'msgid "{re.escape(msgid)}"\nmsgstr "[^"]*"',
                              f'msgid "{msgid}"\nmsgstr "{msgstr}"', text)
        assert count == 1, msgid
    if fuzzy:
        text = text.replace(f'msgid "{fuzzy}"', f'#, fuzzy\nmsgid "{fuzzy}"', 1)
    po.write_text(text, encoding="utf-8")
    return game


def line_of(po: Path, msgid: str) -> int:
    lines = po.read_text(encoding="utf-8").splitlines()
    return lines.index(f'msgid "{msgid}"') + 1


def test_broken_markup_and_a_stray_icon_are_named_by_po_line_all_at_once(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    swap, draws = ("You may swap one of your cards with one of the target's.",
                   "The target is safe from special powers for one turn.")
    game = translated(tmp_path, {swap: "**Tausche eine deiner Karten", draws: "Das Ziel :nixda:"})
    po = game / "locales" / "de.po"
    code, _, err = pnp(f"check {game} --lang de", capsys)
    assert code == 2
    assert f"error: {po}:{line_of(po, swap)} at msgid {swap!r}: card markup in the " \
           "translation: the bold mark '**' at character 1" in err
    assert f"error: {po}:{line_of(po, draws)} at msgid {draws!r}: the translation names the " \
           "icon ':nixda:', which the msgid does not; keep the msgid's icons" in err
    assert f"{swap!r} at " in err and "(refused: see that line's error)" in err
    assert "add the picture" not in err and "3 problems" in err  # and the untranslated ids
    built, _, said = pnp(f"build --game-dir {game} --lang de --paper a4 --out {tmp_path}/o",
                         capsys)
    assert built == 2 and said.splitlines()[0] == err.splitlines()[0]


def test_an_overflow_names_its_message_and_missing_and_fuzzy_are_counted_as_status_does(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    doubles, skips = ("Doubles every vaccine in your hand. Two Hydroxy double twice.",
                      "The target skips their next turn.")
    game = translated(tmp_path, {doubles: LONG, skips: ""}, fuzzy="Mask")
    po = game / "locales" / "de.po"
    code, _, err = pnp(f"check {game} --lang de", capsys)
    assert code == 2 and "2 problems" in err
    overflow = next(line for line in err.splitlines() if "does not fit" in line)
    assert overflow.startswith(f"error: {po}:{line_of(po, doubles)} at msgid 'Doubles every")
    assert "site-packages" not in overflow and "layouts/" not in overflow.split(": text")[0]
    assert "2 messages have no 'de' translation" in err and "1 of them only fuzzy" in err
    assert f"'Mask' at {po}:{line_of(po, 'Mask')} (fuzzy" in err
    assert f"{skips!r} at {po}:{line_of(po, skips)} (empty)" in err
    _, out, _ = pnp(f"i18n status --game-dir {game} --lang de", capsys)
    assert "1 missing, 1 fuzzy" in out
    built, _, said = pnp(f"build --game-dir {game} --lang de --paper a4 --out {tmp_path}/o",
                         capsys)
    assert built == 2 and said.splitlines()[0] == overflow


def test_a_rule_text_overflow_names_its_po_line_not_the_engines_layout(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    swap = "You may swap one of your cards with one of the target's."
    game = translated(tmp_path, {swap: "Tausche " * 300})
    po = game / "locales" / "de.po"
    code, _, err = pnp(f"check {game} --lang de", capsys)
    problems = [line for line in err.splitlines() if line.startswith("error:")]
    assert code == 2 and len(problems) == 2  # its card's box, and the rule card's text
    for line in problems:
        assert line.startswith(f"error: {po}:{line_of(po, swap)} at msgid {swap!r}"), line
    assert any("(rule text): text overflows box 'body'" in line for line in problems)
    assert "templates/layouts" not in err and "site-packages" not in err
