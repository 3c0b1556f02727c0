"""Pictures are decoded by what they are (``generator.pictures``): once pnp is imported, no
library in its process can hand PostScript to Ghostscript, however the file is named; and a
picture pnp opens must be the format its name says."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import EpsImagePlugin, Image, UnidentifiedImageError

from generator.errors import RenderError
from generator.pictures import open_picture

EPS = b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n{ } loop\n"


def test_pillow_in_a_pnp_process_opens_no_postscript() -> None:
    """What svglib and reportlab call (``Image.open`` with no formats) finds no EPS plugin,
    and Ghostscript cannot be found even were one registered again."""
    with pytest.raises(UnidentifiedImageError):
        Image.open(io.BytesIO(EPS))
    assert not EpsImagePlugin.has_ghostscript()


def test_a_picture_whose_bytes_are_not_its_name_is_refused(tmp_path: Path) -> None:
    png = tmp_path / "a.png"
    Image.new("RGB", (4, 2)).save(png)
    with open_picture(png, png.name, "here") as image:
        assert image.size == (4, 2)
    jpeg_named = tmp_path / "b.jpg"
    jpeg_named.write_bytes(png.read_bytes())
    with pytest.raises(RenderError, match="b.jpg is not the JPEG picture its name says"):
        open_picture(jpeg_named, jpeg_named.name, "here")
    with pytest.raises(RenderError, match="data:image/png picture is not the PNG"):
        open_picture(EPS, "image/png", "here")
