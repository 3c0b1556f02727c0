"""An SVG read once, strictly, and judged whole before svglib draws that very tree.

svglib parses with lxml and ``recover=True``: it reads on past what a strict parser stops at
(``&bogus;``), and it drops comments. A guard that read the file another way (ElementTree
stopping at the first error, a regular expression over the text fooled by a comment) judged a
different document from the one drawn. So the file is parsed here once, with a parser that
resolves no entity, loads no DTD and reaches no network, and refuses what is not well-formed;
every budget is judged on the parsed elements and attributes; and svglib is handed the same
tree (``images``), so nothing it draws was unseen. Each check raises a :class:`RenderError`
whose message the caller prefixes with the place that named the picture."""

from __future__ import annotations

import base64
import binascii
import math
import re
import warnings
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

from lxml import etree
from PIL import Image

from ..errors import RenderError
from ..limits import limit, past
from ..paths import Refused, read_inside, regular_file
from ..pictures import MAX_PIXELS, check_magic, format_of, open_picture

MAX_SVG_POINTS = 14_400  # 200 in: the largest page a PDF may have (ISO 32000, annex C)
# an SVG length: a number and its unit; % and em are relative, so no size of their own
SVG_LENGTH = re.compile(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:inf|nan))"
                        r"\s*(px|pt|pc|mm|cm|in|%|em|ex)?\s*$", re.IGNORECASE | re.ASCII)
POINTS_PER = {"": 0.75, "px": 0.75, "pt": 1.0, "pc": 12.0, "mm": 72 / 25.4, "cm": 72 / 2.54,
              "in": 72.0}
# the embedded pictures svglib decodes (svglib.svglib.SvgRenderer.xlink_href_target): the
# base64 data after this prefix and one more character; any other address is a file name
SVGLIB_DATA = re.compile(r"^data:image/(jpe?g|png);base64")
# as svglib's parser (svglib.svglib.load_svg_file), hardened: no entity resolved, no DTD or
# network read, libxml2's size limits kept, and an error an error
PARSER_OPTIONS = {"remove_comments": True, "recover": False, "resolve_entities": False,
                  "load_dtd": False, "no_network": True, "huge_tree": False}
FIX = "save it again as plain SVG (Inkscape: Save As… Plain SVG)"


@dataclass(frozen=True)
class JudgedSvg:
    """An SVG's parsed root, every budget judged, and the elements it draws (each ``<use>``
    counted as what it copies)."""

    root: etree._Element
    elements: int


def judged_svg(path: Path, root: Path) -> JudgedSvg:
    """``path`` parsed strictly and judged: its declared size, its elements (``<use>``
    expanded) and nesting, and every address of its attributes; refused at the first fault."""
    tree = parse_svg(path, root)
    check_svg_size(tree, path)
    check_svg_references(tree, path, root)
    return JudgedSvg(tree, _Expansion(tree, path).size(tree, 0))


def parse_svg(path: Path, root: Path) -> etree._Element:
    """The root of ``path``'s tree, built no further than ``svg_elements`` elements; refused
    when it is not well-formed or declares entities (a billion laughs, a file's content)."""
    data = read_inside(path, [root], "an SVG", "svg_bytes")
    count, most = 0, limit("svg_elements")
    events = etree.iterparse(BytesIO(data), events=("start",), **PARSER_OPTIONS)
    try:
        for _, element in events:
            if count == 0:
                _check_no_entities(element, path)
            count += 1
            if count > most:
                raise RenderError(f"SVG {path}: " + past("svg_elements", "its elements"))
    except etree.XMLSyntaxError as exc:
        reason = _reason(events, exc)
        if reason.startswith("Excessive depth"):  # libxml2's own bound, 256, past ours
            raise RenderError(f"SVG {path}: " + past(
                "svg_depth", "elements nested, or <use> elements chained,")) from None
        raise RenderError(f"SVG {path} is not well-formed XML ({reason}); {FIX}") from None
    return events.root


def _reason(events: etree.iterparse, exc: etree.XMLSyntaxError) -> str:
    """libxml2's first word on the fault: iterparse's exception may say only "no element
    found" when the parser stopped early."""
    first = events.error_log[0] if len(events.error_log) else None
    said = f"{first.message}, line {first.line}, column {first.column}" if first else str(exc)
    return " ".join(said.split())


def _check_no_entities(first: etree._Element, path: Path) -> None:
    dtd = first.getroottree().docinfo.internalDTD
    names = [entity.name for entity in dtd.iterentities()] if dtd is not None else []
    if names:
        raise RenderError(f"SVG {path} declares XML entities ({', '.join(names[:3])}); "
                          f"pnp reads no entity: {FIX}")


def check_svg_size(tree: etree._Element, path: Path) -> None:
    """Refuse an SVG whose root declares a width and height (or, lacking them, a viewBox)
    that is not a finite size up to the largest PDF page. A viewBox beside a width and
    height only sets the scale, so any size of it is fine."""
    lengths = [(name, tree.get(name, "")) for name in ("width", "height")]
    box = tree.get("viewBox", "").replace(",", " ").split()
    if len(box) == 4 and any(_points(value) is None for _, value in lengths):
        # no absolute width or height: svglib takes the viewBox's, in px
        lengths = [("viewBox width", box[2]), ("viewBox height", box[3])]
    for name, value in lengths:
        size = _points(value)
        if size is not None and not 0 <= size <= MAX_SVG_POINTS:
            raise RenderError(f"SVG {path} declares a {name} of {value.strip()!r}, past the "
                              f"limit of {MAX_SVG_POINTS:,} pt (200 in, the largest PDF "
                              "page); give the <svg> a real width, height and viewBox")


def _local(name: str) -> str:
    return name.rsplit("}", 1)[-1]


def _addresses(element: etree._Element) -> list[str]:
    """Every ``href`` of an element, in any namespace (``xlink:href`` and SVG 2's bare one
    are those svglib follows), exactly as parsed."""
    return [value for key, value in element.attrib.items() if _local(key) == "href"]


class _Expansion:
    """How many elements an SVG tree draws once its ``<use>`` elements are expanded (svglib
    takes half a millisecond an element: 4,000 rectangles used 100 × 100 times count as 40
    million). Refused past ``svg_elements``, or nested (``<use>`` chains too) past
    ``svg_depth``."""

    def __init__(self, root: etree._Element, path: Path) -> None:
        self.ids = {e.get("id"): e for e in root.iter(etree.Element) if e.get("id")}
        # keyed by the element, which keeps its proxy alive: an id() of a proxy lxml freed
        # could be another element's the next moment
        self.sizes: dict[etree._Element, int] = {}
        self.path = path

    def size(self, element: etree._Element, depth: int) -> int:
        known = self.sizes.get(element)
        if known is not None:
            return known
        if depth > limit("svg_depth"):
            raise RenderError(f"SVG {self.path}: " + past(
                "svg_depth", "elements nested, or <use> elements chained,"))
        total = 1
        if _local(element.tag) == "use":
            for address in _addresses(element):  # another file's: check_svg_references
                target = self.ids.get(address[1:]) if address.startswith("#") else None
                total += self.size(target, depth + 1) if target is not None else 0
        for child in element.iterchildren(etree.Element):
            total += self.size(child, depth + 1)
            if total > limit("svg_elements"):
                raise RenderError(f"SVG {self.path}: " + past(
                    "svg_elements", f"its elements, <use> expanded (more than {total:,})"))
        self.sizes[element] = total
        return total


def check_svg_references(tree: etree._Element, path: Path, root: Path) -> None:
    """Refuse an SVG whose attributes make svglib read what pnp has not judged: a picture
    outside ``root`` (a link, an absolute or ``../`` address) or that is no PNG or JPEG,
    another SVG (parsed by svglib alone), or embedded pictures (``data:`` addresses svglib
    decodes) past ``svg_embedded_bytes`` or of more pixels than a picture may have."""
    embedded = pixels = 0
    for element in tree.iter(etree.Element):
        for address in _addresses(element):
            data = SVGLIB_DATA.match(address)
            if data:
                embedded += len(address)
                if embedded > limit("svg_embedded_bytes"):
                    raise RenderError(f"SVG {path}: " + past(
                        "svg_embedded_bytes", f"{embedded:,} bytes of embedded pictures"))
                pixels += _embedded_pixels(address, data, f"SVG {path.name}")
                if pixels > MAX_PIXELS:
                    raise RenderError(
                        f"SVG {path} embeds pictures of {pixels:,} pixels, past the limit of "
                        f"{MAX_PIXELS:,} (raster pixels of one picture); scale them down "
                        "(300 dpi is the most a print uses)")
            else:
                _check_file_reference(element, path, root, address)


def _check_file_reference(element: etree._Element, path: Path, root: Path,
                          address: str) -> None:
    """An address svglib reads as a file name (all but an embedded PNG or JPEG), split as
    svglib splits it: ``file#fragment``, the file empty for one of this SVG's elements."""
    iri = address.split("#", 1)[0]
    if not iri:
        return
    if _local(element.tag) == "use":
        raise RenderError(f"SVG {path}: <use> copies {address[:80]} from another file; copy "
                          "that element into this SVG")
    if iri.startswith("data:"):
        raise RenderError(f"SVG {path} embeds a picture svglib does not draw "
                          f"({iri[:40]}…); embed it as data:image/png;base64 or "
                          "data:image/jpeg;base64")
    if "://" in iri:
        raise RenderError(f"SVG {path} loads a picture from {address[:80]}; embed it or save "
                          "it in the game folder")
    try:
        loaded = regular_file(path.parent / iri, [root], "a picture of an SVG")
    except Refused as exc:
        raise RenderError(f"SVG {path} loads a picture it may not: {exc}") from None
    if loaded.suffix.lower() == ".svg":
        raise RenderError(f"SVG {path} draws another SVG, {iri[:80]}, which pnp does not "
                          "read through it; copy its elements into this SVG or place it in "
                          "the layout")
    format_name = format_of(loaded.name)
    if format_name is None:
        raise RenderError(f"SVG {path} loads {iri[:80]}, which is not a PNG, JPEG or SVG "
                          "file; save it again as PNG or JPEG")
    with loaded.open("rb") as stream:
        check_magic(stream.read(16), format_name, iri[:80], f"SVG {path.name}")


def _embedded_pixels(address: str, data: re.Match[str], where: str) -> int:
    """The pixels of a ``data:`` picture, read from the header of the very bytes svglib
    decodes before anything decodes them (Pillow only warns below 100 megapixels). One that
    is not the PNG or JPEG its type says is refused; one Pillow cannot read, svglib cannot
    draw (0)."""
    kind = f"image/{data.group(1)}"
    try:
        raw = base64.decodebytes(address[data.end() + 1:].encode("ascii"))
    except (UnicodeEncodeError, binascii.Error):
        raise RenderError(f"{where}: its embedded {kind} picture is not base64 data; "
                          "save the SVG again") from None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with open_picture(raw, kind, where) as image:
                return int(image.width * image.height)
    except Image.DecompressionBombError:
        return MAX_PIXELS + 1
    except (OSError, ValueError, SyntaxError, EOFError):
        return 0


def _points(value: str) -> float | None:
    """An SVG length in points (inf or nan for such numbers); None when it is relative (%,
    em) or no length at all (for svglib to judge)."""
    match = SVG_LENGTH.match(value)
    if match is None or (match.group(2) or "").lower() not in POINTS_PER:
        return None
    number = float(match.group(1))
    return number * POINTS_PER[(match.group(2) or "").lower()] if math.isfinite(number) \
        else math.inf
