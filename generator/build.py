"""The library API behind ``pnp build``: game data → plan → PDF, one file per game/lang/paper."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from .content.loader import game_folder, load_game
from .content.model import Board, Card, Deck, Game, Sheet, Size
from .content.sizes import papers
from .errors import RenderError, UsageError
from .fingerprint import folder_hash
from .i18n.catalog import SOURCE_LANG, Translator, localize, require_translations, translator
from .i18n.fitcheck import check_text_boxes
from .layout.imposition import impose_deck
from .layout.pages import (
    BLANK_BACK,
    alignment_pages,
    oriented,
    pad_for_duplex,
    plan_board,
    plan_sheet,
)
from .layout.plan import ComponentPlan, Placement, PrintOptions
from .render.document import DocumentInfo, flag_untranslated, render_pdf, write_atomically
from .render.expressions import Scope

LANG_PATTERN = re.compile(r"^[a-z]{2,3}(_[A-Z]{2})?$")


@dataclass(frozen=True)
class BuildRequest:
    """Everything one PDF depends on."""

    game: str | Path
    lang: str = "en"
    options: PrintOptions = field(default_factory=PrintOptions)
    only: tuple[str, ...] = ()
    copies: int | None = None
    out_dir: Path = Path("output")
    fallback: str | None = None
    layout_dirs: tuple[Path, ...] = ()
    rules_url: str | None = None  # the rule cards' QR address, with {game} and {lang}


@dataclass(frozen=True)
class BuildResult:
    path: Path
    pages: int
    cards: int
    seconds: float
    bytes: int
    fallback_ids: tuple[str, ...] = ()  # with --fallback: the ids drawn in the source language
    skipped: bool = False  # inputs unchanged since the PDF on disk was written


def resolve_game(spec: str | Path, layout_dirs: tuple[Path, ...] = ()) -> Game:
    """The validated game; a process building one game in several languages and papers
    loads it once, and again only when a file of the game or its layouts changes."""
    folder = (Path(spec) if isinstance(spec, Path) else game_folder(spec)).resolve()
    root = folder if folder.is_dir() else folder.parent
    inputs = tuple(folder_hash(d) for d in (root, *layout_dirs))
    return _load_game(folder, tuple(layout_dirs), inputs)


@lru_cache(maxsize=8)
def _load_game(folder: Path, layout_dirs: tuple[Path, ...], inputs: tuple[str, ...]) -> Game:
    return load_game(folder, list(layout_dirs))


def paper_size(name: str) -> Size:
    table = papers()
    if name not in table:
        raise UsageError(f"unknown paper '{name}'; use one of {', '.join(table)}")
    return table[name]


def plan_components(game: Game, request: BuildRequest, tr: Translator,
                    sheet_pages: Callable[[str], int | None] = lambda _: None,
                    ) -> list[ComponentPlan]:
    """The print plan of each selected component, in the game file's order; ``sheet_pages``
    tells how many pages one copy of a sheet takes when that is not one (a rule summary)."""
    options = request.options
    paper = paper_size(options.paper)
    known = [c.id for c in game.components]
    unknown = [c for c in request.only if c not in known]
    if unknown:
        raise UsageError(f"unknown component(s) {', '.join(unknown)} for {game.id}; "
                         f"components: {', '.join(known)}")
    plans = []
    for component in game.components:
        if request.only and component.id not in request.only:
            continue
        try:
            copies = request.copies
            if isinstance(component, Sheet):
                copies = (copies or component.copies) * (sheet_pages(component.id) or 1)
            pages = _plan_one(game, component, paper, options, copies)
        except ValueError as exc:
            raise RenderError(f"{game.source}: component '{component.id}': {exc}") from None
        pages = pad_for_duplex(pages, options, tr.gettext(BLANK_BACK))
        plans.append(ComponentPlan(component.id, tr.gettext(component.title), tuple(pages)))
    return plans


def _plan_one(game: Game, component: Any, paper: Size, options: PrintOptions,
              copies: int | None) -> list:
    if isinstance(component, Deck):
        return impose_deck(component.size, [c.front for c in component.cards],
                           [c.back for c in component.cards], paper, options)
    layout = game.layouts[component.layout]
    if layout.size is None:
        raise ValueError(f"layout '{layout.name}' needs a size: [width, height] in mm")
    if isinstance(component, Sheet):
        page = oriented(paper, component.landscape)
        return plan_sheet(layout.name, layout.size, page, copies or component.copies, options)
    assert isinstance(component, Board)
    return plan_board(layout.name, layout.size, paper, options, component.overlap)


class ContextMaker:
    """Builds the template context of each placement; localizes each card once."""

    def __init__(self, game: Game, tr: Translator, request: BuildRequest):
        self.game, self.tr = game, tr
        self.components = {c.id: c for c in game.components}
        self.base = {
            "game": {"id": game.id, "title": tr.gettext(game.title)},
            "data": localize(game.data, tr),
            "palette": dict(game.palette),
            "cues": localize(game.colour_cues, tr),
            "vars": localize(game.vars, tr),
            "lang": request.lang,
            "_": tr.gettext, "gettext": tr.gettext, "ngettext": tr.ngettext,
            "bleed": request.options.bleed,
            "ink_saver": request.options.ink_saver,
            "paper": request.options.paper,
        }
        self._cards: dict[tuple[str, int], dict[str, Any]] = {}
        self._components: dict[str, dict[str, Any]] = {}
        self.rules_url = request.rules_url

    def _rules(self, component: Any) -> Any:
        """The rule text a ``kind: rules`` component draws, in this build's language, after
        checking that every language's text fits its boxes."""
        from .rulebook.component import template_context
        from .rulebook.fit import check_languages
        from .rulebook.template import render_rules, rules_url

        game, tr = self.game, self.tr
        pattern = self.rules_url or game.vars.get("rules_url") or ""
        title = tr.gettext(game.title)
        context = template_context(game.id, title, game.rules, game.data,
                                   game.components, tr)
        url = rules_url(pattern, game.id, tr.lang)
        paging = check_languages(game, component, context, url, tr.lang)
        text = render_rules(game.folder, component.vars["rules_template"], tr, context, title,
                            url)
        return replace(text, paging=paging)

    def sheet_pages(self, component_id: str) -> int | None:
        """Pages one copy of a sheet takes: the rule summary's count in this language."""
        if self.components[component_id].kind != "rules":
            return None
        return len(self._component_context(component_id)["rules"].pages)

    def _component_context(self, component_id: str) -> dict[str, Any]:
        if component_id not in self._components:
            component = self.components[component_id]
            self._components[component_id] = {
                **self.base,
                **localize(component.vars, self.tr),
                "component": {"id": component.id, "title": self.tr.gettext(component.title)},
            }
            if component.kind == "rules":
                self._components[component_id]["rules"] = self._rules(component)
        return self._components[component_id]

    def __call__(self, component_id: str, placement: Placement) -> dict[str, Any]:
        key = (component_id, placement.item)
        if key in self._cards:
            return self._cards[key]
        component = self.components[component_id]
        context = Scope(self._component_context(component_id))
        context.update(w=placement.w, h=placement.h)
        if isinstance(component, Deck):
            card: Card = component.cards[placement.item]
            context.update(card=localize(card.fields, self.tr), copy=card.copy,
                           number=placement.item + 1, total=len(component.cards))
        else:
            context.update(copy=placement.item + 1)
        self._cards[key] = context
        return context


def output_path(game: Game, request: BuildRequest) -> Path:
    return Path(request.out_dir) / f"{game.id}-{request.lang}-{request.options.paper}.pdf"


def build(request: BuildRequest) -> BuildResult:
    """Validate, plan, draw and atomically write one game's PDF."""
    started = time.perf_counter()
    if not LANG_PATTERN.match(request.lang):
        raise UsageError(f"'{request.lang}' is not a language code such as fr, en or de")
    game = resolve_game(request.game, request.layout_dirs)
    tr = translator(request.lang, game.folder, fallback=request.fallback is not None)
    check_text_boxes(game)
    contexts = ContextMaker(game, tr, request)
    plans = plan_components(game, request, tr, contexts.sheet_pages)
    info = DocumentInfo(f"{tr.gettext(game.title)} — print and play", f"{game.id} {request.lang}",
                        f"{tr.gettext(game.title)} · {request.lang.upper()}")
    data = render_pdf(game, plans, contexts, info, request.options.ink_saver,
                      _fallback_marker(tr) if request.fallback else None)
    require_translations(tr, tr.missing, game.source)
    path = output_path(game, request)
    write_atomically(path, data)
    pages = sum(len(p.pages) for p in plans)
    cards = sum(len(c.cards) for c in game.components
                if isinstance(c, Deck) and (not request.only or c.id in request.only))
    return BuildResult(path, pages, cards, time.perf_counter() - started, len(data),
                       tuple(sorted(tr.missing)))


def _fallback_marker(tr: Translator):
    """Flag each card drawn with untranslated text, so a proofreader finds it."""
    seen = [0]

    def mark(canvas, page, placement: Placement) -> None:
        if len(tr.missing) == seen[0]:
            return
        seen[0] = len(tr.missing)
        flag_untranslated(canvas, page, placement, SOURCE_LANG)

    return mark


def build_alignment_page(options: PrintOptions, out_dir: Path) -> Path:
    """The duplex calibration sheet for the chosen paper and flip."""
    plans = [ComponentPlan("alignment", "Alignment",
                           tuple(alignment_pages(paper_size(options.paper), options)))]
    info = DocumentInfo("Duplex alignment page", "alignment", "pnp alignment")
    data = render_pdf(None, plans, lambda *_: {}, info)
    path = Path(out_dir) / f"alignment-{options.paper}-{options.duplex}.pdf"
    write_atomically(path, data)
    return path
