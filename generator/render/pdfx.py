"""A drawn PDF made print-ready (PDF/X-1a:2003) after the fact, with pikepdf: every colour
operator and image converted to DeviceCMYK through the output profile (``cmyk``), a TrimBox
and a BleedBox on every page, the OutputIntent with the embedded ICC profile, the PDF/X
markers in the document info; near-black text, lines and thin shapes in black ink alone
(``press_black``). Converting the finished file, not the drawing calls, reaches
everything that paints (layouts, SVG art, QR codes, marks, footers) and leaves the default
build's bytes alone.

What PDF/X-1a forbids and cannot be converted is refused with a RenderError: transparency
(an ``opacity`` below 1, blend modes), RGB gradients and fonts that are not embedded. An
image's alpha channel is flattened into a hard-edged mask (opaque from half coverage up):
PDF/X-1a allows masks, not soft ones.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Sequence

import pikepdf
from PIL import Image

from ..errors import RenderError
from .cmyk import (
    CMYK,
    cmyk_of_grey,
    cmyk_of_rgb,
    convert_colours,
    image_to_cmyk,
    limit_image_ink,
    limit_ink,
    output_intent,
)
from .press_black import press_black

PDFX_VERSION = "PDF/X-1a:2003"
FILL = {"rg": "k", "g": "k", "sc": "k", "scn": "k"}  # colour operator: its CMYK twin
STROKE = {"RG": "K", "G": "K", "SC": "K", "SCN": "K"}
SETS_SPACE = {"cs": "fill", "CS": "stroke"}
CONVERTED_SPACES = {"/DeviceRGB": 3, "/DeviceGray": 1}
NO_BLEND = ("/Normal", "/Compatible")


def to_pdfx(data: bytes, trim_insets: Sequence[float], title: str, ink_limit: int) -> bytes:
    """``data`` (a PDF from render_pdf) as PDF/X-1a:2003. Each page's BleedBox is the page,
    its TrimBox the page inset by its entry of ``trim_insets`` (points) on every side; no
    colour takes more than ``ink_limit`` % of ink."""
    limit = ink_limit / 100
    pdf = pikepdf.open(io.BytesIO(data))
    if len(pdf.pages) != len(trim_insets):
        raise ValueError(f"{len(trim_insets)} trim boxes for {len(pdf.pages)} pages")
    streams = list(_content_streams(pdf))
    parsed = [(owner, pikepdf.parse_content_stream(owner)) for owner, _ in streams]
    convert_colours(c for _, instructions in parsed for c in _rgb_operands(instructions))
    for (owner, instructions), (_, where) in zip(parsed, streams, strict=True):
        owner.write(pikepdf.unparse_content_stream(
            press_black(_to_cmyk(instructions, where, limit))))
    for number, page in enumerate(pdf.pages, start=1):
        _check_resources(page.obj.get("/Resources"), f"page {number}")
    for image in _images(pdf):
        _image_to_cmyk(pdf, image, limit)
    _check_fonts(pdf)
    for page, inset in zip(pdf.pages, trim_insets, strict=True):
        x0, y0, x1, y1 = (float(v) for v in page.mediabox)
        page.obj.BleedBox = pikepdf.Array(page.mediabox)
        page.obj.TrimBox = pikepdf.Array([round(v, 4) for v in (x0 + inset, y0 + inset,
                                                                x1 - inset, y1 - inset)])
    _mark_pdfx(pdf, title)
    out = io.BytesIO()
    pdf.save(out, deterministic_id=True, compress_streams=True,
             object_stream_mode=pikepdf.ObjectStreamMode.disable)
    return out.getvalue()


def _content_streams(pdf: pikepdf.Pdf) -> Iterator[tuple[pikepdf.Object, str]]:
    """Every content stream that paints, once: the pages' (joined into one stream each) and
    the form XObjects' they use, however deep, each with where it is for an error."""
    seen: set[tuple[int, int]] = set()
    for number, page in enumerate(pdf.pages, start=1):
        page.contents_coalesce()
        yield page.obj.Contents, f"page {number}"
        yield from _forms(page.obj.get("/Resources"), f"page {number}", seen)


def _forms(resources: pikepdf.Object | None, where: str,
           seen: set[tuple[int, int]]) -> Iterator[tuple[pikepdf.Object, str]]:
    for name, xobject in _xobjects(resources):
        if xobject.get("/Subtype") != "/Form" or xobject.objgen in seen:
            continue
        seen.add(xobject.objgen)
        yield xobject, f"{where}, drawing {name}"
        yield from _forms(xobject.get("/Resources"), f"{where}, drawing {name}", seen)


def _xobjects(resources: pikepdf.Object | None) -> Iterator[tuple[str, pikepdf.Object]]:
    if resources is None or "/XObject" not in resources:
        return
    for name, xobject in resources.XObject.items():
        yield str(name), xobject


def _rgb_operands(instructions: Sequence) -> Iterator[tuple[float, float, float]]:
    for instruction in instructions:
        if str(instruction.operator) in ("rg", "RG", "sc", "SC", "scn", "SCN") \
                and len(instruction.operands) == 3:
            yield tuple(float(v) for v in instruction.operands)  # type: ignore[misc]


def _to_cmyk(instructions: Sequence, where: str, limit: float) -> list:
    """The instructions with every RGB and grey colour in CMYK. A colour space set with
    ``cs``/``CS`` is followed through ``q``/``Q``, so ``sc`` is read in the space it is in."""
    spaces: dict[str, str | None] = {"fill": None, "stroke": None}  # None: never set
    saved: list[dict[str, str | None]] = []
    out = []
    for instruction in instructions:
        if isinstance(instruction, pikepdf.ContentStreamInlineImage):
            raise RenderError(f"--pdfx: {where} holds an inline image, which pnp cannot "
                              "convert to CMYK; draw the image from a file instead")
        operator, operands = str(instruction.operator), list(instruction.operands)
        if operator == "q":
            saved.append(dict(spaces))
        elif operator == "Q" and saved:
            spaces = saved.pop()
        elif operator == "sh":
            raise RenderError(f"--pdfx: {where} paints a gradient (from an SVG image?), which "
                              "pnp cannot convert to CMYK; use flat colours in the SVG")
        elif operator in SETS_SPACE:
            space = str(operands[0])
            if space not in (*CONVERTED_SPACES, "/DeviceCMYK"):
                raise RenderError(f"--pdfx: {where} paints in the colour space {space}, which "
                                  "pnp cannot convert to CMYK")
            spaces[SETS_SPACE[operator]] = space
            operands = [pikepdf.Name.DeviceCMYK]
        elif operator in FILL or operator in STROKE:
            side = "fill" if operator in FILL else "stroke"
            inks = _inks(operator, operands, spaces[side])
            if inks is not None:
                inks = limit_ink(inks, limit)
                # sc/SC stay in the space a cs/CS set (now DeviceCMYK); the rest become k/K
                keep = operator.lower().startswith("sc") and spaces[side] is not None
                operator = operator if keep else (FILL.get(operator) or STROKE[operator])
                operands = [round(v, 4) for v in inks]
        out.append(pikepdf.ContentStreamInstruction(operands, pikepdf.Operator(operator)))
    return out


def _inks(operator: str, operands: list, space: str | None) -> CMYK | None:
    """The CMYK of a colour operator's operands; None when they already are CMYK."""
    values = [float(v) for v in operands]
    if operator in ("g", "G") or (operator.lower().startswith("sc") and len(values) == 1):
        return cmyk_of_grey(values[0])
    if len(values) == 3:
        return cmyk_of_rgb(values[0], values[1], values[2])
    if len(values) == 4 and (operator.lower().startswith("sc") and space == "/DeviceCMYK"):
        return None
    raise RenderError(f"--pdfx: a colour operator '{operator}' with {len(values)} values "
                      "that pnp cannot convert to CMYK")


def _check_resources(resources: pikepdf.Object | None, where: str,
                     seen: set[tuple[int, int]] | None = None) -> None:
    """Refuse transparency and colour spaces that are not CMYK wherever a page's resources
    (and its drawings' resources) name them."""
    seen = set() if seen is None else seen
    if resources is None:
        return
    for name, state in (resources.get("/ExtGState") or {}).items():
        alpha = [float(state.get(key, 1)) for key in ("/ca", "/CA")]
        soft = state.get("/SMask", pikepdf.Name("/None"))
        if min(alpha) < 1 or soft != pikepdf.Name("/None") \
                or str(state.get("/BM", "/Normal")) not in NO_BLEND:
            raise RenderError(f"--pdfx: {where} is drawn with transparency (graphics state "
                              f"{name}: opacity {min(alpha):g}); PDF/X-1a has none: give the "
                              "colours you mean without opacity, or build without --pdfx")
    if resources.get("/Shading") or resources.get("/Pattern"):
        raise RenderError(f"--pdfx: {where} paints a gradient or pattern, which pnp cannot "
                          "convert to CMYK; use flat colours")
    for name, xobject in _xobjects(resources):
        if xobject.get("/Subtype") == "/Form" and xobject.objgen not in seen:
            seen.add(xobject.objgen)
            if xobject.get("/Group") is not None:
                raise RenderError(f"--pdfx: {where}, drawing {name} is a transparency group")
            _check_resources(xobject.get("/Resources"), f"{where}, drawing {name}", seen)


def _images(pdf: pikepdf.Pdf) -> Iterator[pikepdf.Stream]:
    """Every image XObject of the file that is not itself a mask, once."""
    masks = {obj.SMask.objgen for obj in pdf.objects
             if isinstance(obj, pikepdf.Stream) and "/SMask" in obj}
    for obj in list(pdf.objects):
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image" \
                and obj.objgen not in masks and not obj.get("/ImageMask", False):
            yield obj


def _image_to_cmyk(pdf: pikepdf.Pdf, image: pikepdf.Stream, limit: float) -> None:
    """Replace the image's pixels by their CMYK, and a soft mask by a hard one."""
    space = image.get("/ColorSpace")
    if space == pikepdf.Name.DeviceCMYK:
        return
    if space not in (pikepdf.Name.DeviceRGB, pikepdf.Name.DeviceGray):
        raise RenderError(f"--pdfx: an image in the colour space {space} cannot be converted "
                          "to CMYK; save it as an RGB or greyscale PNG or JPEG")
    pixels = pikepdf.PdfImage(image).as_pil_image()
    soft = image.get("/SMask")
    _replace_pixels(image, limit_image_ink(image_to_cmyk(pixels), limit), "/DeviceCMYK", 8)
    for key in ("/Decode", "/SMask"):
        if key in image:
            del image[key]
    if isinstance(soft, pikepdf.Stream):
        image.Mask = _hard_mask(pdf, pikepdf.PdfImage(soft).as_pil_image())


def _hard_mask(pdf: pikepdf.Pdf, alpha: Image.Image) -> pikepdf.Stream:
    """A stencil mask that paints where the alpha channel is at least half opaque (1 in a
    mask is 'not painted')."""
    hidden: Callable[[int], int] = lambda a: 255 if a < 128 else 0  # noqa: E731
    bits = alpha.convert("L").point(hidden).convert("1")
    mask = pikepdf.Stream(pdf, b"")
    _replace_pixels(mask, bits, None, 1)
    mask.ImageMask = True
    return mask


def _replace_pixels(stream: pikepdf.Stream, pixels: Image.Image, space: str | None,
                    bits: int) -> None:
    stream.write(pixels.tobytes())  # saved Flate-compressed, as every stream
    stream.Type, stream.Subtype = pikepdf.Name.XObject, pikepdf.Name.Image
    stream.Width, stream.Height, stream.BitsPerComponent = pixels.width, pixels.height, bits
    if space is not None:
        stream.ColorSpace = pikepdf.Name(space)
    if "/DecodeParms" in stream:
        del stream["/DecodeParms"]


def _check_fonts(pdf: pikepdf.Pdf) -> None:
    """Every font's glyphs are in the file (a composite font's in its descendant; a Type 3
    font draws its own)."""
    for obj in pdf.objects:
        if not isinstance(obj, pikepdf.Dictionary) or obj.get("/Type") != "/Font" \
                or obj.get("/Subtype") == "/Type3":
            continue
        font = obj.DescendantFonts[0] if "/DescendantFonts" in obj else obj
        descriptor = font.get("/FontDescriptor")
        if descriptor is None or not any(key in descriptor for key in
                                         ("/FontFile", "/FontFile2", "/FontFile3")):
            raise RenderError(f"--pdfx: the font {obj.get('/BaseFont')} is not embedded (text "
                              "in an SVG image names it?); PDF/X needs every font in the "
                              "file: turn the SVG's text into paths")


def _mark_pdfx(pdf: pikepdf.Pdf, title: str) -> None:
    """The OutputIntent with its ICC profile, and the document info PDF/X asks for."""
    intent = output_intent()
    profile = pikepdf.Stream(pdf, intent.profile)
    profile.N = 4
    pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
        OutputConditionIdentifier=intent.condition, OutputCondition=intent.info,
        RegistryName=intent.registry, Info=intent.info,
        DestOutputProfile=pdf.make_indirect(profile)))])
    info = pdf.docinfo
    info.Title = title
    info.GTS_PDFXVersion = PDFX_VERSION
    info.Trapped = pikepdf.Name("/False")
    if "/ModDate" not in info and "/CreationDate" in info:
        info.ModDate = info.CreationDate
