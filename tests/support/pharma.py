"""Shared helpers for The Pharma Code tests: build a kit, read pages back as text and pixels."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pypdf
import pypdfium2 as pdfium
from PIL import Image

from generator.imposition.plan import PrintOptions
from generator.pipeline.build import build
from generator.pipeline.request import BuildRequest
from support.units import PT_PER_MM

GAME = "pharma-code"
PX_PER_MM = 5  # render at 127 dpi: every whole mm falls on a pixel edge


def build_kit(out: Path, lang: str = "en", paper: str = "a4", only: tuple[str, ...] = (),
              game: str | Path = GAME) -> Path:
    return build(BuildRequest(game, lang, PrintOptions(paper=paper), only=only,
                              out_dir=out, guide=False)).path  # the parts from page 1


def page_runs(pdf: Path) -> list[list[tuple[str, float]]]:
    """Each page's text runs (one per drawn line) with their font size in pt. pypdf reads
    the rotated cards of a sheet as well as the upright ones."""
    reader = pypdf.PdfReader(pdf)
    pages = []
    for page in reader.pages:
        runs: list[tuple[str, float]] = []

        def visit(text, cm, tm, font, size, runs=runs):
            if text.strip():
                runs.append((text.strip(), float(size)))

        page.extract_text(visitor_text=visit)
        pages.append(runs)
    return pages


def page_texts(pdf: Path) -> list[str]:
    """Each page's text, lines joined by spaces (so wrapped sentences read whole again)."""
    return [" ".join(text for text, _ in runs) for runs in page_runs(pdf)]


def pages_of(texts: list[str], title: str) -> list[int]:
    """Indexes of the pages whose footer names the component ``title``."""
    return [i for i, text in enumerate(texts) if f" · {title} · " in text]


def words_mm(pdf: Path, index: int) -> list[dict]:
    """Words of one page with their boxes in mm from the page's top-left, and font size."""
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[index]
        words = page.extract_words(extra_attrs=["size"], keep_blank_chars=False)
    return [{"text": w["text"], "x0": w["x0"] / PT_PER_MM, "x1": w["x1"] / PT_PER_MM,
             "top": w["top"] / PT_PER_MM, "bottom": w["bottom"] / PT_PER_MM,
             "size": w["size"]} for w in words]


def render(pdf: Path, index: int, px_per_mm: float = PX_PER_MM) -> Image.Image:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return doc[index].render(scale=px_per_mm / PT_PER_MM).to_pil().convert("L")
    finally:
        doc.close()
