"""Read a built Patient Zero solo PDF back: text runs, chars and filled shapes per placement,
all in page millimetres from the top-left, so tests can compare drawing with the print plan."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pdfplumber
import pypdf

from generator.i18n.catalog import translator
from generator.imposition.plan import ComponentPlan, Placement
from generator.pipeline.build import build
from generator.pipeline.load import resolve_game
from generator.pipeline.plan import plan_components
from generator.pipeline.request import BuildRequest
from support.units import PT_PER_MM

GAME = "patient-zero-solo"


@dataclass(frozen=True)
class Run:
    """One drawn string (a drawString call) and its origin in page mm."""

    text: str
    x: float
    y: float


@dataclass
class Built:
    path: Path
    plans: dict[str, ComponentPlan]  # component id → its plan (shared pages: one for all)
    first_page: dict[str, int]      # component id → index of its plan's first page in the PDF


def build_kit(out_dir: Path, lang: str = "en", only: tuple[str, ...] = ()) -> Built:
    request = BuildRequest(GAME, lang, only=only, out_dir=out_dir, guide=False)  # parts only
    result = build(request)
    game = resolve_game(GAME)
    plans = plan_components(game, request, translator(lang, game.folder))
    first, by_id, index = {}, {}, 0
    for plan in plans:
        for entry in plan.outline:  # every part of a shared plan finds the plan
            first[entry.component_id], by_id[entry.component_id] = index, plan
        index += len(plan.pages)
    return Built(result.path, by_id, first)


@lru_cache(maxsize=64)
def _reader(path: Path) -> pypdf.PdfReader:
    return pypdf.PdfReader(path)


@lru_cache(maxsize=256)
def _plumber_page(path: Path, page: int) -> tuple[list[dict], list[dict]]:
    """(curves, chars) of one page, read once."""
    with pdfplumber.open(path) as pdf:
        p = pdf.pages[page]
        return p.curves, p.chars


@lru_cache(maxsize=256)
def text_runs(path: Path, page: int) -> list[Run]:
    """Every string on a page with its origin (rotation-proof, unlike word extraction)."""
    pdf_page = _reader(path).pages[page]
    height = float(pdf_page.mediabox.height)
    runs: list[Run] = []

    def visit(text, cm, tm, _font, _size):
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            runs.append(Run(text.strip(), x / PT_PER_MM, (height - y) / PT_PER_MM))

    pdf_page.extract_text(visitor_text=visit)
    return runs


def inside(placement: Placement, x: float, y: float) -> bool:
    fw, fh = placement.footprint
    return placement.x <= x <= placement.x + fw and placement.y <= y <= placement.y + fh


def to_page(placement: Placement, lx: float, ly: float) -> tuple[float, float]:
    """A point given in the layout's own mm, on the page (the card turned clockwise)."""
    fw, fh = placement.footprint
    dx, dy = lx - placement.w / 2, ly - placement.h / 2
    turned = {0: (dx, dy), 90: (-dy, dx), 180: (-dx, -dy), 270: (dy, -dx)}[placement.rotation]
    return placement.x + fw / 2 + turned[0], placement.y + fh / 2 + turned[1]


def to_card(placement: Placement, px: float, py: float) -> tuple[float, float]:
    """A point on the page, in the card layout's own mm (the inverse of ``to_page``)."""
    fw, fh = placement.footprint
    tx, ty = px - placement.x - fw / 2, py - placement.y - fh / 2
    local = {0: (tx, ty), 90: (ty, -tx), 180: (-tx, -ty), 270: (-ty, tx)}[placement.rotation]
    return local[0] + placement.w / 2, local[1] + placement.h / 2


def filled_boxes(path: Path, page: int, rgb: tuple[float, float, float],
                 min_points: int = 0) -> list[tuple[float, float, float, float]]:
    """Bounding boxes (left, top, right, bottom in page mm) of the filled paths and rectangles
    in one colour with at least ``min_points`` points (an ellipse has 5: four Bézier curves)."""
    with pdfplumber.open(path) as pdf:
        objects = pdf.pages[page].curves + pdf.pages[page].rects
    want = tuple(round(v, 2) for v in rgb)
    return [(o["x0"] / PT_PER_MM, o["top"] / PT_PER_MM, o["x1"] / PT_PER_MM,
             o["bottom"] / PT_PER_MM)
            for o in objects if o.get("fill") and len(o.get("pts") or ()) >= min_points
            and tuple(round(v, 2) for v in (o.get("non_stroking_color") or ())) == want]


def runs_in(runs: list[Run], placement: Placement) -> list[Run]:
    return [r for r in runs if inside(placement, r.x, r.y)]


def filled_triangles(path: Path, page: int, rgb: tuple[float, float, float]) -> list[tuple]:
    """Centres (mm) of filled three-point paths in one colour: arrow heads."""
    curves, _ = _plumber_page(path, page)
    found = []
    for c in curves:
        colour = tuple(round(v, 2) for v in (c.get("non_stroking_color") or ()))
        if c.get("fill") and len(c["pts"]) == 4 and colour == tuple(round(v, 2) for v in rgb):
            found.append(((c["x0"] + c["x1"]) / 2 / PT_PER_MM,
                          (c["top"] + c["bottom"]) / 2 / PT_PER_MM))
    return found


def largest_char_centre(path: Path, page: int, placement: Placement) -> tuple[str, float, float]:
    """The biggest glyph inside a placement (the die number on a limb card) and its centre."""
    _, chars = _plumber_page(path, page)
    best = None
    for ch in chars:
        cx = (ch["x0"] + ch["x1"]) / 2 / PT_PER_MM
        cy = (ch["top"] + ch["bottom"]) / 2 / PT_PER_MM
        area = (ch["x1"] - ch["x0"]) * (ch["bottom"] - ch["top"])
        if inside(placement, cx, cy) and (best is None or area > best[0]):
            best = (area, ch["text"], cx, cy)
    assert best is not None, f"no text inside {placement}"
    return best[1], best[2], best[3]


def hex_rgb(value: str) -> tuple[float, float, float]:
    return tuple(int(value[i:i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]
