"""Raster pictures opened by what they are, never by what they claim: the one door through
which pnp, svglib and reportlab decode a PNG or a JPEG.

Pillow opens a file by its content, whatever its name, and its EPS plugin hands a PostScript
file to Ghostscript, which reads and writes where it likes: ``art/a.png`` holding PostScript
ran code from a stranger's folder. So, for the whole process, Pillow knows only the formats
pnp supports (:data:`FORMATS`; the libraries pnp calls open pictures through Pillow too), it
can never find Ghostscript, and every picture pnp opens itself goes through :func:`open_picture`:
its first bytes must be those of the format its name (or its ``data:`` type) says, and Pillow
is told that format alone."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from .errors import RenderError

# Pillow's format name → the suffixes and the first bytes of its files
FORMATS = {"PNG": ((".png",), b"\x89PNG\r\n\x1a\n"), "JPEG": ((".jpg", ".jpeg"), b"\xff\xd8\xff")}
SAVE_AS = "save it again as PNG or JPEG"


def _confine_pillow() -> None:
    """Forget every Pillow format but :data:`FORMATS`, for this process: what svglib and
    reportlab open (an SVG's ``<image>``) can then be nothing else, whatever it holds."""
    from PIL import EpsImagePlugin

    EpsImagePlugin.gs_binary = False  # never Ghostscript, even if something registers EPS again
    Image.init()  # every plugin registered now, so that none is registered later
    for name in list(Image.OPEN):
        if name not in FORMATS:
            del Image.OPEN[name]
    Image.ID[:] = [name for name in Image.ID if name in FORMATS]


_confine_pillow()


def format_of(name: str) -> str | None:
    """The format a file name's suffix, or a ``data:image/…`` type, says (None: neither)."""
    lowered = name.lower()
    for format_name, (suffixes, _) in FORMATS.items():
        if lowered.endswith(suffixes) or lowered in (f"image/{s[1:]}" for s in suffixes):
            return format_name
    return None


def check_magic(head: bytes, format_name: str, shown: str, where: str) -> None:
    """Refuse a picture whose first bytes are not those of ``format_name``: a file named
    ``.png`` holding PostScript, or anything else, is never decoded."""
    if not head.startswith(FORMATS[format_name][1]):
        found = head[:4].decode("ascii", "replace").replace("\ufffd", "?")
        raise RenderError(f"{where}: {shown} is not the {format_name} picture its name says "
                          f"(it starts with {found!r}); pnp decodes only PNG and JPEG "
                          f"pictures whose content matches their name: {SAVE_AS}")


def open_picture(source: Path | bytes, name: str, where: str) -> Image.Image:
    """A PNG or JPEG picture opened lazily (the header read, no pixels decoded), after its
    first bytes matched the format ``name`` (its file name, or a ``data:`` type) says.
    OSError and the like on a damaged file, as Pillow raises them."""
    format_name = format_of(name)
    if format_name is None:
        raise RenderError(f"{where}: {name} is not a PNG or JPEG picture; {SAVE_AS}")
    if isinstance(source, bytes):
        check_magic(source[:16], format_name, f"the embedded data:{name} picture", where)
        return Image.open(io.BytesIO(source), formats=[format_name])
    with source.open("rb") as stream:
        check_magic(stream.read(16), format_name, name, where)
    return Image.open(source, formats=[format_name])
