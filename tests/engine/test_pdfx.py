"""``pnp build --pdfx`` and ``--one-up`` as a print shop's preflight reads them: boxes on every
page in mm, no RGB anywhere (content streams, drawings, images), the OutputIntent with its ICC
profile, every font embedded, a file qpdf finds sound; one card a page at trim + bleed, front
then back. The palettes keep their colour through the profile."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import colour
import numpy as np
import pdfplumber
import pikepdf
import pytest
from PIL import Image, ImageCms
from pypdf import PdfReader
from pypdf.generic import ContentStream

from generator.errors import RenderError
from generator.imposition.plan import PrintOptions
from generator.pipeline.build import build, build_one_up
from generator.pipeline.load import resolve_game
from generator.pipeline.request import BuildRequest
from generator.render.cmyk import cmyk_of_rgb
from generator.resources import icc_dir
from support.cli import pnp
from support.paths import FIXTURES
from support.units import to_mm

DECK = FIXTURES / "designer_deck"  # PNG art, SVG icons, two card sizes, backs on one deck
CARDS = {"heroes": (7, (63.5, 88.9)), "tokens": (2, (70.0, 70.0))}  # count, trim in mm
RGB_OPERATORS = {b"rg", b"RG", b"g", b"G"}
GAMES = ["save-patient-zero", "patient-zero-solo", "pharma-code", "microbious",
         "clinic-covid19"]


def operations(reader: PdfReader) -> Iterator[tuple[str, list, bytes]]:
    """Every operator of every page's content and of every form XObject drawn on it."""
    seen: set[int] = set()
    for number, page in enumerate(reader.pages, start=1):
        for operands, operator in ContentStream(page.get_contents(), reader).operations:
            yield f"page {number}", operands, operator
        yield from _form_operations(reader, page.get("/Resources"), f"page {number}", seen)


def _form_operations(reader: PdfReader, resources, where: str, seen: set[int]):
    xobjects = (resources or {}).get("/XObject") or {}
    for name, ref in xobjects.items():
        xobject = ref.get_object()
        if xobject.get("/Subtype") != "/Form" or id(xobject) in seen:
            continue
        seen.add(id(xobject))
        for operands, operator in ContentStream(xobject, reader).operations:
            yield f"{where} {name}", operands, operator
        yield from _form_operations(reader, xobject.get("/Resources"), f"{where} {name}", seen)


def images(pdf: pikepdf.Pdf) -> list[pikepdf.Stream]:
    return [obj for obj in pdf.objects if isinstance(obj, pikepdf.Stream)
            and obj.get("/Subtype") == "/Image" and not obj.get("/ImageMask", False)]


def unembedded_fonts(path: Path) -> list[str]:
    found = []
    for obj in pikepdf.open(path).objects:
        if not isinstance(obj, pikepdf.Dictionary) or obj.get("/Type") != "/Font":
            continue
        font = obj.DescendantFonts[0] if "/DescendantFonts" in obj else obj
        descriptor = font.get("/FontDescriptor")
        if descriptor is None or not {"/FontFile", "/FontFile2", "/FontFile3"} & set(
                descriptor.keys()):
            found.append(str(obj.get("/BaseFont")))
    return found


def box_mm(box) -> tuple[float, float, float, float]:
    return tuple(round(to_mm(float(v)), 2) for v in box)  # type: ignore[return-value]


@pytest.fixture(scope="module")
def sheets(built) -> Path:
    return built(DECK, "en", paper="a4", pdfx=True).path


@pytest.fixture(scope="module")
def one_up(tmp_path_factory) -> Path:
    return build_one_up(DECK, "en", tmp_path_factory.mktemp("one-up")).path


def test_the_file_name_says_pdfx_so_the_normal_kit_stays(built, sheets, one_up) -> None:
    assert sheets.name == "designer-sample-en-a4-pdfx.pdf"
    assert one_up.name == "designer-sample-en-one-up-pdfx.pdf"
    assert built(DECK, "en", paper="a4").path.name == "designer-sample-en-a4.pdf"


def test_an_imposed_sheet_is_trimmed_and_bled_at_the_sheet(sheets) -> None:
    """The product of a sheet is the sheet: the cards are cut from it later by its marks."""
    reader = PdfReader(sheets)
    for page in reader.pages:
        assert box_mm(page.trimbox) == box_mm(page.bleedbox) == box_mm(page.mediabox) \
            == (0, 0, 210, 297)


def test_one_up_is_one_card_a_page_front_then_back_at_trim_plus_bleed(one_up) -> None:
    reader = PdfReader(one_up)
    assert len(reader.pages) == 2 * sum(count for count, _ in CARDS.values())
    expected = [size for count, size in CARDS.values() for _ in range(2 * count)]
    for number, (page, (w, h)) in enumerate(zip(reader.pages, expected, strict=True), 1):
        assert box_mm(page.mediabox) == box_mm(page.bleedbox) == (0, 0, w + 6, h + 6), number
        assert box_mm(page.trimbox) == (3, 3, w + 3, h + 3), number


def test_one_up_backs_follow_their_fronts_with_no_marks(one_up) -> None:
    reader = PdfReader(one_up)
    texts = [page.extract_text() for page in reader.pages]
    # the heroes' fronts name their hero, their backs the game; tokens have no back: blank
    for front, back in zip(texts[0:14:2], texts[1:14:2], strict=True):
        assert "Sample Prototype" in back and "Sample Prototype" not in front
    assert texts[15].strip() == "" and texts[17].strip() == ""
    with pdfplumber.open(one_up) as pdf:
        for page, read in zip(pdf.pages, reader.pages, strict=True):
            trim = [float(v) for v in read.trimbox]  # a crop mark lies outside the trim
            marks = [line for line in page.lines
                     if line["x1"] <= trim[0] or line["x0"] >= trim[2]
                     or line["bottom"] <= page.height - trim[3] or line["top"] >= page.height
                     - trim[1]]
            assert not marks, f"page {page.page_number}: {marks[0]}"


@pytest.mark.parametrize("which", ["sheets", "one_up"])
def test_no_rgb_or_grey_paint_anywhere(request, which: str) -> None:
    reader = PdfReader(request.getfixturevalue(which))
    found = []
    for where, operands, operator in operations(reader):
        if operator in RGB_OPERATORS or (operator in (b"sc", b"SC", b"scn", b"SCN")
                                         and len(operands) != 4) \
                or (operator in (b"cs", b"CS") and operands[0] != "/DeviceCMYK"):
            found.append(f"{where}: {operands} {operator.decode()}")
    assert not found, found[:5]
    assert sum(1 for _, _, op in operations(reader) if op in (b"k", b"K")) > 20


@pytest.mark.parametrize("which", ["sheets", "one_up"])
def test_every_image_is_cmyk_and_opaque(request, which: str) -> None:
    pdf = pikepdf.open(request.getfixturevalue(which))  # open while its images are read
    found = images(pdf)
    assert found, "the fixture's PNG art is an image"
    for image in found:
        assert image.ColorSpace == "/DeviceCMYK" and "/SMask" not in image


@pytest.mark.parametrize("which", ["sheets", "one_up"])
def test_output_intent_markers_and_fonts(request, which: str) -> None:
    path = request.getfixturevalue(which)
    pdf = pikepdf.open(path)
    (intent,) = pdf.Root.OutputIntents
    assert intent.S == "/GTS_PDFX" and str(intent.OutputConditionIdentifier) == "FOGRA39"
    profile = intent.DestOutputProfile
    assert int(profile.N) == 4
    data = profile.read_bytes()
    assert data[16:20] == b"CMYK" and data[12:16] == b"prtr"  # an output profile for CMYK
    assert data == (icc_dir() / "FOGRA39L_coated.icc").read_bytes()
    assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-1a:2003"
    assert pdf.docinfo.Trapped == "/False" and str(pdf.docinfo.Title)
    assert pdf.pdf_version <= "1.4"  # PDF/X-1a:2003
    assert unembedded_fonts(path) == []
    assert pdf.check_pdf_syntax() == []  # qpdf --check


def test_no_pdf_names_an_unembedded_font(built) -> None:
    """The SVG icons once brought Helvetica in, unembedded, into every default build too."""
    assert unembedded_fonts(built(DECK, "en", paper="a4").path) == []


@pytest.mark.skipif(shutil.which("gs") is None,
                    reason="Ghostscript (gs) is not installed: apt-get install ghostscript")
@pytest.mark.parametrize("which", ["sheets", "one_up"])
def test_ghostscript_reads_every_page_without_error(request, which: str) -> None:
    done = subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dPDFSTOPONERROR",
                           "-sDEVICE=nullpage", str(request.getfixturevalue(which))],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "Error" not in done.stdout + done.stderr, done.stderr


@pytest.mark.parametrize("game", GAMES)
def test_every_palette_prints_within_3_5_delta_e_of_the_screen(game: str) -> None:
    """Through FOGRA39: the Lab the press is expected to print vs the screen colour's."""
    lab = ImageCms.createProfile("LAB")
    screen = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), lab, "RGB", "LAB")
    press = ImageCms.buildTransform(str(icc_dir() / "FOGRA39L_coated.icc"), lab, "CMYK",
                                    "LAB", renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)

    def lab_of(image: Image.Image, transform) -> np.ndarray:
        lightness, a, b = ImageCms.applyTransform(image, transform).getpixel((0, 0))
        return np.array([lightness / 2.55, a - 128, b - 128])

    for name, value in resolve_game(game, ()).palette.items():
        rgb = tuple(int(value[i:i + 2], 16) for i in (1, 3, 5))
        inks = tuple(round(v * 255) for v in cmyk_of_rgb(*(v / 255 for v in rgb)))
        difference = colour.delta_E(lab_of(Image.new("RGB", (1, 1), rgb), screen),
                                    lab_of(Image.new("CMYK", (1, 1), inks), press),
                                    method="CIE 2000")
        assert difference <= 3.5, f"{game} {name} {value}: {difference:.2f}"


def test_a_palette_colour_is_painted_with_the_profiles_inks(sheets) -> None:
    """The accent (#264653) of the fixture's backs, in the inks the profile gives it: not
    an RGB formula's."""
    want = [round(v, 4) for v in cmyk_of_rgb(0x26 / 255, 0x46 / 255, 0x53 / 255)]
    painted = {tuple(round(float(v), 4) for v in operands)
               for _, operands, operator in operations(PdfReader(sheets)) if operator == b"k"}
    assert tuple(want) in painted
    naive_k = 1 - 0x53 / 255
    assert abs(want[3] - naive_k) > 0.05


@pytest.fixture
def own_deck(tmp_path: Path) -> Path:
    folder = tmp_path / "deck"
    shutil.copytree(DECK, folder)
    return folder


def test_an_alpha_channel_is_flattened_into_a_hard_mask(own_deck: Path, tmp_path: Path) -> None:
    art = Image.new("RGBA", (240, 160), (200, 16, 46, 0))
    art.paste((200, 16, 46, 255), (40, 20, 200, 140))
    art.save(own_deck / "art" / "hero.png")
    result = build(BuildRequest(own_deck, "en", PrintOptions(pdfx=True), ("heroes",),
                                out_dir=tmp_path / "out", guide=False))
    pdf = pikepdf.open(result.path)
    (image,) = images(pdf)
    assert image.ColorSpace == "/DeviceCMYK" and "/SMask" not in image
    mask = pikepdf.PdfImage(image.Mask).as_pil_image()
    assert mask.size == (240, 160)
    assert mask.getpixel((5, 5)) != mask.getpixel((120, 80))  # hidden border, painted centre


def test_opacity_is_refused_where_it_is_written(own_deck: Path, tmp_path: Path) -> None:
    layouts = own_deck / "layouts" / "cards.yaml"
    layouts.write_text(layouts.read_text() + "    - {type: rect, x: 0, y: 0, w: 5, h: 5, "
                       "fill: black, opacity: 0.4}\n")
    with pytest.raises(RenderError, match=r"cards.yaml:hero.elements\[\d+\].opacity is 0.4"):
        build(BuildRequest(own_deck, "en", PrintOptions(pdfx=True), out_dir=tmp_path / "o"))
    assert not list((tmp_path / "o").glob("*.pdf"))
    # without --pdfx the same layout builds: transparency is only refused for print shops
    build(BuildRequest(own_deck, "en", PrintOptions(), out_dir=tmp_path / "o"))


def test_an_svg_naming_a_font_pnp_does_not_embed_is_refused(own_deck: Path,
                                                            tmp_path: Path) -> None:
    (own_deck / "icons" / "heart.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">'
        '<text x="2" y="20" font-family="Helvetica" font-size="20">H</text></svg>')
    with pytest.raises(RenderError, match="font /Helvetica is not embedded.*into paths"):
        build(BuildRequest(own_deck, "en", PrintOptions(pdfx=True), ("heroes",),
                           out_dir=tmp_path / "out"))


def test_an_ink_limit_holds_for_every_colour_and_image(built) -> None:
    """DriveThruCards asks for 240 % at most; the profile alone gives dark colours up to 300."""
    plain = PdfReader(built(DECK, "en", paper="a4", pdfx=True).path)
    assert max(sum(float(v) for v in operands) for _, operands, operator
               in operations(plain) if operator in (b"k", b"K")) > 2.4
    path = built(DECK, "en", paper="a4", pdfx=True, ink_limit=240).path
    assert path.name == "designer-sample-en-a4-pdfx-ink240.pdf"
    inks = [sum(float(v) for v in operands) for _, operands, operator
            in operations(PdfReader(path)) if operator in (b"k", b"K")]
    assert inks and max(inks) <= 2.4 + 1e-3
    pdf = pikepdf.open(path)
    for image in images(pdf):
        pixels = np.asarray(pikepdf.PdfImage(image).as_pil_image(), dtype=float)
        assert pixels.sum(axis=-1).max() <= 2.4 * 255 + 4


def test_ink_limit_without_pdfx_is_refused(capsys) -> None:
    code, _, err = pnp(f"build --game-dir {DECK} --lang en --paper a4 --ink-limit 240 "
                       "--out /nonexistent/never", capsys)
    assert code == 2 and "add --pdfx" in err
