"""Raster pictures opened by what they are, never by what they claim: the door through which
pnp decodes a PNG or a JPEG, and what svglib and reportlab decode is checked through.

Pillow opens a file by its content, whatever its name, and its EPS plugin hands a PostScript
file to Ghostscript, which reads and writes where it likes: ``art/a.png`` holding PostScript
ran code from a stranger's folder. So, in every process that imports pnp, Pillow has no EPS
plugin and can never find Ghostscript, whoever opens a picture (svglib, reportlab); and every
picture pnp decodes goes through :func:`open_picture` (or, for one svglib decodes, through
:func:`check_magic` first): its first bytes must be those of the format its name (or its
``data:`` type) says, and Pillow is told that format alone (:data:`FORMATS`)."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from .errors import RenderError

# Pillow's format name → the suffixes and the first bytes of its files
FORMATS = {"PNG": ((".png",), b"\x89PNG\r\n\x1a\n"), "JPEG": ((".jpg", ".jpeg"), b"\xff\xd8\xff")}
SAVE_AS = "save it again as PNG or JPEG"
MAX_PIXELS = 50_000_000  # of one picture: a raster file, or one an SVG embeds
NEVER = ("EPS",)  # Pillow formats whose decoding runs another program (Ghostscript)


def _no_ghostscript() -> None:
    """Forget Pillow's EPS plugin for this process and make Ghostscript unfindable, so no
    library pnp calls can decode PostScript, whatever a file is named."""
    from PIL import EpsImagePlugin

    EpsImagePlugin.gs_binary = False  # never Ghostscript, even if EPS is registered again
    # imported now, the plugin registered itself once: Pillow's later imports of every
    # plugin (Image.init) find it imported and register nothing again
    for name in NEVER:
        Image.OPEN.pop(name, None)
    Image.ID[:] = [name for name in Image.ID if name not in NEVER]


_no_ghostscript()


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
