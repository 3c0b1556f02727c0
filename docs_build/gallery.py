"""The gallery: every built-in kit's pages as thumbnails, made when the documentation is
built. One language and one paper a kit (English, A4), at low resolution; a kit is built by
``pnp build``, which skips a PDF whose inputs have not changed, and its thumbnails are drawn
again only when its PDF has changed, so a second docs build costs a second or two.

``PNP_DOCS_GALLERY=0`` leaves the pictures out (the page says so): for a quick build while
writing; CI builds the gallery."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from generator.resources import games_dir

DPI = 24           # an A4 page: 198 × 281 px
LANG, PAPER = "en", "a4"
SHOWN_WIDTH = 120  # px on the page
FOLDER = "gallery"  # in the built site


def enabled() -> bool:
    return os.environ.get("PNP_DOCS_GALLERY", "1") != "0"


def kits() -> list[str]:
    return sorted(p.name for p in games_dir().iterdir() if (p / "game.yaml").is_file())


def build(cache: Path) -> dict[str, list[Path]]:
    """Each kit's page thumbnails, made in ``cache`` (kept between docs builds)."""
    pdfs = cache / "pdf"
    subprocess.run([sys.executable, "-m", "generator", "build", *kits(), "--lang", LANG,
                    "--paper", PAPER, "--out", str(pdfs), "--quiet"], check=True)
    return {kit: _thumbnails(pdfs / f"{kit}-{LANG}-{PAPER}.pdf", cache / "thumbs" / kit)
            for kit in kits()}


def _thumbnails(pdf: Path, folder: Path) -> list[Path]:
    """The pages of ``pdf`` as PNGs in ``folder``, drawn only when the PDF changed since."""
    stamp = folder / "made-from"
    version = f"{pdf.stat().st_mtime_ns} {pdf.stat().st_size} {DPI}"
    if stamp.is_file() and stamp.read_text() == version:
        return sorted(folder.glob("p*.png"))
    import pypdfium2 as pdfium

    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("p*.png"):
        old.unlink()
    document = pdfium.PdfDocument(pdf)
    try:
        for number, page in enumerate(document, start=1):
            image = page.render(scale=DPI / 72).to_pil().convert("RGB")
            image.save(folder / f"p{number:03d}.png", optimize=True)
    finally:
        document.close()
    stamp.write_text(version)
    return sorted(folder.glob("p*.png"))


def site_files(thumbnails: dict[str, list[Path]]) -> Iterator[tuple[str, Path]]:
    """(the picture's place in the site, its file)."""
    for kit, pages in thumbnails.items():
        for page in pages:
            yield f"{FOLDER}/{kit}/{page.name}", page


def page(thumbnails: dict[str, list[Path]] | None) -> str:
    parts = [
        "# Gallery",
        "",
        f"Every page of every built-in kit, in English on A4, as `pnp build GAME --lang {LANG} "
        f"--paper {PAPER}` prints it today: drawn when this site was built. Page 1 is the "
        "print guide; blank pages are the backs of one-sided parts, so that double-sided "
        "printing pairs every front with its own back.",
    ]
    if thumbnails is None:
        return "\n".join([*parts, "", "!!! note", "    This copy of the site was built with "
                          "`PNP_DOCS_GALLERY=0`: the pictures were left out.", ""])
    for kit, pages in thumbnails.items():
        parts += ["", f"## {kit}", "", f"{len(pages)} pages: `pnp build {kit} --lang {LANG} "
                  f"--paper {PAPER}`.", ""]
        parts += [f"![{kit} page {n}]({FOLDER}/{kit}/{p.name}){{ width=\"{SHOWN_WIDTH}\" "
                  f"loading=lazy title=\"page {n}\" }}" for n, p in enumerate(pages, start=1)]
    return "\n".join(parts) + "\n"
