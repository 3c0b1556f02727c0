"""Images: rasters opened safely (decompression-bomb guard) and capped at 300 dpi; SVG drawn
as vectors through svglib. Each file is decoded once per document."""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image
from reportlab.graphics.shapes import Drawing
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from ..errors import RenderError
from ..units import mm

RASTER = (".png", ".jpg", ".jpeg")
SUPPORTED = (".svg", *RASTER)  # also the order in which a src without a suffix is looked up
MAX_DPI = 300
FITS = ("contain", "cover", "fill")  # whole image inside / box covered, cropped / stretched
Image.MAX_IMAGE_PIXELS = 50_000_000  # Pillow's bomb guard: refuse anything larger


@dataclass
class ImageCache:
    """One decoded, downsampled image per (file, box size) for the whole document."""

    readers: dict[tuple[Path, int, int], ImageReader] = field(default_factory=dict)
    drawings: dict[Path, Drawing] = field(default_factory=dict)

    def _open(self, path: Path, w: float, h: float, where: str) -> ImageReader:
        max_px = (int(w / 25.4 * MAX_DPI) + 1, int(h / 25.4 * MAX_DPI) + 1)
        key = (path, *max_px)
        if key not in self.readers:
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("error", Image.DecompressionBombWarning)
                    image = Image.open(path)
                    image.load()
            except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
                raise RenderError(f"{where}: image {path.name} is too large to open safely "
                                  f"({exc})") from None
            except OSError as exc:
                raise RenderError(f"{where}: cannot read image {path.name}: {exc}") from None
            if image.width > max_px[0] * 1.05 or image.height > max_px[1] * 1.05:
                image.thumbnail(max_px)
            drawn: Image.Image = image
            if image.mode not in ("RGB", "RGBA", "L"):
                drawn = image.convert("RGBA")
            self.readers[key] = ImageReader(drawn)
        return self.readers[key]

    def _drawing(self, path: Path, root: Path, where: str) -> Drawing:
        if path not in self.drawings:
            from svglib.svglib import svg2rlg

            try:
                drawing = svg2rlg(str(path), external_reference_root=str(root))
            except Exception as exc:  # noqa: BLE001 - svglib raises many kinds on bad input
                raise RenderError(f"{where}: cannot read SVG {path.name}: {exc}") from None
            if drawing is None or not drawing.width or not drawing.height:
                raise RenderError(f"{where}: cannot read SVG {path.name}: not a drawing with a "
                                  "width and height (give the <svg> a viewBox)")
            self.drawings[path] = drawing
        return self.drawings[path]

    def draw(self, canvas: Canvas, path: Path, root: Path, x: float, y: float, w: float,
             h: float, fit: str, where: str) -> None:
        path = locate(path, root, where)
        if path.suffix.lower() == ".svg":
            drawing = self._drawing(path, root, where)
            size = drawing.width / mm(1), drawing.height / mm(1)
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
            renderPDF.draw(drawing, canvas, 0, 0)
        else:
            canvas.drawImage(reader, mm(dx), -mm(dy + dh), mm(dw), mm(dh), mask="auto")
        canvas.restoreState()


def locate(path: Path, root: Path, where: str) -> Path:
    """The image file for ``path``, inside ``root``; without a suffix, the first of
    ``name.svg``, ``name.png``, ``name.jpg``, ``name.jpeg`` that exists."""
    if root.resolve() not in path.parents:
        raise RenderError(f"{where}: image {path} lies outside the game folder {root}")
    if not path.suffix:
        found = [path.with_suffix(s) for s in SUPPORTED if path.with_suffix(s).is_file()]
        if not found:
            raise RenderError(f"{where}: image not found: {path} (looked for "
                              f"{', '.join(path.name + s for s in SUPPORTED)})")
        path = found[0]
    if not path.is_file():
        raise RenderError(f"{where}: image not found: {path}")
    if path.suffix.lower() not in SUPPORTED:
        raise RenderError(f"{where}: unsupported image format '{path.suffix}' for {path.name};"
                          f" use one of {', '.join(SUPPORTED)}")
    return path
