"""Raster images: opened safely (decompression-bomb guard), capped at 300 dpi, stored once."""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from ..errors import RenderError
from ..units import mm

SUPPORTED = {".png", ".jpg", ".jpeg"}
MAX_DPI = 300
Image.MAX_IMAGE_PIXELS = 50_000_000  # Pillow's bomb guard: refuse anything larger


@dataclass
class ImageCache:
    """One decoded, downsampled image per (file, box size) for the whole document."""

    readers: dict[tuple[Path, int, int], ImageReader] = field(default_factory=dict)

    def _open(self, path: Path, root: Path, w: float, h: float, where: str) -> ImageReader:
        if root.resolve() not in path.parents:
            raise RenderError(f"{where}: image {path} lies outside the game folder {root}")
        if not path.is_file():
            raise RenderError(f"{where}: image not found: {path}")
        if path.suffix.lower() not in SUPPORTED:
            raise RenderError(f"{where}: unsupported image format '{path.suffix}' for {path.name};"
                              f" use one of {', '.join(sorted(SUPPORTED))}")
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
            if image.mode not in ("RGB", "RGBA", "L"):
                image = image.convert("RGBA")
            self.readers[key] = ImageReader(image)
        return self.readers[key]

    def draw(self, canvas: Canvas, path: Path, root: Path, x: float, y: float, w: float,
             h: float, fit: str, where: str) -> None:
        reader = self._open(path, root, w, h, where)
        iw, ih = reader.getSize()
        scale = (max if fit == "cover" else min)(w / iw, h / ih)
        dw, dh = iw * scale, ih * scale
        dx, dy = x + (w - dw) / 2, y + (h - dh) / 2
        canvas.saveState()
        if fit == "cover":
            clip = canvas.beginPath()
            clip.rect(mm(x), -mm(y + h), mm(w), mm(h))
            canvas.clipPath(clip, stroke=0, fill=0)
        canvas.drawImage(reader, mm(dx), -mm(dy + dh), mm(dw), mm(dh), mask="auto")
        canvas.restoreState()
