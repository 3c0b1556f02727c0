"""MkDocs hooks (``hooks:`` in mkdocs.yml): the pages and pictures written from pnp itself
when the documentation is built.

- ``reference/elements.md``: the element reference, from the element registry, each example
  drawn by pnp (:mod:`element_page`, :mod:`pictures`);
- ``reference/cli.md``: the command reference, from the argument parsers (:mod:`cli_page`);
- ``gallery.md``: every kit's pages (:mod:`gallery`);
- in any page, a ```` ```yaml ```` block right after a ``<!-- draw -->`` line is a layout that
  pnp draws: its picture is put below it.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))  # the sibling modules below

import cli_page  # noqa: E402
import element_page  # noqa: E402
import gallery  # noqa: E402
from mkdocs.structure.files import File, Files  # noqa: E402
from pictures import ExampleGame  # noqa: E402

DRAW = re.compile(r"^<!-- draw -->\n```yaml\n(.*?)^```\n", re.M | re.S)
CACHE = Path(__file__).resolve().parents[1] / "output" / "docs-cache"
_pictures: dict[str, bytes] = {}  # site path → PNG of a drawn example, for the pages


def drawn_blocks(markdown: str) -> list[str]:
    """The layouts of a page's ``<!-- draw -->`` blocks, in order."""
    return [match.group(1) for match in DRAW.finditer(markdown)]


def _page_picture(src_uri: str, index: int) -> str:
    stem = src_uri.removesuffix(".md").replace("/", "-")
    return f"pictures/drawn/{stem}-{index}.png"


def on_files(files: Files, config: Any) -> Files:
    examples: dict[str, str] = {f"element-{k}": v for k, v in element_page.examples().items()}
    for file in list(files.documentation_pages()):
        for index, block in enumerate(drawn_blocks(Path(file.abs_src_path).read_text("utf-8"))):
            examples[f"page-{_page_picture(file.src_uri, index)}"] = block
    game = ExampleGame()
    try:
        drawn = game.draw({f"example-{n}": source for n, source in enumerate(examples.values())})
    finally:
        game.close()
    for name, png in zip(examples, drawn.values(), strict=True):
        kind, _, rest = name.partition("-")
        path = f"reference/{element_page.picture_name(rest)}" if kind == "element" else rest
        _pictures[path] = png
        files.append(File.generated(config, path, content=png))
    files.append(File.generated(config, "reference/elements.md", content=element_page.page()))
    files.append(File.generated(config, "reference/cli.md", content=cli_page.page()))
    thumbnails = gallery.build(CACHE / "gallery") if gallery.enabled() else None
    for site_path, png_file in gallery.site_files(thumbnails or {}):
        files.append(File.generated(config, site_path, abs_src_path=str(png_file)))
    files.append(File.generated(config, "gallery.md", content=gallery.page(thumbnails)))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    """Each ``<!-- draw -->`` block followed by the picture pnp drew from it."""
    counter = iter(range(10_000))
    depth = page.file.src_uri.count("/")

    def with_picture(match: re.Match[str]) -> str:
        picture = "../" * depth + _page_picture(page.file.src_uri, next(counter))
        return f"```yaml\n{match.group(1)}```\n\n![What pnp draws from this layout]({picture})\n"

    return DRAW.sub(with_picture, markdown)


