"""Images: rasters opened safely (decompression-bomb guard) and capped at 300 dpi; SVG drawn
as vectors through svglib, from the tree ``svg_guard`` parsed and judged. Each raster is
decoded once per document, each SVG once per process. An image's declared size is read and
judged before any drawing library sees the file: a width of 1e30 or a 100,000 pixel side is a
hostile or broken file, and Pillow or svglib would spend the memory first."""

from __future__ import annotations

import os
import warnings
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from weakref import WeakKeyDictionary

from PIL import Image
from reportlab.graphics.shapes import Drawing
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from ..errors import RenderError
from ..limits import limit, past
from ..paths import FILE_LIMIT, Refused, regular_file
from ..pictures import MAX_PIXELS, open_picture
from ..resources import file_version
from ..units import mm
from .fonts import font_name
from .forms import place_form
from .recording import one_call
from .svg_guard import judged_svg

RASTER = (".png", ".jpg", ".jpeg")
SUPPORTED = (".svg", *RASTER)  # also the order in which a src without a suffix is looked up
MAX_DPI = 300
FITS = ("contain", "cover", "fill")  # whole image inside / box covered, cropped / stretched
MAX_SIDE_PX = 30_000  # 2.5 m at 300 dpi
Image.MAX_IMAGE_PIXELS = MAX_PIXELS  # Pillow's own bomb guard, behind ours
# what Pillow raises on a damaged file: OSError for most, SyntaxError for a broken PNG chunk,
# ValueError for a truncated header or an unknown raw mode, EOFError for a cut-off stream
BROKEN_RASTER = (OSError, SyntaxError, ValueError, EOFError)


@dataclass
class ImageCache:
    """One decoded, downsampled image per (file, box size) for the whole document."""

    readers: dict[tuple[Path, int, int], ImageReader] = field(default_factory=dict)
    drawings: dict[Path, Drawing] = field(default_factory=dict)
    shapes: dict[Path, int] = field(default_factory=dict)  # elements of each SVG
    shapes_drawn: int = 0  # elements of every SVG drawn in the document, each time counted
    pixels_decoded: int = 0  # pixels of every raster decoded for the document
    located: dict[tuple[Path, Path], Path] = field(default_factory=dict)  # see ``locate``
    forms: dict[Path, str] = field(default_factory=dict)  # an SVG drawn once, as a PDF form

    def _open(self, path: Path, w: float, h: float, where: str) -> ImageReader:
        max_px = (int(w / 25.4 * MAX_DPI) + 1, int(h / 25.4 * MAX_DPI) + 1)
        key = (path, *max_px)
        if key not in self.readers:
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("error", Image.DecompressionBombWarning)
                    image = open_picture(path, path.name, where)  # the header only
                    _check_pixels(path, image.width, image.height, where)
                    self._decoding(path, image.width * image.height, where)
                    image.load()
            except (Image.DecompressionBombError, Image.DecompressionBombWarning):
                raise _too_large(path, "", where) from None
            except BROKEN_RASTER as exc:
                raise RenderError(f"{where}: cannot read image {path}: {exc}; save it again "
                                  "as PNG or JPEG") from None
            if image.width > max_px[0] * 1.05 or image.height > max_px[1] * 1.05:
                image.thumbnail(max_px)
            drawn: Image.Image = image
            if image.mode not in ("RGB", "RGBA", "L"):
                drawn = image.convert("RGBA")
            self.readers[key] = ImageReader(drawn)
        return self.readers[key]

    def _decoding(self, path: Path, pixels: int, where: str) -> None:
        """Count the pixels about to be decoded: a 50-megapixel picture drawn in a hundred
        box sizes is decoded a hundred times (raster_pixels)."""
        self.pixels_decoded += pixels
        if self.pixels_decoded > limit("raster_pixels"):
            raise RenderError(f"{where}: image {path.name}: " + past(
                "raster_pixels", f"{self.pixels_decoded:,} pixels decoded for one PDF"))

    def _drawing(self, path: Path, root: Path, where: str) -> Drawing:
        if path not in self.drawings:
            try:
                self.drawings[path], self.shapes[path] = _svg(path, root, file_version(path))
            except RenderError as exc:  # said without the place: the SVG is cached for all
                raise RenderError(f"{where}: {exc}") from None
        return self.drawings[path]

    def draw(self, canvas: Canvas, path: Path, root: Path, x: float, y: float, w: float,
             h: float, fit: str, where: str) -> None:
        located = self.located.get((path, root))
        if located is None:  # a deck shows the same art on thousands of cards
            located = self.located[(path, root)] = locate(path, root, where)
        _CACHES.setdefault(canvas, self)
        # one call for a recording: replayed, it draws with the cache of the canvas it replays
        # into (svglib reads the canvas's state; pictures and forms are their document's)
        one_call(canvas, _draw_again, located, root, x, y, w, h, fit, where)

    def _draw(self, canvas: Canvas, path: Path, root: Path, x: float, y: float, w: float,
              h: float, fit: str, where: str) -> None:
        if path.suffix.lower() == ".svg":
            drawing = self._drawing(path, root, where)
            size = drawing.width / mm(1), drawing.height / mm(1)
            self.shapes_drawn += self.shapes.get(path, 0)
            if self.shapes_drawn > limit("svg_drawn"):  # each draw walks every element
                raise RenderError(f"{where}: SVG {path.name}: " + past(
                    "svg_drawn", f"{self.shapes_drawn:,} SVG elements drawn in one PDF"))
        else:
            reader = self._open(path, w, h, where)
            size = reader.getSize()
        if fit not in FITS:
            raise RenderError(f"{where}.fit: '{fit}' is not one of {', '.join(FITS)}")
        scale = (max if fit == "cover" else min)(w / size[0], h / size[1])
        dw, dh = (w, h) if fit == "fill" else (size[0] * scale, size[1] * scale)
        dx, dy = x + (w - dw) / 2, y + (h - dh) / 2
        canvas.saveState()
        if fit == "cover":
            clip = canvas.beginPath()
            clip.rect(mm(x), -mm(y + h), mm(w), mm(h))
            canvas.clipPath(clip, stroke=0, fill=0)
        if path.suffix.lower() == ".svg":
            from reportlab.graphics import renderPDF

            canvas.translate(mm(dx), -mm(dy + dh))
            canvas.scale(mm(dw) / drawing.width, mm(dh) / drawing.height)
            # an SVG recurs on many cards (a kit's pattern art): stored once in the document
            place_form(canvas, self.forms, path, "Svg",
                       lambda: renderPDF.draw(drawing, canvas, 0, 0))
        else:
            canvas.drawImage(reader, mm(dx), -mm(dy + dh), mm(dw), mm(dh), mask="auto")
        canvas.restoreState()


# the picture cache of each document (its canvas): a picture drawn in a replayed drawing is
# drawn, counted and stored as a form by the cache of the document it is replayed into
_CACHES: WeakKeyDictionary[Canvas, ImageCache] = WeakKeyDictionary()


def _draw_again(canvas: Canvas, path: Path, root: Path, x: float, y: float, w: float, h: float,
                fit: str, where: str) -> None:
    _CACHES.setdefault(canvas, ImageCache())._draw(canvas, path, root, x, y, w, h, fit, where)


@lru_cache(maxsize=64)
def _svg(path: Path, root: Path, version: tuple[int, int]) -> tuple[Drawing, int]:
    """An SVG file parsed and judged (``svg_guard``), then drawn by svglib from that same
    tree, once a process per version of the file (a kit's pattern art recurs in every
    language and paper), with the elements it draws. Drawing it reads the drawing and never
    changes it."""
    from svglib.svglib import SvgRenderer

    from .svg_fonts import BundledFonts

    svg = judged_svg(path, root)
    fonts = BundledFonts()  # never a font file the SVG names, nor the machine's fonts
    try:  # as svglib.svglib.svg2rlg does, with the tree judged instead of its own parse
        drawing = SvgRenderer(str(path), external_reference_root=str(root),
                              font_map=fonts).render(svg.root)
    except Exception as exc:  # noqa: BLE001 - svglib raises many kinds on bad input
        raise RenderError(f"cannot read SVG {path.name}: {fonts.refusal() or exc}") from None
    if fonts.refusal():
        raise RenderError(f"cannot read SVG {path.name}: {fonts.refusal()}")
    if not drawing.width or not drawing.height:
        raise RenderError(f"cannot read SVG {path.name}: not a drawing with a width and "
                          "height (give the <svg> a viewBox)")
    # svglib's drawings start in Helvetica, which a PDF names unembedded even when no text
    # uses it (print-shop preflight flags it): start in our embedded font
    drawing.initialFontName = font_name("regular")
    return drawing, svg.elements


def aspect(path: Path, root: Path, where: str) -> float:
    """Width / height of a picture file, read once per version of the file."""
    path = locate(path, root, where)
    return _aspect(path, root, file_version(path), where)


@lru_cache(maxsize=256)
def _aspect(path: Path, root: Path, version: tuple[int, int], where: str) -> float:
    if path.suffix.lower() == ".svg":
        drawing = ImageCache()._drawing(path, root, where)
        return float(drawing.width / drawing.height)
    try:
        with open_picture(path, path.name, where) as image:  # reads the header only
            _check_pixels(path, image.width, image.height, where)
            return image.width / image.height
    except Image.DecompressionBombError:
        raise _too_large(path, "", where) from None
    except BROKEN_RASTER as exc:
        raise RenderError(f"{where}: cannot read image {path}: {exc}; save it again "
                          "as PNG or JPEG") from None


def locate(path: Path, root: Path, where: str) -> Path:
    """The image file for ``path``, resolved inside ``root`` under the rule of ``paths``
    (the suffix added first, then every link followed); without a suffix, the first of
    ``name.svg``, ``name.png``, ``name.jpg``, ``name.jpeg`` that exists."""
    shown = os.path.relpath(path, root.resolve())  # as the designer writes it
    if not path.suffix:
        found = [path.with_suffix(s) for s in SUPPORTED if os.path.lexists(path.with_suffix(s))]
        if not found:
            raise RenderError(f"{where}: image not found: {shown} in the game folder (looked "
                              f"for {', '.join(path.name + s for s in SUPPORTED)})")
        path = found[0]
    if not os.path.lexists(path):
        raise RenderError(f"{where}: image not found: {shown} in the game folder {root}")
    if path.suffix.lower() not in SUPPORTED:
        raise RenderError(f"{where}: unsupported image format '{path.suffix}' for {path.name};"
                          f" use one of {', '.join(SUPPORTED)}")
    try:
        return regular_file(path, [root], "an image",
                            "svg_bytes" if path.suffix.lower() == ".svg" else FILE_LIMIT)
    except Refused as exc:
        raise RenderError(f"{where}: {exc}") from None


def _check_pixels(path: Path, width: int, height: int, where: str) -> None:
    """Refuse a raster whose header declares more pixels than any card needs (Pillow's own
    guard, in Image.open, catches the worst first)."""
    if width * height > MAX_PIXELS or max(width, height) > MAX_SIDE_PX:
        raise _too_large(path, f" ({width} × {height})", where)


def _too_large(path: Path, size: str, where: str) -> RenderError:
    return RenderError(f"{where}: image {path}{size} is past the limit of {MAX_PIXELS:,} "
                       f"pixels and {MAX_SIDE_PX:,} a side; scale it down (300 dpi is the "
                       "most a print uses)")
