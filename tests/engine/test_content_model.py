"""Content errors as a user meets them: file, line, key path and the fix; nothing written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.cli import main
from generator.errors import ContentError
from generator.pipeline.load import load_game
from generator.render.text import fit_text
from generator.units import parse_length
from support.paths import FIXTURES, ROOT

SPZ = ROOT / "generator" / "games" / "save-patient-zero"


def copy_game(tmp_path: Path, source: Path = SPZ) -> Path:
    target = tmp_path / source.name
    shutil.copytree(source, target)
    return target


def edit(folder: Path, old: str, new: str) -> None:
    path = folder / "game.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def problems(folder: Path) -> list[str]:
    with pytest.raises(ContentError) as caught:
        load_game(folder)
    return [str(p) for p in caught.value.problems]


def test_lengths_take_units():
    assert parse_length("63.5mm") == 63.5
    assert parse_length("1in") == pytest.approx(25.4)
    assert parse_length(12) == 12.0
    with pytest.raises(ValueError, match="12mm"):
        parse_length("twelve")


def test_vars_of_another_kind_is_one_problem_naming_it(tmp_path):
    """``vars`` is read as a mapping by every layout and a game's code: a list is refused
    where it is written, not an internal error where it is first read."""
    folder = copy_game(tmp_path, FIXTURES / "designer_deck")
    edit(folder, "components:\n", "vars: [1, 2]\ncomponents:\n")
    found = problems(folder)
    assert len(found) == 1 and "game.yaml:" in found[0]
    assert "vars: expected a mapping of keys (key: value lines), got a list" in found[0]


def test_unknown_key_names_file_line_and_allowed_keys(tmp_path):
    folder = copy_game(tmp_path)
    edit(folder, "    copies: 2\n", "    copies: 2\n    colour: red\n")
    found = problems(folder)
    assert len(found) == 1
    assert "game.yaml:" in found[0] and "components[0].colour" in found[0]
    assert "unknown key 'colour'" in found[0] and "allowed keys" in found[0]


def test_wrong_count_and_fuzio_gap_are_both_reported(tmp_path):
    folder = copy_game(tmp_path)
    edit(folder, "fuzio: [[6, 22], [23, 39]", "fuzio: [[6, 22], [33, 39]")
    edit(folder, "context: tool name, note: \"keep as is: the tool names are the same in every "
         "edition\"}, qty: 1, effect: !t \"Copy the tool",
         "context: tool name, note: \"keep as is: the tool names are the same in every "
         "edition\"}, qty: 2, effect: !t \"Copy the tool")
    found = "\n".join(problems(folder))
    assert "sums 23-32 are in no zone" in found
    assert "add up to 25 but the deck expects 24" in found


def test_grid_and_colour_problems(tmp_path):
    folder = copy_game(tmp_path)
    edit(folder, "- [1, 2, 3, 4, 5]", "- [1, 2, 3, 4, 26]")
    edit(folder, "1: green,", "1: magenta,")
    found = "\n".join(problems(folder))
    assert "data.grid[0][4]" in found and "outside 1..25" in found
    assert "colour 'magenta' is not one of the molecule colours" in found


def test_invalid_yaml_points_at_the_line(tmp_path):
    folder = copy_game(tmp_path)
    edit(folder, "title: !t Save Patient Zero\n", "title: [unclosed\n")
    (message,) = problems(folder)
    assert "invalid YAML" in message and "game.yaml:" in message


def test_cli_exits_2_and_keeps_the_good_pdf(tmp_path, capsys):
    out = tmp_path / "out"
    folder = copy_game(tmp_path, FIXTURES / "registration")
    assert main(["build", "--game-dir", str(folder), "--lang", "en", "--paper", "a4",
                 "--out", str(out), "--quiet"]) == 0
    pdf = out / "registration-en-a4.pdf"
    good = pdf.read_bytes()
    edit(folder, "expect: 5", "expect: 6")
    assert main(["build", "--game-dir", str(folder), "--lang", "en", "--paper", "a4",
                 "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "expects 6" in err and "Traceback" not in err
    assert pdf.read_bytes() == good
    assert sorted(p.name for p in out.iterdir()) == [".pnp-builds", "registration-en-a4.pdf"]


def test_missing_translation_fails_with_the_ids(tmp_path, capsys):
    folder = copy_game(tmp_path)
    edit(folder, 'title: !t "Tool cards, Lab-M"', 'title: !t "Tool cards for the red lab"')
    code = main(["build", "--game-dir", str(folder), "--lang", "fr", "--paper", "a4",
                 "--only", "tools-m", "--out", str(tmp_path / "out")])
    assert code == 2
    err = capsys.readouterr().err
    assert "Tool cards for the red lab" in err and "--fallback en" in err
    assert not (tmp_path / "out" / "save-patient-zero-fr-a4.pdf").exists()
    assert main(["build", "--game-dir", str(folder), "--lang", "fr", "--paper", "a4",
                 "--only", "tools-m", "--out", str(tmp_path / "out"), "--fallback", "en",
                 "--quiet"]) == 0


def test_longest_german_effect_fits_the_tool_card_box():
    """The text box shrinks the longest German tool effect but keeps it readable."""
    from babel.messages.pofile import read_po

    from generator.render.fonts import font_name

    with (SPZ / "locales" / "de.po").open("rb") as handle:
        catalog = read_po(handle)
    longest = max((m.string for m in catalog if m.id and "Savvy" in m.id), key=len)
    fitted = fit_text(longest, font_name("regular"), 36, 37, 9, 5.5, 1.2)
    assert fitted is not None and fitted.size >= 6.5
    assert fit_text(" ".join([longest] * 6), font_name("regular"), 36, 37, 9, 5.5, 1.2) is None


def test_text_that_cannot_fit_is_an_error_not_a_clipped_card(tmp_path, capsys):
    folder = copy_game(tmp_path, FIXTURES / "registration")
    edit(folder, "- {n: 1}", "- {n: " + "1234567890" * 12 + "}")
    code = main(["build", "--game-dir", str(folder), "--lang", "en", "--paper", "a4",
                 "--out", str(tmp_path / "out")])
    assert code == 2
    assert "does not fit" in capsys.readouterr().err


def test_list_shows_games_and_components(capsys):
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert "save-patient-zero" in out and "lab-sheet" in out and "24 cards" in out
