"""``pnp export cut``: the cut lines of every card sheet of a PDF, for a cutting machine.

The lines come from the very plan ``pnp build`` draws with the same options
(``pipeline.build.plan_document``), never from a layout of their own: one closed path per card
along its trim box, with the corners of its size rounded (``corner_radius`` in
``templates/sizes.yaml``), in mm from the page's top-left corner. Each sheet is written twice:
an SVG whose viewBox is the page (Silhouette Studio, Cricut Design Space, Inkscape) and a DXF
in mm (LightBurn, laser and plotter software), in a folder named after the PDF.
"""

from __future__ import annotations

import io
import math
import re
import time
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

import ezdxf
from ezdxf import units

from ..content.machines import corner_radius, registration
from ..content.model import Size
from ..errors import UsageError
from ..imposition.plan import Backs, Duplex, PagePlan, Side
from ..imposition.registration import holds_cards
from ..pipeline.build import Planned, output_path, plan_document
from ..pipeline.request import BuildRequest
from .staging import staged

QUARTER_BULGE = math.tan(math.radians(90) / 4)  # a DXF bulge that draws a quarter circle


NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


@dataclass(frozen=True)
class CutLine:
    """A card's trim box on the page (x, y = top-left, mm) and the radius of its corners."""

    card: str   # the component id and the card's number, as the SVG path's id
    x: float
    y: float
    w: float
    h: float
    radius: float


@dataclass(frozen=True)
class CutSheet:
    """The cut lines of one page of the PDF (``page``: its number, from 1)."""

    page: int
    width: float
    height: float
    lines: tuple[CutLine, ...]


@dataclass(frozen=True)
class CutResult:
    folder: Path
    pdf: str         # the name of the PDF these lines cut
    sheets: int
    cards: int
    seconds: float


def cut_sheets(planned: Planned) -> list[CutSheet]:
    """A sheet for every page of the PDF that holds cards, in page order."""
    sheets = []
    number = 0
    for plan in planned.guided.plans:
        for page in plan.pages:
            number += 1
            if holds_cards(page):
                sheets.append(CutSheet(number, page.width, page.height,
                                       _lines(page, plan.component_id)))
    return sheets


def _lines(page: PagePlan, component: str) -> tuple[CutLine, ...]:
    lines = []
    for placement in page.placements:
        if placement.side != Side.FRONT:
            continue
        w, h = placement.footprint
        radius = min(corner_radius(Size(placement.w, placement.h)), w / 2, h / 2)
        card = f"{placement.component or component}-{placement.item + 1}"
        lines.append(CutLine(card, placement.x, placement.y, w, h, radius))
    return tuple(lines)


def export_cut(request: BuildRequest) -> CutResult:
    """Write the SVG and DXF of every card sheet of the PDF ``request`` builds into
    ``<out_dir>/<the PDF's name>/``, whole or not at all."""
    started = time.perf_counter()
    options = request.options
    if options.duplex == Duplex.NONE and options.backs == Backs.FOLD:
        raise UsageError("fold-and-glue pairs are folded and glued before they are cut, which "
                         "a cutting machine cannot do; export cut lines for a double-sided "
                         "build (--duplex long or short)")
    planned = plan_document(request)
    sheets = cut_sheets(planned)
    pdf = output_path(planned.game, request).name
    if not sheets:
        raise UsageError(f"{pdf} has no sheet of cards to cut; choose a game or --only with "
                         "decks ('pnp list' shows each game's components)")
    note = _machine_note(request)
    target = Path(request.out_dir) / Path(pdf).stem
    with staged(target) as staging:
        for sheet in sheets:
            name = f"page-{sheet.page:03d}"
            (staging / f"{name}.svg").write_text(sheet_svg(sheet, pdf, note), encoding="utf-8")
            (staging / f"{name}.dxf").write_bytes(sheet_dxf(sheet))
    return CutResult(target, pdf, len(sheets), sum(len(s.lines) for s in sheets),
                     time.perf_counter() - started)


def _machine_note(request: BuildRequest) -> str:
    """What the machine's software must be told, for the comment at the top of each SVG."""
    machine = request.options.registration
    if not machine:
        return "No registration marks: cut by hand or align the sheet on the machine yourself."
    marks = registration(machine)
    if marks.print_area is not None:
        area = marks.print_area
        return (f"{machine}: its software prints its own registration marks; every card lies "
                f"inside its {area.w:g} x {area.h:g} mm print area, centred on the page.")
    return (f"{machine}: registration marks on the printed page: a {marks.square:g} mm square "
            f"at the top-left, L corners of {marks.length:g} mm arms, {marks.thickness:g} mm "
            f"thick, {marks.inset:g} mm inset from the paper's edges; set the same in the "
            "machine's software.")


def _mm(value: float) -> str:
    """A coordinate in mm, to a micrometre, without trailing zeros."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def path_data(line: CutLine) -> str:
    """A closed SVG path clockwise around the trim box, a quarter circle at each corner."""
    x, y, w, h, r = line.x, line.y, line.w, line.h, line.radius
    arc = f"A {_mm(r)} {_mm(r)} 0 0 1"
    return (f"M {_mm(x + r)} {_mm(y)} H {_mm(x + w - r)} {arc} {_mm(x + w)} {_mm(y + r)} "
            f"V {_mm(y + h - r)} {arc} {_mm(x + w - r)} {_mm(y + h)} H {_mm(x + r)} "
            f"{arc} {_mm(x)} {_mm(y + h - r)} V {_mm(y + r)} {arc} {_mm(x + r)} {_mm(y)} Z")


def sheet_svg(sheet: CutSheet, pdf: str, note: str) -> str:
    """The page in mm (1 user unit = 1 mm) with one red hairline path per card: what a
    cutting program imports as cut lines, and nothing else it could cut."""
    paths = "\n".join(f'    <path id={quoteattr(xml_chars(line.card))} d="{path_data(line)}"/>'
                      for line in sheet.lines)
    w, h = _mm(sheet.width), _mm(sheet.height)
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" '
            f'viewBox="0 0 {w} {h}">\n'
            f"  <title>{escape(xml_chars(pdf))}, page {sheet.page}: {len(sheet.lines)} cut "
            "lines</title>\n"
            f"  {xml_comment(note)}\n"
            f'  <g id="cut" fill="none" stroke="#ff0000" stroke-width="0.1">\n'
            f"{paths}\n"
            f"  </g>\n"
            f"</svg>\n")


def xml_chars(text: str) -> str:
    """``text`` without the characters XML 1.0 forbids anywhere (control characters but tab
    and line ends, lone surrogates, U+FFFE and U+FFFF): a card id comes from a game's data."""
    return NOT_XML.sub("", text)


def xml_comment(text: str) -> str:
    """``text`` as an XML comment that stays one: a comment may hold no ``--`` (``---``
    replaced pairwise left one) and may not end in ``-`` (``--->``), so a space follows
    every hyphen another follows, and the last character of the text."""
    return f"<!-- {re.sub(r'-(?=-)', '- ', xml_chars(text))} -->"


def sheet_dxf(sheet: CutSheet) -> bytes:
    """The same lines as closed polylines with arc segments, in mm, y upwards from the page's
    bottom-left corner (DXF's axes)."""
    doc = ezdxf.new("R2010")
    doc.units = units.MM
    doc.layers.add("CUT", color=1)
    space = doc.modelspace()
    for line in sheet.lines:
        space.add_lwpolyline(_dxf_points(line, sheet.height), format="xyb", close=True,
                             dxfattribs={"layer": "CUT"})
    stream = io.StringIO()
    doc.write(stream)
    return stream.getvalue().encode("utf-8")


def _dxf_points(line: CutLine, page_height: float) -> list[tuple[float, float, float]]:
    """Corners clockwise from the top edge's left end; each corner's arc is a negative
    (clockwise) bulge on the segment that starts it."""
    r, b = line.radius, -QUARTER_BULGE if line.radius else 0.0
    left, right = line.x, line.x + line.w
    top, bottom = page_height - line.y, page_height - line.y - line.h
    points = [(left + r, top, 0.0), (right - r, top, b), (right, top - r, 0.0),
              (right, bottom + r, b), (right - r, bottom, 0.0), (left + r, bottom, b),
              (left, bottom + r, 0.0), (left, top - r, b)]
    return points if r else [p for i, p in enumerate(points) if i % 2 == 0]

