"""``pnp savvy``: the exact JSON shapes, the check and solve exit codes, one-line errors, and
the terminal game driven through standard input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli import main
from generator.savvy import answers
from support.paths import ROOT


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["savvy", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def answer(capsys, *argv: str):
    code, out, _ = run(capsys, "answer", "--solution", "5,9,24", *argv, "--json")
    assert code == 0
    return json.loads(out)


@pytest.mark.parametrize("argv, expected", [
    (("samply", "M17"), True), (("mikroskopo", "m4"), False), (("analyzer", "M17"), 1),
    (("intervallo", "min"), 1), (("intervallo", "max"), 5),
    (("scanpad", "3,4,5,8,9,10"), 2), (("scanpad", "r1c1:2x3"), 0),
    (("centrifugo", "1,2,6,7"), False), (("centrifugo", "4,5,9,10"), True),
    (("estugamo", "row", "2"), True), (("estugamo", "col", "1"), False),
    (("fuzio",), "23-39"), (("kolozomi", "7"), True), (("kolozomi", "3"), False),
    (("mezakol",), "orange"), (("antidote", "5,9,23"), 2), (("antidote", "24,5,9"), 3),
])
def test_answer_json(capsys, argv, expected):
    assert answer(capsys, *argv) == {"answer": expected}


def test_seeded_answers_json(capsys):
    picked = answer(capsys, "dedukto")["answer"]
    assert len(picked) == 5 and not set(picked) & {5, 9, 24}
    assert answer(capsys, "substrakto")["answer"] in (4, 15, 19)
    assert answer(capsys, "scanpad", "3,4,5,8,9,10", "--misfunkcio") == {
        "answer": 2, "misfunkcio": [1, 3]}


def test_tools_without_answer_say_so(capsys):
    result = answer(capsys, "hackz")
    assert result["answer"] is None and "no secret answer" in result["note"]
    code, out, _ = run(capsys, "answer", "--solution", "5,9,24", "spionado")
    assert code == 0 and "Spionado has no secret answer" in out


def test_layout_json(capsys):
    code, out, _ = run(capsys, "layout", "--json")
    value = json.loads(out)
    assert code == 0 and list(value) == ["grid", "colours", "fuzio", "samples"]
    assert sorted(m for row in value["grid"] for m in row) == list(range(1, 26))
    assert set(value["colours"]) == {str(m) for m in range(1, 26)}
    assert value["fuzio"] == [[6, 22], [23, 39], [40, 56], [57, 72]]
    assert len(value["samples"]) == 80 and value["samples"]["T40"] == [12, 18, 19, 20, 23]


def test_key_json(capsys):
    code, out, _ = run(capsys, "key", "--solution", "24,9,5", "--json")
    key = json.loads(out)
    assert code == 0
    assert key["solution"] == [5, 9, 24] and key["fuzio"] == "23-39"
    assert key["substrakto"] == [4, 15, 19] and key["mezakol"] == "orange"
    assert key["kolozomi"] == {"green": True, "orange": True, "purple": False,
                               "yellow": False, "cyan": True}
    assert key["intervallo"] == {"min": 1, "max": 5}
    assert key["estugamo"] == {"rows": [True, True, False, False, True],
                               "cols": [False, False, False, True, True]}
    assert len(key["scanpad"]) == 24 and key["scanpad"]["r1c4:3x2"] == 2
    assert list(key["samples"])[:1] == ["M1"] and list(key["samples"])[-1] == "T40"
    assert key["samples"]["M17"] == 1


@pytest.mark.parametrize("argv, words", [
    (("--solution", "0,9,24", "fuzio"), ["molecule 0", "1..25"]),
    (("--solution", "5,9,26", "fuzio"), ["molecule 26", "1..25"]),
    (("--solution", "5,9,9", "fuzio"), ["9 is repeated", "3 different molecules"]),
    (("--solution", "5,9", "fuzio"), ["3 different molecules", "got 2"]),
    (("--solution", "5,9,24", "samply", "M41"), ["M41", "M1..M40 and T1..T40"]),
    (("--solution", "5,9,24", "scanpad", "1,2,3,4,5,6"), ["not a block", "2×3 or 3×2"]),
    (("--solution", "5,9,24", "centrifugo", "1,2,3,4"), ["1,2,6,7"]),
    (("--solution", "5,9,24", "estugamo", "row", "6"), ["row N or col N", "1..5"]),
    (("--solution", "5,9,24", "pipette"), ["unknown tool", "samply, mikroskopo"]),
])
def test_bad_input_is_one_clear_line_and_exit_2(capsys, argv, words):
    code, out, err = run(capsys, "answer", *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    for word in words:
        assert word in err


def test_substrakto_draw_is_the_labs_first_or_second_card(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["savvy", "answer", "--solution", "5,9,24", "substrakto", "--draw", "3"])
    assert stopped.value.code == 2 and "choose from 1, 2" in capsys.readouterr().err


def test_key_needs_a_solution_or_a_qr_image(capsys):
    code, out, err = run(capsys, "key", "--json")
    assert code == 2 and out == "" and "give either --solution A,B,C or --qr IMAGE" in err


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "marks.txt"
    path.write_text(text, encoding="utf-8")
    return str(path)


RIGHT = """# Lab-M, game of 5,9,24
fuzio = 23-39
estugamo row 2 = yes
scanpad 3,4,5,8,9,10 = 2
antidote 5,9,23 = 2
analyzer M17 = x1
samply M4 = no
substrakto = 15
dedukto = 1,2,3,4,6
mezakol = orange
kolozomi 3 = no
"""


@pytest.mark.parametrize("text", ["", "\n\n", "# Lab-M, nothing marked yet\n  # still nothing\n"])
@pytest.mark.parametrize("action", ["check", "solve"])
def test_a_file_with_no_marks_is_an_error_naming_it(capsys, tmp_path, text, action):
    marks = write(tmp_path, text)
    solution = ("--solution", "5,9,24") if action == "check" else ()
    code, out, err = run(capsys, action, *solution, "--marks", marks)
    assert code == 2 and out == "" and f"{marks}: the file holds no marks" in err


def test_check_reads_the_french_and_german_words_the_key_prints(capsys, tmp_path):
    # the same four marks as the English ones, in the words of fr.po and de.po
    english = "estugamo row 2 = yes\nestugamo col 2 = yes\nsamply M4 = no\nkolozomi 3 = no\n"
    french = "estugamo ligne 2 = oui\nestugamo col. 2 = OUI\nsamply M4 = Non\nkolozomi 3 = non\n"
    german = "estugamo Reihe 2 = ja\nestugamo Sp. 2 = ja\nsamply M4 = nein\nkolozomi 3 = NEIN\n"
    results = []
    for text in (english, french, german):
        code, out, err = run(capsys, "check", "--solution", "5,9,24", "--marks",
                             write(tmp_path, text))
        assert err == ""
        results.append((code, [line.split()[2] for line in out.splitlines()[:-1]]))
    assert results[0] == results[1] == results[2]
    assert results[0][1] == ["OK", "WRONG", "OK", "OK"]  # column 2 holds none of 5, 9, 24


def test_check_all_right_exits_0(capsys, tmp_path):
    code, out, _ = run(capsys, "check", "--solution", "5,9,24", "--marks", write(tmp_path, RIGHT))
    assert code == 0
    assert "line 2: OK" in out and "10 marks: 10 OK, 0 WRONG" in out


def test_check_wrong_marks_exit_1_with_line_and_right_answer(capsys, tmp_path):
    text = RIGHT.replace("scanpad 3,4,5,8,9,10 = 2", "scanpad 1,2,3,6,7,8 = 1")
    text = text.replace("substrakto = 15", "substrakto = 5")
    code, out, _ = run(capsys, "check", "--solution", "5,9,24", "--marks", write(tmp_path, text))
    assert code == 1
    assert "line 4: WRONG  scanpad 1,2,3,6,7,8 = 1  (right: 0)" in out
    assert "line 8: WRONG  substrakto = 5  (right: one of 4, 15, 19)" in out
    assert "10 marks: 8 OK, 2 WRONG" in out


def test_check_misfunkcio_expects_off_by_one(capsys, tmp_path):
    text = "misfunkcio\nscanpad 3,4,5,8,9,10 = 3\nscanpad r1c1:2x3 = 0\n"
    code, out, _ = run(capsys, "check", "--solution", "5,9,24", "--marks", write(tmp_path, text))
    assert code == 1
    assert "line 2: OK" in out and "line 3: WRONG" in out and "Misfunkcio" in out


def test_check_unreadable_line_exits_2_naming_the_line(capsys, tmp_path):
    marks = write(tmp_path, RIGHT + "fuzio = 33-39\nsamply M4 no\n")
    code, out, err = run(capsys, "check", "--solution", "5,9,24", "--marks", marks)
    assert code == 2 and out == ""
    assert f"{marks}:12: fuzio: answer one of the zones 6-22, 23-39" in err
    assert f"{marks}:13: cannot read 'samply M4 no'" in err


def test_check_missing_file_exits_2(capsys, tmp_path):
    code, _, err = run(capsys, "check", "--solution", "5,9,24", "--marks",
                       str(tmp_path / "nope.txt"))
    assert code == 2 and f"{tmp_path / 'nope.txt'}: file not found" in err


def test_solve_lists_few_candidates(capsys, tmp_path):
    code, out, _ = run(capsys, "solve", "--marks", write(tmp_path, RIGHT))
    assert code == 0
    count = int(out.split()[0])
    assert 1 <= count <= 20 and "  5,9,24" in out
    code, out, _ = run(capsys, "solve", "--marks", write(tmp_path, RIGHT), "--json")
    result = json.loads(out)
    assert result["count"] == count and [5, 9, 24] in result["candidates"]


def test_solve_reports_contradictions(capsys, tmp_path):
    marks = write(tmp_path, "fuzio = 6-22\nestugamo row 5 = yes\nestugamo row 1 = no\n"
                            "estugamo row 2 = no\n")
    code, out, _ = run(capsys, "solve", "--marks", marks)
    assert code == 1 and "contradict each other by line 2 (estugamo row 5 = yes)" in out


def play(stdin: str, *argv: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", "import sys; from generator.cli import main; "
         "sys.exit(main(sys.argv[1:]))", "savvy", "play", *argv],
        input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=60)


def test_play_won_through_stdin():
    secret = ",".join(map(str, answers.secret_for_seed(7)))
    wrong = ",".join([str(m) for m in range(1, 26) if m not in answers.secret_for_seed(7)][:3])
    script = (f"samply\nanalyzer M1\nsheet\nkolozomi 3\nscanpad 1,2,3\nintervallo max\n"
              f"antidote {wrong}\nantidote {secret}\n")
    result = play(script, "--seed", "7", "--lab", "M")
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    assert "Savvy sorts the cards" in out and "✓ side:" in out
    assert "! kolozomi comes only after Dedukto" in out
    assert "! scanpad: 1,2,3 is not a block" in out
    assert "Savvy: 0 of 3 right" in out and "Antidote ×1" in out
    assert f"You found the antidote {secret} with" in out and "Your level:" in out


def test_play_lost_after_two_missed_antidotes():
    wrong = [m for m in range(1, 26) if m not in answers.secret_for_seed(3)][:6]
    script = "".join(f"antidote {a},{b},{c}\n" for a, b, c in (wrong[:3], wrong[3:]))
    result = play(script, "--seed", "3", "--lab", "T")
    assert result.returncode == 1
    assert "0 of 3 right" in result.stdout
    assert "Game over: that was your last Antidote card" in result.stdout


def test_play_interruption_after_the_third_tool():
    result = play("fuzio\nmezakol\nintervallo min\ntools\nquit\n", "--seed", "6",
                  "--interruptions")
    assert result.returncode == 1
    assert "Interruption: Limigo" in result.stdout
    assert "Samply ×1, Mikroskopo ×1, Analyzer ×1" in result.stdout
    assert "Game abandoned after 3 tools" in result.stdout


def test_play_misfunkcio_reading_is_off_by_one():
    script = "fuzio\nmezakol\nintervallo min\nscanpad 1,2,3,6,7,8\n"
    result = play(script, "--seed", "9", "--interruptions")
    assert answers.secret_for_seed(9) == (12, 13, 22)  # the frame holds none of them
    assert "Interruption: Misfunkcio" in result.stdout
    assert "Savvy: 1 (Misfunkcio: off by one)" in result.stdout
    assert "No more input: game abandoned" in result.stdout and result.returncode == 1
