"""The fourth review of a stranger's game folder (issue 34, red team 3 of the brief, new to the
code): cases the earlier suites did not try, in the features added last (rule-summary
templates, ``edition:``, inline icon sizing, ``pnp i18n update``) and in what pnp prints.
Each runs ``pnp`` as its own process under a 1 GB address-space cap and a deadline
(``support.hostile``) and asserts the safe behaviour: exit 2 with one line naming what was
refused, nothing written outside, no byte of the victim's files in a PDF."""

from __future__ import annotations

import hashlib
import re
import shutil
import urllib.parse

import pytest

from support.hostile import BUILD, Stranger, edit, refused, run_pnp

RULES = ("  - id: rules\n    kind: rules\n    title: !t Rules\n    template: r.j2\n"
         "    size: poker\n")


def _rules_template(s: Stranger, body: str) -> None:
    (s.game / "game.yaml").write_text((s.game / "game.yaml").read_text() + RULES)
    (s.game / "rules").mkdir()
    (s.game / "rules" / "r.j2").write_text(
        "@face {{ _('Goal') }}\n# {{ _('Goal') }}\n" + body + "\n@face {{ _('End') }}\nx\n")


# ── 1. a rules template's arithmetic: exit 3 and 'internal error' ──────────────────────
@pytest.mark.parametrize("body", ["{{ 1 // 0 }}", "{{ (10 ** 400) | num }}"])
def test_a_rules_template_s_arithmetic_error_is_one_line(stranger: Stranger, body: str):
    """'internal error: ZeroDivisionError' / 'OverflowError: int too large to convert to
    float', exit 3: render_rules catches TypeError and ValueError but not ArithmeticError
    (a card layout's template says 'template … failed' with exit 2)."""
    _rules_template(stranger, body)
    line = refused(stranger, "r.j2")
    assert "internal error" not in line


# ── 2. pnp i18n update reads the catalog whole before any size check ─────────────────────
def test_i18n_update_of_a_sparse_catalog_is_refused_by_its_size(stranger: Stranger):
    """``locales/fr.po`` a sparse file of 2 GiB (a tar keeps it tiny): ``update`` calls
    ``path.read_bytes()`` before ``load`` checks ``file_bytes``. Without a cap it took 3 GB
    of memory and 28 s for 3 GiB; a file of 30 GiB takes the machine. Under the cap it
    ends 'out of memory', not the budget's line."""
    (stranger.game / "locales").mkdir()
    with open(stranger.game / "locales" / "fr.po", "wb") as sparse:
        sparse.truncate(2 << 30)
    line = refused(stranger, "fr.po", "file_bytes",
                   args=("i18n", "update", "fr", "--game-dir", "my-game"))
    assert "out of memory" not in line


# ── 3. the print guide's text is bounded by no budget ──────────────────────────────────
@pytest.mark.slow
def test_an_edition_ruling_of_megabytes_is_refused_within_the_deadline(stranger: Stranger):
    """``edition:`` of one ruling of 12 MB (``file_bytes`` allows 64): the guide fits it
    at every size before saying it overflows, 71 s for 10 MB, and the one line of the
    error quotes all of it. ``text_chars`` and ``pdf_text_chars`` count card text only."""
    edit(stranger.game / "game.yaml", "components:",
         'edition:\n  - "' + "word " * 2_400_000 + '"\ncomponents:')
    line = refused(stranger, "edition")
    assert len(line) < 2000


# ── 4. stranger text reaches the terminal raw ──────────────────────────────────────────
ESCAPES = "\\e]0;pwned\\a\\e[2K\\rwrote out/ok.pdf"


def test_an_unknown_key_cannot_write_terminal_escapes(stranger: Stranger):
    """An unknown key of game.yaml is printed as it is: ESC ] 0 (set the terminal's
    title), ESC [ 2K and a carriage return (erase the line and print a fake one). Other
    messages quote with repr; this one and the cards_url warning do not."""
    with open(stranger.game / "game.yaml", "a") as raw:
        raw.write(f'"evil{ESCAPES}": 1\n')
    line = refused(stranger, "evil")
    assert "\x1b" not in line and "\r" not in line and "\x07" not in line


def test_a_cards_url_warning_cannot_write_terminal_escapes(stranger: Stranger):
    """The warning 'cannot fetch {url} …; building from the copy' prints the address raw;
    the folder ships the copy (its name is the host and a hash of the address), so the
    build goes on (exit 0) and the escapes reach the terminal."""
    url = "https://127.0.0.1/\x1b]0;pwned\x07\x1b[2K\rwrote out/ok.pdf"
    edit(stranger.game / "game.yaml", "cards_file: cards.csv",
         'cards_url: "' + url.replace("\x1b", "\\e").replace("\x07", "\\a")
         .replace("\r", "\\r") + '"')
    host = re.sub(r"[^a-z0-9.-]", "_", urllib.parse.urlsplit(url).hostname or "")[:60]
    cache = stranger.game / ".pnp-cache"
    cache.mkdir()
    shutil.copy(stranger.game / "cards.csv",
                cache / f"{host}-{hashlib.sha256(url.encode()).hexdigest()[:12]}.csv")
    run = run_pnp(stranger, *BUILD)
    assert "cannot fetch" in run.err
    assert "\x1b" not in run.err and "\r" not in run.err and "\x07" not in run.err


# ── 5. the new inline icon sizing ──────────────────────────────────────────────────────
def test_an_inline_icon_shift_that_is_no_finite_number_is_one_line(stranger: Stranger):
    """``:gi-heart-plus@1,+999…9mm:`` (400 digits) is float inf: 'internal error:
    ValueError: _fp_one failed … number too large inf', exit 3, two lines."""
    edit(stranger.game / "cards.csv", "Remove one :gi-heart-plus: wound from any player.",
         '"Remove one :gi-heart-plus@1,+' + "9" * 400 + 'mm: wound from any player."')
    refused(stranger, "cards.csv")



# ── 6. pnp i18n update's fuzzy matching has no budget ──────────────────────────────────
def test_i18n_update_s_fuzzy_matching_ends_within_the_deadline(stranger: Stranger):
    """A title of 60,000 characters ('abab…') and one obsolete translated entry of 60,000
    ('baba…') in ``locales/fr.po``: 120 kB of folder. ``merge._closest`` compares each new
    text with each obsolete one by ``SequenceMatcher(autojunk=False)``, quadratic in their
    lengths: 15 s at 20,000 characters, past 90 s at 60,000; many such pairs (8 MiB of
    catalog allowed) take days. The comparison needs a bound (length, pairs, or time)."""
    n = 60_000
    edit(stranger.game / "game.yaml", 'title: !t "My Game"', f'title: !t "{"ab" * (n // 2)}"')
    (stranger.game / "locales").mkdir()
    (stranger.game / "locales" / "fr.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Language: fr\\n"\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
        f'#~ msgid "{"ba" * (n // 2)}"\n#~ msgstr "x"\n')
    run = run_pnp(stranger, "i18n", "update", "fr", "--game-dir", "my-game")
    assert run.seconds < 30 and run.code in (0, 2), run.err[-2000:]


# ── 7. the translator's notes: every data text searched in every layout box ────────────
@pytest.mark.parametrize("action", ["extract", "status"])
def test_i18n_on_many_texts_and_boxes_ends_within_the_deadline(stranger: Stranger,
                                                               action: str):
    """10,000 ``!t`` texts under ``data:`` and a layout of 10,000 text boxes of 1,000
    characters (11 MB, each file within ``file_bytes``, each within ``yaml_nodes``):
    ``room.field_box`` runs a regular expression over every box for every text, 10^8
    searches; ``pnp i18n extract`` and ``status`` ran past 90 s (``pnp build`` of the same
    folder: 1.5 s). No budget bounds texts × boxes."""
    boxes = "".join(f'    - {{type: text, x: 0, y: 0, w: 10, h: 5, text: "{"x" * 1000}"}}\n'
                    for _ in range(10_000))
    with open(stranger.game / "layouts" / "cards.yaml", "a") as layouts:
        layouts.write(f"\nmany:\n  size: [60, 80]\n  elements:\n{boxes}")
    with open(stranger.game / "game.yaml", "a") as game:
        game.write("data:\n  items:\n" + "".join(f'    - !t "m{i}"\n' for i in range(10_000)))
    run = run_pnp(stranger, "i18n", action, "--game-dir", "my-game")
    assert run.seconds < 30 and run.code in (0, 2), run.err[-2000:]


# ── 8. the SVG reference scan reads text, svglib reads XML ─────────────────────────────
def test_an_svg_picture_hidden_from_the_reference_scan_is_still_judged(stranger: Stranger):
    """``SVG_HREF`` finds ``href="…"`` in the SVG's text with a lazy regular expression, so
    ``<!-- href='# -->`` swallows every attribute up to the next ``'`` as one address that
    starts with ``#`` and is skipped; svglib then decodes the hidden ``<image
    href="data:image/png;base64,…">`` with Pillow, whatever it is. A GIF so named built
    with exit 0 (the same tag without the comments is refused: 'starts with GIF8'); five
    pictures of 98 megapixels in a 2 MB SVG took 2.9 GB and 11 s, exit 0, past
    ``raster_pixels`` and ``svg_embedded_bytes``. The scan must read the XML's attributes."""
    import base64
    import io

    from PIL import Image

    gif = io.BytesIO()
    Image.new("RGB", (50, 50), (255, 0, 0)).save(gif, "GIF")
    sample = stranger.game / "art" / "sample.svg"
    sample.write_text(sample.read_text().replace(
        "</svg>", "<!-- href='# -->\n<image x=\"0\" y=\"0\" width=\"30\" height=\"10\" "
        f"href=\"data:image/png;base64,{base64.b64encode(gif.getvalue()).decode()}\"/>\n"
        "<!-- ' -->\n</svg>"))
    refused(stranger, "sample.svg")


def test_an_svg_that_only_lxml_can_read_is_held_to_the_svg_budgets(stranger: Stranger):
    """``&bogus;`` after the root tag: ElementTree stops there (ParseError), so
    ``count_svg_elements`` returns 1 and ``check_svg_size`` nothing ("svglib names the
    file"), but svglib parses with lxml's ``recover=True`` and reads on. 150,000 rectangles
    built (21 s, exit 0, past ``svg_elements``); this 44 kB file of ``<use>`` elements
    (1,000 rectangles × 100 × 100) ran past 90 s. An SVG the guard cannot read must be
    refused, not passed to svglib."""
    rects = "".join(f'<rect x="{i % 120}" y="{i // 120}" width="1" height="1"/>'
                    for i in range(1000))
    uses = "".join('<use href="#g0"/>' for _ in range(100))
    (stranger.game / "art" / "sample.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 80" width="120" '
        f'height="80">&bogus;<defs><g id="g0">{rects}</g><g id="g1">{uses}</g></defs>'
        f'<g>{uses.replace("g0", "g1")}</g></svg>')
    refused(stranger, "sample.svg")


# ── 9. a layout expression nested 150 deep ─────────────────────────────────────────────
def test_a_layout_expression_nested_deeply_is_one_line(stranger: Stranger):
    """``{{ ((((…1…)))) }}`` 150 parentheses deep in a card's text: 'internal error:
    RecursionError: maximum recursion depth exceeded', exit 3 (jinja compiles it)."""
    edit(stranger.game / "layouts" / "cards.yaml", 'text: "{{ game.title }}"',
         'text: "{{ ' + "(" * 150 + "1" + ")" * 150 + ' }}"')
    line = refused(stranger, "cards.yaml")
    assert "internal error" not in line


# ── 10. yaml_nodes is a budget of one file, not of a folder ────────────────────────────
@pytest.mark.slow
def test_many_layout_files_each_within_yaml_nodes_end_within_the_deadline(stranger: Stranger):
    """900 layout files of 8 kB, each 990,000 values once its aliases are expanded (within
    ``yaml_nodes``): 64 s and 1,800 lines of errors. Every file is walked to its budget and
    nothing counts them together."""
    inner = "[" + ",".join(["1"] * 990) + "]"
    for n in range(900):
        (stranger.game / "layouts" / f"l{n}.yaml").write_text(
            f"x{n}: &a {inner}\ny{n}:\n  size: [10, 10]\n  elements: []\n"
            f"  junk: [{','.join(['*a'] * 1000)}]\n")
    run = run_pnp(stranger, *BUILD)
    assert run.seconds < 30 and run.code == 2
    assert len(run.err.strip().splitlines()) == 1, run.err[-3000:]  # the first refusal only
