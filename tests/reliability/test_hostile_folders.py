"""A game folder from a stranger, made to read or write outside itself, to exhaust memory or
time, to reach this machine's network, or to smuggle a newline into an id. Each case runs
``pnp`` as its own process under a 1 GB address-space cap and a one-minute deadline
(``support.hostile``), and must end with exit 2 and one line that names what was refused,
with nothing written outside the game and output folders and no byte of the victim's files
(:data:`MARK`) in any PDF. docs/security.md says what this suite stands for."""

from __future__ import annotations

import os
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from generator.content import remote
from support.hostile import (
    DEADLINE_S,
    MARK,
    Stranger,
    leaked,
    make_stranger,
    refused,
    run_pnp,
    snapshot,
)
from support.workbooks import HEADER, write_xlsx

BUILD = ("build", "--game-dir", "my-game", "--lang", "en", "--paper", "a4", "--out", "out")
LINK_OUT = "which lies outside"  # how every refused link reads
LOCAL_URL = "http://127.0.0.1:9/pub?output=csv"


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} is not in {path}"
    path.write_text(text.replace(old, new))


def _link(link: Path, target: Path) -> None:
    if link.exists() or link.is_symlink():
        if link.is_dir() and not link.is_symlink():
            import shutil
            shutil.rmtree(link)
        else:
            link.unlink()
    link.symlink_to(target)


def _cards(s: Stranger, rows: str) -> None:
    (s.game / "cards.csv").write_text("Name,Text,Art,Cost,Icons,qty\n" + rows)


def _layout_text(s: Stranger, text: str) -> None:
    _edit(s.game / "layouts" / "cards.yaml", "size: 6, color: muted}",
          f"size: 6, color: muted}}\n    - {{type: text, x: 3, y: 3, w: 30, h: 5, "
          f"text: \"{text}\"}}")


def _cards_url(s: Stranger) -> None:
    _edit(s.game / "game.yaml", "cards_file: cards.csv", f"cards_url: {LOCAL_URL}")


# ── 1. reading outside the folder through links ─────────────────────────────────────────
def cards_file_link(s: Stranger) -> tuple[str, ...]:
    _link(s.game / "cards.csv", s.outside / "secret.csv")
    return ("cards.csv", LINK_OUT)


def image_link_found_by_suffix(s: Stranger) -> tuple[str, ...]:
    _cards(s, "Leak,text,art/leak,1,heart,1\n")  # no suffix: art/leak.svg is looked up
    _link(s.game / "art" / "leak.svg", s.outside / "secret.svg")
    return ("art/leak.svg", LINK_OUT)


def icon_link(s: Stranger) -> tuple[str, ...]:
    _link(s.game / "icons" / "heart.svg", s.outside / "secret.svg")
    return ("icons/heart.svg", LINK_OUT)


def layouts_folder_link(s: Stranger) -> tuple[str, ...]:
    (s.outside / "folder" / "cards.yaml").write_text(
        (s.game / "layouts" / "cards.yaml").read_text())
    _link(s.game / "layouts", s.outside / "folder")
    return ("my-game/layouts", LINK_OUT)


def layout_file_link(s: Stranger) -> tuple[str, ...]:
    _link(s.game / "layouts" / "leak.yaml", s.outside / "secret.yaml")
    return ("layouts/leak.yaml", LINK_OUT)


def catalog_link(s: Stranger) -> tuple[str, ...]:
    (s.game / "locales").mkdir()
    _link(s.game / "locales" / "en.po", s.outside / "secret.po")
    return ("locales/en.po", LINK_OUT)


def cached_copy_link(s: Stranger) -> tuple[str, ...]:
    """A copy of a published sheet that is a link: it could stand in for any file."""
    _cards_url(s)
    copy = remote.copy_path(s.game.resolve(), LOCAL_URL)
    copy.parent.mkdir()
    _link(copy, s.outside / "secret.csv")
    return (copy.name, LINK_OUT)


def svg_picture_outside(s: Stranger) -> tuple[str, ...]:
    (s.outside / "secret.png").write_bytes((s.game / "art" / "sample.svg").read_bytes())
    _edit(s.game / "art" / "sample.svg", "</svg>",
          '<image href="../../outside/secret.png" width="10" height="10"/></svg>')
    return ("sample.svg loads a picture it may not", "lies outside")


def pipe_for_a_file(s: Stranger) -> tuple[str, ...]:
    """A named pipe where the cards file should be: reading it would wait for ever."""
    (s.game / "cards.csv").unlink()
    os.mkfifo(s.game / "cards.csv")
    return ("cards.csv", "not a regular file")


# ── 2. writing outside the folder through links ─────────────────────────────────────────
def cache_folder_link(s: Stranger) -> tuple[str, ...]:
    _cards_url(s)
    _link(s.game / ".pnp-cache", s.outside / "folder")
    return (".pnp-cache", LINK_OUT)


def catalog_folder_link_written(s: Stranger) -> tuple[str, ...]:
    _link(s.game / "locales", s.outside / "folder")
    return ("my-game/locales", LINK_OUT)


def output_folder_link(s: Stranger) -> tuple[str, ...]:
    """``pnp build --game-dir .`` inside the stranger's folder writes to ./output: a link."""
    _link(s.game / "output", s.outside / "folder")
    return ("my-game/output", LINK_OUT, "--out")


# ── 3. small inputs, huge memory or time ────────────────────────────────────────────────
def yaml_aliases(s: Stranger) -> tuple[str, ...]:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
    _edit(s.game / "game.yaml", "palette:", "vars:\n" + "".join(
        f"  {line}\n" for line in lines) + "palette:")
    return ("game.yaml", "yaml_nodes in templates/limits.yaml")


def yaml_nesting(s: Stranger) -> tuple[str, ...]:
    _edit(s.game / "game.yaml", "palette:", "vars: {deep: " + "[" * 50_000 + "]" * 50_000
          + "}\npalette:")
    return ("game.yaml", "invalid YAML")


def translation_padding(s: Stranger) -> tuple[str, ...]:
    (s.game / "locales").mkdir()
    (s.game / "locales" / "fr.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Cards"\nmsgstr "%(a)999999999s"\n')
    return ("fr.po", "format_width in templates/limits.yaml")


def translation_attribute(s: Stranger) -> tuple[str, ...]:
    (s.game / "locales").mkdir()
    (s.game / "locales" / "fr.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Cards"\nmsgstr "{pages.__class__}"\n')
    return ("fr.po", "reads an attribute or an item")


def repeated_string(s: Stranger) -> tuple[str, ...]:
    _layout_text(s, "{{ 'x' * 10**9 }}")
    return ("text_chars in templates/limits.yaml",)


def doubled_namespace(s: Stranger) -> tuple[str, ...]:
    _layout_text(s, "{% set n = namespace(s='ab') %}{% for i in range(60) %}"
                    "{% set n.s = n.s ~ n.s %}{% endfor %}{{ n.s }}")
    return ("text_chars in templates/limits.yaml",)


def looped_long_value(s: Stranger) -> tuple[str, ...]:
    """A value of 1 MB printed 100,000 times by a loop: 100 GB if joined whole."""
    _edit(s.game / "game.yaml", "palette:", "vars:\n  blurb: '" + "x" * 1_000_000
          + "'\npalette:")
    _layout_text(s, "{% for i in range(100000) %}{{ vars.blurb }}{% endfor %}")
    return ("text_chars in templates/limits.yaml",)


def megabytes_of_text(s: Stranger) -> tuple[str, ...]:
    """Five megabytes of words in one text box: fitting them took a minute."""
    _layout_text(s, "long text " * 500_000)
    return ("5,000,000 characters", "text_chars in templates/limits.yaml")


def huge_power(s: Stranger) -> tuple[str, ...]:
    _layout_text(s, "{{ 9 ** (9 ** 9) }}")
    return ("power_exponent in templates/limits.yaml",)


def many_cards(s: Stranger) -> tuple[str, ...]:
    _cards(s, "".join(f"C{i},text,art/sample.svg,1,heart,10000\n" for i in range(10_000)))
    return ("cards_per_deck in templates/limits.yaml",)


def many_decks(s: Stranger) -> tuple[str, ...]:
    """Each deck within its own limit, the game past what all of them may print."""
    _cards(s, "C,text,art/sample.svg,1,heart,10000\n")
    with (s.game / "game.yaml").open("a") as yaml:
        for n in range(6):
            yaml.write(f"  - {{id: more-{n}, title: More, size: poker, front: card, back: back,"
                       " cards_file: cards.csv, fields: {title: Name, body: Text, art: Art, "
                       "cost: Cost, icons: Icons}}\n")
    return ("cards_per_game in templates/limits.yaml",)


def nested_repeats(s: Stranger) -> tuple[str, ...]:
    _edit(s.game / "layouts" / "cards.yaml", "size: 6, color: muted}",
          "size: 6, color: muted}\n    - {type: repeat, items: 'range(1000)', elements: "
          "[{type: repeat, items: 'range(1000)', elements: [{type: rect, x: 0, y: 0, w: 1, "
          "h: 1}]}]}")
    return ("repeat_copies in templates/limits.yaml",)


def svg_embedded_pictures(s: Stranger) -> tuple[str, ...]:
    _edit(s.game / "art" / "sample.svg", "</svg>", '<image width="1" height="1" href="data:'
          'image/png;base64,' + "A" * 9_000_000 + '"/></svg>')
    return ("svg_embedded_bytes in templates/limits.yaml",)


def huge_board(s: Stranger) -> tuple[str, ...]:
    """A board of 100 m a side: 190,000 pages, a gigabyte before the first is drawn."""
    with (s.game / "game.yaml").open("a") as yaml:
        yaml.write("  - {id: board, kind: board, title: Board, layout: big-board}\n")
    with (s.game / "layouts" / "cards.yaml").open("a") as layouts:
        layouts.write("\nbig-board:\n  size: [100000, 100000]\n  elements:\n"
                      "    - {type: rect, x: 0, y: 0, w: 10, h: 10, fill: ink}\n")
    return ("board_pages in templates/limits.yaml",)


def svg_of_many_shapes(s: Stranger) -> tuple[str, ...]:
    """300,000 rectangles in 12 MB: svglib took minutes and most of a gigabyte."""
    shapes = "".join(f'<rect x="{i % 100}" y="{i // 100 % 100}" width="1" height="1"/>'
                     for i in range(300_000))
    (s.game / "art" / "sample.svg").write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">{shapes}</svg>')
    return ("sample.svg", "svg_elements in templates/limits.yaml")


def workbook_part_not_xml(s: Stranger) -> tuple[str, ...]:
    """The zip guard counts every entry, not only *.xml: a 300 MB part packs into 300 kB."""
    book = s.game / "cards.xlsx"
    write_xlsx(book, [HEADER, ["A", "text", "art/sample.svg", 1, "heart", 1]])
    with zipfile.ZipFile(book, "a", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/media/image1.png", b"\0" * 300_000_000)
    _edit(s.game / "game.yaml", "cards_file: cards.csv", "cards_file: cards.xlsx")
    return ("cards.xlsx", "in templates/limits.yaml")



def yaml_values_of_a_folder(s: Stranger) -> tuple[str, ...]:
    """Five layout files each within ``yaml_nodes`` (990,000 values, aliases expanded), too
    many together: the first file past the folder's budget ends the load."""
    inner = "[" + ",".join(["1"] * 990) + "]"
    for n in range(5):
        (s.game / "layouts" / f"l{n}.yaml").write_text(
            f"x{n}: &a {inner}\ny{n}: {{size: [10, 10], elements: [], "
            f"junk: [{','.join(['*a'] * 1000)}]}}\n")
    return ("layouts", "folder_yaml_nodes in templates/limits.yaml")


def many_layout_files(s: Stranger) -> tuple[str, ...]:
    for n in range(201):
        (s.game / "layouts" / f"l{n}.yaml").write_text(f"y{n}: {{size: [10, 10], elements: []}}\n")
    return ("layouts", "yaml_files in templates/limits.yaml")


def long_yaml_text(s: Stranger) -> tuple[str, ...]:
    """A text of 200,000 characters in game.yaml (a ruling of ``edition:``): refused where
    it is read, before the guide fits it."""
    _edit(s.game / "game.yaml", "components:",
          'edition:\n  - "' + "word " * 40_000 + '"\ncomponents:')
    return ("game.yaml:", "text_chars in templates/limits.yaml")


def long_translation(s: Stranger) -> tuple[str, ...]:
    (s.game / "locales").mkdir()
    (s.game / "locales" / "fr.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        f'msgid "Cards"\nmsgstr "{"mot " * 50_000}"\n')
    return ("fr.po", "text_chars in templates/limits.yaml")

# ── 4. requests to private addresses ───────────────────────────────────────────────────
def loopback_url(s: Stranger) -> tuple[str, ...]:
    _cards_url(s)
    return ("127.0.0.1", "on this machine or a private network", "--allow-private-urls")


# ── 5. escaping: an id with a newline ──────────────────────────────────────────────────
def id_with_newline(s: Stranger) -> tuple[str, ...]:
    _edit(s.game / "game.yaml", "id: my-game", 'id: "my-game\\n"')
    return ("game.yaml", "is not a valid id")


Case = Callable[[Stranger], tuple[str, ...]]
CASES: list[Case] = [
    cards_file_link, image_link_found_by_suffix, icon_link, layouts_folder_link,
    layout_file_link, catalog_link, cached_copy_link, svg_picture_outside, pipe_for_a_file,
    cache_folder_link, yaml_aliases, yaml_nesting, translation_padding, translation_attribute,
    repeated_string, doubled_namespace, looped_long_value, megabytes_of_text, huge_power,
    many_cards, many_decks, nested_repeats, huge_board, svg_embedded_pictures, svg_of_many_shapes,
    workbook_part_not_xml, yaml_values_of_a_folder, many_layout_files, long_yaml_text,
    long_translation, loopback_url, id_with_newline,
]
LANG = {catalog_link: "en", translation_padding: "fr", translation_attribute: "fr",
        long_translation: "fr"}


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.__name__)
def test_a_hostile_folder_is_refused_in_one_line(case: Case, tmp_path: Path, template: Path):
    stranger = make_stranger(tmp_path, template)
    expected = case(stranger)
    before = snapshot(stranger)
    args = list(BUILD)
    args[args.index("--lang") + 1] = LANG.get(case, "en")
    run = run_pnp(stranger, *args)
    lines = run.err.strip().splitlines()
    assert run.code == 2, run.err
    assert len(lines) == 1, run.err
    for fragment in expected:
        assert fragment in lines[0], lines[0]
    assert MARK not in lines[0]  # the refusal names the link, never what it points at
    assert run.seconds < DEADLINE_S
    assert snapshot(stranger) == before
    assert leaked(stranger) == []
    assert not any(stranger.out.glob("*.pdf"))  # no half-written kit either


def test_a_link_out_of_the_output_folder_is_refused(tmp_path: Path, template: Path):
    stranger = make_stranger(tmp_path, template)
    expected = output_folder_link(stranger)
    before = snapshot(stranger)
    run = run_pnp(stranger, "build", "--game-dir", ".", "--lang", "en", "--paper", "a4",
                  cwd=stranger.game)
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1, run.err
    assert all(fragment in run.err for fragment in expected), run.err
    assert snapshot(stranger) == before and not any((stranger.outside / "folder").iterdir())


def test_a_catalog_is_not_written_through_a_linked_locales_folder(tmp_path: Path,
                                                                  template: Path):
    stranger = make_stranger(tmp_path, template)
    expected = catalog_folder_link_written(stranger)
    before = snapshot(stranger)
    run = run_pnp(stranger, "i18n", "init", "fr", "--game-dir", "my-game")
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1, run.err
    assert all(fragment in run.err for fragment in expected), run.err
    assert snapshot(stranger) == before and not any((stranger.outside / "folder").iterdir())


def test_a_rules_template_named_outside_is_not_read_for_translation(tmp_path: Path,
                                                                    template: Path):
    """``pnp i18n init`` gathers the messages of a game's rules templates: one named
    ``../../outside/secret.txt`` is refused, not copied into the catalog it writes."""
    stranger = make_stranger(tmp_path, template)
    with (stranger.game / "game.yaml").open("a") as yaml:
        yaml.write("  - {id: rules, kind: rules, title: Rules, "
                   "template: ../../outside/secret.txt}\n")
    (stranger.game / "rules").mkdir()
    run = run_pnp(stranger, "i18n", "init", "fr", "--game-dir", "my-game")
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1, run.err
    assert LINK_OUT in run.err or "outside" in run.err, run.err
    assert not any(MARK in p.read_text() for p in stranger.game.rglob("*.po*"))


def test_the_untouched_stranger_builds(tmp_path: Path, template: Path):
    """The suite's own check: the same folder, left as ``pnp new`` made it, builds under the
    same cap and deadline, so each refusal above is the case's, not the harness's."""
    stranger = make_stranger(tmp_path, template)
    run = run_pnp(stranger, *BUILD)
    assert run.code == 0, run.err
    assert [p.name for p in stranger.out.glob("*.pdf")] == ["my-game-en-a4.pdf"]
    assert leaked(stranger) == []


@pytest.mark.parametrize("case", [many_layout_files, yaml_values_of_a_folder],
                         ids=lambda case: case.__name__)
def test_i18n_extract_holds_a_folder_to_its_yaml_budgets(case: Case, stranger: Stranger):
    """``pnp i18n extract`` reads every YAML file of the folder as a build does, within the
    same folder-wide budgets, and stops at the first in one line."""
    refused(stranger, *case(stranger), args=("i18n", "extract", "--game-dir", "my-game"))
