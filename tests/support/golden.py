"""Golden drawing logs: a built PDF read back as text and compared with a committed log.

Read-back tests ask what a player sees; a drawing log catches every other change to what is
drawn (an operator, a colour, a position to the hundredth of a point) and shows it as a diff a
reviewer can read. The log is what the PDF draws and nothing that varies between builds: per
page its size in mm, its fonts (subset prefixes normalized) and images, the decompressed
content stream, then each form XObject's stream the first time a page places it. A change that
is meant is accepted by rewriting the logs: ``python -m pytest --regen-golden``.
"""

from __future__ import annotations

import difflib
import re
from itertools import islice, zip_longest
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import DictionaryObject

from support.paths import GOLDEN
from support.units import to_mm

SUBSET_PREFIX = re.compile(r"^/[A-Z]{6}\+")  # reportlab's subset tag, e.g. /AAAAAA+DejaVuSans
SHOWN_LINES = 24                             # diff lines shown when a log differs
# a content stream's tokens: a (string) with escapes, <hex>, << >> [ ] { }, a /name, a word
TOKEN = re.compile(r"\((?:\\.|[^\\)])*\)|<<|>>|<[0-9A-Fa-f\s]*>|[\[\]{}]"
                   r"|/[^\s/\[\]()<>{}%]*|[^\s/\[\]()<>{}%]+", re.S)
NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)")
OPERANDS = {"true", "false", "null"}                # words that are operands, not operators


def drawing_log(pdf: Path) -> str:
    """The drawing log of a PDF, one operator line per line of text."""
    lines: list[str] = []
    shown: set[str] = set()
    for number, page in enumerate(PdfReader(pdf).pages, start=1):
        box = page.mediabox
        lines.append(f"== page {number}: {to_mm(float(box.width)):.1f} x "
                     f"{to_mm(float(box.height)):.1f} mm")
        resources = page.get("/Resources") or DictionaryObject()
        lines += _resource_lines(resources)
        lines += _stream_lines(page.get_contents().get_data())
        lines += _form_lines(resources, shown)
    return "\n".join(lines) + "\n"


def assert_drawing_log(pdf: Path, name: str, regen: bool = False) -> None:
    """Compare the drawing log of ``pdf`` with tests/golden/<name>.log, or rewrite that file
    when ``regen``. On a difference the new log is written beside the PDF for a full diff."""
    log = drawing_log(pdf)
    golden = GOLDEN / f"{name}.log"
    if regen:
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(log, encoding="utf-8", newline="\n")
        return
    new = pdf.with_name(f"{name}.log")
    new.write_text(log, encoding="utf-8", newline="\n")
    if not golden.exists():
        pytest.fail(f"no golden log {golden}; the new log is {new}; "
                    "accept it with: python -m pytest --regen-golden", pytrace=False)
    expected = golden.read_text(encoding="utf-8").splitlines()
    lines = log.splitlines()
    if lines != expected:
        first = next(i for i, (a, b) in enumerate(zip_longest(expected, lines)) if a != b)
        page = next((x for x in reversed(lines[:first + 1]) if x.startswith("== page")), "")
        diff = difflib.unified_diff(expected, lines, str(golden), str(new), n=1, lineterm="")
        pytest.fail(f"the drawing differs from its golden log from line {first + 1} "
                    f"({page.removeprefix('== ')}):\n" + "\n".join(islice(diff, SHOWN_LINES))
                    + f"\nthe new log is {new}; if the change is meant: "
                    "python -m pytest --regen-golden", pytrace=False)


def _resource_lines(resources: DictionaryObject) -> list[str]:
    """The fonts and images a page or form names, so its operators can be read."""
    fonts = resources.get("/Font") or {}
    names = [f"{key}={SUBSET_PREFIX.sub('/SUBSET+', str(font.get_object()['/BaseFont']))}"
             for key, font in sorted(fonts.items())]
    images = [f"{key}={xobject['/Width']}x{xobject['/Height']}"
              for key, xobject in _xobjects(resources, "/Image")]
    return ([f"fonts: {' '.join(names)}"] if names else []) + (
        [f"images: {' '.join(images)}"] if images else [])


def _form_lines(resources: DictionaryObject, shown: set[str]) -> list[str]:
    """Each form placed here and not yet logged, with the forms it places in turn."""
    lines: list[str] = []
    for key, form in _xobjects(resources, "/Form"):
        if key in shown:
            continue
        shown.add(key)
        form_resources = form.get("/Resources") or DictionaryObject()
        lines.append(f"-- form {key}: bbox {[round(float(v), 2) for v in form['/BBox']]}")
        lines += _resource_lines(form_resources)
        lines += _stream_lines(form.get_data())
        lines += _form_lines(form_resources, shown)
    return lines


def _xobjects(resources: DictionaryObject, subtype: str) -> list[tuple[str, DictionaryObject]]:
    found = ((key, value.get_object()) for key, value in (resources.get("/XObject") or {}).items())
    return sorted((key, x) for key, x in found if x.get("/Subtype") == subtype)


def _stream_lines(data: bytes) -> list[str]:
    """One operator a line, with its operands as written, so a diff points at the operator
    that changed (reportlab writes a whole path on one line; its text is ASCII, subset bytes
    escaped)."""
    text = data.decode("latin-1")
    lines: list[str] = []
    start: int | None = None
    for token in TOKEN.finditer(text):
        start = token.start() if start is None else start
        word = token.group()
        if word[0] not in "/([<]>{}" and not NUMBER.fullmatch(word) and word not in OPERANDS:
            lines.append(re.sub(r"[\r\n]+", " ", text[start:token.end()]))
            start = None
    return lines + ([text[start:].strip()] if start is not None else [])
