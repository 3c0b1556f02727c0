"""Reading a kit's art back: which pictograms a page draws, the grey level of a card back, and
the art forms a PDF stores.

A pictogram (an icon of the bundled game-icons.net set) is recognised by the operators that
draw it: the same icon gives the same sequence of path operators wherever it is placed,
whatever its size or position (those live in the ``cm`` before it)."""

from __future__ import annotations

import statistics
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import ContentStream

from generator.render.game_icons import operators

PATH_OPERATORS = {b"m", b"l", b"c", b"v", b"y", b"h", b"re"}


def _path_ops(stream: ContentStream) -> str:
    return " ".join(op.decode() for _, op in stream.operations if op in PATH_OPERATORS)


def icon_ops(name: str) -> str:
    """The path operators the engine draws for icon ``name`` of the set, in order."""
    return " ".join(token for token in operators(name).split()
                    if token.encode() in PATH_OPERATORS)


def _xobjects(resources) -> dict:
    return dict((resources or {}).get("/XObject") or {})


def page_ops(pdf: Path) -> list[str]:
    """Each page's path operators, the page's own followed by those of every form it places
    (and the forms those place), each form once."""
    reader = PdfReader(pdf)
    pages = []
    for page in reader.pages:
        parts = [_path_ops(ContentStream(page.get_contents(), reader))]
        seen: set[int] = set()
        todo = list(_xobjects(page.get("/Resources")).values())
        while todo:
            ref = todo.pop()
            form = ref.get_object()
            key = id(form) if not hasattr(ref, "idnum") else ref.idnum
            if key in seen or form.get("/Subtype") != "/Form":
                continue
            seen.add(key)
            parts.append(_path_ops(ContentStream(form, reader)))
            todo.extend(_xobjects(form.get("/Resources")).values())
        pages.append(" | ".join(parts))
    return pages


def forms_named(pdf: Path, prefix: str) -> dict[str, bytes]:
    """Every form XObject of the PDF whose name holds ``prefix``, name → decoded stream."""
    reader = PdfReader(pdf)
    found: dict[str, bytes] = {}
    todo = [page.get("/Resources") for page in reader.pages]
    while todo:
        for name, ref in _xobjects(todo.pop()).items():
            form = ref.get_object()
            if prefix in name and name not in found:
                found[name] = form.get_data()
                todo.append(form.get("/Resources"))
    return found


def lstar(grey: float) -> float:
    """CIE L* of a grey pixel value 0…255 (sRGB)."""
    c = grey / 255
    y = c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else y * 24389 / 27


def median_lstar(image) -> float:
    """The L* of an image's median grey: the colour most of it is printed in."""
    grey = image.convert("L")
    return lstar(statistics.median(grey.tobytes()))
