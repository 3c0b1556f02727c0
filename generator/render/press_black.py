"""Black that a press prints sharp, applied to a content stream already in CMYK (``pdfx``).

A near-black screen colour (#1d1d1b) becomes four inks through the profile (71/60/55/98), and
four inks never register exactly: small text and thin lines get colour fringes. So text, every
stroke, and filled shapes narrower than a threshold print in black ink alone (0/0/0/100);
rich black stays only on filled areas at least that wide. No stroke is drawn thinner than the
press's finest line. The figures are ``press_black`` in ``templates/pdfx.yaml``.

What paints comes after the colour is set, so the colour to use is chosen where paint is
laid: before a text-showing operator, and before the path that a fill operator paints (a
colour operator may not stand inside a path, so it goes before the path's first segment).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

import pikepdf

from ..content.yamlio import load_yaml
from ..resources import templates_dir
from .cmyk import CMYK

BLACK_ALONE: CMYK = (0.0, 0.0, 0.0, 1.0)
TEXT_SHOWS = frozenset({"Tj", "TJ", "'", '"'})
PATH_BUILDS = frozenset({"m", "l", "c", "v", "y", "h", "re", "W", "W*"})
FILLS = frozenset({"f", "F", "f*", "B", "B*", "b", "b*"})
STROKES_ONLY = frozenset({"S", "s"})
ENDS_PATH = FILLS | STROKES_ONLY | {"n"}
POINTS_PER_MM = 72 / 25.4


@dataclass(frozen=True)
class PressBlack:
    """When a colour counts as near-black, and the sizes that decide how it prints."""

    min_black_ink: float   # 0–1: a colour with this much K or more is near-black
    rich_area_mm: float    # a fill this wide and high (mm) may keep its rich black
    min_stroke_pt: float   # no line thinner than this


@lru_cache(maxsize=1)
def settings() -> PressBlack:
    raw = load_yaml(templates_dir() / "pdfx.yaml")["press_black"]
    return PressBlack(float(raw["min_black_ink"]) / 100, float(raw["rich_area_mm"]),
                      float(raw["min_stroke_mm"]) * POINTS_PER_MM)


def near_black(inks: CMYK | None, figures: PressBlack) -> bool:
    """Dark enough to be read as black, and in more than black ink."""
    return inks is not None and inks[3] >= figures.min_black_ink and sum(inks[:3]) > 0


@dataclass(frozen=True)
class _State:
    fill: CMYK | None = None      # the colour the drawing asked for
    painted: CMYK | None = None   # the fill colour the stream has now (after our changes)
    scale: float = 1.0            # how much the current transformation scales a length


def press_black(instructions: Sequence[Any], figures: PressBlack | None = None) -> list[Any]:
    """``instructions`` (pikepdf content-stream instructions in CMYK) with near-black text,
    strokes and thin fills in black ink alone and no stroke under the finest line."""
    figures = figures or settings()
    state, saved = _State(), []
    out: list[Any] = []
    path: list[Any] = []
    for instruction in instructions:
        operator = str(getattr(instruction, "operator", ""))
        operands = list(getattr(instruction, "operands", ()))
        if operator in PATH_BUILDS:
            path.append(instruction)
            continue
        if operator in ENDS_PATH:
            if operator in FILLS and near_black(state.fill, figures):
                want = (state.fill if _wide(path, state.scale, figures) else BLACK_ALONE)
                state = _paint(out, state, want)
            out.extend(path)
            path = []
            out.append(instruction)
            continue
        if operator == "q":
            saved.append(state)
        elif operator == "Q" and saved:
            state = saved.pop()
        elif operator == "cm" and len(operands) == 6:
            a, b, c, d = (float(v) for v in operands[:4])
            state = replace(state, scale=state.scale * math.sqrt(abs(a * d - b * c)))
        elif operator in ("k", "sc", "scn") and len(operands) == 4:
            inks: CMYK = tuple(float(v) for v in operands)  # type: ignore[assignment]
            state = replace(state, fill=inks, painted=inks)
        elif operator in ("K", "SC", "SCN") and len(operands) == 4:
            if near_black(tuple(float(v) for v in operands), figures):  # type: ignore[arg-type]
                instruction = _colour(operator, BLACK_ALONE)
        elif operator == "w" and operands:
            thinnest = figures.min_stroke_pt / max(state.scale, 1e-9)
            if float(operands[0]) < thinnest:
                instruction = pikepdf.ContentStreamInstruction(
                    [round(thinnest, 4)], pikepdf.Operator("w"))
        elif operator in TEXT_SHOWS and near_black(state.fill, figures):
            state = _paint(out, state, BLACK_ALONE)
        out.append(instruction)
    out.extend(path)
    return out


def _paint(out: list[Any], state: _State, inks: CMYK | None) -> _State:
    """Set the fill colour to ``inks`` unless the stream already paints in it."""
    if inks is None or inks == state.painted:
        return state
    out.append(_colour("k", inks))
    return replace(state, painted=inks)


def _colour(operator: str, inks: CMYK) -> Any:
    name = "k" if operator in ("k", "sc", "scn") else "K"
    return pikepdf.ContentStreamInstruction([round(v, 4) for v in inks], pikepdf.Operator(name))


def _wide(path: Sequence[Any], scale: float, figures: PressBlack) -> bool:
    """Whether the path's box is at least the rich-black size on both sides (lengths in
    the stream's units, times the transformation's scale)."""
    xs: list[float] = []
    ys: list[float] = []
    for instruction in path:
        values = [float(v) for v in instruction.operands]
        if str(instruction.operator) == "re":
            x, y, w, h = values
            xs += [x, x + w]
            ys += [y, y + h]
        else:
            xs += values[0::2]
            ys += values[1::2]
    if not xs:
        return False
    least = figures.rich_area_mm * POINTS_PER_MM / max(scale, 1e-9)
    return max(xs) - min(xs) >= least and max(ys) - min(ys) >= least
