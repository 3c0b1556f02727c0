"""``pnp build`` never surprises: ``--only`` with no game named builds every game that has the
component, a partial or variant build gets a name of its own and never replaces the full kit,
``--alignment-page`` alone writes only that sheet, a build ends with one summary line, and a
bad ``--out`` stops the build before anything is written. Run as a user would: the installed
command (or the same ``main``) in a temporary working folder."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.cli import main
from support.cli import pnp, pnp_command

REGISTRATION = Path(__file__).resolve().parents[1] / "fixtures" / "registration"


def run_pnp(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*pnp_command(), *args], cwd=cwd, capture_output=True, text=True,
                          timeout=600)


def files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob("*.pdf")) if folder.is_dir() else []


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh working folder, as a new user's."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_only_with_no_game_named_builds_the_games_that_have_it(tmp_path: Path) -> None:
    """The README's ``pnp build --only lab-sheet --copies 20``: once it exited 2 after
    writing six files; now only Save Patient Zero has a lab sheet, and it alone is built."""
    done = run_pnp(tmp_path, "build", "--only", "lab-sheet", "--copies", "20", "--lang", "en",
                   "--paper", "a4")
    assert done.returncode == 0, done.stderr
    assert files(tmp_path / "output") == ["save-patient-zero-en-a4-lab-sheet-x20.pdf"]
    assert done.stdout.splitlines()[-1] == (
        # each lab sheet on a sheet of its own (a blank back: never two back to back), + guide
        f"1 PDF, 42 pages on 21 sheets of paper, in {tmp_path.resolve() / 'output'}")


def test_a_component_no_game_has_fails_in_one_line_before_writing(
        here: Path, capsys: pytest.CaptureFixture) -> None:
    code, out, err = pnp(["build", "--only", "lab-sheet,dice", "--lang", "en"], capsys)
    assert code == 2 and out == ""
    (line,) = err.splitlines()
    assert line.startswith("error: --only dice: none of the games built has this component")
    assert "save-patient-zero: lab-sheet, tools-m" in line and "microbious: deck" in line
    assert not (here / "output").exists()


def test_a_game_named_without_the_component_fails(here: Path,
                                                  capsys: pytest.CaptureFixture) -> None:
    code, _, err = pnp(["build", "microbious", "--only", "lab-sheet"], capsys)
    assert code == 2 and "--only lab-sheet" in err and "microbious: deck, score-pad" in err
    assert not (here / "output").exists()


def test_each_game_builds_the_components_it_has() -> None:
    from generator.errors import UsageError
    from generator.pipeline.targets import with_components

    chosen = with_components(["microbious", "pharma-code", "save-patient-zero"],
                             ["score-pad", "lab-sheet", "rules"])
    assert chosen == [("microbious", ("score-pad", "rules")), ("pharma-code", ("rules",)),
                      ("save-patient-zero", ("lab-sheet", "rules"))]
    with pytest.raises(UsageError, match="--only board: none of the games"):
        with_components(["microbious"], ["board"])


@pytest.mark.parametrize("flags, name", [
    ((), "registration-en-a4.pdf"),
    (("--only", "big"), "registration-en-a4-big.pdf"),
    (("--only", "small,big"), "registration-en-a4.pdf"),  # every component: the full kit
    (("--copies", "3"), "registration-en-a4-x3.pdf"),
    (("--duplex", "short"), "registration-en-a4-short-edge.pdf"),
    (("--duplex", "none"), "registration-en-a4-single-sided.pdf"),
    (("--duplex", "none", "--backs", "fold"), "registration-en-a4-fold.pdf"),
    (("--ink-saver",), "registration-en-a4-ink-saver.pdf"),
    (("--back-offset", "0.8,-0.5"), "registration-en-a4-offset0.8,-0.5.pdf"),
    (("--no-crop-marks",), "registration-en-a4-no-crop-marks.pdf"),
    (("--bleed", "0", "--gutter", "4"), "registration-en-a4-bleed0-gutter4.pdf"),
    (("--only", "small", "--copies", "2", "--duplex", "none", "--backs", "fold",
      "--ink-saver"), "registration-en-a4-small-x2-fold-ink-saver.pdf"),
])
def test_the_file_name_says_what_the_pdf_holds(here: Path, capsys: pytest.CaptureFixture,
                                               flags: tuple[str, ...], name: str) -> None:
    code, out, err = pnp(["build", "--game-dir", str(REGISTRATION), "--paper", "a4",
                         *flags], capsys)
    assert code == 0, err
    assert files(here / "output") == [name]
    assert f"wrote {Path('output') / name} " in out


def test_every_print_setting_but_the_paper_changes_the_name() -> None:
    """A setting added to PrintOptions later must say itself in the file name too."""
    from dataclasses import fields, replace

    from generator.imposition.plan import PrintOptions
    from generator.pipeline.request import setting_words

    plain = PrintOptions()
    changed = {"duplex": "none", "backs": "fold", "back_offset": (1.0, 0.0), "ink_saver": True,
               "crop_marks": False, "shared_cuts": False}
    assert setting_words(plain) == []
    for field in fields(PrintOptions):
        if field.name == "paper":
            continue
        value = changed.get(field.name, 7.5)
        options = replace(plain, **{field.name: value})
        if field.name == "backs":  # read only without duplex
            options = replace(options, duplex="none")
        assert setting_words(options), field.name


def test_a_variant_never_replaces_the_full_kit(here: Path, capsys: pytest.CaptureFixture) -> None:
    base = ("build", "--game-dir", str(REGISTRATION), "--paper", "a4", "--jobs", "1")
    assert pnp([*base], capsys)[0] == 0
    kit = here / "output" / "registration-en-a4.pdf"
    full = kit.read_bytes()
    for flags in (("--only", "big"), ("--ink-saver",), ("--duplex", "none", "--backs", "fold"),
                  ("--no-crop-marks",), ("--back-offset", "1,1"), ("--copies", "2")):
        assert pnp([*base, *flags], capsys)[0] == 0, flags
    assert kit.read_bytes() == full
    assert files(here / "output") == [
        "registration-en-a4-big.pdf", "registration-en-a4-fold.pdf",
        "registration-en-a4-ink-saver.pdf", "registration-en-a4-no-crop-marks.pdf",
        "registration-en-a4-offset1,1.pdf", "registration-en-a4-x2.pdf",
        "registration-en-a4.pdf"]
    code, out, _ = pnp([*base, "--only", "big"], capsys)  # its own record: unchanged, skipped
    assert code == 0 and "unchanged" in out and "(1 unchanged)" in out


def test_alignment_page_alone_writes_only_that_sheet(here: Path,
                                                     capsys: pytest.CaptureFixture) -> None:
    code, out, _ = pnp(["build", "--alignment-page", "--paper", "a4"], capsys)
    assert code == 0
    assert files(here / "output") == ["alignment-a4-long.pdf"]
    assert out.splitlines()[-1] == (
        f"1 PDF, 2 pages on 1 sheet of paper, in {here.resolve() / 'output'}")
    code, out, _ = pnp(["build", "--alignment-page", "--paper", "letter", "--duplex",
                       "short", "--back-offset", "0.5,-1"], capsys)
    assert files(here / "output") == ["alignment-a4-long.pdf",
                                      "alignment-letter-short-offset0.5,-1.pdf"]


def test_alignment_page_with_a_game_builds_both(here: Path,
                                                capsys: pytest.CaptureFixture) -> None:
    code, out, _ = pnp(["build", "--alignment-page", "--game-dir", str(REGISTRATION),
                       "--paper", "a4"], capsys)
    assert code == 0
    assert files(here / "output") == ["alignment-a4-long.pdf", "registration-en-a4.pdf"]
    assert out.splitlines()[-1].startswith("2 PDFs, ")


@pytest.mark.parametrize("duplex, per_sheet", [("long", 2), ("none", 1)])
def test_the_summary_counts_pdfs_pages_and_sheets(here: Path, capsys: pytest.CaptureFixture,
                                                  duplex: str, per_sheet: int) -> None:
    code, out, _ = pnp(["build", "--game-dir", str(REGISTRATION), "--paper",
                       "a4,letter", "--duplex", duplex], capsys)
    assert code == 0
    pages = sum(len(PdfReader(p).pages) for p in (here / "output").glob("*.pdf"))
    sheets = pages // per_sheet
    assert out.splitlines()[-1] == (f"2 PDFs, {pages} pages on {sheets} sheets of paper, in "
                                    f"{here.resolve() / 'output'}")
    assert pnp(["build", "--game-dir", str(REGISTRATION), "--paper", "a4",
               "--quiet"], capsys) == (0, "", "")


def test_fold_builds_the_kit_whose_cards_are_too_wide_to_pair(
        here: Path, capsys: pytest.CaptureFixture) -> None:
    """The COVID kit's 130 × 90 mm Propagation tile and A6 summary card once stopped a fold
    build on A4 and on Letter."""
    code, out, err = pnp(["build", "clinic-covid19", "--lang", "en", "--duplex", "none",
                         "--backs", "fold"], capsys)
    assert code == 0, err
    assert files(here / "output") == ["clinic-covid19-en-a4-fold.pdf",
                                      "clinic-covid19-en-letter-fold.pdf"]
    pages = sum(len(PdfReader(p).pages) for p in (here / "output").glob("*.pdf"))
    assert f"2 PDFs, {pages} pages on {pages} sheets of paper" in out


def test_a_fold_pair_too_big_for_the_paper_is_named(here: Path,
                                                    capsys: pytest.CaptureFixture) -> None:
    game = shutil.copytree(REGISTRATION, here / "huge")
    yaml = game / "game.yaml"
    # a pair too big for one sheet prints over two pages; a card too big alone is refused
    yaml.write_text(yaml.read_text().replace("size: tarot", "size: [250, 350]"))
    code, _, err = pnp(["build", "--game-dir", str(game), "--paper", "a4", "--duplex",
                       "none", "--backs", "fold"], capsys)
    assert code == 2
    assert "component 'big'" in err and "a 250×350 mm card" in err
    assert "a4 paper (210×297 mm)" in err
    assert files(here / "output") == []


def _out_error(capsys: pytest.CaptureFixture, out: Path) -> str:
    code, stdout, err = pnp(["build", "--game-dir", str(REGISTRATION), "--paper", "a4",
                            "--alignment-page", "--out", str(out)], capsys)
    assert code == 2 and stdout == ""
    (line,) = err.splitlines()
    assert line.startswith(f"error: --out {out}")
    return line


def test_out_naming_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "kits.pdf").write_bytes(b"a file")
    done = run_pnp(tmp_path, "build", "microbious", "--out", "kits.pdf")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == ("error: --out kits.pdf is a file, not a folder; name a folder (it is "
                           "made if missing)\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kits.pdf"]


def test_out_under_a_file_is_refused(here: Path, capsys: pytest.CaptureFixture) -> None:
    (here / "kits.pdf").write_bytes(b"a file")
    line = _out_error(capsys, here / "kits.pdf" / "out")
    assert f"{here / 'kits.pdf'} is a file" in line
    assert sorted(p.name for p in here.iterdir()) == ["kits.pdf"]


def _cannot_make(folder: Path) -> bool:
    try:
        folder.mkdir()
    except OSError:
        return True
    folder.rmdir()
    return False


UNMAKEABLE = Path("/sys/pnp-output")  # sysfs refuses new folders, even to root


@pytest.mark.skipif(not _cannot_make(UNMAKEABLE), reason="needs a folder that cannot be made")
def test_out_that_cannot_be_made_is_refused(here: Path, capsys: pytest.CaptureFixture) -> None:
    line = _out_error(capsys, UNMAKEABLE)
    assert "cannot be made" in line
    assert list(here.iterdir()) == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_out_in_a_read_only_folder_is_refused(here: Path, capsys: pytest.CaptureFixture) -> None:
    locked = here / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        _out_error(capsys, locked / "out")
        _out_error(capsys, locked)
    finally:
        locked.chmod(0o755)
    assert list(locked.iterdir()) == []


def test_build_help_says_what_only_and_quiet_do(capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit):
        main(["build", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--only IDS" in text and "component" in text and "'pnp list'" in text
    assert "--quiet print only warnings and errors: no line per PDF, no progress bar, no " \
           "summary" in text


def test_a_game_given_as_its_file_is_built_again_when_the_file_changes(
        here: Path, capsys: pytest.CaptureFixture) -> None:
    """``--game-dir my-game/game.yaml``: once, the file's changes went unseen (its record
    hashed a folder that was a file) and the old PDF was reported unchanged."""
    assert pnp(["new", "my-game"], capsys)[0] == 0
    spec = here / "my-game" / "game.yaml"
    build = ("build", "--game-dir", str(spec), "--lang", "en", "--paper", "a4")
    code, out, _ = pnp([*build], capsys)
    assert code == 0 and "wrote" in out
    code, out, _ = pnp([*build], capsys)
    assert code == 0 and "(1 unchanged)" in out
    spec.write_text(spec.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    code, out, _ = pnp([*build], capsys)
    assert code == 0 and "wrote" in out and "unchanged" not in out
