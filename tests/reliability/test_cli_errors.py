"""Every command answers bad arguments with its usage and exit code 2, never a traceback;
a traceback only appears with --debug."""

from __future__ import annotations

import pytest

from generator.cli import COMMANDS, main

INVOCATIONS = [*COMMANDS, "savvy answer", "savvy key", "savvy check", "score solo",
               "score pharma", "score microbious", "i18n status", "export tts",
               "export ttpg"]


@pytest.mark.parametrize("command", INVOCATIONS)
def test_bad_argument_gives_usage_and_exit_2(command: str, capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit) as stop:
        main([*command.split(), "--no-such-flag"])
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert "usage: pnp" in err and "error:" in err
    assert "Traceback" not in err


def test_internal_errors_are_one_line_unless_debug(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture) -> None:
    import generator.cli.list_cmd as list_cmd

    def broken(args):
        raise RuntimeError("boom")

    monkeypatch.setattr(list_cmd, "run", broken)
    assert main(["list"]) == 3
    err = capsys.readouterr().err
    assert "internal error: RuntimeError: boom" in err and "--debug" in err
    assert "Traceback" not in err
    with pytest.raises(RuntimeError):
        main(["--debug", "list"])


def test_pnp_list_prints_a_hostile_title_without_control_characters(
        tmp_path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    """A title that sets the terminal's title, erases the line and writes a fake one (ESC,
    BEL, CR, a C1 CSI) and shows the rest right to left (RLO): ``pnp list`` shows each as its
    escape, and nothing a terminal obeys reaches it."""
    import re

    from support.cli import new_game, pnp

    game = new_game(tmp_path, monkeypatch, capsys)
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text().replace(
        'title: !t "My Game"', r'title: !t "Evil\e]0;pwned\a\e[2K\rwrote\x9b ok\u202ekcah"'))
    ran = pnp("list --game-dir my-game", capsys)
    assert ran.code == 0, ran.err
    assert "Evil\\x1b]0;pwned\\x07\\x1b[2K\\rwrote\\x9b ok\\u202ekcah" in ran.out
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e]", ran.out + ran.err)


def test_an_error_line_is_cut_at_its_bound(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture) -> None:
    """A message that quotes more than it should (a stranger's text not yet cut where it is
    written) still prints no line past ERROR_LINE_CHARS, and stays one line."""
    import generator.cli.list_cmd as list_cmd
    from generator.errors import ERROR_LINE_CHARS, ContentError, Problem

    def quoting(args):
        raise ContentError(Problem("game.yaml", "title", "x" * 50_000))

    monkeypatch.setattr(list_cmd, "run", quoting)
    assert main(["list"]) == 2
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("error: game.yaml at title: xxx") and line.endswith("…")
    assert len(line) == ERROR_LINE_CHARS + 1


def test_pnp_check_cuts_each_problem_at_the_error_line_bound(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    """``pnp check`` prints its problems itself, one a line: each is held to the same bound
    as an error, so a problem quoting a whole text is still one bounded line."""
    import generator.pipeline.check as check
    from generator.errors import ERROR_LINE_CHARS, Problem

    monkeypatch.setattr(check, "check_game",
                        lambda spec, lang: [Problem("game.yaml", "title", "x" * 50_000)])
    assert main(["check", "anything"]) == 2
    first, count = capsys.readouterr().err.splitlines()
    assert first.startswith("error: game.yaml at title: xxx") and first.endswith("…")
    assert len(first) == ERROR_LINE_CHARS + 1 and count == "anything: 1 problem"
