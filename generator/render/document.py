"""Draw a list of planned components into the bytes of one PDF (``files.write_atomically``
writes them).

Same inputs give the same bytes: reportlab's invariant mode fixes the dates (to
``SOURCE_DATE_EPOCH`` when it is set, the reproducible-builds convention, else 2000-01-01), and
the document ID is a hash of the content, so two variants of a kit never share one.
"""

from __future__ import annotations

import hashlib
import io
import re
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from ..content.model import Game
from ..content.sizes import printer_defaults
from ..content.typography import typeset
from ..errors import PnpError
from ..imposition.plan import (
    ComponentPlan,
    Mark,
    MarkKind,
    PagePlan,
    Placement,
    Side,
    footer_baseline,
)
from ..units import mm
from .blame import blamed
from .fonts import font_name, register_fonts
from .form_keys import FormKeys
from .forms import place_form
from .painter import Painter, Replays
from .recording import replay_or_record
from .safe_zone import SafeWatch

MARK_STYLE = {  # kind: (width pt, dash pt, grey level)
    MarkKind.CROP: (0.25, None, 0.0),
    MarkKind.FOLD: (0.4, (3, 2), 0.35),
    MarkKind.GLUE: (0.4, (2, 2), 0.5),
    MarkKind.TARGET: (0.3, None, 0.0),
    MarkKind.RULER: (0.25, None, 0.0),
}

# the trailer's /ID as reportlab writes it: one 16-byte digest, twice, in hexadecimal
TRAILER_ID = re.compile(rb"/ID \n\[<([0-9a-f]{32})><\1>\]")
CASING = 0.75  # pt of white on each crop mark's sides together: it shows on a dark bleed
FORM_PREFIX = "Stamp"  # PDF names of repeated drawings (kept: renaming it moves every byte)
ContextFor = Callable[[str, Placement], dict[str, Any]]
Report = Callable[[PnpError], None]  # takes a drawing's error, and drawing goes on


@dataclass(frozen=True)
class DocumentInfo:
    title: str
    subject: str
    footer: str
    lang: str = ""  # the typography the page labels and footer are set in
    # the printer margin the footer keeps from the paper's edges (PrintOptions.margin)
    margin: float = field(default_factory=lambda: printer_defaults()["margin"])


def render_pdf(game: Game | None, components: Sequence[ComponentPlan], context_for: ContextFor,
               info: DocumentInfo, ink_saver: bool = False,
               after_placement: Callable[[Canvas, PagePlan, Placement, Mapping[str, Any]], None]
               | None = None,
               page_footer: bool = True, effects: Callable[[], Hashable] | None = None,
               report: Report | None = None, safe: SafeWatch | None = None) -> bytes:
    """Draw every page of every component; return the PDF bytes. ``page_footer=False`` leaves
    pages bare (a page that is one card, for proofs). With ``effects``, what drawing leaves
    behind besides the page (the translator's missing ids), drawings are replayed from earlier
    documents of the process (see :mod:`.recording`), but for those that change it. A card
    that cannot be drawn stops the drawing with an error naming its cell (:mod:`.blame`), or,
    with ``report``, is reported to it and drawing goes on (``pnp check``: every problem).
    ``safe`` sees every card element cross the safe zone (:mod:`.safe_zone`)."""
    register_fonts()
    buffer = io.BytesIO()
    # the initial font is ours: reportlab's default names an unembedded Helvetica on every
    # page, which print-shop preflight flags
    canvas = Canvas(buffer, invariant=1, pageCompression=1, initialFontName=font_name("regular"))
    canvas.setTitle(info.title)
    canvas.setAuthor("pnp")
    canvas.setCreator("pnp print-and-play generator")
    canvas.setSubject(info.subject)
    painter = Painter(canvas, game, ink_saver=ink_saver) if game is not None else None
    if painter is not None:
        painter.safe = safe
        painter.overflows = [] if report is not None else None
    forms = _Forms(painter, components, context_for, effects) if painter is not None else None
    failed = False  # a drawing broken off leaves its form unfinished: no file to save
    for component in components:
        for number, page in enumerate(component.pages, start=1):
            canvas.setPageSize((mm(page.width), mm(page.height)))
            for entry in component.outline:
                if entry.page == number - 1:
                    canvas.bookmarkPage(f"c-{entry.component_id}")
                    canvas.addOutlineEntry(entry.title, f"c-{entry.component_id}", level=0)
            _turn(canvas, page)
            for placement in page.placements:
                assert forms is not None and game is not None, "placements need a game"
                owner = placement.component or component.component_id
                context: dict[str, Any] = {}
                try:
                    context = context_for(owner, placement)
                    _draw_placement(forms, page, placement, context)
                except PnpError as error:
                    if report is None:
                        raise blamed(error, game, owner, placement.item, context) from None
                    report(blamed(error, game, owner, placement.item, context))
                    failed = True
                overflows = painter.overflows if painter is not None else None
                for overflow in overflows or ():  # every box of the card that did not fit
                    assert report is not None and game is not None
                    report(blamed(overflow, game, owner, placement.item, context))
                    failed = True
                if overflows:
                    overflows.clear()
                if after_placement is not None:
                    after_placement(canvas, page, placement, context)
            _draw_marks(canvas, page, page.marks)
            _draw_patches(canvas, page)
            _draw_labels(canvas, page, info.lang)
            if page.turn:
                canvas.restoreState()
            if page_footer:
                printed = sum(1 for p in component.pages if p.side != Side.BLANK)
                count = f" · {number}/{printed}" if page.side != Side.BLANK else ""
                footer = f"{info.footer} · {page.title or component.title}{count}"
                _small_text(canvas, page, info.margin, footer_baseline(page.height, info.margin),
                            typeset(footer, info.lang), 5.5)
            canvas.showPage()
    if failed:
        return b""
    canvas.save()
    return content_id(buffer.getvalue())


def content_id(data: bytes) -> bytes:
    """The PDF with its trailer ID made from its content. reportlab's invariant ID hashes only
    the title, author, subject and date, so every paper and option of a game had the same one;
    an ID of the same length keeps every offset of the cross-reference table true."""
    found = TRAILER_ID.search(data)
    if found is None:
        return data
    digest = hashlib.md5(data, usedforsecurity=False).hexdigest().encode()
    start, end = found.span(1)
    return data[:start] + digest + b"><" + digest + data[end + 2 + 32:]


class _Forms:
    """Draws each placement, once as a PDF form when the same drawing recurs in the
    document (backs, copies), placing the form wherever it recurs; a drawing made in an
    earlier document of this process (the same card on another paper) is replayed."""

    def __init__(self, painter: Painter, components: Sequence[ComponentPlan],
                 context_for: ContextFor, effects: Callable[[], Hashable] | None):
        self.painter, self.form_keys, self.effects = painter, FormKeys(painter.game), effects
        self.uses: Counter[tuple] = Counter()
        self.names: dict[tuple, str] = {}
        self.keys: dict[tuple[int, int], tuple[Any, tuple | None]] = {}
        self.settings = (painter.game.fingerprint, painter.settings())
        if effects is not None:
            painter.replays = Replays(self.form_keys, self.settings, effects)
        for component in components:
            for page in component.pages:
                for placement in page.placements:
                    key = self._key(placement, context_for(
                        placement.component or component.component_id, placement))
                    if key is not None:
                        self.uses[key] += 1

    def _key(self, placement: Placement, context: dict[str, Any]) -> tuple | None:
        """Computed once per placement and context (both kept, so their ids stay theirs);
        none for a drawing whose values cannot be compared."""
        known = (id(placement), id(context))
        if known not in self.keys:
            self.keys[known] = ((placement, context),
                                self.form_keys.key(placement.layout, context, placement.w,
                                                placement.h, placement.bleed))
        return self.keys[known][1]

    def draw(self, placement: Placement, context: dict[str, Any]) -> None:
        key = self._key(placement, context)
        replay_key = None if key is None or self.effects is None else (*self.settings, key)

        def draw() -> None:
            replay_or_record(self.painter.canvas, replay_key, lambda: self.painter.draw_layout(
                placement.layout, context, placement.w, placement.h, placement.bleed),
                self.effects, context.get("lang"))

        if key is None or self.uses[key] < 2:
            draw()
        else:
            place_form(self.painter.canvas, self.names, key, FORM_PREFIX, draw)


def _draw_placement(forms: _Forms, page: PagePlan, placement: Placement,
                    context: dict[str, Any]) -> None:
    canvas = forms.painter.canvas
    canvas.saveState()
    if placement.clip is not None:
        cx, cy, cw, ch = placement.clip
        clip = canvas.beginPath()
        clip.rect(mm(cx), mm(page.height - cy - ch), mm(cw), mm(ch))
        canvas.clipPath(clip, stroke=0, fill=0)
    fw, fh = placement.footprint
    # move to the footprint's centre, turn, then to the layout's own top-left corner
    canvas.translate(mm(placement.x + fw / 2), mm(page.height - placement.y - fh / 2))
    canvas.rotate(-placement.rotation)
    canvas.translate(-mm(placement.w / 2), mm(placement.h / 2))
    if placement.bleed:
        b = placement.bleed
        clip = canvas.beginPath()
        clip.rect(-mm(b), -mm(placement.h + b), mm(placement.w + 2 * b), mm(placement.h + 2 * b))
        canvas.clipPath(clip, stroke=0, fill=0)
    forms.draw(placement, context)
    canvas.restoreState()


def _draw_marks(canvas: Canvas, page: PagePlan, marks: Sequence[Mark]) -> None:
    for kind in MARK_STYLE:
        group = [m for m in marks if m.kind == kind]
        if not group:
            continue
        width, dash, grey = MARK_STYLE[kind]
        if kind == MarkKind.CROP:  # a white edge: a mark that reaches into a dark bleed shows
            _stroke(canvas, page, group, width + CASING, None, 1.0)
        _stroke(canvas, page, group, width, dash, grey)


def _stroke(canvas: Canvas, page: PagePlan, marks: Sequence[Mark], width: float,
            dash: tuple[float, float] | None, grey: float) -> None:
    """One path of hairlines in one style."""
    canvas.saveState()
    canvas.setLineWidth(width)
    canvas.setStrokeGray(grey)
    canvas.setDash(list(dash) if dash else [])
    path = canvas.beginPath()
    for m in marks:
        path.moveTo(mm(m.x1), mm(page.height - m.y1))
        path.lineTo(mm(m.x2), mm(page.height - m.y2))
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()


def _turn(canvas: Canvas, page: PagePlan) -> None:
    """Turn what the page draws by ``page.turn`` degrees clockwise about its centre (a back
    corrected for a printer that turns it); the caller restores the state after the page."""
    if not page.turn:
        return
    canvas.saveState()
    cx, cy = mm(page.width / 2), mm(page.height / 2)
    canvas.translate(cx, cy)
    canvas.rotate(-page.turn)
    canvas.translate(-cx, -cy)


def _draw_patches(canvas: Canvas, page: PagePlan) -> None:
    """Solid black rectangles: a cutting machine's registration marks, in full black ink
    whatever the ink saver does, for its sensor."""
    if not page.patches:
        return
    canvas.saveState()
    canvas.setFillGray(0.0)
    for patch in page.patches:
        canvas.rect(mm(patch.x), mm(page.height - patch.y - patch.h), mm(patch.w), mm(patch.h),
                    stroke=0, fill=1)
    canvas.restoreState()


def _draw_labels(canvas: Canvas, page: PagePlan, lang: str) -> None:
    """The page's notes (a blank back's), set in the typography of ``lang``."""
    for label in page.labels:
        _small_text(canvas, page, label.x, label.y, typeset(label.text, lang), label.size,
                    label.end)


def _small_text(canvas: Canvas, page: PagePlan, x: float, y: float, text: str,
                size: float, end: bool = False) -> None:
    canvas.saveState()
    canvas.setFont(font_name("regular"), size)
    canvas.setFillGray(0.35)
    (canvas.drawRightString if end else canvas.drawString)(mm(x), mm(page.height - y), text)
    canvas.restoreState()


def flag_untranslated(canvas: Canvas, page: PagePlan, placement: Placement, lang: str) -> None:
    """A small red tag on the top-left of a placement drawn with fallback text."""
    canvas.saveState()
    canvas.setFillColorRGB(0.85, 0.1, 0.1)
    canvas.setFont(font_name("bold"), 5)
    canvas.drawString(mm(placement.x + 0.8), mm(page.height - placement.y - 2.2),
                      f"[{lang.upper()}]")
    canvas.restoreState()
