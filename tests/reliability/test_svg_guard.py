"""An SVG is parsed once, strictly, judged on that tree, and svglib draws the same tree
(``generator.render.svg_guard``): what a stranger's SVG hides from one reader (an entity, a
comment, a recovering parser) is refused with one line naming the file, before svglib or
Pillow reads a byte of it."""

from __future__ import annotations

import base64
import io
import time
from pathlib import Path

import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from generator.errors import RenderError
from generator.render.images import ImageCache

SVG_OPEN = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
            ' width="40" height="20">')
LAUGHS = "".join(f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, 10))


def picture(kind: str, size: tuple[int, int] = (8, 8), mode: str = "RGB") -> str:
    """A picture of ``kind`` (a Pillow format), base64."""
    data = io.BytesIO()
    Image.new(mode, size).save(data, kind)
    return base64.b64encode(data.getvalue()).decode()


def refusal(tmp_path: Path, text: str) -> str:
    """What drawing ``art.svg`` holding ``text`` says; fails when it is drawn."""
    path = tmp_path / "art.svg"
    path.write_text(text)
    with pytest.raises(RenderError) as error:
        ImageCache().draw(Canvas(str(tmp_path / "x.pdf")), path, tmp_path, 0, 0, 40, 20,
                          "contain", "card.art")
    said = str(error.value)
    assert said.startswith("card.art: SVG ") and path.name in said and "\n" not in said, said
    return said


@pytest.mark.parametrize("doctype, used, entities", [
    ('<!DOCTYPE svg [<!ENTITY a "drawn">]>', "&a;", "a"),
    (f'<!DOCTYPE svg [<!ENTITY l0 "laugh">{LAUGHS}]>', "&l9;", "l0, l1, l2"),
    ('<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>', "&x;", "x"),
    ('<!DOCTYPE svg [<!ENTITY % p SYSTEM "http://127.0.0.1:9/p.dtd"> %p;]>', "", "p"),
])
def test_an_svg_declaring_entities_is_refused_unread(tmp_path: Path, doctype: str, used: str,
                                                     entities: str):
    started = time.monotonic()
    said = refusal(tmp_path, f'{doctype}{SVG_OPEN}<text y="10">{used}</text></svg>')
    assert f"declares XML entities ({entities})" in said and "Plain SVG" in said
    assert time.monotonic() - started < 2


def test_an_svg_only_a_recovering_parser_reads_is_refused_naming_the_fault(tmp_path: Path):
    said = refusal(tmp_path, f'{SVG_OPEN}&bogus;<rect width="1" height="1"/></svg>')
    assert "is not well-formed XML (Entity 'bogus' not defined, line 1" in said
    assert said.endswith("save it again as plain SVG (Inkscape: Save As… Plain SVG)")


BOMB = ("PNG", (8000, 8000), "1")  # 64 megapixels in a few kilobytes


@pytest.mark.parametrize("before, address, kind, after, says", [
    # the comment once hid the href from a scan of the text; svglib drops it, decodes the GIF
    ("<!-- href='# -->", "href=\"data:image/png;base64,", ("GIF",), "<!-- ' -->",
     "data:image/png picture is not the PNG picture its name says"),
    # svglib decodes from the character after ``;base64``, whatever it is
    ("", "xlink:href=\"data:image/png;base64,", BOMB, "",
     "embeds pictures of 64,000,000 pixels, past the limit of 50,000,000"),
    ("", "href=\"data:image/png;base64!", BOMB, "",
     "embeds pictures of 64,000,000 pixels, past the limit of 50,000,000"),
    ("", "href=\"data:image/gif;base64,", ("GIF",), "",
     "embeds a picture svglib does not draw (data:image/gif"),
])
def test_an_embedded_picture_is_judged_as_svglib_would_decode_it(
        tmp_path: Path, before: str, address: str, kind: tuple, after: str, says: str):
    said = refusal(tmp_path, f'{SVG_OPEN}{before}<image width="4" height="4" {address}'
                             f'{picture(*kind)}"/>{after}</svg>')
    assert says in said


@pytest.mark.parametrize("attribute", ["href", "xlink:href"])
def test_an_xlink_picture_outside_the_folder_or_another_svg_is_refused(tmp_path: Path,
                                                                       attribute: str):
    game = tmp_path / "game"
    game.mkdir()
    Image.new("RGB", (4, 4)).save(tmp_path / "secret.png")
    said = refusal(game, f'{SVG_OPEN}<image width="4" height="4" {attribute}='
                         '"../secret.png"/></svg>')
    assert "loads a picture it may not" in said and "outside" in said
    (game / "other.svg").write_text(f"{SVG_OPEN}</svg>")
    said = refusal(game, f'{SVG_OPEN}<image width="4" height="4" {attribute}="other.svg"/></svg>')
    assert "draws another SVG, other.svg" in said


def test_a_use_bomb_is_refused_before_svglib_reads_it(tmp_path: Path):
    rects = "".join(f'<rect x="{i % 40}" y="{i // 40}" width="1" height="1"/>'
                    for i in range(500))
    uses = "".join('<use xlink:href="#g0"/>' for _ in range(100))
    said = refusal(tmp_path, f'{SVG_OPEN}<defs><g id="g0">{rects}</g><g id="g1">{uses}</g>'
                             f'</defs>{uses.replace("g0", "g1")}</svg>')
    assert "its elements, <use> expanded" in said and "svg_elements" in said


@pytest.mark.parametrize("inside", [
    "".join(f'<g id="u{i}"><use href="#u{i + 1}"/></g>' for i in range(300)),  # a chain
    "<g>" * 300 + "</g>" * 300,  # nested past libxml2's own bound (256) too
])
def test_a_use_chain_or_deep_nesting_is_refused_by_its_depth(tmp_path: Path, inside: str):
    said = refusal(tmp_path, f"{SVG_OPEN}<defs>{inside}</defs></svg>")
    assert "past the limit of 200 (svg_depth in templates/limits.yaml" in said


def test_svglib_draws_the_tree_pnp_judged_and_never_parses_the_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A standard DOCTYPE (no entity) is fine; svglib's own loader is never called."""
    import svglib.svglib

    monkeypatch.setattr(svglib.svglib, "load_svg_file", lambda *a, **k: pytest.fail("parsed"))
    path = tmp_path / "art.svg"
    path.write_text('<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" '
                    '"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">'
                    f'{SVG_OPEN}<!-- a note --><rect width="40" height="20" fill="red"/></svg>')
    cache = ImageCache()
    cache.draw(Canvas(str(tmp_path / "x.pdf")), path, tmp_path, 0, 0, 40, 20, "contain", "c")
    drawing = cache.drawings[path]
    assert (drawing.width, drawing.height) == (30, 15)  # 40 × 20 px
    assert cache.shapes[path] == 2
