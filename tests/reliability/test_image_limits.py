"""An image whose declared size is absurd — an SVG 1e30 wide, a PNG whose header claims a
billion pixels — is refused from its header, before svglib or Pillow spends the memory: exit
2 naming the file and the limit, and no PDF."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest
from reportlab.pdfgen.canvas import Canvas

from generator.errors import RenderError
from generator.render import images
from generator.render.images import ImageCache
from generator.render.svg_guard import check_svg_size, parse_svg
from support.cli import new_game, pnp


def svg(attributes: str) -> bytes:
    return f'<svg xmlns="http://www.w3.org/2000/svg" {attributes}><rect width="1" ' \
           f'height="1"/></svg>'.encode()


def png_header(width: int, height: int) -> bytes:
    """A PNG that declares ``width`` × ``height`` pixels and holds a few bytes: what a
    decompression bomb looks like to a reader of its header."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b""))


@pytest.mark.parametrize("attributes, says", [
    ('width="1e30" height="10"', "a width of '1e30'"),
    ('width="10mm" height="inf"', "a height of 'inf'"),
    ('width="300in" height="1in"', "a width of '300in'"),
    ('width="-5" height="10"', "a width of '-5'"),
    ('viewBox="0 0 1e30 10"', "a viewBox width of '1e30'"),
    ('width="100%" viewBox="0,0,10,nan"', "a viewBox height of 'nan'"),
])
def test_an_svg_of_absurd_size_is_refused(tmp_path: Path, attributes: str, says: str):
    path = tmp_path / "art.svg"
    path.write_bytes(svg(attributes))
    with pytest.raises(RenderError) as error:
        check_svg_size(parse_svg(path, tmp_path), path)
    assert str(error.value) == (f"SVG {path} declares {says}, past the limit of "
                                "14,400 pt (200 in, the largest PDF page); give the <svg> a "
                                "real width, height and viewBox")


@pytest.mark.parametrize("attributes", [
    'width="63mm" height="88mm"', 'width="100%" height="100%" viewBox="0 0 630 880"',
    'width="10mm" height="10mm" viewBox="0 0 1e9 1e9"', 'viewBox="0 0 100 100"', ""])
def test_an_svg_of_sane_size_passes(tmp_path: Path, attributes: str):
    path = tmp_path / "art.svg"
    path.write_bytes(svg(attributes))
    check_svg_size(parse_svg(path, tmp_path), path)


@pytest.mark.parametrize("width, height", [(10_000, 10_000), (images.MAX_SIDE_PX + 1, 1),
                                           (2**31 - 1, 2**31 - 1)])
def test_a_raster_past_the_pixel_limit_is_refused_from_its_header(
        tmp_path: Path, width: int, height: int, monkeypatch: pytest.MonkeyPatch):
    path = tmp_path / "art.png"
    path.write_bytes(png_header(width, height))
    monkeypatch.setattr(images.Image.Image, "load", lambda self: pytest.fail("decoded"))
    canvas = Canvas(str(tmp_path / "out.pdf"))
    with pytest.raises(RenderError) as error:
        ImageCache().draw(canvas, path, tmp_path, 0, 0, 60, 80, "contain", "card.art")
    size = f" ({width} × {height})" if width * height < 2 * images.MAX_PIXELS else ""
    assert str(error.value) == (f"card.art: image {path}{size} is past the limit of "
                                "50,000,000 pixels and 30,000 a side; scale it down (300 dpi "
                                "is the most a print uses)")


def test_a_build_with_a_huge_svg_stops_and_writes_no_pdf(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture):
    game = new_game(tmp_path, monkeypatch, capsys)
    (game / "art" / "sample.svg").write_bytes(svg('width="1e30" height="1e30"'))
    code, _, err = pnp("build --game-dir my-game --out out", capsys)
    assert code == 2, err
    assert f"SVG {game}/art/sample.svg declares a width of '1e30', past the limit" in err
    assert "Traceback" not in err and not list((tmp_path / "out").glob("*.pdf"))


@pytest.mark.parametrize("damage", ["broken chunk", "truncated header", "cut short"])
def test_a_damaged_raster_is_named(tmp_path: Path, damage: str):
    good = png_header(4, 4)
    data = {"broken chunk": good[:36] + b"\0" + good[37:],  # the IDAT chunk's length
            "truncated header": good[:8] + struct.pack(">I", 5) + b"IHDR" + bytes(9),
            "cut short": good[:45]}[damage]
    path = tmp_path / "art.png"
    path.write_bytes(data)
    with pytest.raises(RenderError) as error:
        ImageCache().draw(Canvas(str(tmp_path / "out.pdf")), path, tmp_path, 0, 0, 60, 80,
                          "contain", "card.art")
    assert str(error.value).startswith(f"card.art: cannot read image {path}: ")
    assert str(error.value).endswith("; save it again as PNG or JPEG")
