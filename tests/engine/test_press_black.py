"""Black a press prints sharp: in a --pdfx file no character and no line is near-black in
more than one ink, and no line is thinner than 0.1 mm (0.28 pt)."""

from __future__ import annotations

import math
from collections.abc import Iterator

import pikepdf
import pytest

from generator.render.press_black import BLACK_ALONE, PressBlack, press_black, settings

MIN_STROKE_PT = 0.1 * 72 / 25.4
TEXT = {"Tj", "TJ", "'", '"'}
STROKED = {"S", "s", "B", "B*", "b", "b*"}


def near_black_in_many_inks(inks: tuple[float, ...] | None) -> bool:
    return inks is not None and len(inks) == 4 and inks[3] >= 0.85 and sum(inks[:3]) > 0


def painted(pdf: pikepdf.Pdf) -> Iterator[tuple[str, str, tuple | None, float]]:
    """(where, what, its colour, the line width in points) for every character run and line
    drawn in every page and form, following q/Q and the transformation's scale."""
    streams: list[tuple[str, pikepdf.Object]] = []
    seen: set[tuple[int, int]] = set()

    def forms(resources, where):
        for name, xobject in ((resources or {}).get("/XObject") or {}).items():
            if xobject.get("/Subtype") == "/Form" and xobject.objgen not in seen:
                seen.add(xobject.objgen)
                streams.append((f"{where} {name}", xobject))
                forms(xobject.get("/Resources"), f"{where} {name}")

    for number, page in enumerate(pdf.pages, start=1):
        streams.append((f"page {number}", page))
        forms(page.obj.get("/Resources"), f"page {number}")
    for where, owner in streams:
        state = {"fill": None, "stroke": None, "width": 1.0, "scale": 1.0}
        saved = []
        for instruction in pikepdf.parse_content_stream(owner):
            op, values = str(instruction.operator), list(instruction.operands)
            if op == "q":
                saved.append(dict(state))
            elif op == "Q":
                state = saved.pop()
            elif op == "cm":
                a, b, c, d = (float(v) for v in values[:4])
                state["scale"] *= math.sqrt(abs(a * d - b * c))
            elif op in ("k", "sc", "scn"):
                state["fill"] = tuple(float(v) for v in values)
            elif op in ("K", "SC", "SCN"):
                state["stroke"] = tuple(float(v) for v in values)
            elif op == "w":
                state["width"] = float(values[0])
            elif op in TEXT:
                yield where, "text", state["fill"], 0.0
            elif op in STROKED:
                yield where, "line", state["stroke"], state["width"] * state["scale"]


@pytest.mark.slow
@pytest.mark.parametrize("game", ["save-patient-zero", "patient-zero-solo", "microbious",
                                  "clinic-covid19", "pharma-code"])
def test_text_and_lines_print_in_black_ink_alone_and_never_under_0_1_mm(built, game):
    pdf = pikepdf.open(built(game, "de", paper="a4", pdfx=True).path)
    runs = list(painted(pdf))
    assert sum(1 for _, what, _, _ in runs if what == "text") > 100  # the kit was read
    fringed = [(where, what) for where, what, inks, _ in runs if near_black_in_many_inks(inks)]
    assert fringed == []
    thin = [(where, width) for where, what, _, width in runs
            if what == "line" and width < MIN_STROKE_PT - 1e-3]
    assert thin == []


SCRATCH = pikepdf.new()  # kept alive: a stream of a collected Pdf cannot be parsed


def stream(text: bytes) -> list:
    return list(pikepdf.parse_content_stream(pikepdf.Stream(SCRATCH, text)))


def ops(instructions) -> bytes:
    return pikepdf.unparse_content_stream(instructions)


FIGURES = PressBlack(min_black_ink=0.85, rich_area_mm=5, min_stroke_pt=MIN_STROKE_PT)
RICH = b"0.71 0.6 0.55 0.98 k"


def test_near_black_text_turns_black_alone_and_a_wide_area_stays_rich():
    out = ops(press_black(stream(RICH + b" BT /F1 8 Tf (hi) Tj ET 0 0 100 100 re f"), FIGURES))
    assert out.split(b"\n") == [RICH, b"BT", b"/F1 8 Tf", b"0 0 0 1 k", b"(hi) Tj", b"ET",
                                RICH, b"0 0 100 100 re", b"f"]


def test_a_thin_fill_and_a_near_black_line_print_in_black_alone_at_the_finest_line():
    out = ops(press_black(stream(RICH + b" 0 0 100 1 re f 0.7 0.6 0.5 0.97 K 0.05 w 0 0 m "
                                 b"9 9 l S"), FIGURES))
    assert out.split(b"\n") == [RICH, b"0 0 0 1 k", b"0 0 100 1 re", b"f", b"0 0 0 1 K",
                                b"0.2835 w", b"0 0 m", b"9 9 l", b"S"]


def test_a_scaled_drawing_keeps_its_lines_at_the_finest_line_on_paper():
    out = ops(press_black(stream(b"q 0.1 0 0 0.1 0 0 cm 1 w 0 0 m 9 9 l S Q 0.1 w"), FIGURES))
    assert b"2.8346 w" in out and out.endswith(b"0.2835 w")


def test_colours_that_are_not_near_black_are_left_alone():
    text = b"0.86 0.85 0.02 0.73 k BT (navy) Tj ET 0 0 0 1 k BT (black) Tj ET"
    assert ops(press_black(stream(text), FIGURES)) == ops(stream(text))


def test_the_figures_are_the_data_file_s():
    assert settings() == PressBlack(0.85, 5.0, pytest.approx(MIN_STROKE_PT))
    assert BLACK_ALONE == (0, 0, 0, 1)
