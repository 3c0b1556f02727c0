"""The documentation site builds with ``mkdocs build --strict`` (a broken link or a wrong
example fails it), and its generated pages hold what the code declares: every key of every
element type, with the picture its example draws, and every command."""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli import COMMANDS
from generator.render.elements import ELEMENTS
from generator.render.elements.kind import COMMON_KEYS
from support.doc_commands import ROOT

pytest.importorskip("mkdocs", reason="pip install '.[test]' brings mkdocs")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "PNP_DOCS_GALLERY": "0", "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir",
                           str(out)], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    return out


def _section(page: str, heading: str) -> str:
    """The HTML of the page from ``heading``'s h2 to the next h2."""
    start = page.index(f'<h2 id="{heading}">')
    end = page.find("<h2 ", start + 1)
    return page[start:end if end > 0 else None]


@pytest.mark.slow
def test_the_element_reference_lists_every_declared_key_with_its_picture(site: Path):
    page = (site / "reference" / "elements" / "index.html").read_text(encoding="utf-8")
    for key in COMMON_KEYS:
        assert f"<code>{key}</code>" in _section(page, "keys-every-element-takes")
    for name, element in ELEMENTS.items():
        section = _section(page, name)
        listed = set(re.findall(r"<tr>\s*<td><code>([a-z_]+)</code></td>", section))
        assert listed == set(element.declared), name
        picture = re.search(r'<img alt="[^"]*" src="([^"]+)"', section)
        assert picture is not None, f"{name}: no picture"
        drawn = site / "reference" / "elements" / html.unescape(picture.group(1))
        assert drawn.stat().st_size > 1000, f"{name}: an empty picture"


@pytest.mark.slow
def test_the_command_reference_has_every_command(site: Path):
    page = (site / "reference" / "cli" / "index.html").read_text(encoding="utf-8")
    for verb in COMMANDS:
        assert f'id="pnp-{verb}"' in page, verb
    assert "--game-dir" in page and "--paper" in page


@pytest.mark.slow
def test_every_drawn_layout_of_the_pages_has_its_picture(site: Path):
    page = (site / "designer" / "layouts" / "index.html").read_text(encoding="utf-8")
    pictures = re.findall(r'src="(\.\./\.\./pictures/drawn/[^"]+)"', page)
    assert len(pictures) == 5
    for picture in pictures:
        assert (site / "designer" / "layouts" / picture).is_file()


def test_the_site_names_no_page_it_lacks():
    """Every page of the navigation is in docs/ or made by the hooks."""
    import yaml

    made = {"reference/elements.md", "reference/cli.md", "gallery.md"}
    nav = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["nav"]

    def pages(entries):
        for entry in entries:
            value = entry if isinstance(entry, str) else next(iter(entry.values()))
            yield from pages(value) if isinstance(value, list) else [value]

    missing = [p for p in pages(nav) if p not in made and not (ROOT / "docs" / p).is_file()]
    assert not missing
