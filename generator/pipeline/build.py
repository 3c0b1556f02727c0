"""``pnp build`` for one PDF, stage by stage: load the game, translate, fit every language,
make the template contexts, plan the pages, put the print guide before them, draw them,
write the file atomically."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..content.model import Deck, Game
from ..errors import UsageError
from ..files import first_missing, output_inside_working_folder, remove_made, write_atomically
from ..i18n.catalog import (
    SOURCE_LANG,
    Translator,
    require_translations,
    strings_in,
    translator,
)
from ..imposition.alignment import alignment_pages
from ..imposition.plan import ComponentPlan, Placement, PrintOptions
from ..render.document import DocumentInfo, Report, flag_untranslated, render_pdf
from ..render.form_keys import FormKeys
from ..render.safe_zone import SafeWatch
from ..resources import shipped
from .contexts import Contexts
from .fit import check_text_boxes
from .guide import Guided, add_guide
from .load import resolve_game
from .plan import paper_size, plan_components
from .request import (
    BuildRequest,
    BuildResult,
    alignment_name,
    checked_language,
    pdf_name,
    sheets_of,
)


@dataclass(frozen=True)
class Planned:
    """A PDF's pages before drawing: its game, its language's catalog, its plans (the guide
    first) and their contexts. ``pnp export cut`` reads the very plan ``build`` draws."""

    game: Game
    tr: Translator
    guided: Guided


def plan_document(request: BuildRequest, fingerprint: str | None = None,
                  report: Report | None = None) -> Planned:
    """Stages 1 to 6: load, translate, fit every language, contexts, plan, print guide
    (``fingerprint``: the game's, when the caller has taken it; ``report``: what takes each
    text that does not fit, so that ``pnp check`` goes on to the next, instead of stopping)."""
    lang = checked_language(request.lang)
    game = resolve_game(request.game, request.layout_dirs, fingerprint)  # 1. load
    tr = translator(lang, game.folder, fallback=request.fallback is not None)  # 2. translate
    check_text_boxes(game, report)                                       # 3. fit every language
    contexts = Contexts(game, tr, request, report)                       # 4. contexts
    if request.options.one_up:  # a card a page for a print shop: no guide, no other parts
        from .print_ready import plan_one_up  # pikepdf and colour management: print shops only

        return Planned(game, tr, Guided(plan_one_up(game, request, tr.gettext), contexts))
    plans = plan_components(game, request, tr, contexts.sheet_pages)     # 5. plan
    guided = add_guide(game, request, tr, plans, contexts, contexts.base)  # 6. print guide
    return Planned(game, tr, guided)


def build(request: BuildRequest, fingerprint: str | None = None) -> BuildResult:
    """Validate, plan, draw and atomically write one game's PDF (``fingerprint``: the
    game's, when the caller has taken it)."""
    started = time.perf_counter()
    planned = plan_document(request, fingerprint)                        # 1-6
    game, tr, guided = planned.game, planned.tr, planned.guided
    data = draw_document(planned, request)                               # 7. draw
    if request.options.pdfx:                                             # 7b. print-ready
        from .print_ready import print_ready

        data = print_ready(data, game, guided.plans, request.options, _info(planned, request).title)
    require_translations(tr, tr.missing)
    path = output_path(game, request)
    write_atomically(path, data)                                         # 8. write
    pages = sum(len(p.pages) for p in guided.plans)
    cards = sum(len(c.cards) for c in game.components
                if isinstance(c, Deck) and (not request.only or c.id in request.only))
    return BuildResult(path, pages, sheets_of(pages, request.options), cards,
                       time.perf_counter() - started, len(data), request.lang,
                       tuple(sorted(tr.missing)))


def draw_document(planned: Planned, request: BuildRequest, report: Report | None = None,
                  safe: SafeWatch | None = None) -> bytes:
    """Stage 7: every page of the planned document drawn (``report``: what takes each
    drawing that fails, so that ``pnp check`` goes on to the next card; ``safe``: what sees
    each card element cross the safe zone, every element drawn afresh for it)."""
    game, tr = planned.game, planned.tr
    return render_pdf(game, planned.guided.plans, planned.guided.contexts, _info(planned, request),
                      request.options.ink_saver,
                      fallback_marker(game, tr) if request.fallback else None,
                      page_footer=not request.options.one_up,
                      effects=None if safe else lambda: tr.misses, report=report,
                      safe=safe)


def _info(planned: Planned, request: BuildRequest) -> DocumentInfo:
    title = planned.tr.gettext(planned.game.title)
    return DocumentInfo(f"{title} — print and play", f"{planned.game.id} {request.lang}",
                        f"{title} · {request.lang.upper()}", request.lang,
                        request.options.margin)


def build_one_up(game: str | Path, lang: str, out_dir: Path, bleed: float = 3.0,
                 only: tuple[str, ...] = (), layout_dirs: tuple[Path, ...] = (),
                 ink_limit: int = 0, fallback: str | None = None,
                 back_first: bool = False) -> BuildResult:
    """A print shop's deck file (DriveThruCards, MB Print): PDF/X-1a in FOGRA39 CMYK, one
    card a page at its trim plus ``bleed`` mm a side, no marks, each front followed by its
    back (``back_first``: each back before its front), at most ``ink_limit`` % of ink (0: the
    profile's 300); written to ``out_dir`` as ``<game>-<lang>[-<ids>]-one-up[-back-first]-pdfx
    [-ink240].pdf`` (``fallback``: as ``--fallback``)."""
    options = PrintOptions(bleed=bleed, pdfx=True, one_up=True, ink_limit=ink_limit,
                           back_first=back_first)
    return build(BuildRequest(game, lang, options, only, out_dir=Path(out_dir),
                              fallback=fallback, layout_dirs=layout_dirs))


def output_path(game: Game, request: BuildRequest) -> Path:
    """Where the PDF goes: the output folder and a name that says what it holds."""
    return Path(request.out_dir) / pdf_name(game, request)


def output_folder(out_dir: Path) -> Path:
    """The output folder, made if missing. A path that is a file, lies under a file, or cannot
    be made or written to is refused before anything is built, so nothing is half-written."""
    out = Path(out_dir)
    if os.path.lexists(out) and not os.path.isdir(out):  # (False for a path too long)
        raise UsageError(f"--out {out} is a file, not a folder; name a folder (it is made if "
                         "missing)")
    if shipped(out):
        raise UsageError(f"--out {out} is inside the installed pnp package, where a reinstall "
                         "would lose it; name a folder of your own")
    output_inside_working_folder(out)
    blocker = next((p for p in out.parents if os.path.lexists(p) and not os.path.isdir(p)),
                   None)
    if blocker is not None:
        raise UsageError(f"--out {out} cannot be made: {blocker} is a file; name a folder")
    made = first_missing(out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        remove_made(out, made)  # a parent made before the failure goes too
        raise UsageError(f"--out {out} cannot be made ({exc.strerror}); name a folder you "
                         "can write to") from None
    if not os.access(out, os.W_OK | os.X_OK):
        raise UsageError(f"--out {out} is read-only; name a folder you can write to")
    return out


def fallback_marker(game: Game, tr: Translator):
    """Flag each card drawn with untranslated text, so a proofreader finds it: a card whose
    drawing looked up a message with no translation, and every card (every copy) whose layout
    reads a text left in English, from its own fields or from the game's data (a tool's name
    and effect, a power's line). A sheet (no card) is flagged by what its drawing looked up
    and by every text it reads left in English, the game's data's included (a score pad's
    rows)."""
    seen = [tr.misses]  # looked up before drawing (the game's data): found by reading
    keys = FormKeys(game)
    english: dict[int, tuple[Any, bool]] = {}  # id → (value kept alive, holds English)

    def in_english(value: Any) -> bool:
        known = english.get(id(value))
        if known is None or known[0] is not value:
            known = english[id(value)] = (value, any(t in tr.missing for t in strings_in(value)))
        return known[1]

    def mark(canvas, page, placement: Placement, context) -> None:
        looked_up = tr.misses != seen[0]  # even a message missed before (a sheet's title)
        if looked_up:
            english.clear()  # an untranslated message: what holds one is read again
        seen[0] = tr.misses
        if {"guide", "rules"} & set(context):
            return  # the guide and the rule summary mark [EN] on their own band
        card = context.get("card")
        fields = {v for v in (card or {}).values() if isinstance(v, str)}
        if looked_up or ((fields or card is None) and placement.layout and any(
                in_english(part) for value in keys.read_values(placement.layout, context)
                for part in (_entries_of(value, fields) if card is not None else [value]))):
            flag_untranslated(canvas, page, placement, SOURCE_LANG)

    return mark


def _entries_of(value: Any, fields: set[str]) -> list[Any]:
    """The part of the values a card's layout reads that the card shows. A table (a mapping
    of records, such as the powers by id) shows a card the records its fields name
    (``card.power``), none when they name none; a mapping of other things, the part of each
    of its values; anything else, itself."""
    if not isinstance(value, dict):
        return [value]
    if value and all(isinstance(v, dict) for v in value.values()):
        return [value[k] for k in fields & set(value)]
    return [part for v in value.values() for part in _entries_of(v, fields)]


def build_alignment_page(options: PrintOptions, out_dir: Path) -> BuildResult:
    """The duplex calibration sheet for the chosen paper and flip: one sheet, printed on
    both sides whatever ``--duplex`` says."""
    started = time.perf_counter()
    output_folder(out_dir)
    pages = alignment_pages(paper_size(options.paper), options)
    plans = [ComponentPlan("alignment", "Alignment", tuple(pages))]
    info = DocumentInfo("Duplex alignment page", "alignment", "pnp alignment",
                        margin=options.margin)
    data = render_pdf(None, plans, lambda *_: {}, info)
    path = Path(out_dir) / alignment_name(options)
    write_atomically(path, data)
    return BuildResult(path, len(pages), 1, 0, time.perf_counter() - started, len(data))
