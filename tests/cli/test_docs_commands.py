"""Every command the documentation site shows, typed page by page in an empty folder through
the installed ``pnp``, with the files a page tells the reader to write written as it goes:
each ends with the exit code the page gives it. A docs example that stops working fails
here."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from support.doc_commands import ROOT, documentation_pages, prepare, run, steps

PAGES = [page for page in documentation_pages() if steps(page.read_text(encoding="utf-8"))]


def test_the_pages_with_commands_are_found():
    names = {page.name for page in PAGES}
    assert {"guide.md", "printing.md", "savvy.md", "translating.md"} <= names


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pnp") is None, reason="pnp is not installed")
@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT / "docs")))
def test_every_command_of_the_page_runs_as_it_says(page: Path, tmp_path: Path) -> None:
    typed = steps(page.read_text(encoding="utf-8"))
    prepare(tmp_path, typed)
    session, wrong = run(typed, tmp_path)
    print("\n".join(session))
    assert not wrong, "\n\n".join(wrong)
