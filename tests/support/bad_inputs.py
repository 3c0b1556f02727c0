"""Bad inputs a user may feed pnp, what they see, and proof that no output file changed.

``python tests/support/bad_inputs.py`` prints the table as markdown (docs/bad-inputs.md is
its output);
tests/reliability/test_bad_inputs.py runs the same table and asserts each row.
"""

from __future__ import annotations

import contextlib
import csv
import errno
import hashlib
import io
import re
import shutil
import struct
import sys
import tempfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from generator.cli import main  # noqa: E402
from generator.designer.scaffold import create_game  # noqa: E402
from generator.resources import games_dir  # noqa: E402
from support.faults import Fault, injected  # noqa: E402

SPZ = "save-patient-zero"
NEW = "my-game"  # not a built-in game: the game `pnp new` makes, a designer's first deck


@dataclass(frozen=True)
class Case:
    """One bad input: a change to a copy of a game folder (or none) and the command run."""

    name: str
    argv: tuple[str, ...]
    expect: str                      # a fragment the user must see on stderr
    code: int = 2
    game: str = SPZ
    edit: Callable[[Path], None] | None = None
    spoil_out: Callable[[Path], None] | None = None  # a change to the output folder
    fault: tuple[str, int] | None = None  # the first call of a kind fails (support.faults)


def replace(relative: str, old: str, new: str, count: int = 1) -> Callable[[Path], None]:
    def edit(folder: Path) -> None:
        path = folder / relative
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {relative}"
        path.write_text(text.replace(old, new, count), encoding="utf-8")
    return edit


def append(relative: str, text: str) -> Callable[[Path], None]:
    def edit(folder: Path) -> None:
        with (folder / relative).open("a", encoding="utf-8") as handle:
            handle.write(text)
    return edit


def write(relative: str, data: bytes) -> Callable[[Path], None]:
    def edit(folder: Path) -> None:
        (folder / relative).write_bytes(data)
    return edit


def bomb_png(side: int = 10_000) -> bytes:
    """A real, tiny PNG file of side×side black-and-white pixels (100 megapixels by
    default): a few kilobytes that would take hundreds of megabytes to open."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0)
    rows = zlib.compress((b"\0" * (1 + side // 8)) * side, 9)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", rows)
            + chunk(b"IEND", b""))


def both(*edits: Callable[[Path], None]) -> Callable[[Path], None]:
    def edit(folder: Path) -> None:
        for one in edits:
            one(folder)
    return edit


GY = "game.yaml"
BUILD = ("build", "--game-dir", "{game}", "--lang", "en", "--paper", "a4", "--out", "{out}")
BUILD_DE = ("build", "--game-dir", "{game}", "--lang", "de", "--paper", "a4", "--out", "{out}")
CHECK = ("check", "{game}")
PHARMA = "pharma-code"
PHARMA_CSV = ("build", "--game-dir", "{game}", "--lang", "en", "--paper", "a4", "--only",
              "questions", "--out", "{out}")


def questions_csv(encoding: str, qty: str = "1") -> Callable[[Path], None]:
    """Pharma's questions as a spreadsheet's CSV (accents in the text), saved in
    ``encoding``, with ``qty`` copies of the one card."""
    row = f"Quelle molécule ?,Aspirine,Paracétamol,Ibuprofène,a,{qty}\r\n"
    data = ("question,a,b,c,answer,qty\r\n" + row).encode(encoding)
    return both(write("questions.csv", data),
                replace(GY, "cards_file: questions.yaml", "cards_file: questions.csv"))


BUILD_ONE = ("build", "--game-dir", "{game}", "--lang", "en", "--paper", "a4", "--only",
             "samples-m", "--out", "{out}")


def folder(relative: str) -> Callable[[Path], None]:
    def edit(out: Path) -> None:
        (out / relative).mkdir(parents=True)
    return edit


def questions_xlsx(formula: bool = False) -> bytes:
    """Pharma's questions as an .xlsx workbook written by openpyxl; with ``formula`` the
    quantity is a formula, which openpyxl saves without its value (it cannot compute it)."""
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Questions"
    sheet.append(["question", "a", "b", "c", "answer", "qty"])
    sheet.append(["Quelle molécule ?", "Aspirine", "Paracétamol", "Ibuprofène", "a",
                  "=1" if formula else 1])
    data = io.BytesIO()
    book.save(data)
    return data.getvalue()


def questions_in(name: str, data: bytes, *more: str) -> Callable[[Path], None]:
    """Pharma's questions file replaced by ``data`` named ``name`` (``more``: deck lines
    added under its cards_file line)."""
    line = "".join(f"\n    {extra}" for extra in more)
    return both(write(name, data),
                replace(GY, "cards_file: questions.yaml", f"cards_file: {name}{line}"))


NEW_BUILD = ("build", "--game-dir", "{game}", "--lang", "en", "--paper", "a4", "--out", "{out}")
LONG_TEXT = "Remove one wound from any player. " * 30


def new_cell(card: str, column: int, value: str) -> Callable[[Path], None]:
    """The cell of ``card``'s row and ``column`` (0: the first) of the new game's cards.csv
    set to ``value``."""
    def edit(folder: Path) -> None:
        path = folder / "cards.csv"
        lines = path.read_text(encoding="utf-8").splitlines()
        for index, line in enumerate(lines):
            cells = next(csv.reader([line]))
            if cells[0] == card:
                cells[column] = value
                out = io.StringIO()
                csv.writer(out, lineterminator="").writerow(cells)
                lines[index] = out.getvalue()
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return edit


# a comment line of the spz-sample layout, where the image cases insert their element
SAMPLE_ROW = ("    # the five molecules, in number order, 3 above 2 so that each disc and its "
              "shape badge\n")

CASES: tuple[Case, ...] = (
    Case("invalid YAML (unclosed bracket)", BUILD, "game.yaml:",
         edit=replace(GY, "fuzio: [[6, 22],", "fuzio: [[6, 22,")),
    Case("tab-indented YAML", CHECK, "game.yaml",
         edit=replace(GY, "  fuzio:", "\tfuzio:")),
    Case("unknown top-level key", BUILD, "unknown key 'colour_scheme'",
         edit=append(GY, "colour_scheme: dark\n")),
    Case("wrong type (title is a list)", CHECK, "expected",
         edit=replace(GY, "kind: deck\n    title: !t \"Sample cards, Lab-M\"",
                      "kind: deck\n    title: [1, 2]")),
    Case("deck count does not add up (expect 41)", BUILD, "41",
         edit=replace(GY, "expect: 40", "expect: 41")),
    Case("Fuzio zones leave a gap", CHECK, "23-32",
         edit=replace(GY, "[[6, 22], [23, 39], [40, 56], [57, 72]]",
                      "[[6, 22], [33, 39], [40, 56], [57, 72]]")),
    Case("Fuzio zones overlap", CHECK, "fuzio",
         edit=replace(GY, "[[6, 22], [23, 39]", "[[6, 25], [23, 39]")),
    Case("molecule 26 in the grid", CHECK, "26",
         edit=replace(GY, "[21, 22, 23, 24, 25]", "[21, 22, 23, 24, 26]")),
    Case("molecule repeated in the grid", CHECK, "grid",
         edit=replace(GY, "[21, 22, 23, 24, 25]", "[21, 22, 23, 24, 24]")),
    Case("sample card with 4 molecules", CHECK, "M1",
         edit=replace(GY, "{id: M1, molecules: [1, 8, 15, 18, 25]}",
                      "{id: M1, molecules: [1, 8, 15, 18]}")),
    Case("sample card with 6 molecules", CHECK, "M2",
         edit=replace(GY, "{id: M2, molecules: [3, 4, 5, 17, 24]}",
                      "{id: M2, molecules: [3, 4, 5, 17, 24, 9]}")),
    Case("colour not in the palette", CHECK, "teal",
         edit=replace(GY, "1: green, 2: orange", "1: teal, 2: orange")),
    Case("rules id not in the table of games", CHECK, "unknown rules module 'savvy'",
         edit=replace(GY, "rules: save-patient-zero", "rules: savvy")),
    Case("every problem at once (3 problems, one run)", CHECK, "3 problems",
         edit=both(replace(GY, "expect: 40", "expect: 41"),
                   replace(GY, "[21, 22, 23, 24, 25]", "[21, 22, 23, 24, 26]"),
                   append(GY, "colour_scheme: dark\n"))),
    Case("broken .po file (unterminated string)", BUILD_DE, "de.po",
         edit=append("locales/de.po", '\nmsgid "Lab sheet\nmsgstr "x"\n')),
    Case("placeholder {count} missing in a translation", CHECK, "{count}",
         edit=append("locales/de.po", '\nmsgid "{count} tools left"\nmsgstr "Werkzeuge übrig"\n')),
    Case("markup not closed in a translation", CHECK, "never closed",
         edit=append("locales/de.po", '\nmsgid "<b>Secret</b>"\nmsgstr "<b>Geheimnis"\n')),
    Case("missing German translation", BUILD_DE, "no 'de' translation",
         edit=replace("locales/de.po", 'msgid "Samples"\nmsgstr "Proben"',
                      'msgid "Samples"\nmsgstr ""')),
    Case("template reads a file (sandbox)", BUILD, "unsafe",
         edit=replace("layouts/cards.yaml", "{{ card.id }}",
                      "{{ cycler.__init__.__globals__.os.popen('id').read() }}")),
    Case("template walks __class__ (sandbox)", BUILD, "unsafe",
         edit=replace("layouts/cards.yaml", "{{ card.id }}",
                      "{{ ''.__class__.__mro__[1].__subclasses__() }}")),
    Case("template climbs from a data mapping (sandbox)", BUILD, "unsafe",
         edit=replace("layouts/cards.yaml", "{{ card.id }}",
                      "{{ card.__class__.__subclasses__() }}")),
    Case("missing image file", BUILD, "nowhere.png",
         edit=replace("layouts/cards.yaml", SAMPLE_ROW,
                      "    - {type: image, src: art/nowhere.png, x: 30, y: 2, w: 10, h: 10}\n")),
    Case("missing image named in a cards file", NEW_BUILD,
         "cards.csv at row 3, column 'Art' (deck 'cards', card 2 ('Scout')): image not found: "
         "art/nope.png", game=NEW, edit=new_cell("Scout", 2, "art/nope.png")),
    Case("missing icon file named in a cards file", NEW_BUILD,
         "cards.csv at row 4, column 'Icons' (deck 'cards', card 3 ('Champion')): image not "
         "found: icons/nostar", game=NEW, edit=new_cell("Champion", 4, "heart; nostar")),
    Case("text too long for its box", NEW_BUILD,
         "cards.csv at row 2, column 'Text' (deck 'cards', card 1 ('Healer')): text does not "
         "fit", game=NEW, edit=new_cell("Healer", 1, LONG_TEXT)),
    Case("card size [2.5, 3.5] (inches meant, mm read)", NEW_BUILD,
         "did you mean inches? write [2.5in, 3.5in]", game=NEW,
         edit=replace(GY, "size: poker ", "size: [2.5, 3.5] ")),
    Case("image that is not an image", BUILD, "fake.png",
         edit=both(write("fake.png", b"GIF89a this is not a PNG"),
                   replace("layouts/cards.yaml", SAMPLE_ROW,
                           "    - {type: image, src: fake.png, x: 30, y: 2, w: 10, h: 10}\n"))),
    Case("decompression bomb (100-megapixel PNG of 12 KB)", BUILD, "bomb.png",
         edit=both(lambda folder: (folder / "bomb.png").write_bytes(bomb_png()),
                   replace("layouts/cards.yaml", SAMPLE_ROW,
                           "    - {type: image, src: bomb.png, x: 30, y: 2, w: 10, h: 10}\n"))),
    Case("unsupported image format (.bmp)", BUILD, "bmp",
         edit=both(write("art.bmp", b"BM"),
                   replace("layouts/cards.yaml", SAMPLE_ROW,
                           "    - {type: image, src: art.bmp, x: 30, y: 2, w: 10, h: 10}\n"))),
    Case("cards CSV in Windows-1252 (an older Excel's 'CSV')", PHARMA_CSV, "CSV UTF-8",
         game=PHARMA, edit=questions_csv("cp1252")),
    Case("quantity typed as '²' in a cards CSV", PHARMA_CSV, "'²'",
         game=PHARMA, edit=questions_csv("utf-8", qty="²")),
    Case("cards workbook (.xlsx) saved under a .csv name", PHARMA_CSV,
         "name it questions.xlsx", game=PHARMA,
         edit=questions_in("questions.csv", questions_xlsx())),
    Case("cards .xlsx that is CSV text", PHARMA_CSV, "if it is CSV text", game=PHARMA,
         edit=questions_in("questions.xlsx", b"question,a,b,c,answer,qty\n")),
    Case("cards .xlsx cut short (a broken download)", PHARMA_CSV, "truncated zip",
         game=PHARMA, edit=questions_in("questions.xlsx", questions_xlsx()[:2000])),
    Case("cards .xlsx formula saved without its value (openpyxl)", PHARMA_CSV,
         "stores every formula's value", game=PHARMA,
         edit=questions_in("questions.xlsx", questions_xlsx(formula=True))),
    Case("cards .xlsx: 'sheet:' names no sheet of it", PHARMA_CSV, "no sheet named 'Quiz'",
         game=PHARMA, edit=questions_in("questions.xlsx", questions_xlsx(), "sheet: Quiz")),
    Case("cards_url unreachable, no copy of it yet", PHARMA_CSV, "no copy of it in .pnp-cache",
         game=PHARMA, edit=replace(GY, "cards_file: questions.yaml",
                                   "cards_url: http://127.0.0.1:9/pub?output=csv")),
    Case("SVG 1e30 points wide", BUILD, "huge.svg",
         edit=both(write("huge.svg", b'<svg xmlns="http://www.w3.org/2000/svg" '
                                     b'width="1e30" height="10"/>'),
                   replace("layouts/cards.yaml", SAMPLE_ROW,
                           "    - {type: image, src: huge.svg, x: 30, y: 2, w: 10, h: 10}\n"))),
    Case("game id with ../ (escapes the output folder)", BUILD, "not a valid id",
         edit=replace(GY, "id: save-patient-zero", "id: ../../etc")),
    Case("game id with odd characters", CHECK, "not a valid id",
         edit=replace(GY, "id: save-patient-zero", "id: \"spz; rm -rf\"")),
    Case("unknown built-in game", ("build", "no-such-game", "--out", "{out}"),
         "unknown game 'no-such-game'"),
    Case("unknown language code", ("build", SPZ, "--lang", "../x", "--out", "{out}"),
         "not a language code"),
    Case("unknown paper", ("build", SPZ, "--paper", "a3", "--out", "{out}"), "a3"),
    Case("bad --back-offset", ("build", SPZ, "--back-offset", "1;2"), "X,Y"),
    Case("unknown component", ("build", SPZ, "--only", "dice", "--out", "{out}"), "dice"),
    Case("savvy: molecule 26", ("savvy", "answer", "--solution", "5,9,26", "fuzio"), "26"),
    Case("savvy: unknown tool", ("savvy", "answer", "--solution", "5,9,24", "teleport"),
         "teleport"),
    Case("savvy: Scanpad not a block", ("savvy", "answer", "--solution", "5,9,24", "scanpad",
                                        "1,2,3,4,5,6"), "2×3"),
    Case("score: unknown card", ("score", "pharma", "--cards", "3,8,Q"), "Q"),
    Case("check: a folder with no game.yaml", ("check", "{out}"), "no game.yaml"),
    Case("no command at all", ("frobnicate",), "invalid choice"),
    Case("full disk while a PDF is written", BUILD_ONE, "the disk is full",
         fault=("write", errno.ENOSPC)),
    Case("read-only file system", BUILD_ONE, "read-only; choose another --out folder",
         fault=("create", errno.EROFS)),
    Case("no permission to write in the output folder", BUILD_ONE, "no permission to write",
         fault=("create", errno.EACCES)),
    Case("a folder where the PDF goes", BUILD_ONE, "a folder has that name",
         spoil_out=folder("save-patient-zero-en-a4-samples-m.pdf")),
    Case("the build records folder (.pnp-builds) is a file", BUILD_ONE, "is a file, where",
         spoil_out=lambda out: (out / ".pnp-builds").write_text("")),
    Case("--out names a file", ("build", SPZ, "--out", "{out}/notes.txt"), "is a file",
         spoil_out=lambda out: (out / "notes.txt").write_text("")),
    Case("a path too long for the file system", ("build", SPZ, "--out", "{out}/" + "x" * 300),
         "File name too long"),
    Case("proof onto a full disk", ("proof", "--game-dir", "{game}", "--only", "samples-m",
                                    "--out", "{out}/proofs"), "the disk is full",
         fault=("write", errno.ENOSPC)),
    Case("export tts into a read-only folder", ("export", "tts", "--game-dir", "{game}",
                                                "--only", "samples-m", "--out", "{out}/tts"),
         "read-only", fault=("rename", errno.EROFS)),
    Case("savvy page onto a full disk", ("savvy", "page", "--seed", "7", "--out", "{out}"),
         "the disk is full", fault=("fsync", errno.ENOSPC)),
    Case("i18n init onto a read-only disk",
         ("i18n", "init", "fr", "--game-dir", "{game}", "--force"), "read-only",
         fault=("rename", errno.EROFS)),
    Case("new game where writing is not allowed", ("new", "{out}/my-game"),
         "create the game in another folder", fault=("create", errno.EACCES)),
)


def _hashes(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.glob("*.pdf")) if p.is_file()}


@dataclass(frozen=True)
class Outcome:
    case: Case
    code: int
    message: str
    unchanged: bool

    @property
    def ok(self) -> bool:
        return (self.code == self.case.code and self.case.expect in self.message
                and self.unchanged and "Traceback" not in self.message)


def run_case(case: Case, work: Path, argv: tuple[str, ...] | None = None) -> Outcome:
    """Run one case (or ``argv`` instead of its command) against a copy of its game, with a
    good PDF already in the output folder."""
    game = work / "game"
    out = work / "out"
    if case.game == NEW:
        create_game(game)
    else:
        shutil.copytree(games_dir() / case.game, game)
    out.mkdir()
    good = out / f"{case.game}-en-a4.pdf"
    good.write_bytes(b"%PDF-1.4 a good PDF from an earlier build\n")
    if case.edit:
        case.edit(game)
    if case.spoil_out:
        case.spoil_out(out)
    before = _hashes(out)
    command = [a.format(game=game, out=out) for a in argv or case.argv]
    err = io.StringIO()
    fault = injected(work, Fault(*case.fault, nth=1)) if case.fault else contextlib.nullcontext()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()), fault:
        try:
            code = main(command)
        except SystemExit as exc:  # argparse's usage errors
            code = int(exc.code or 0)
    message = err.getvalue().strip()
    return Outcome(case, code, message, _hashes(out) == before)


def run_all() -> list[Outcome]:
    outcomes = []
    for case in CASES:
        with tempfile.TemporaryDirectory() as tmp:
            outcomes.append(run_case(case, Path(tmp)))
    return outcomes


def _first_line(outcome: Outcome) -> str:
    lines = [line for line in outcome.message.splitlines() if line.startswith("error")]
    line = (lines or outcome.message.splitlines() or [""])[-1 if not lines else 0]
    line = line.replace(str(Path(tempfile.gettempdir())), "/tmp").replace("|", "\\|")
    line = re.sub(r"/tmp/tmp\w+/", "", line)  # the case's copy: game/…, out/…
    line = re.sub(r"(.)\1{19,}", lambda run: f"{run[1] * 3}…({len(run[0])}×{run[1]})", line)
    return line[:150]


def markdown(outcomes: list[Outcome]) -> str:
    rows = ["| bad input | what the user saw (first error line) | exit | output files |",
            "|---|---|---|---|"]
    for o in outcomes:
        files = "unchanged" if o.unchanged else "CHANGED"
        rows.append(f"| {o.case.name} | `{_first_line(o)}` | {o.code} | {files} |")
    return "\n".join(rows)


if __name__ == "__main__":
    results = run_all()
    print(markdown(results))
    failed = [o.case.name for o in results if not o.ok]
    print(f"\n{len(results) - len(failed)}/{len(results)} as expected"
          + (f"; not as expected: {', '.join(failed)}" if failed else ""))
