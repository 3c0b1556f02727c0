"""Pictures of example layouts, drawn by pnp itself when the documentation is built.

Each example is a layout as a designer writes it (YAML with ``size`` and ``elements``). It is
put into the layouts folder of a game made by ``pnp new``, loaded through the loader (so an
example with a wrong key fails the docs build as it would fail a game), and drawn by the print
engine for the first card of that game, as a build draws a card: the same context (``card``,
``w``, ``h``, the palette names ``accent``, ``paper``, ``ink``, ``muted``), plus a short rule
text under ``rules`` for ``flow``. The page is rasterized with pdfium.
"""

from __future__ import annotations

import io
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from generator.content.layouts import LAYOUT_KEYS
from generator.designer.scaffold import create_game
from generator.i18n.catalog import translator
from generator.imposition.plan import ComponentPlan, PagePlan, Placement, Side
from generator.pipeline.contexts import Contexts
from generator.pipeline.load import load_game
from generator.pipeline.request import BuildRequest
from generator.render.document import DocumentInfo, render_pdf
from generator.render.expressions import Scope
from generator.summary.text import Face, RuleText, parse

DPI = 200
MARGIN = 2.0  # mm of white around the layout, where a frame shows its edge
DECK = "cards"  # the deck of ``pnp new``
RULES = """@face Playing
# Your turn
Draw a card, then play one. Each :heart: heals a wound.
- Spend two coins to move.
- A card that names a colour hits only that colour.
# End of the game
The player with the most points wins; on a tie, the youngest.
"""


def rule_text() -> RuleText:
    """The rule text a ``flow`` example draws, as a ``kind: rules`` component's layouts read
    it."""
    faces = tuple(Face(title, tuple(blocks), tuple(ids))
                  for title, blocks, ids in parse(RULES, []))
    return RuleText("Rules", "en", "", faces)


class ExampleGame:
    """A ``pnp new`` game in a temporary folder that draws example layouts."""

    def __init__(self) -> None:
        self._folder = tempfile.TemporaryDirectory(prefix="pnp-docs-")
        self.root = Path(self._folder.name) / "my-game"
        create_game(self.root)

    def close(self) -> None:
        self._folder.cleanup()

    def draw(self, examples: Mapping[str, str]) -> dict[str, bytes]:
        """PNG bytes of each example, by name; a ContentError names the example's file, line
        and key when an example is wrong. An example is one layout (``size``, ``elements``,
        ``extends``…) or a mapping of named layouts, of which the last is drawn."""
        parsed = {name: yaml.safe_load(source) for name, source in examples.items()}
        single = {f"docs-{name}": layout for name, layout in parsed.items()
                  if set(layout) <= LAYOUT_KEYS}
        drawn = dict(zip((name.removeprefix("docs-") for name in single),
                         self._draw(single, list(single)), strict=True))
        for name, layouts in parsed.items():
            if name not in drawn:
                drawn[name] = self._draw(layouts, [list(layouts)[-1]])[0]
        return {name: drawn[name] for name in examples}

    def _draw(self, layouts: Mapping[str, Any], names: list[str]) -> list[bytes]:
        """The layouts ``names`` of ``layouts`` drawn, each on a page of its size (a sizeless
        one at the size of the game's cards)."""
        (self.root / "layouts" / "docs-examples.yaml").write_text(
            yaml.safe_dump(dict(layouts), sort_keys=False, allow_unicode=True), encoding="utf-8")
        game = load_game(self.root)
        deck = next(c for c in game.components if c.id == DECK)
        contexts = Contexts(game, translator("en", game.folder), BuildRequest(self.root, "en"))
        rules = rule_text()
        pages = []
        for name in names:
            size = game.layouts[name].size or deck.size
            placement = Placement(name, 0, Side.FRONT, MARGIN, MARGIN, size.w, size.h)
            pages.append(PagePlan(size.w + 2 * MARGIN, size.h + 2 * MARGIN, (placement,)))

        def context_for(component: str, placement: Placement) -> dict[str, Any]:
            return Scope(contexts(DECK, placement), rules=rules)

        pdf = render_pdf(game, [ComponentPlan(DECK, DECK, tuple(pages))], context_for,
                         DocumentInfo("pnp documentation", DECK, ""), page_footer=False,
                         after_placement=_frame)
        return _pngs(pdf)


def _frame(canvas: Any, page: PagePlan, placement: Placement,
           _context: Mapping[str, Any]) -> None:
    """A hairline round the layout's edge, so a reader sees where its box ends."""
    from generator.units import mm

    canvas.saveState()
    canvas.setStrokeColorRGB(0.6, 0.6, 0.6)
    canvas.setLineWidth(0.3)
    canvas.setDash([2, 2])
    top = page.height - placement.y - placement.h
    canvas.rect(mm(placement.x), mm(top), mm(placement.w), mm(placement.h), stroke=1, fill=0)
    canvas.restoreState()


def _pngs(pdf: bytes) -> list[bytes]:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        found = []
        for page in document:
            out = io.BytesIO()
            page.render(scale=DPI / 72).to_pil().convert("RGB").save(out, "PNG", optimize=True)
            found.append(out.getvalue())
        return found
    finally:
        document.close()
