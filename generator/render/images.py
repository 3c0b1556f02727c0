"""Images: rasters opened safely (decompression-bomb guard) and capped at 300 dpi; SVG drawn
as vectors through svglib. Each file is decoded once per document. An image's declared size
is read and judged before any drawing library sees the file: a width of 1e30 or a 100,000
pixel side is a hostile or broken file, and Pillow or svglib would spend the memory first."""

from __future__ import annotations

import base64
import binascii
import math
import os
import re
import urllib.parse
import warnings
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from weakref import WeakKeyDictionary

from PIL import Image
from reportlab.graphics.shapes import Drawing
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from ..errors import RenderError, excerpt
from ..limits import limit, past
from ..paths import FILE_LIMIT, Refused, regular_file
from ..pictures import check_magic, format_of, open_picture
from ..resources import file_version
from ..units import mm
from .fonts import font_name
from .forms import place_form
from .recording import one_call

RASTER = (".png", ".jpg", ".jpeg")
SUPPORTED = (".svg", *RASTER)  # also the order in which a src without a suffix is looked up
MAX_DPI = 300
FITS = ("contain", "cover", "fill")  # whole image inside / box covered, cropped / stretched
MAX_PIXELS = 50_000_000
MAX_SIDE_PX = 30_000  # 2.5 m at 300 dpi
MAX_SVG_POINTS = 14_400  # 200 in: the largest page a PDF may have (ISO 32000, annex C)
Image.MAX_IMAGE_PIXELS = MAX_PIXELS  # Pillow's own bomb guard, behind ours
# what Pillow raises on a damaged file: OSError for most, SyntaxError for a broken PNG chunk,
# ValueError for a truncated header or an unknown raw mode, EOFError for a cut-off stream
BROKEN_RASTER = (OSError, SyntaxError, ValueError, EOFError)
# an SVG length: a number and its unit; % and em are relative, so no size of their own
SVG_LENGTH = re.compile(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:inf|nan))"
                        r"\s*(px|pt|pc|mm|cm|in|%|em|ex)?\s*$", re.IGNORECASE | re.ASCII)
SVG_HREF = re.compile(r"""\bhref\s*=\s*(["'])(.*?)\1""", re.DOTALL)  # xlink:href too
POINTS_PER = {"": 0.75, "px": 0.75, "pt": 1.0, "pc": 12.0, "mm": 72 / 25.4, "cm": 72 / 2.54,
              "in": 72.0}


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
            check_svg_size(path, where)
            check_svg_references(path, root, where)
            self.shapes[path] = count_svg_elements(path, where)
            drawing = _parsed_svg(path, root, file_version(path))
            if isinstance(drawing, str):
                raise RenderError(f"{where}: cannot read SVG {path.name}: {drawing}")
            self.drawings[path] = drawing
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
def _parsed_svg(path: Path, root: Path, version: tuple[int, int]) -> Drawing | str:
    """An SVG file parsed by svglib once a process per version of the file (a kit's pattern
    art recurs in every language and paper), or what is wrong with it. Drawing it reads the
    drawing and never changes it."""
    from svglib.svglib import svg2rlg

    from .svg_fonts import BundledFonts

    fonts = BundledFonts()  # never a font file the SVG names, nor the machine's fonts
    try:
        drawing = svg2rlg(str(path), external_reference_root=str(root), font_map=fonts)
    except Exception as exc:  # noqa: BLE001 - svglib raises many kinds on bad input
        return fonts.refusal() or str(exc)
    if fonts.refusal():
        return str(fonts.refusal())
    if drawing is None or not drawing.width or not drawing.height:
        return "not a drawing with a width and height (give the <svg> a viewBox)"
    # svglib's drawings start in Helvetica, which a PDF names unembedded even when no text
    # uses it (print-shop preflight flags it): start in our embedded font
    drawing.initialFontName = font_name("regular")
    return drawing


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


def check_svg_size(path: Path, where: str) -> None:
    """Refuse an SVG whose root declares a width and height (or, lacking them, a viewBox)
    that is not a finite size up to the largest PDF page, read from its first tag alone. A
    viewBox beside a width and height only sets the scale, so any size of it is fine."""
    try:
        with path.open("rb") as handle:  # closed though the parse stops at the first tag
            _, root = next(ElementTree.iterparse(handle, events=("start",)))
    except (ElementTree.ParseError, OSError, StopIteration):
        return  # not readable XML: svglib names the file and what is wrong
    lengths = [(name, root.get(name, "")) for name in ("width", "height")]
    box = root.get("viewBox", "").replace(",", " ").split()
    if len(box) == 4 and any(_points(value) is None for _, value in lengths):
        # no absolute width or height: svglib takes the viewBox's, in px
        lengths = [("viewBox width", box[2]), ("viewBox height", box[3])]
    for name, value in lengths:
        size = _points(value)
        if size is not None and not 0 <= size <= MAX_SVG_POINTS:
            raise RenderError(f"{where}: SVG {path} declares a {name} of "
                              f"{excerpt(value.strip())}, past the limit of "
                              f"{MAX_SVG_POINTS:,} pt (200 in, the largest PDF page); give the "
                              "<svg> a real width, height and viewBox")


def count_svg_elements(path: Path, where: str) -> int:
    """The elements an SVG draws, counted before svglib reads it (svglib takes half a
    millisecond an element: 300,000 rectangles took minutes): each ``<use>`` counted as the
    elements it copies, so 4,000 rectangles used 100 × 100 times count as 40 million.
    Refused past ``svg_elements``, or nested (``<use>`` chains too) past ``svg_depth``."""
    most, count = limit("svg_elements"), 0
    root: ElementTree.Element | None = None
    try:
        with path.open("rb") as handle:
            for _, element in ElementTree.iterparse(handle, events=("start",)):
                count += 1
                root = element if root is None else root
                if count > most:
                    raise RenderError(f"{where}: SVG {path}: "
                                      + past("svg_elements", "its elements"))
    except (ElementTree.ParseError, OSError):
        return count  # not readable XML: svglib names the file and what is wrong
    return _Expansion(root, path, where).size(root, 0) if root is not None else 0


class _Expansion:
    """How many elements an SVG tree draws once its ``<use>`` elements are expanded."""

    def __init__(self, root: ElementTree.Element, path: Path, where: str) -> None:
        self.ids = {e.get("id"): e for e in root.iter() if e.get("id")}
        self.sizes: dict[int, int] = {}
        self.path, self.where = path, where

    def size(self, element: ElementTree.Element, depth: int) -> int:
        known = self.sizes.get(id(element))
        if known is not None:
            return known
        if depth > limit("svg_depth"):
            raise RenderError(f"{self.where}: SVG {self.path}: " + past(
                "svg_depth", "elements nested, or <use> elements chained,"))
        total = 1
        if element.tag.rsplit("}", 1)[-1] == "use":
            address = next((v for k, v in element.attrib.items()
                            if k.rsplit("}", 1)[-1] == "href"), "").strip()
            if address and not address.startswith("#"):
                raise RenderError(f"{self.where}: SVG {self.path}: <use> copies {address[:80]}"
                                  " from another file; copy that element into this SVG")
            target = self.ids.get(address[1:])
            if target is not None:
                total += self.size(target, depth + 1)
        for child in element:
            total += self.size(child, depth + 1)
            if total > limit("svg_elements"):
                raise RenderError(f"{self.where}: SVG {self.path}: " + past(
                    "svg_elements", f"its elements, <use> expanded (more than {total:,})"))
        self.sizes[id(element)] = total
        return total


def check_svg_references(path: Path, root: Path, where: str) -> None:
    """Refuse an SVG whose pictures svglib would load from outside ``root`` (a link, an
    absolute or ``../`` address), or whose embedded pictures (``data:`` addresses) add up past
    ``svg_embedded_bytes``, before any of them is decoded."""
    text = path.read_bytes().decode("utf-8", "replace")
    embedded = pixels = 0
    for match in SVG_HREF.finditer(text):
        address = match.group(2).strip()
        if address.startswith("data:"):
            embedded += len(address)
            if embedded <= limit("svg_embedded_bytes"):
                pixels += _embedded_pixels(address, f"{where}: SVG {path.name}")
            if pixels > MAX_PIXELS:
                raise RenderError(f"{where}: SVG {path} embeds pictures of {pixels:,} pixels, "
                                  f"past the limit of {MAX_PIXELS:,} (raster pixels of one "
                                  "picture); scale them down (300 dpi is the most a print "
                                  "uses)")
        elif address and not address.startswith("#"):
            if "://" in address:
                raise RenderError(f"{where}: SVG {path} loads a picture from {address[:80]}; "
                                  "embed it or save it in the game folder")
            _check_loaded(path, root, address.split("#")[0], where)
    if embedded > limit("svg_embedded_bytes"):
        raise RenderError(f"{where}: SVG {path}: "
                          + past("svg_embedded_bytes", f"{embedded:,} bytes of embedded "
                                 "pictures"))


def _check_loaded(path: Path, root: Path, address: str, where: str) -> None:
    """Refuse a file an SVG loads (``<image href="e.png">``) that lies outside ``root``, or
    that is neither an SVG nor the PNG or JPEG its name says: svglib decodes it itself."""
    if not address:
        return
    try:
        loaded = regular_file(path.parent / address, [root], "a picture of an SVG")
    except Refused as exc:
        raise RenderError(f"{where}: SVG {path} loads a picture it may not: {exc}") from None
    if loaded.suffix.lower() == ".svg":
        return
    format_name = format_of(loaded.name)
    if format_name is None:
        raise RenderError(f"{where}: SVG {path} loads {address[:80]}, which is not a PNG, "
                          "JPEG or SVG file; save it again as PNG or JPEG")
    with loaded.open("rb") as stream:
        check_magic(stream.read(16), format_name, address[:80], f"{where}: SVG {path.name}")


def _embedded_pixels(address: str, where: str) -> int:
    """The pixels a ``data:`` picture declares, read from its header before anything decodes
    it (Pillow only warns below 100 megapixels); 0 when it is no picture svglib draws
    (svglib draws ``data:image/png`` and ``data:image/jpeg`` only). One that is not the
    PNG or JPEG its type says is refused."""
    head, _, data = address.partition(",")
    kind = head[len("data:"):].split(";")[0].strip()
    if format_of(kind) is None:
        return 0
    try:
        raw = base64.b64decode(data, validate=False) if head.endswith(";base64") \
            else urllib.parse.unquote_to_bytes(data)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with open_picture(raw, kind, where) as image:
                return image.width * image.height
    except Image.DecompressionBombError:
        return MAX_PIXELS + 1
    except (OSError, ValueError, binascii.Error):
        return 0


def _points(value: str) -> float | None:
    """An SVG length in points (inf or nan for such numbers); None when it is relative (%,
    em) or no length at all (for svglib to judge)."""
    match = SVG_LENGTH.match(value)
    if match is None or (match.group(2) or "").lower() not in POINTS_PER:
        return None
    number = float(match.group(1))
    return number * POINTS_PER[(match.group(2) or "").lower()] if math.isfinite(number) \
        else math.inf
