"""The third review of a stranger's game folder (issue 34, a reviewer new to the code): cases
the first two suites did not try. Each runs ``pnp`` as its own process under a 1 GB
address-space cap and a deadline (``support.hostile``), and asserts the safe behaviour:
exit 2 with one line naming what was refused, nothing written outside the game and output
folders, and no byte of the victim's files in a PDF."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from support.hostile import (
    BUILD,
    Stranger,
    edit,
    refused,
)


# ── 1. a picture named .png that is PostScript: Pillow hands it to Ghostscript ──────────
def _postscript(s: Stranger) -> bytes:
    """An EPS file: Pillow opens it by its content, whatever its name, and its ``load`` runs
    Ghostscript on it; under -dSAFER Ghostscript still reads and writes the temporary
    folder, where the victim's files of this case lie. It writes a file outside the game
    folder and prints the victim's secret on every card."""
    written = s.outside / "folder" / "written-by-the-game.txt"
    return (b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 300 40\n"
            + f"({written}) (w) file dup (pwned) writestring closefile\n".encode()
            + b"/Helvetica findfont 20 scalefont setfont 5 10 moveto\n"
            + f"({s.outside / 'secret.txt'}) (r) file 100 string readline pop show\n".encode())


@pytest.mark.parametrize("where", ["art", "icon", "svg-picture", "svg-embedded"])
def test_postscript_named_as_a_png_is_refused_never_run(stranger: Stranger, where: str):
    """``art/a.png`` holding PostScript: the build ran Ghostscript on it, which wrote
    ``outside/folder/written-by-the-game.txt`` and drew ``outside/secret.txt`` on each
    card. The same through an icon, a picture an SVG loads from the folder (``<image
    href="e.png">``) and one it embeds (``data:image/png;base64,…``, which built with exit
    0). A picture must be the PNG or JPEG its name says, wherever it is decoded (pnp's own
    ``Image.open`` and svglib's, through reportlab)."""
    import base64

    eps = _postscript(stranger)
    sample = (stranger.game / "art" / "sample.svg").read_text()
    if where == "art":
        (stranger.game / "art" / "a.png").write_bytes(eps)
        edit(stranger.game / "cards.csv", "art/sample.svg", "art/a.png")
        name = "a.png"
    elif where == "icon":
        (stranger.game / "icons" / "heart.svg").unlink()
        (stranger.game / "icons" / "heart.png").write_bytes(eps)
        name = "heart.png"
    elif where == "svg-picture":
        (stranger.game / "art" / "e.png").write_bytes(eps)
        (stranger.game / "art" / "sample.svg").write_text(sample.replace(
            "</svg>", '<image x="0" y="0" width="30" height="10" href="e.png"/></svg>'))
        name = "sample.svg"
    else:
        (stranger.game / "art" / "sample.svg").write_text(sample.replace(
            "</svg>", '<image x="0" y="0" width="30" height="10" href="data:image/png;base64,'
            + base64.b64encode(eps).decode() + '"/></svg>'))
        name = "sample.svg"
    refused(stranger, name)
    assert not any((stranger.outside / "folder").iterdir())


def test_postscript_that_loops_for_ever_does_not_hang_the_build(stranger: Stranger):
    """``{ } loop`` in an EPS named ``art/a.png``: Ghostscript ran at full CPU until the
    deadline killed the build, and then went on, orphaned, for minutes."""
    (stranger.game / "art" / "a.png").write_bytes(
        b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n{ } loop\n")
    edit(stranger.game / "cards.csv", "art/sample.svg", "art/a.png")
    try:
        refused(stranger, "a.png")
    finally:
        left = _processes_naming(stranger.game)
        for pid in left:  # the case's own Ghostscript, never anyone else's
            os.kill(pid, signal.SIGKILL)
    assert left == []


def _processes_naming(folder: Path) -> list[int]:
    """The processes whose command line names a file of ``folder``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if str(folder).encode() in command:
            found.append(int(entry.name))
    return found


# ── 2. layouts drawn inside layouts: `use` multiplies, and may call itself ─────────────
def _add_layouts(s: Stranger, element: str, layouts: str) -> None:
    edit(s.game / "layouts" / "cards.yaml", "size: 6, color: muted}",
         f"size: 6, color: muted}}\n    - {element}")
    with (s.game / "layouts" / "cards.yaml").open("a") as text:
        text.write("\n" + layouts)


def test_layouts_that_use_each_other_ten_times_a_level_are_refused_by_a_budget(
        stranger: Stranger):
    """Eight levels of layouts, each drawing the next ten times with ``use`` (no
    ``repeat``): 10^8 rectangles a card. ``repeat_copies`` counts only ``repeat``; the
    build took all the memory it was given (22 s to 'out of memory' under 1 GB, and as much
    as the machine has without a cap) instead of stopping at a named budget."""
    layouts = "".join(
        f"l{i}:\n  elements:\n" + "".join(
            f"    - {{type: use, layout: l{i + 1}, x: 0, y: 0, w: 1, h: 1}}\n"
            for _ in range(10)) for i in range(8))
    _add_layouts(stranger, "{type: use, layout: l0, x: 0, y: 0, w: 10, h: 10}",
                 layouts + "l8:\n  elements:\n    - {type: rect, x: 0, y: 0, w: 1, h: 1}\n")
    line = refused(stranger, "in templates/limits.yaml")
    assert "out of memory" not in line


def test_a_layout_that_uses_itself_is_one_line(stranger: Stranger):
    """``self: {elements: [{type: use, layout: self}]}``: 'internal error: RecursionError',
    exit 3. ``extends`` loops are named; ``use`` loops must be too."""
    _add_layouts(stranger, "{type: use, layout: self, x: 0, y: 0, w: 10, h: 10}",
                 "self:\n  elements:\n    - {type: use, layout: self, x: 0, y: 0, w: 1, h: 1}\n")
    refused(stranger, "self")


# ── 3. work a card may ask for: costly elements repeated, a QR code too long ───────────
def test_a_qr_code_past_what_a_qr_code_holds_is_one_line(stranger: Stranger):
    """``data`` of 5,000 characters: 'internal error: ValueError: Invalid version (was 41,
    expected 1 to 40)', exit 3."""
    _add_layouts(stranger, "{type: qr, x: 0, y: 0, w: 10, h: 10, "
                 "data: \"{{ 'x' * 5000 }}\"}", "")
    refused(stranger, "data")


@pytest.mark.parametrize("element", [
    "{type: qr, x: 0, y: 0, w: 10, h: 10, data: \"{{ 'x' * 2200 ~ item ~ number }}\"}",
    "{type: text, x: 0, y: 0, w: 3000, h: 3000, text: \"{{ 'word ' * 19000 ~ item }}\"}",
], ids=["qr-codes", "long-texts"])
def test_a_card_repeating_costly_elements_is_stopped_by_a_budget(stranger: Stranger,
                                                                 element: str):
    """Each copy within ``repeat_copies`` and ``text_chars``, yet 5,000 QR codes of version
    40 a card (0.1 s each to encode) ran past 90 s, and 2,000 boxes of 95,000 characters
    each take minutes (100 took 28 s for six cards): no budget bounds the work of one card
    or one PDF."""
    _add_layouts(stranger, "{type: repeat, items: 'range(5000)', elements: [" + element + "]}",
                 "")
    refused(stranger, "in templates/limits.yaml")


# ── 4. a catalog's Plural-Forms header ─────────────────────────────────────────────────
def _catalog(s: Stranger, plural_forms: str) -> None:
    (s.game / "locales").mkdir()
    (s.game / "locales" / "fr.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        f'"Language: fr\\n"\n"Plural-Forms: {plural_forms}\\n"\n\n'
        'msgid "Cards"\nmsgstr "Cartes"\n\n'
        'msgid "It takes {sheets} sheet of paper."\n'
        'msgid_plural "It takes {sheets} sheets of paper."\n'
        'msgstr[0] "Il faut {sheets} feuille."\nmsgstr[1] "Il faut {sheets} feuilles."\n')


FRENCH = tuple("fr" if arg == "en" else arg for arg in BUILD)


@pytest.mark.parametrize("plural_forms", [
    "nplurals=2; plural=(n > 1;",
    "nplurals=2; plural=" + "(" * 22 + "n" + ")" * 22 + ";",
    "nplurals=2; plural=n%0;",
], ids=["unbalanced", "too-deep", "modulo-zero"])
def test_a_plural_forms_header_pnp_cannot_use_is_one_line(stranger: Stranger,
                                                          plural_forms: str):
    """Each ended in 'internal error: ValueError …' or 'ZeroDivisionError', exit 3: the
    header is the catalog's, so the line must name fr.po and Plural-Forms."""
    _catalog(stranger, plural_forms)
    refused(stranger, "fr.po", "Plural-Forms", args=FRENCH)


def test_i18n_update_of_a_catalog_of_200_million_plural_forms_is_refused(stranger: Stranger):
    """``nplurals=200000000``: ``pnp i18n update fr`` ran past a minute and half a gigabyte
    (babel fills every plural message with that many forms); status and build took no
    notice. The number of forms must be bounded (CLDR's languages need at most 6)."""
    _catalog(stranger, "nplurals=200000000; plural=(n > 1);")
    refused(stranger, "fr.po", "nplurals",
            args=("i18n", "update", "fr", "--game-dir", "my-game"))


# ── 5. numbers a layout may give: gigantic type, lengths that are no number ─────────────
def test_a_type_size_of_a_billion_points_is_refused_not_shrunk_for_ever(stranger: Stranger):
    """``size: 1e9`` on a box 5 mm high: the fitting loop shrank it step by step and the
    build ran past a minute (``size: 1e5`` takes 2 s)."""
    _add_layouts(stranger, "{type: text, x: 3, y: 3, w: 30, h: 5, text: hi, size: 1e9}", "")
    refused(stranger, "size")


@pytest.mark.parametrize("element", [
    "{type: rect, x: 0, y: 0, w: .inf, h: 10, fill: ink}",
    "{type: image, x: 0, y: 0, w: .inf, h: 10, src: art/sample.svg}",
    "{type: qr, x: 0, y: 0, w: .inf, h: .inf, data: x}",
    "{type: text, x: .nan, y: 3, w: 30, h: 5, text: hi}",
    "{type: rect, x: 0, y: 0, w: .nan, h: 10, fill: ink}",
], ids=["rect-inf", "image-inf", "qr-inf", "text-nan", "rect-nan"])
def test_a_length_that_is_not_a_finite_number_is_one_line(stranger: Stranger, element: str):
    """YAML's ``.inf`` ended in 'internal error: ValueError: _fp_one failed … number too
    large inf', exit 3; ``.nan`` was written into the PDF as ``-nan … Tm``, a damaged file
    (poppler: 'Unknown operator nan') that pnp called built. Both must be refused where
    they are written."""
    _add_layouts(stranger, element, "")
    refused(stranger, "cards.yaml")


# ── 6. the folder as a whole: hashed to know whether a PDF is current ──────────────────
def test_a_folder_nested_1400_deep_is_one_line(stranger: Stranger):
    """``x/a/a/…/a/f.txt``, 1,400 folders deep (a zip or a repository holds it): 'internal
    error: RecursionError' in the folder's hash (``rglob``), exit 3, for build, check and
    proof alike."""
    import os
    import sys

    here = os.getcwd()
    (stranger.game / "x").mkdir()
    os.chdir(stranger.game / "x")
    try:
        for _ in range(1400):
            os.mkdir("a")
            os.chdir("a")
        Path("f.txt").write_text("x")
    finally:
        os.chdir(here)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(20_000)  # for the harness's own snapshot, which walks the folder
    try:
        refused(stranger, "my-game/x")
    finally:
        sys.setrecursionlimit(limit)
        _remove_deep(stranger.game / "x", 1400)


def _remove_deep(folder: Path, depth: int) -> None:
    """Remove ``folder/a/…/a/f.txt`` without recursion: pytest's clean-up of old temporary
    folders (``shutil.rmtree``) fails on it with RecursionError in every later session."""
    import os

    here = os.getcwd()
    try:
        os.chdir(folder / "/".join(["a"] * 100))
        for _ in range(depth // 100 - 1):
            os.chdir("/".join(["a"] * 100))
        os.chdir("/".join(["a"] * (depth % 100)) or ".")
        os.remove("f.txt")
        for _ in range(depth):
            os.chdir("..")
            os.rmdir("a")
    finally:
        os.chdir(here)


def test_files_the_build_never_reads_cannot_make_hashing_take_minutes(stranger: Stranger):
    """400 sparse files of 60 MB each (a tar keeps them small): each is within
    ``file_bytes``, so the folder's hash read 24 GB of zeros and the build ran past 90 s.
    What a folder's hash reads, together, needs a budget."""
    import os

    (stranger.game / "x").mkdir()
    for n in range(400):
        with (stranger.game / "x" / f"f{n}.bin").open("wb") as sparse:
            os.truncate(sparse.fileno(), 60 * 2**20)
    refused(stranger, "in templates/limits.yaml")


# ── 7. an .xlsx whose sheet model openpyxl builds whole before any limit applies ────────
XLSX_ROWS_OF_HEIGHTS = "".join(f'<row r="{n}" ht="20" customHeight="1"/>'
                               for n in range(3, 1_048_577))
XLSX_TRICKS = {
    "merged-range": (b'</sheetData><mergeCells count="1"><mergeCell ref="C3:XFD1048576"/>'
                     b"</mergeCells>", ("cards.xlsx", "sheet_span in templates/limits.yaml")),
    "row-heights": (XLSX_ROWS_OF_HEIGHTS.encode() + b"</sheetData>", ("cards.xlsx", "rows")),
}


@pytest.mark.parametrize("trick", XLSX_TRICKS)
def test_an_xlsx_sheet_model_that_takes_the_memory_cap_is_refused_before_loading(
        stranger: Stranger, trick: str):
    """merged-range: ``<mergeCell ref="C3:XFD1048576"/>`` in a 5 kB file; openpyxl makes a
    MergedCell for each of its 17 billion cells as it loads, so the build took the whole
    1 GB cap in 16 s and ended with exit 3 and 'Exception ignored in …' (without a cap, all
    the machine's memory). ``sheet_span`` bounds .ods spans only. row-heights: a million
    empty ``<row ht=…>`` elements, 44 MB unpacked from 2.7 MB (within ``archive_bytes`` and
    ``archive_ratio``): 845 MB and past a minute. Both must be judged before openpyxl loads
    the sheet."""
    import zipfile

    from support.workbooks import HEADER, write_xlsx

    added, fragments = XLSX_TRICKS[trick]
    plain = stranger.root / "plain.xlsx"
    write_xlsx(plain, [HEADER, ["A", "text", "art/sample.svg", 1, "heart", 1]])
    with zipfile.ZipFile(plain) as source, \
            zipfile.ZipFile(stranger.game / "cards.xlsx", "w", zipfile.ZIP_DEFLATED) as book:
        for entry in source.infolist():
            data = source.read(entry.filename)
            if entry.filename.startswith("xl/worksheets/sheet"):
                data = data.replace(b"</sheetData>", added)
            book.writestr(entry, data)
    plain.unlink()
    edit(stranger.game / "game.yaml", "cards_file: cards.csv", "cards_file: cards.xlsx")
    refused(stranger, *fragments)


def test_a_template_just_under_its_seconds_on_every_card_is_stopped_by_a_budget(
        stranger: Stranger):
    """``render_seconds`` bounds one template: a loop of 6 million steps that prints nothing
    takes 0.5 s a card (40 cards: 22 s), so 80 million steps, about 7 s, stay under it on
    each card, and 12 cards take minutes (a deck of 10,000 would take most of a day). The
    time of every template of a build together needs a budget. (On a quiet machine a card
    takes 2 s, so 40 cards go past the 30 s budget however fast the machine.)"""
    _add_layouts(stranger, '{type: text, x: 3, y: 3, w: 30, h: 5, text: "{% for i in '
                 'range(80000) %}{% for j in range(1000) %}{% endfor %}{% endfor %}'
                 '{{ number }}"}', "")
    (stranger.game / "cards.csv").write_text("Name,Text,Art,Cost,Icons,qty\n" + "".join(
        f"C{n},t,art/sample.svg,1,heart,1\n" for n in range(40)))
    refused(stranger, "in templates/limits.yaml")  # 40 cards: past the budget on any machine


# ── 8. smaller: a deck's encoding that Python knows but cannot decode with ─────────────
def test_a_deck_encoding_of_undefined_is_one_line(stranger: Stranger):
    """``encoding: undefined`` (a codec Python registers that refuses everything):
    'internal error: UnicodeError: decoding with 'undefined' codec failed', exit 3; other
    unknown names are refused at the key."""
    edit(stranger.game / "game.yaml", "cards_file: cards.csv",
         "cards_file: cards.csv\n    encoding: undefined")
    refused(stranger, "encoding")


# ── 9. an SVG's font-family: a file svglib and reportlab open themselves ────────────────
def test_an_svg_font_family_naming_a_font_outside_is_refused(stranger: Stranger):
    """``<text font-family="/…/outside/x">``: svglib guesses ``/…/outside/x.ttf`` and
    reportlab registers it, so a font outside the folder was read and embedded in the PDF
    (exit 0), past the path rule. Only the bundled faces may draw an SVG's text."""
    import shutil

    from generator.resources import fonts_dir

    shutil.copy(fonts_dir() / "BebasNeue-Regular.ttf", stranger.outside / "x.ttf")
    (stranger.game / "art" / "sample.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><text x="2" y="20" '
        f'font-family="{stranger.outside / "x"}">OUTSIDE</text></svg>')
    refused(stranger, "sample.svg")
    assert not any(b"BebasNeue" in pdf.read_bytes() for pdf in stranger.out.rglob("*.pdf"))


def test_an_svg_font_family_naming_a_link_to_dev_zero_is_refused_at_once(stranger: Stranger):
    """``art/z.ttf -> /dev/zero`` and ``font-family="my-game/art/z"`` (relative to the
    working folder): reportlab read /dev/zero until the 1 GB cap (7 s, then 'cannot read
    SVG sample.svg: ' with an empty reason); without a cap, all the machine's memory."""
    (stranger.game / "art" / "z.ttf").symlink_to("/dev/zero")
    (stranger.game / "art" / "sample.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><text x="2" y="20" '
        'font-family="my-game/art/z">ZERO</text></svg>')
    refused(stranger, "sample.svg", "font")
