"""Screen colours (sRGB) as press inks (CMYK) through the ICC output profile of
``templates/pdfx.yaml``: one conversion for vector colours and raster images alike, so a
palette colour and the same colour in a picture print the same. Neutral greys print in black
ink alone at the lightness the profile gives them (``neutrals_in_black_only``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
from PIL import Image, ImageCms

from ..content.yamlio import load_yaml
from ..resources import icc_dir, templates_dir

INTENTS = {"perceptual": ImageCms.Intent.PERCEPTUAL,
           "relative-colorimetric": ImageCms.Intent.RELATIVE_COLORIMETRIC,
           "saturation": ImageCms.Intent.SATURATION,
           "absolute-colorimetric": ImageCms.Intent.ABSOLUTE_COLORIMETRIC}
CMYK = tuple[float, float, float, float]


@dataclass(frozen=True)
class OutputIntent:
    """The press condition a print-ready PDF names, and its ICC profile's bytes."""

    condition: str
    registry: str
    info: str
    profile: bytes
    profile_name: str


@lru_cache(maxsize=1)
def _settings() -> dict[str, Any]:
    return dict(load_yaml(templates_dir() / "pdfx.yaml"))


@lru_cache(maxsize=1)
def output_intent() -> OutputIntent:
    raw = _settings()["output_intent"]
    path = icc_dir() / str(raw["profile"])
    return OutputIntent(str(raw["condition"]), str(raw["registry"]), str(raw["info"]),
                        path.read_bytes(), path.name)


@lru_cache(maxsize=1)
def _press() -> ImageCms.ImageCmsProfile:
    return ImageCms.ImageCmsProfile(str(icc_dir() / str(_settings()["output_intent"]["profile"])))


@lru_cache(maxsize=1)
def _to_press() -> ImageCms.ImageCmsTransform:
    settings = _settings()
    flags = ImageCms.Flags.BLACKPOINTCOMPENSATION if settings["black_point_compensation"] \
        else ImageCms.Flags.NONE
    return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), _press(), "RGB", "CMYK",
                                   renderingIntent=INTENTS[settings["rendering_intent"]],
                                   flags=flags)


@lru_cache(maxsize=1)
def _black_ramp() -> tuple[int, ...]:
    """For each 8-bit sRGB grey, the black-ink tone (0–255) the profile prints at its
    luminance; with black point compensation, scaled so that screen black is the deepest
    black ink alone reaches, else the greys darker than that are that black."""
    ramp = Image.new("CMYK", (256, 1))
    ramp.putdata([(0, 0, 0, k) for k in range(256)])
    to_lab = ImageCms.buildTransform(_press(), ImageCms.createProfile("LAB"), "CMYK", "LAB",
                                     renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
    lab = ImageCms.applyTransform(ramp, to_lab)
    assert lab is not None
    ink_y = [_luminance_of_lightness(lightness / 2.55)
             for lightness in lab.getchannel(0).tobytes()]
    darkest = ink_y[255] if _settings()["black_point_compensation"] else 0.0
    table = []
    for grey in range(256):
        wanted = darkest + (1 - darkest) * _srgb_luminance(grey / 255)
        # ink_y falls as k rises: the first tone at or below the wanted luminance
        k = next((k for k in range(256) if ink_y[k] <= wanted + 1e-9), 255)
        if k and ink_y[k - 1] - wanted < wanted - ink_y[k]:
            k -= 1
        table.append(k)
    return tuple(table)


def _srgb_luminance(value: float) -> float:
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _luminance_of_lightness(lightness: float) -> float:
    return ((lightness + 16) / 116) ** 3 if lightness > 8 else lightness / 903.3


RGB8 = tuple[int, int, int]
_INKS: dict[RGB8, CMYK] = {}  # every colour converted so far (one transform is costly to call)


def _rgb8(red: float, green: float, blue: float) -> RGB8:
    r, g, b = (max(0, min(255, round(v * 255))) for v in (red, green, blue))
    return r, g, b


def convert_colours(colours: Iterable[tuple[float, float, float]]) -> None:
    """Convert every sRGB colour (0–1) not converted yet in one pass through the profile:
    lcms costs milliseconds a call whatever the number of pixels."""
    wanted = sorted({_rgb8(*c) for c in colours} - _INKS.keys())
    neutral = _settings()["neutrals_in_black_only"]
    for rgb in [c for c in wanted if neutral and c[0] == c[1] == c[2]]:
        _INKS[rgb] = (0.0, 0.0, 0.0, _black_ramp()[rgb[0]] / 255)
    chromatic = [c for c in wanted if c not in _INKS]
    if not chromatic:
        return
    strip = Image.new("RGB", (len(chromatic), 1))
    strip.putdata(chromatic)
    inks = ImageCms.applyTransform(strip, _to_press())
    assert inks is not None
    raw = inks.tobytes()  # c, m, y, k a pixel
    for index, rgb in enumerate(chromatic):
        c, m, y, k = raw[4 * index:4 * index + 4]
        _INKS[rgb] = (c / 255, m / 255, y / 255, k / 255)


def cmyk_of_rgb(red: float, green: float, blue: float) -> CMYK:
    """The inks (0–1) of an sRGB colour (0–1)."""
    rgb = _rgb8(red, green, blue)
    if rgb not in _INKS:
        convert_colours([(red, green, blue)])
    return _INKS[rgb]


def total_ink_limit() -> int:
    """The most ink (C + M + Y + K, in %) a colour takes unless a shop asks for less."""
    return int(_settings()["total_ink_limit"])


def limit_ink(inks: CMYK, limit: float) -> CMYK:
    """``inks`` with at most ``limit`` (1 = 100 %) in all: black kept, cyan, magenta and
    yellow scaled down together, so the hue stays and the colour lightens a little."""
    c, m, y, k = inks
    colour = c + m + y
    if c + m + y + k <= limit + 1e-9 or colour == 0:
        return inks
    keep = max(0.0, limit - k) / colour
    return (c * keep, m * keep, y * keep, min(k, limit))


def limit_image_ink(image: Image.Image, limit: float) -> Image.Image:
    """A CMYK image with :func:`limit_ink` applied to every pixel."""
    pixels = np.asarray(image, dtype=np.float64) / 255
    colour = pixels[..., :3].sum(axis=-1)
    over = pixels.sum(axis=-1) > limit + 1e-9
    keep = np.where(over & (colour > 0),
                    np.clip(limit - pixels[..., 3], 0, None) / np.maximum(colour, 1e-9), 1.0)
    pixels[..., :3] *= keep[..., None]
    return Image.fromarray(np.round(pixels * 255).astype(np.uint8), "CMYK")


def cmyk_of_grey(level: float) -> CMYK:
    """The inks of a grey level (0 black – 1 white), as the sRGB grey of that level."""
    return cmyk_of_rgb(level, level, level)


def image_to_cmyk(image: Image.Image) -> Image.Image:
    """A raster image (RGB or greyscale) in press inks: colour pixels through the profile,
    a greyscale image through the black-only ramp (as its greys would print as vectors)."""
    if image.mode in ("L", "1") and _settings()["neutrals_in_black_only"]:
        black = image.convert("L").point(list(_black_ramp()))
        blank = Image.new("L", image.size, 0)
        return Image.merge("CMYK", (blank, blank, blank, black))
    converted = ImageCms.applyTransform(image.convert("RGB"), _to_press())
    assert converted is not None
    return converted
