"""pnp build --printer NAME: the back offset and rotation kept in printers.yaml, as a user
types them; and pnp export cut as a user types it."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.cli import pnp
from support.paths import FIXTURES

PROFILES = """\
office:
  back_offset: [0.8, -0.5]
  back_rotation: 0.3
laser:
  back_offset: [0, 1.5]
  short:
    back_offset: [-0.2, 0.4]
"""


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An XDG configuration folder with a printers.yaml; the working folder is tmp_path."""
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "xdg"
    (folder / "pnp").mkdir(parents=True)
    (folder / "pnp" / "printers.yaml").write_text(PROFILES, encoding="utf-8")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder))
    return folder / "pnp" / "printers.yaml"


def test_a_profile_gives_the_offset_and_rotation(config, tmp_path, capsys):
    code, _, err = pnp("build --alignment-page --paper a4 --printer office --out out --quiet",
                       capsys)
    assert (code, err) == (0, "")
    assert [p.name for p in (tmp_path / "out").iterdir()] == \
        ["alignment-a4-long-offset0.8,-0.5-turn0.3.pdf"]


def test_a_flip_has_its_own_correction_and_the_rest_from_the_printer(config, tmp_path, capsys):
    for flip, name in (("long", "alignment-a4-long-offset0,1.5.pdf"),
                       ("short", "alignment-a4-short-offset-0.2,0.4.pdf")):
        code, _, err = pnp(f"build --alignment-page --paper a4 --duplex {flip} --printer laser "
                           f"--out {flip} --quiet", capsys)
        assert (code, err) == (0, "")
        assert [p.name for p in (tmp_path / flip).iterdir()] == [name]


def test_what_is_typed_wins_over_the_profile(config, tmp_path, capsys):
    code, _, _ = pnp("build --alignment-page --paper a4 --printer office --back-rotation 0 "
                     "--out out --quiet", capsys)
    assert code == 0
    assert [p.name for p in (tmp_path / "out").iterdir()] == \
        ["alignment-a4-long-offset0.8,-0.5.pdf"]


def test_a_profile_without_rotation_turns_nothing(config, tmp_path, capsys):
    assert pnp("build --alignment-page --paper a4 --printer laser --out out --quiet",
               capsys)[0] == 0
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["alignment-a4-long-offset0,1.5.pdf"]


def test_without_xdg_the_file_is_in_the_home_config(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / ".config" / "pnp").mkdir(parents=True)
    (tmp_path / ".config" / "pnp" / "printers.yaml").write_text(PROFILES, encoding="utf-8")
    assert pnp("build --alignment-page --paper a4 --printer office --out out --quiet",
               capsys)[0] == 0
    assert (tmp_path / "out" / "alignment-a4-long-offset0.8,-0.5-turn0.3.pdf").is_file()


@pytest.mark.parametrize("name, text, says", [
    ("home", PROFILES, "no printer 'home' in {file} (printers there: office, laser)"),
    ("office", "office:\n  back_rotation: 12\n", "{file}:2 at office.back_rotation: expected "
                                                  "degrees from -5 to 5"),
    ("office", "office:\n  back_offset: 0.8\n", "{file}:2 at office.back_offset: expected "
                                                "[X, Y] in mm"),
    ("office", "office:\n  back_ofset: [1, 1]\n", "{file}:2 at office.back_ofset: unknown key"),
    ("office", "office: [\n", "{file}:2: invalid YAML"),
])
def test_a_bad_profile_is_named_with_its_file_and_nothing_is_written(
        config, tmp_path, capsys, name, text, says):
    config.write_text(text, encoding="utf-8")
    code, out, err = pnp(f"build --alignment-page --paper a4 --printer {name} --out out",
                         capsys)
    assert code == 2
    assert says.format(file=config) in err
    assert "Traceback" not in err + out
    assert not (tmp_path / "out").exists()


def test_a_missing_file_is_named_with_what_to_write(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "none"))
    code, _, err = pnp("build --alignment-page --printer office --out out", capsys)
    assert code == 2
    assert f"{tmp_path / 'none' / 'pnp' / 'printers.yaml'} does not exist" in err
    assert "back_offset" in err


def test_export_cut_as_typed(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    code, out, err = pnp(f"export cut --game-dir {FIXTURES / 'registration'} --machine "
                         "silhouette --paper letter", capsys)
    assert (code, err) == (0, "")
    folder = tmp_path / "output" / "cut" / "registration-en-letter-silhouette"
    assert "the cut lines of 17 cards on 4 sheets of registration-en-letter-silhouette.pdf" \
        in out
    assert len(list(folder.glob("*.svg"))) == len(list(folder.glob("*.dxf"))) == 4
    code, _, err = pnp("export cut --machine silhouette", capsys)
    assert code == 2 and "name one game" in err
