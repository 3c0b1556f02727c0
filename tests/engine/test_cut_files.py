"""Cut files for cutting machines, read back: every SVG and DXF path against the card boxes the
PDF built with the same options really clips to, the corners, and the registration marks."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import ezdxf
import pdfplumber
import pytest
from pypdf import PdfReader

from generator.content.machines import corner_radius, registration
from generator.content.model import Size
from generator.designer.cut import CutLine, CutSheet, export_cut, sheet_svg
from generator.errors import UsageError
from generator.imposition.plan import PrintOptions
from generator.pipeline.build import build
from generator.pipeline.request import BuildRequest
from support.clips import clip_boxes
from support.paths import FIXTURES
from support.units import to_mm

REG = FIXTURES / "registration"   # tarot cards (70 × 120) and mini-euro (44 × 68), with backs
BLEED = 3.0
TOLERANCE = 0.1                   # mm: what the issue asks of a cut line against the print
SVG = "{http://www.w3.org/2000/svg}"
Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Cut:
    pdf: Path
    folder: Path
    options: PrintOptions


@pytest.fixture(scope="module")
def cuts(tmp_path_factory: pytest.TempPathFactory):
    """machine → the PDF built for it and the cut files exported with the same options."""
    made: dict[tuple[str, str], Cut] = {}

    def make(machine: str = "", paper: str = "a4") -> Cut:
        if (machine, paper) not in made:
            # cards apart (--gutter): each card's bleed box, read back, is its trim plus bleed
            options = PrintOptions(paper=paper, registration=machine, shared_cuts=False)
            request = BuildRequest(REG, "en", options, out_dir=tmp_path_factory.mktemp("cut"))
            pdf = build(request).path
            made[machine, paper] = Cut(pdf, export_cut(request).folder, options)
        return made[machine, paper]

    return make


def svg_paths(path: Path) -> list[tuple[str, str]]:
    root = ET.parse(path).getroot()
    return [(p.get("id") or "", p.get("d") or "") for p in root.iter(f"{SVG}path")]


def path_box(d: str) -> tuple[Box, list[float], tuple[float, float], tuple[float, float]]:
    """The box a rounded-rectangle path spans, its arcs' radii, its first and last point."""
    tokens = re.findall(r"[MHVAZ]|-?[\d.]+", d)
    xs, ys, radii = [], [], []
    x = y = 0.0
    start = (0.0, 0.0)
    index = 0
    while index < len(tokens):
        command = tokens[index]
        args = tokens[index + 1:index + 1 + {"M": 2, "H": 1, "V": 1, "A": 7, "Z": 0}[command]]
        index += 1 + len(args)
        values = [float(a) for a in args]
        if command == "M":
            x, y = values
            start = (x, y)
        elif command == "H":
            x = values[0]
        elif command == "V":
            y = values[0]
        elif command == "A":
            assert values[0] == values[1], "a corner is a circle's quarter"
            radii.append(values[0])
            x, y = values[5], values[6]
        elif command == "Z":
            assert index == len(tokens), "the path closes at its end"
        xs.append(x)
        ys.append(y)
    assert tokens[-1] == "Z"
    return (min(xs), min(ys), max(xs), max(ys)), radii, start, (x, y)


def apart(one: Box, other: Box) -> float:
    """The largest distance in mm between the matching edges of two boxes."""
    return max(abs(a - b) for a, b in zip(one, other, strict=True))


def card_pages(pdf: Path) -> dict[int, list[Box]]:
    """Page number → the trim boxes of the cards the PDF clips to on it (bleed boxes less the
    bleed), for the pages whose clips are cards of the fixture's two sizes."""
    sizes = {(70.0, 120.0), (120.0, 70.0), (44.0, 68.0), (68.0, 44.0)}
    pages = {}
    for index in range(len(PdfReader(pdf).pages)):
        trims = [(x0 + BLEED, y0 + BLEED, x1 - BLEED, y1 - BLEED)
                 for x0, y0, x1, y1 in clip_boxes(pdf, index)]
        cards = [t for t in trims if (round(t[2] - t[0], 1), round(t[3] - t[1], 1)) in sizes]
        if cards:
            pages[index + 1] = cards
    return pages


def front_pages(pdf: Path) -> dict[int, list[Box]]:
    """The card pages whose footer does not say they are backs: here, odd pages after the
    guide's two (double-sided, every front has its back behind it)."""
    return {n: boxes for n, boxes in card_pages(pdf).items() if n % 2 == 1}


@pytest.mark.parametrize("machine, paper", [("", "a4"), ("silhouette", "a4"),
                                            ("silhouette", "letter"), ("cricut", "a4")])
def test_every_cut_path_lies_on_a_card_the_pdf_prints(cuts, machine, paper):
    cut = cuts(machine, paper)
    fronts = front_pages(cut.pdf)
    written = sorted(cut.folder.glob("page-*.svg"))
    assert [int(p.stem.split("-")[1]) for p in written] == sorted(fronts)
    for svg in written:
        printed = fronts[int(svg.stem.split("-")[1])]
        boxes = [path_box(d)[0] for _, d in svg_paths(svg)]
        assert len(boxes) == len(printed)
        for box in boxes:
            nearest = min(printed, key=lambda p: apart(p, box))
            assert apart(nearest, box) <= TOLERANCE, (svg.name, box)
    assert sum(len(svg_paths(p)) for p in written) == 5 + 12


def test_the_svg_is_the_page_in_mm_with_closed_round_cornered_paths(cuts):
    cut = cuts("silhouette")
    svg = sorted(cut.folder.glob("page-*.svg"))[0]
    root = ET.parse(svg).getroot()
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == \
        ("210mm", "297mm", "0 0 210 297")
    for card, d in svg_paths(svg):
        box, radii, start, end = path_box(d)
        assert start == end, f"{card} is not closed"
        size = Size(round(box[2] - box[0], 3), round(box[3] - box[1], 3))
        assert radii == [corner_radius(size)] * 4
    assert corner_radius(Size(70, 120)) == 3.0        # tarot: the default
    assert corner_radius(Size(68, 44)) == 2.5         # mini-euro, either way up


def test_each_dxf_holds_the_svgs_lines_closed_with_quarter_arcs(cuts):
    cut = cuts("silhouette")
    for svg in sorted(cut.folder.glob("page-*.svg")):
        doc = ezdxf.readfile(svg.with_suffix(".dxf"))
        assert doc.units == ezdxf.units.MM
        lines = list(doc.modelspace().query("LWPOLYLINE"))
        expected = sorted(path_box(d)[0] for _, d in svg_paths(svg))
        boxes = []
        for line in lines:
            assert line.closed
            points = line.get_points("xyb")
            bulges = [b for _, _, b in points if b]
            assert bulges == pytest.approx([-math.tan(math.radians(22.5))] * 4)
            xs, ys = [p[0] for p in points], [297 - p[1] for p in points]
            boxes.append((min(xs), min(ys), max(xs), max(ys)))
        assert len(boxes) == len(expected)
        for box, want in zip(sorted(boxes), expected, strict=True):
            assert box == pytest.approx(want, abs=1e-6)  # flat tuples: approx takes no nesting


def patches(pdf: Path, page: int) -> list[Box]:
    """The filled black rectangles of a page, in mm from its top-left."""
    with pdfplumber.open(pdf) as doc:
        found = doc.pages[page - 1].rects
        return sorted((round(to_mm(r["x0"]), 2), round(to_mm(r["top"]), 2),
                       round(to_mm(r["x1"]), 2), round(to_mm(r["bottom"]), 2))
                      for r in found if r["fill"] and r["non_stroking_color"] in ((0,), 0, [0]))


def test_silhouette_marks_sit_where_the_data_puts_them_on_every_card_sheet(cuts):
    cut = cuts("silhouette")
    marks = registration("silhouette")
    i, s, arm, t = marks.inset, marks.square, marks.length, marks.thickness
    r, b = 210 - i, 297 - i
    expected = sorted((round(x0, 2), round(y0, 2), round(x1, 2), round(y1, 2)) for x0, y0, x1, y1
                      in ((i, i, i + s, i + s), (r - arm, i, r, i + t), (r - t, i, r, i + arm),
                          (i, b - t, i + arm, b), (i, b - arm, i + t, b)))
    pages = card_pages(cut.pdf)
    for number in pages:
        assert patches(cut.pdf, number) == (expected if number % 2 else []), number
    assert patches(cut.pdf, 1) == []                  # the guide is no sheet to cut


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_card_bleed_or_crop_mark_enters_a_marks_corner(cuts, paper):
    cut = cuts("silhouette", paper)
    marks = registration("silhouette")
    with pdfplumber.open(cut.pdf) as doc:
        width, height = to_mm(doc.pages[0].width), to_mm(doc.pages[0].height)
    near, far = marks.inset, marks.inset + marks.corner_zone
    zones = [(near, near, far, far), (width - far, near, width - near, far),
             (near, height - far, far, height - near)]
    for number, trims in card_pages(cut.pdf).items():
        if number % 2 == 0:
            continue
        with pdfplumber.open(cut.pdf) as doc:
            crop = [(to_mm(ln["x0"]), to_mm(ln["top"]), to_mm(ln["x1"]), to_mm(ln["bottom"]))
                    for ln in doc.pages[number - 1].lines]
        bleeds = [(x0 - BLEED, y0 - BLEED, x1 + BLEED, y1 + BLEED) for x0, y0, x1, y1 in trims]
        for x0, y0, x1, y1 in bleeds + crop:
            assert near <= x0 and x1 <= width - near and near <= y0 and y1 <= height - near
            for zx0, zy0, zx1, zy1 in zones:
                assert x1 <= zx0 or x0 >= zx1 or y1 <= zy0 or y0 >= zy1, (number, (x0, y0))


def test_cricut_prints_no_mark_and_keeps_cards_in_its_print_then_cut_area(cuts):
    cut = cuts("cricut")
    area = registration("cricut").print_area
    assert area is not None
    left, top = (210 - area.w) / 2, (297 - area.h) / 2
    for number, trims in card_pages(cut.pdf).items():
        assert patches(cut.pdf, number) == []
        for x0, y0, x1, y1 in trims:
            assert left <= x0 - BLEED and x1 + BLEED <= left + area.w
            assert top <= y0 - BLEED and y1 + BLEED <= top + area.h


def test_the_marks_take_a_card_a_sheet_and_the_file_name_says_so(cuts):
    """A4 holds 2 × 2 tarot cards and 5 × 2 mini-euro; beside a Silhouette's marks the corner
    zones (and the footer band above the bottom margin) take one tarot card and two mini-euro
    (every card still prints, on more sheets)."""
    plain, marked = cuts(""), cuts("silhouette")
    assert plain.pdf.name == "registration-en-a4-gutter0.pdf"
    assert marked.pdf.name == "registration-en-a4-gutter0-silhouette.pdf"
    assert [len(b) for b in front_pages(plain.pdf).values()] == [4, 1, 10, 2]
    assert [len(b) for b in front_pages(marked.pdf).values()] == [3, 2, 8, 4]


def test_fold_and_glue_pairs_are_refused_with_the_fix(tmp_path):
    request = BuildRequest(REG, "en", PrintOptions(duplex="none", backs="fold"),
                           out_dir=tmp_path)
    with pytest.raises(UsageError, match="--duplex long or short"):
        export_cut(request)
    assert not list(tmp_path.iterdir())


def test_gang_runs_and_shared_pages_are_cut_where_they_print(tmp_path):
    """COVID's 100 tiles edge to edge (a gang-run) and its small parts packed on a shared
    page: each cut path is a card's bleed clip in the PDF less the bleed."""
    parts = ("covid-tiles", "round-marker", "propagation", "summary-card")
    request = BuildRequest("clinic-covid19", "en", PrintOptions(registration="silhouette"),
                           parts, out_dir=tmp_path)
    pdf = build(request).path
    folder = export_cut(request).folder
    total = 0
    for svg in sorted(folder.glob("page-*.svg")):
        trims = [(x0 + BLEED, y0 + BLEED, x1 - BLEED, y1 - BLEED)
                 for x0, y0, x1, y1 in clip_boxes(pdf, int(svg.stem.split("-")[1]) - 1)]
        for card, d in svg_paths(svg):
            box = path_box(d)[0]
            assert min(apart(trim, box) for trim in trims) <= TOLERANCE, (svg.name, card)
            total += 1
    assert total == 100 + 1 + 1 + 1


@pytest.mark.parametrize("note", ["a--b", "a---b", "----", "ends-", "ends--", "-starts",
                                  "x-->y", "bell\x07 and \x00 nul", "é -- ü"])
def test_the_svg_comment_is_well_formed_whatever_the_note(note: str):
    """Every SVG says what the machine needs in a comment: read back, it is one comment
    holding the note's words, hyphens kept, whatever the note holds."""
    sheet = CutSheet(1, 210, 297, (CutLine("deck-1\x01", 10, 10, 63, 88, 3),))
    parser = ET.XMLParser(target=ET.TreeBuilder(insert_comments=True))
    root = ET.fromstring(sheet_svg(sheet, "kit.pdf", note), parser)
    comments = [e.text for e in root if e.tag is ET.Comment]
    assert len(comments) == 1 and comments[0] is not None
    shown = comments[0].strip()
    assert "--" not in shown
    kept = "".join(c for c in note if c >= " ")
    assert shown.replace(" ", "") == kept.replace(" ", "")
    assert [p.get("id") for p in root.iter(f"{SVG}path")] == ["deck-1"]
