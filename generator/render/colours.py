"""Colour values from layouts: palette names, '#rrggbb', or 'none'."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from ..errors import RenderError, excerpt

BASIC = {"white": "#ffffff", "black": "#000000", "grey": "#666666", "gray": "#666666"}


@lru_cache(maxsize=1024)
def _hex(value: str) -> Color:
    return HexColor(value)


def resolve(value: object, palette: Mapping[str, str], where: str) -> Color | None:
    """None for no paint; a reportlab colour otherwise; a RenderError naming unknown names."""
    if value is None or value == "" or value == "none":
        return None
    if isinstance(value, str):
        name = value.strip()
        hex_value = palette.get(name) or BASIC.get(name) or name
        if hex_value.startswith("#") and len(hex_value) == 7:
            try:
                return _hex(hex_value)
            except ValueError:
                pass
    known = ", ".join(sorted(palette)) or "(empty palette)"
    raise RenderError(
        f"{where}: unknown colour {excerpt(value)}; use '#rrggbb' or a palette name: {known}")


def tint(colour: Color, keep: float) -> Color:
    """Mix towards white, keeping ``keep`` of the colour (ink saving)."""
    return Color(1 - (1 - colour.red) * keep, 1 - (1 - colour.green) * keep,
                 1 - (1 - colour.blue) * keep)


def luminance(colour: Color) -> float:
    return 0.2126 * colour.red + 0.7152 * colour.green + 0.0722 * colour.blue


def set_fill(canvas: Canvas, colour: Color) -> None:
    """Opaque colours as plain RGB (the same operator; reportlab's Color path also
    re-checks transparency on every call)."""
    if getattr(colour, "alpha", 1) == 1:
        canvas.setFillColorRGB(colour.red, colour.green, colour.blue)
    else:
        canvas.setFillColor(colour)


def set_stroke(canvas: Canvas, colour: Color) -> None:
    if getattr(colour, "alpha", 1) == 1:
        canvas.setStrokeColorRGB(colour.red, colour.green, colour.blue)
    else:
        canvas.setStrokeColor(colour)
