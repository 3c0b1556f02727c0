"""The red team's second pass at a stranger's game folder (issue 34): each case is a folder
(or a start method) that got past the first defences. Like ``test_hostile_folders.py``, each
runs ``pnp`` as its own process under a 1 GB address-space cap and a deadline, and must end
with exit 2 and one line naming the limit or the rule, with nothing written outside the game
and output folders."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator.content import remote
from support.hostile import MARK, Stranger, make_stranger, run_pnp, snapshot

BUILD = ("build", "--game-dir", "my-game", "--lang", "en", "--paper", "a4", "--out", "out")
SHEET = b"Name,Text,Art,Cost,Icons,qty\nA,from the sheet,art/sample.svg,1,heart,1\n"


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One ``pnp new`` game, copied for every case."""
    root = tmp_path_factory.mktemp("template")
    stranger = Stranger(root)
    stranger.out.mkdir()
    assert run_pnp(stranger, "new", "my-game").code == 0
    return stranger.game


@pytest.fixture
def stranger(tmp_path: Path, template: Path) -> Stranger:
    return make_stranger(tmp_path, template)


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} is not in {path}"
    path.write_text(text.replace(old, new))


def refused(s: Stranger, *fragments: str, args: tuple[str, ...] = BUILD) -> str:
    """Run ``pnp args``; assert exit 2, one line holding every fragment, nothing written
    outside; the line."""
    before = snapshot(s)
    run = run_pnp(s, *args)
    lines = run.err.strip().splitlines()
    assert run.code == 2, run.err[-3000:]
    assert len(lines) == 1, run.err[-3000:]
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    assert snapshot(s) == before
    assert not any(s.out.glob("*.pdf"))
    return lines[0]


@pytest.fixture
def sheet_url() -> Iterator[str]:
    """A published sheet served on 127.0.0.1 (reached with --allow-private-urls)."""

    class Sheet(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802
            self.send_response(200)
            self.send_header("Content-Type", "text/csv")
            self.send_header("Content-Length", str(len(SHEET)))
            self.end_headers()
            self.wfile.write(SHEET)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Sheet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/sheet.csv"
    server.shutdown()
    server.server_close()


def _next_pids(count: int) -> range:
    last = int(Path("/proc/sys/kernel/ns_last_pid").read_text())
    return range(last + 1, last + 1 + count)


# ── 1. a temporary file is never written through a planted link ─────────────────────────
@pytest.mark.skipif(not Path("/proc/sys/kernel/ns_last_pid").exists(), reason="Linux pids")
def test_a_link_planted_at_the_download_s_temporary_name_is_not_written_through(
        stranger: Stranger, sheet_url: str):
    """The copy of a sheet used to be written to ``<copy>.<pid>.part``: a folder holding a
    link at each likely name overwrote any file of the user's."""
    edit(stranger.game / "game.yaml", "cards_file: cards.csv", f"cards_url: {sheet_url}")
    victim = stranger.outside / "secret.txt"
    copy = remote.copy_path(stranger.game.resolve(), sheet_url)
    copy.parent.mkdir()
    for pid in _next_pids(400):
        (copy.parent / f"{copy.name}.{pid}.part").symlink_to(victim)
    run = run_pnp(stranger, *BUILD, "--allow-private-urls")
    assert run.code == 0, run.err
    assert victim.read_text() == MARK
    assert copy.read_bytes() == SHEET and not copy.is_symlink()


def test_a_cache_folder_that_is_a_link_inside_the_folder_is_refused(
        stranger: Stranger, sheet_url: str):
    edit(stranger.game / "game.yaml", "cards_file: cards.csv", f"cards_url: {sheet_url}")
    (stranger.game / "art" / "cache").mkdir()
    (stranger.game / ".pnp-cache").symlink_to(stranger.game / "art" / "cache")
    refused(stranger, ".pnp-cache", "a link", args=(*BUILD, "--allow-private-urls"))


# ── 2. a folder's Python never runs in a spawned worker ─────────────────────────────────
SPAWNED = """import multiprocessing, sys
if __name__ == '__main__':
    multiprocessing.set_start_method('spawn')  # the default on macOS and Windows
    from generator.cli import entry
    sys.argv[0] = 'pnp'
    entry()
"""


def test_spawned_workers_import_nothing_from_the_game_folder(stranger: Stranger):
    """``pnp build --game-dir .`` in a folder holding ``multiprocessing/__init__.py``: a
    worker started by ``python -c`` had the folder first on ``sys.path`` and ran it."""
    ran = stranger.outside / "ran.txt"
    shadow = stranger.game / "multiprocessing"
    shadow.mkdir()
    (shadow / "__init__.py").write_text(
        f"open({str(ran)!r}, 'a').write('ran')\n"
        "import sys, os\ndel sys.modules['multiprocessing']\n"
        "sys.path = [p for p in sys.path if p not in ('', os.getcwd())]\n"
        "import multiprocessing as _m\nsys.modules[__name__] = _m\n")
    (stranger.root / "spawned.py").write_text(SPAWNED)
    run = run_pnp(stranger, "build", "--game-dir", ".", "--lang", "en", "--paper", "a4,letter",
                  "--jobs", "2", "--out", str(stranger.out), cwd=stranger.game,
                  script=stranger.root / "spawned.py")
    assert run.code == 0, run.err[-3000:]
    assert len(list(stranger.out.glob("*.pdf"))) == 2
    assert not ran.exists()


# ── 3. templates: sizes hidden from the first checks, loops with no output ─────────────
def layout_text(s: Stranger, text: str) -> None:
    edit(s.game / "layouts" / "cards.yaml", "size: 6, color: muted}",
         f"size: 6, color: muted}}\n    - {{type: text, x: 3, y: 3, w: 30, h: 5, "
         f"text: \"{text}\"}}")


@pytest.mark.parametrize(("template_text", "limit"), [
    ("{{ '{0:>{1}}'.format('a', 1900000000) }}", "text_chars"),
    ("{{ ('\\t' * 100000).expandtabs(100000) }}", "text_chars"),
    ("{{ [1]|batch(1000000000, 'x')|list|length }}", "text_chars"),
    ("{{ ('a' * 50000).replace('a', 'b' * 50000) }}", "text_chars"),
    ("{{ ('{0}' * 10000).format('x' * 100000) }}", "text_chars"),
    ("{{ ((9 ** 999) ** 999) ** 999 }}", "number_digits"),
    ("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
     "render_seconds"),
    ("{{ lipsum(n=1000000000) }}", "'lipsum' is undefined"),
], ids=["nested-width", "expandtabs", "batch", "replace", "format-fields", "power-chain",
        "nested-loops", "lipsum"])
def test_a_template_past_its_budget_stops_in_one_line(stranger: Stranger, template_text: str,
                                                      limit: str):
    layout_text(stranger, template_text)
    refused(stranger, limit)


# ── 4. SVG: <use> copies counted, <use> of another file refused ────────────────────────
def _use_bomb() -> str:
    """4,000 rectangles, used 100 times by each of 100 groups: 4,201 elements in the file,
    40 million drawn."""
    rects = "".join(f'<rect x="{i % 100}" y="{i // 100}" width="1" height="1"/>'
                    for i in range(4000))
    uses = "".join('<use xlink:href="#g0"/>' for _ in range(100))
    more = "".join('<use xlink:href="#g1"/>' for _ in range(100))
    return ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
            f' width="100" height="100"><defs><g id="g0">{rects}</g><g id="g1">{uses}</g>'
            f'</defs><g>{more}</g></svg>')


def test_an_svg_that_uses_its_elements_millions_of_times_is_refused(stranger: Stranger):
    (stranger.game / "art" / "sample.svg").write_text(_use_bomb())
    refused(stranger, "sample.svg", "<use> expanded", "svg_elements in templates/limits.yaml")


def test_an_svg_that_uses_an_element_of_another_file_is_refused(stranger: Stranger):
    """svglib would read the other file unchecked: neither the path rule nor the budgets
    held for it."""
    (stranger.game / "art" / "other.svg").write_text(_use_bomb())
    edit(stranger.game / "art" / "sample.svg", "</svg>", '<use href="other.svg#g1"/></svg>')
    refused(stranger, "sample.svg", "<use> copies other.svg#g1 from another file")


# ── 5. ODS: a run of spaces counted before it is written out ───────────────────────────
def test_an_ods_cell_of_900_million_spaces_is_refused(stranger: Stranger):
    """``<text:s text:c="900000000"/>``: 868 bytes of file, 1.8 GB of text; ``pnp check``
    said OK."""
    from odf.element import Element as OdfElement
    from odf.namespaces import TEXTNS
    from odf.table import TableCell
    from odf.text import P, S

    from support.workbooks import HEADER, write_ods

    cell = TableCell(valuetype="string")
    paragraph = P(text="x")
    spaces: OdfElement = S(c=900_000_000)
    assert spaces.qname == (TEXTNS, "s")
    paragraph.addElement(spaces)
    cell.addElement(paragraph)
    write_ods(stranger.game / "cards.ods", [HEADER, ["Healer", cell, "art/sample.svg", 2,
                                                     "heart", 1]])
    edit(stranger.game / "game.yaml", "cards_file: cards.csv", "cards_file: cards.ods")
    refused(stranger, "cards.ods", "cell B2", "a cell longer than")
    check = run_pnp(stranger, "check", "--game-dir", "my-game")  # a problem, and its count
    assert check.code == 2 and "cell B2: a cell longer than" in check.err, check.err[-2000:]


# ── 6. a translation's placeholder nested in a format spec ─────────────────────────────
NESTED_PADDING = r'''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Language: fr\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\n"

msgid "It takes {sheets} sheet of paper."
msgid_plural "It takes {sheets} sheets of paper."
msgstr[0] "Il faut {sheets:>{sheets}00000000} feuille."
msgstr[1] "Il faut {sheets:>{sheets}00000000} feuilles."
'''


def test_a_translation_nesting_a_placeholder_in_its_padding_is_refused(stranger: Stranger):
    """``{sheets:>{sheets}00000000}`` pads to 100 million characters a sheet: the width
    check read only fields with no field inside."""
    (stranger.game / "locales").mkdir()
    (stranger.game / "locales" / "fr.po").write_text(NESTED_PADDING)
    args = list(BUILD)
    args[args.index("--lang") + 1] = "fr"
    refused(stranger, "fr.po", "nests a placeholder", "format_width in templates/limits.yaml",
            args=tuple(args))


# ── 7. smaller findings ────────────────────────────────────────────────────────────────
@pytest.mark.parametrize("host", ["[::127.0.0.1]", "[::ffff:0:7f00:1]", "[64:ff9b::7f00:1]",
                                  "[2002:7f00:1::]", "[64:ff9b::a00:1]"])
def test_ipv6_forms_of_a_private_ipv4_address_are_refused(host: str):
    from generator.content.fetch import FetchFailed, download

    with pytest.raises(FetchFailed, match="on this machine or a private network"):
        download(f"http://{host}:9/x.csv", 1, 2, 1000)


ODS_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
          'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
          'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"')
ODS_MANIFEST = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest='
                '"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
                '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/'
                'vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path='
                '"content.xml" manifest:media-type="text/xml"/></manifest:manifest>')


def _ods_with_a_dtd(s: Stranger) -> tuple[str, ...]:
    """A sheet whose content.xml declares an entity naming a file outside."""
    import zipfile

    cells = "".join(f'<table:table-cell office:value-type="string"><text:p>{text}</text:p>'
                    "</table:table-cell>" for text in ("Name", "Text", "&e;"))
    content = (f'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM '
               f'"file://{s.outside / "secret.txt"}">]>\n<office:document-content {ODS_NS} '
               'office:version="1.2"><office:body><office:spreadsheet><table:table '
               f'table:name="Sheet1"><table:table-row>{cells}</table:table-row></table:table>'
               "</office:spreadsheet></office:body></office:document-content>")
    with zipfile.ZipFile(s.game / "cards.ods", "w") as book:
        book.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        book.writestr("META-INF/manifest.xml", ODS_MANIFEST)
        book.writestr("content.xml", content)
    edit(s.game / "game.yaml", "cards_file: cards.csv", "cards_file: cards.ods")
    return ("cards.ods",)  # "a damaged workbook (EntitiesForbidden…)" on this main


def _huge_yaml_number(s: Stranger) -> tuple[str, ...]:
    edit(s.game / "game.yaml", "palette:", "vars: {n: " + "9" * 5000 + "}\npalette:")
    return ("game.yaml", "is not a whole number")


def _impossible_date(s: Stranger) -> tuple[str, ...]:
    edit(s.game / "game.yaml", "palette:", "vars: {day: 2001-02-30}\npalette:")
    return ("game.yaml", "is not a date")


def _recursive_macro(s: Stranger) -> tuple[str, ...]:
    layout_text(s, "{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}")
    return ("maximum recursion depth",)


@pytest.mark.parametrize("case", [_ods_with_a_dtd, _huge_yaml_number, _impossible_date,
                                  _recursive_macro], ids=lambda case: case.__name__[1:])
def test_an_input_that_failed_inside_pnp_is_one_line(stranger: Stranger, case: object):
    """These ended in 'internal error' and a traceback hint, not a line the designer can
    act on."""
    refused(stranger, *case(stranger))  # type: ignore[operator]


def test_proof_does_not_write_through_an_output_link(stranger: Stranger):
    """``pnp proof --game-dir .`` in the stranger's folder writes ``output/proofs``: build
    refused the link, proof and export wrote through it."""
    (stranger.game / "output").symlink_to(stranger.outside / "folder")
    before = snapshot(stranger)
    run = run_pnp(stranger, "proof", "--game-dir", ".", "--lang", "en", cwd=stranger.game)
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1, run.err[-2000:]
    assert "output" in run.err and "which lies outside" in run.err, run.err
    assert snapshot(stranger) == before and not any((stranger.outside / "folder").iterdir())


@pytest.mark.parametrize("link", [".pnp-builds", ".pnp-builds/lock"])
def test_links_in_the_records_folder_are_refused(stranger: Stranger, link: str):
    """A stranger's output folder whose records folder, or lock, is a link: the lock was
    made at the link's target."""
    target = stranger.outside / "folder" / "made-by-pnp"
    if link == ".pnp-builds/lock":
        (stranger.out / ".pnp-builds").mkdir(parents=True)
    else:
        stranger.out.mkdir()
        target = stranger.outside / "folder"
    (stranger.out / link).symlink_to(target)
    refused(stranger, link, "a link")
    assert not any((stranger.outside / "folder").iterdir())


def test_watch_s_change_detection_reads_no_file_outside_the_folder(stranger: Stranger):
    """``pnp watch`` hashes the game folder to know what changed: a link to a file outside
    was read whole, with no size cap."""
    from generator.designer.card_cache import FileDigests

    (stranger.game / "art" / "leak.txt").symlink_to(stranger.outside / "secret.txt")
    (stranger.outside / "secret.txt").write_text("other " + MARK)
    first = dict(FileDigests().of([stranger.game], stranger.out)[0])
    (stranger.outside / "secret.txt").write_text(MARK)
    second = dict(FileDigests().of([stranger.game], stranger.out)[0])
    assert first["art/leak.txt"] == second["art/leak.txt"]  # by the link's target name


def test_an_svg_embedding_a_picture_of_60_megapixels_is_refused_before_decoding(
        stranger: Stranger):
    """A 1-bit PNG of 7,746 × 7,746 pixels packs into kilobytes; decoded, it took most of
    the memory cap (Pillow only warns below 100 megapixels)."""
    import base64
    import io

    from PIL import Image

    png = io.BytesIO()
    Image.new("1", (7746, 7746)).save(png, "PNG")
    edit(stranger.game / "art" / "sample.svg", "</svg>",
         '<image width="10" height="10" href="data:image/png;base64,'
         + base64.b64encode(png.getvalue()).decode() + '"/></svg>')
    refused(stranger, "sample.svg", "embeds pictures of 60,000,516 pixels")


def test_the_download_deadline_holds_for_the_whole_build(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch):
    """Four decks at a server that sends a byte a second: each download kept its own
    deadline, so a build waited four of them."""
    import socket
    import time

    from generator.content.fetch import PRIVATE_ENV

    listener = socket.create_server(("127.0.0.1", 0))
    stopped = threading.Event()

    def drip() -> None:
        listener.settimeout(0.1)
        while not stopped.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            threading.Thread(target=_drip_to, args=(conn, stopped), daemon=True).start()

    threading.Thread(target=drip, daemon=True).start()
    port = listener.getsockname()[1]
    monkeypatch.setenv(PRIVATE_ENV, "1")
    monkeypatch.setattr(remote, "settings", lambda: {"timeout_s": 5.0, "total_s": 2.0,
                                                     "build_total_s": 3.0,
                                                     "reuse_within_s": 10.0})
    decks = "".join(f"  - {{id: d{n}, cards_url: 'http://127.0.0.1:{port}/{n}.csv'}}\n"
                    for n in range(4))
    (tmp_path / "game.yaml").write_text("id: g\ncomponents:\n" + decks)
    started = time.monotonic()
    try:
        remote.refresh(tmp_path)
    finally:
        stopped.set()
        listener.close()
    assert time.monotonic() - started < 4.5  # not 4 × 2 s


def _drip_to(conn: object, stopped: threading.Event) -> None:
    import socket
    import time

    assert isinstance(conn, socket.socket)
    with conn:
        conn.recv(4096)
        for byte in b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n" + b"x" * 100:
            if stopped.is_set():
                return
            try:
                conn.sendall(bytes([byte]))
            except OSError:
                return
            time.sleep(0.5)


def test_a_proof_of_a_card_1400_mm_wide_is_refused_before_rasterizing(stranger: Stranger):
    """At 300 dpi one side is 16,535 × 16,535 pixels: over a gigabyte while pdfium draws."""
    edit(stranger.game / "game.yaml", "size: poker", "size: [1400, 1400]")
    refused(stranger, "card_pixels in templates/limits.yaml", "--dpi",
            args=("proof", "--game-dir", "my-game", "--lang", "en", "--dpi", "300",
                  "--out", "out"))


def test_catalogs_of_one_language_past_their_total_budget_are_refused(stranger: Stranger):
    """Each catalog within ``file_bytes``, as many ``fr.<topic>.po`` as a folder likes:
    three of 20 MB took 1.6 GB and more than 90 s."""
    header = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
              '"Language: fr\\n"\n\n')
    body = "".join(f'msgid "m{n}"\nmsgstr "t{n}"\n\n' for n in range(120_000))
    (stranger.game / "locales").mkdir()
    for name in ("fr.po", "fr.a.po", "fr.b.po"):
        (stranger.game / "locales" / name).write_text(header + body)
    args = list(BUILD)
    args[args.index("--lang") + 1] = "fr"
    refused(stranger, "catalog_bytes in templates/limits.yaml", args=tuple(args))
