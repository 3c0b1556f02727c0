"""``pnp savvy play`` as a player sees it in a terminal: whole games scripted through standard
input, each line read echoed after its prompt as a terminal shows it. Every line fits 80
columns, ``help`` works at every prompt (the Planado prompt too), and the hints name sample
cards of the lab being played."""

from __future__ import annotations

import io
import sys

import pytest

from generator.cli import main
from generator.savvy import answers

SEED = 62  # its interruption is Planado: the game asks for a plan at its own prompt
OPENING = "samply\nfuzio\nmezakol\n"  # three tools: the interruption comes next


class Terminal(io.StringIO):
    """Standard input that echoes each line it gives, as a terminal shows what is typed."""

    def __next__(self) -> str:
        line = super().__next__()
        sys.stdout.write(line)
        return line


def play(script: str, lab: str, capsys: pytest.CaptureFixture,
         monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", Terminal(script))
    code = main(["savvy", "play", "--seed", str(SEED), "--lab", lab, "--interruptions"])
    return code, capsys.readouterr().out


def whole_game(lab: str) -> str:
    """From the first turn to the antidote, with every word that takes no turn, a refused
    tool and help at both kinds of prompt."""
    secret = answers.secret_for_seed(SEED)
    other = "T" if lab == "M" else "M"
    return (f"help\ntools\nsheet\ndeck\nanalyzer {lab}1\nmikroskopo {other}4 {other}17\n"
            + OPENING
            + "help\ntools\nsheet\ndeck\nsamply fuzio\n"  # at the plan prompt
            + "samply samply dedukto kolozomi antidote\n"
            + "samply\nhelp\nsamply\ndedukto\n"
            + f"kolozomi {answers.dedukto(secret, SEED, 'MT'.index(lab))[0]}\n"  # its own five
            + f"antidote {','.join(map(str, secret))}\n")


@pytest.mark.parametrize("lab", ["M", "T"])
def test_a_whole_game_fits_80_columns_with_help_everywhere(
        lab: str, capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    code, shown = play(whole_game(lab), lab, capsys, monkeypatch)
    assert code == 0 and "You found the antidote" in shown
    too_wide = [line for line in shown.splitlines() if len(line) > 80]
    assert not too_wide, "\n".join(too_wide)
    assert shown.count("Commands: one tool a turn") == 4  # the opening, then each help typed
    assert "plan> help\nCommands: one tool a turn" in shown
    assert "(skip discards an imposed tool that cannot be played)\nPlanado: write your next " \
           "5 tools in order" in shown
    assert "plan> tools\nTurn 4 · tools left:" in shown and "plan> sheet\n✓ side:" in shown
    assert "! Planado: name exactly 5 tools, in order" in shown


@pytest.mark.parametrize("lab", ["M", "T"])
def test_hints_name_cards_of_the_lab_played(lab: str, capsys: pytest.CaptureFixture,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    other = "T" if lab == "M" else "M"
    _, shown = play("help\nquit\n", lab, capsys, monkeypatch)
    assert f"mikroskopo {lab}4 {lab}17 · analyzer {lab}4 {lab}17" in shown
    assert f"{other}4" not in shown and f"{other}17" not in shown


def test_quit_and_help_at_the_plan_prompt(capsys: pytest.CaptureFixture,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    code, shown = play(OPENING + "?\nquit\n", "M", capsys, monkeypatch)
    assert code == 1
    assert "plan> ?\nCommands: one tool a turn" in shown
    assert "plan> quit\nGame abandoned after 3 tools." in shown
