"""Every piece of advice pnp prints is followed, and works: for each error that says "use …",
"run …", "pass …", the advised command is run in the same folder and must succeed. A command
written in backticks in any of these errors must be one of the advised commands tested here.

Each case runs in a fresh temporary folder holding a game made by ``pnp new my-game``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from support.cli import new_game, pnp

COMMAND_IN_TEXT = re.compile(r"`(pnp [^`]+)`")


@dataclass(frozen=True)
class Advice:
    """``argv`` fails and prints ``says``; ``advised`` (what the advice makes of ``argv``)
    then exits 0. ``setup`` commands run first."""

    name: str
    argv: str
    says: str
    advised: str
    setup: tuple[str, ...] = ()


INIT_DE = "i18n init de --game-dir my-game"
CASES = (
    Advice("check a language the new game lacks", "check my-game --lang de",
           "`pnp i18n init de --game-dir my-game`", INIT_DE),
    Advice("check naming no game", "check", "--game-dir PATH", "check --game-dir my-game"),
    Advice("check naming no game (built-in)", "check", "save-patient-zero",
           "check save-patient-zero --lang en"),
    Advice("check a misspelt game", "check my-gmae", "use --game-dir PATH",
           "check --game-dir my-game"),
    Advice("check a folder without game.yaml", "check out", "its game.yaml",
           "check my-game/game.yaml", setup=("new out/empty",)),
    Advice("build a misspelt game", "build my-gmae --paper a4 --out out", "use --game-dir PATH",
           "build --game-dir my-game --paper a4 --out out"),
    Advice("proof a misspelt game", "proof my-gmae --dpi 36 --out out", "use --game-dir PATH",
           "proof --game-dir my-game --dpi 36 --out out"),
    Advice("proof naming no game", "proof --dpi 36 --out out", "--game-dir PATH",
           "proof --game-dir my-game --dpi 36 --out out"),
    Advice("export a misspelt game", "export tts my-gmae --out out", "use --game-dir PATH",
           "export tts --game-dir my-game --out out"),
    Advice("i18n status of a misspelt game", "i18n status my-gmae", "use --game-dir PATH",
           "i18n status --game-dir my-game"),
    Advice("build with a translation missing", "build --game-dir my-game --lang de --paper a4 "
           "--out out", "build with --fallback en", "build --game-dir my-game --lang de "
           "--paper a4 --out out --fallback en", setup=(INIT_DE,)),
    Advice("start a catalog twice", INIT_DE, "pass --force", INIT_DE + " --force",
           setup=(INIT_DE,)),
    Advice("start a catalog twice, then update it", INIT_DE,
           "`pnp i18n update de --game-dir my-game`", "i18n update de --game-dir my-game",
           setup=(INIT_DE,)),
    Advice("start a language Babel does not know", "i18n init xx-yy --game-dir my-game",
           "try fr, de, zh", "i18n init zh --game-dir my-game"),
    Advice("proof at too low a resolution", "proof --game-dir my-game --dpi 5 --out out",
           "use 36 to 600", "proof --game-dir my-game --dpi 36 --out out"),
    Advice("build an unknown paper", "build --game-dir my-game --paper a3 --out out",
           "use one of a4, letter", "build --game-dir my-game --paper a4 --out out"),
    Advice("savvy seed out of range", "savvy answer --solution 5,9,24 --seed 1000000000 fuzio",
           "use 0..999999999", "savvy answer --solution 5,9,24 --seed 999999999 fuzio"),
    Advice("savvy key without a secret", "savvy key --json", "give either --solution A,B,C",
           "savvy key --solution 5,9,24 --json"),
    Advice("microbious tie without lowest", "score microbious --hand hydroxy --tie caller",
           "give --lowest with --tie", "score microbious --hand hydroxy --tie caller --lowest"),
    Advice("microbious caller in a tie of others",
           "score microbious --hand hydroxy --caller --lowest --tie others", "use --tie caller",
           "score microbious --hand hydroxy --caller --lowest --tie caller"),
)
# An error may give several pieces of advice: each is a case of the same command line.
ADVISED = {case.argv: {c.advised for c in CASES if c.argv == case.argv} for case in CASES}


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
           capsys: pytest.CaptureFixture) -> Path:
    return new_game(tmp_path, monkeypatch, capsys).parent


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_advice_works_when_followed(case: Advice, folder: Path,
                                    capsys: pytest.CaptureFixture) -> None:
    for command in case.setup:
        assert pnp(command, capsys)[0] == 0, command
    code, said = pnp(case.argv, capsys).printed
    assert code == 2, said
    assert case.says in said
    assert "Traceback" not in said and "internal error" not in said
    for quoted in COMMAND_IN_TEXT.findall(said):
        assert quoted.removeprefix("pnp ") in ADVISED[case.argv], f"untested advice: {quoted}"
    code, after = pnp(case.advised, capsys).printed
    assert code == 0, f"pnp {case.advised} (advised by: {case.says}) failed:\n{after}"


def test_new_games_next_step_builds(folder: Path, capsys: pytest.CaptureFixture) -> None:
    code, said = pnp("new other-game", capsys).printed
    advised = re.search(r"run\s+pnp (.+)", said)
    assert code == 0 and advised, said
    assert pnp(advised.group(1) + " --out out", capsys)[0] == 0
    assert (folder / "out" / "other-game-en-a4.pdf").is_file()


def test_unchanged_build_says_how_to_rebuild(folder: Path,
                                             capsys: pytest.CaptureFixture) -> None:
    build = "build --game-dir my-game --paper a4 --out out"
    assert pnp(build, capsys)[0] == 0
    code, said = pnp(build, capsys).printed
    assert code == 0 and "--force rebuilds" in said
    code, said = pnp(build + " --force", capsys).printed
    assert code == 0 and said.startswith("wrote ")


def test_check_after_following_the_advice_asks_only_for_translations(
        folder: Path, capsys: pytest.CaptureFixture) -> None:
    assert pnp(INIT_DE, capsys)[0] == 0
    code, said = pnp("check my-game --lang de", capsys).printed
    assert code == 2 and "no 'de' translation" in said
    assert not COMMAND_IN_TEXT.findall(said), said  # nothing left to run: translate them


@pytest.mark.parametrize("verb", ["check my-game", "build --game-dir my-game"])
def test_a_language_no_command_can_start_is_refused_up_front(
        folder: Path, capsys: pytest.CaptureFixture, verb: str) -> None:
    code, said = pnp(f"{verb} --lang xx", capsys).printed
    assert code == 2 and "'xx' is not a language code" in said
    assert f"usage: pnp {verb.split()[0]}" in said and not COMMAND_IN_TEXT.findall(said)
