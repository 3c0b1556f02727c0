"""The one rule for every file a game folder names (``generator/paths.py``), and the places
that could read around it: hashing a folder, a rules template's ``{% include %}``, the
spans of an .ods sheet. Each refusal is one problem naming the file or the link."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from jinja2 import TemplateNotFound

from generator.content.ods import _span
from generator.content.yamlio import load_yaml_text
from generator.errors import ContentError
from generator.paths import Refused, inside, read_inside, regular_file, writable
from generator.pipeline.fingerprint import folder_hash
from generator.render.expressions import render_value
from generator.summary.template import _environment


@pytest.fixture
def game(tmp_path: Path) -> Path:
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.txt").write_text("secret")
    folder = tmp_path / "game"
    (folder / "art").mkdir(parents=True)
    (folder / "art" / "own.txt").write_text("own")
    return folder


def test_a_link_out_is_refused_naming_the_link_and_its_target(game: Path):
    target = game.parent / "outside" / "secret.txt"
    (game / "art" / "leak.txt").symlink_to(target)
    with pytest.raises(Refused) as refused:
        read_inside(game / "art" / "leak.txt", [game])
    [problem] = refused.value.problems
    assert problem.file == str(game / "art" / "leak.txt")
    assert problem.message.startswith(f"a link to {target}, which lies outside {game}; ")


def test_a_linked_folder_is_named_not_the_file_in_it(game: Path):
    (game / "linked").symlink_to(game.parent / "outside")
    with pytest.raises(Refused) as refused:
        regular_file(game / "linked" / "secret.txt", [game])
    assert refused.value.problems[0].file == str(game / "linked")


def test_a_link_inside_the_folder_is_followed(game: Path):
    (game / "alias.txt").symlink_to(game / "art" / "own.txt")
    assert read_inside(game / "alias.txt", [game]) == b"own"
    assert inside(game / "art" / ".." / "art" / "own.txt", [game]) == \
        (game / "art" / "own.txt").resolve()


def test_a_dotted_path_out_is_refused(game: Path):
    with pytest.raises(Refused, match="lies outside"):
        read_inside(game / ".." / "outside" / "secret.txt", [game])


def test_a_pipe_or_a_device_is_no_file(game: Path):
    os.mkfifo(game / "pipe.csv")
    with pytest.raises(Refused, match="not a regular file"):
        read_inside(game / "pipe.csv", [game])
    (game / "zero").symlink_to("/dev/zero")
    with pytest.raises(Refused, match="lies outside"):
        read_inside(game / "zero", [game])
    with pytest.raises(Refused, match="not a regular file"):  # even in a folder allowed
        read_inside(game / "zero", [game, Path("/dev")])


def test_a_file_past_the_limit_is_refused_naming_it(game: Path, monkeypatch):
    from generator import limits
    monkeypatch.setitem(limits._limits(), "file_bytes", 10)
    (game / "big.csv").write_bytes(b"x" * 11)
    with pytest.raises(Refused, match=r"11 bytes: past the limit of 10 \(file_bytes in "
                                      r"templates/limits.yaml"):
        read_inside(game / "big.csv", [game])


def test_a_write_through_a_linked_folder_is_refused(game: Path):
    (game / ".pnp-cache").symlink_to(game.parent / "outside")
    with pytest.raises(Refused, match="a link to"):
        writable(game / ".pnp-cache" / "copy.csv", [game])
    assert writable(game / "new" / "copy.csv", [game]) == game.resolve() / "new" / "copy.csv"


def test_hashing_never_reads_what_a_link_out_points_at(game: Path):
    (game / "leak.txt").symlink_to(game.parent / "outside" / "secret.txt")
    os.mkfifo(game / "pipe")  # hashed by its kind, never opened (it would wait for ever)
    before = folder_hash(game)
    (game.parent / "outside" / "secret.txt").write_text("changed")
    assert folder_hash(game) == before
    (game / "art" / "own.txt").write_text("changed")
    assert folder_hash(game) != before


def test_a_template_include_that_leads_out_is_refused(game: Path):
    rules = game / "rules"
    rules.mkdir()
    (rules / "main.j2").write_text("{% include 'part.j2' %}")
    (rules / "part.j2").symlink_to(game.parent / "outside" / "secret.txt")
    env = _environment((str(rules),))
    with pytest.raises(Refused, match="a link to"):
        env.get_template("main.j2").render()
    with pytest.raises(TemplateNotFound):
        env.get_template("../outside/secret.txt")


def test_yaml_aliases_are_counted_expanded():
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 7)]
    with pytest.raises(ContentError, match="yaml_nodes in templates/limits.yaml"):
        load_yaml_text("\n".join(lines), "game.yaml")
    assert load_yaml_text("\n".join(lines[:3]), "game.yaml")["a2"][0][0][0] == "x"


def test_merged_cells_of_an_ods_sheet_are_bounded(tmp_path: Path):
    spans: dict[tuple[int, int], str] = {}
    _span(tmp_path / "cards.ods", spans, "x", 1, 1, 20, 5)  # a real merge: 100 cells
    assert len(spans) == 99
    with pytest.raises(ContentError, match=r"row 2: merged cells covering .* \(sheet_span"):
        _span(tmp_path / "cards.ods", spans, "x", 2, 1, 1_000_000, 200)


@pytest.mark.parametrize("source", [
    "{{ 'x' * 10**9 }}", "{{ 10**9 * 'x' }}", "{{ [1] * 10**9 }}", "{{ '%999999999s' % 1 }}",
    "{{ '%*s' % (10**9, 1) }}", "{{ 'a'.ljust(10**9) }}", "{{ 'a'.zfill(10**9) }}",
    "{{ 'a' | center(10**9) }}", "{{ 'a' | indent(10**9) }}", "{{ '{:>999999999}'.format(1) }}",
    "{{ '%999999999d' | format(1) }}", "{{ ('a' * 90000) | replace('a', 'aa') }}",
    "{% set n = namespace(s='ab') %}{% for i in range(40) %}{% set n.s = n.s ~ n.s %}"
    "{% endfor %}{{ n.s }}",
])
def test_a_template_that_would_take_gigabytes_is_refused(source: str):
    with pytest.raises(Exception, match=r"text_chars in templates/limits.yaml"):
        render_value(source, {}, "cards.yaml:card.elements[0]", "text")


@pytest.mark.parametrize("source, shown", [
    ("{{ 'ab' * 3 }}", "ababab"), ("{{ 2 ** 10 }}", "1024"), ("{{ '%5.1f' % 2 }}", "  2.0"),
    ("{{ '{:>4}'.format(7) }}", "   7"), ("{{ 'a' | center(5) }}", "  a  "),
])
def test_ordinary_templates_still_work(source: str, shown: str):
    assert render_value(source, {}, "w") == shown


def test_svg_elements_drawn_in_one_pdf_are_bounded(tmp_path: Path, monkeypatch):
    """Each drawing of an SVG walks all its elements: a PDF may draw so many in all."""
    from reportlab.pdfgen.canvas import Canvas

    from generator import limits
    from generator.render.images import ImageCache

    monkeypatch.setitem(limits._limits(), "svg_drawn", 20)
    (tmp_path / "art.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10" '
                                      'height="10"><g><rect width="5" height="5"/></g></svg>')
    cache, canvas = ImageCache(), Canvas(str(tmp_path / "x.pdf"))
    for _ in range(6):  # 3 elements a drawing: 18
        cache.draw(canvas, tmp_path / "art.svg", tmp_path, 0, 0, 10, 10, "contain", "card")
    with pytest.raises(Exception, match=r"21 SVG elements drawn in one PDF: past the limit "
                                        r"of 20 \(svg_drawn in templates/limits.yaml"):
        cache.draw(canvas, tmp_path / "art.svg", tmp_path, 0, 0, 10, 10, "contain", "card")


def test_pixels_decoded_for_one_pdf_are_bounded(tmp_path: Path, monkeypatch):
    """A picture is decoded once a box size: a PDF may decode so many pixels in all."""
    from PIL import Image
    from reportlab.pdfgen.canvas import Canvas

    from generator import limits
    from generator.render.images import ImageCache

    monkeypatch.setitem(limits._limits(), "raster_pixels", 25_000)
    Image.new("RGB", (100, 100)).save(tmp_path / "art.png")
    cache, canvas = ImageCache(), Canvas(str(tmp_path / "x.pdf"))
    for width in (10, 11):  # two box sizes: 20,000 pixels decoded
        cache.draw(canvas, tmp_path / "art.png", tmp_path, 0, 0, width, 10, "contain", "card")
    cache.draw(canvas, tmp_path / "art.png", tmp_path, 0, 0, 11, 10, "contain", "card")
    with pytest.raises(Exception, match=r"30,000 pixels decoded for one PDF: past the limit "
                                        r"of 25,000 \(raster_pixels in templates/limits.yaml"):
        cache.draw(canvas, tmp_path / "art.png", tmp_path, 0, 0, 12, 10, "contain", "card")
