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
from support.hostile import (
    BUILD,
    MARK,
    Stranger,
    edit,
    layout_text,
    refused,
    run_pnp,
)

SHEET = b"Name,Text,Art,Cost,Icons,qty\nA,from the sheet,art/sample.svg,1,heart,1\n"




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
