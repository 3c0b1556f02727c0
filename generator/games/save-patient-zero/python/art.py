"""The kit's pattern art as SVG files in the game folder's ``art/``: a card-sized field of
hexagons (the rings of a molecule) or dots, from a few figures. The files are committed; the
kit draws each once per PDF as a form (``image``), and ``tests/games/save_patient_zero``
checks that they are what this module makes, so the art is the same bytes every build.

Regenerate after changing a figure: ``python generator/games/save-patient-zero/python/art.py``.
"""

from __future__ import annotations

import math
from pathlib import Path

# mm: a mini-euro card with 3 mm bleed on each side
CARD = (50.0, 74.0)
# name: (kind, cell size mm, line width or dot diameter mm, colour, fill of the cells or none)
PATTERNS: dict[str, tuple[str, float, float, str, str]] = {
    "face-hex": ("hex", 2.6, 0.22, "#e2e7ee", "none"),       # the faces' faint texture
    # Lab-M wears rings, Lab-T dots: on the lab colour (tools) and on its pale tint (samples)
    "back-hex-white": ("hex", 2.8, 0.7, "#ffffff", "none"),  # Lab-M tools
    "back-hex-red": ("hex", 2.8, 0.25, "#c8102e", "none"),    # Lab-M samples
    "back-dots-white": ("dots", 3.4, 3.0, "#ffffff", "none"),  # Lab-T tools
    "back-dots-blue": ("dots", 3.4, 1.5, "#1f5fbf", "none"),  # Lab-T samples
    # molecules: fine, dense rings a step lighter than the base hide the number held to light
    "back-dense": ("hex", 1.4, 0.35, "#223a52", "#112233"),
    "back-stripes": ("stripes", 6.0, 2.8, "#7a6ba0", "none"),  # interruptions
}


def _hexagon(cx: float, cy: float, r: float) -> str:
    points = [(cx + r * math.cos(math.radians(60 * k)), cy + r * math.sin(math.radians(60 * k)))
              for k in range(6)]
    return "M" + "L".join(f"{x:.2f} {y:.2f}" for x, y in points) + "Z"


def _cells(size: float) -> list[tuple[float, float]]:
    """Centres of a flat-topped hexagonal tiling of edge ``size`` that covers the card."""
    w, h = CARD
    step_x, step_y = 1.5 * size, math.sqrt(3) * size
    return [(col * step_x, row * step_y + (step_y / 2 if col % 2 else 0))
            for col in range(int(w / step_x) + 2) for row in range(-1, int(h / step_y) + 2)]


def pattern_svg(name: str) -> str:
    """One pattern as an SVG document in mm, its paths written with two decimals."""
    kind, size, width, colour, fill = PATTERNS[name]
    w, h = CARD
    if kind == "hex":
        path = "".join(_hexagon(x, y, size) for x, y in _cells(size))
        body = (f'<path d="{path}" fill="{fill}" stroke="{colour}" stroke-width="{width}" '
                'stroke-linejoin="round"/>')
    elif kind == "stripes":  # bands at 45°, ``size`` apart, ``width`` wide
        bands = "".join(f"M{x:.2f} 0L{x + width:.2f} 0L{x + width - h:.2f} {h}L{x - h:.2f} {h}Z"
                        for x in [k * size for k in range(int((w + h) / size) + 2)])
        body = f'<path d="{bands}" fill="{colour}"/>'
    else:
        r = width / 2
        body = "".join(f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{r}" fill="{colour}"/>'
                       for x, y in _cells(size))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" '
            f'viewBox="0 0 {w} {h}">{body}</svg>\n')


def write(folder: Path) -> None:
    """Write every pattern into ``folder`` (the game's ``art/``)."""
    for name in PATTERNS:
        (folder / f"{name}.svg").write_text(pattern_svg(name), encoding="utf-8")


if __name__ == "__main__":
    write(Path(__file__).resolve().parents[1] / "art")  # this game folder's art/
