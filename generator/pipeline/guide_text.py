"""The print guide's text, read off the print plan of the very PDF it opens: which pages to
print double-sided (and flipped on which edge), which single-sided, which are blank; what to
cut, fold and glue, part by part in the game's assembly order; what players bring.

Every sentence is an engine message (``i18n/engine_messages``) or the game's own data, in the
build's language; the text is cut into sections (faces) that the guide's page flows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from babel.numbers import format_decimal

from ..content.guide_spec import paper_table
from ..content.ink_spec import ink_figures, ink_levels
from ..content.model import Board, Component, Deck, Game, Size
from ..i18n.catalog import Translator, message_key
from ..i18n.engine_messages import (
    GENDER_CONTEXT,
    GENDERED_STEPS,
    GENDERS,
    GLUE_KINDS,
    GUIDE_ASSEMBLY,
    GUIDE_BACKS_APART,
    GUIDE_BACKS_OF,
    GUIDE_BLANK,
    GUIDE_BRING,
    GUIDE_BRING_INTRO,
    GUIDE_BRING_NOTHING,
    GUIDE_CARD_SIZE,
    GUIDE_DUPLEX,
    GUIDE_EDITION,
    GUIDE_EDITION_INTRO,
    GUIDE_FEWER,
    GUIDE_GLUE_SIDES,
    GUIDE_INK,
    GUIDE_INK_FOR,
    GUIDE_INK_LEVELS,
    GUIDE_INK_PART,
    GUIDE_MARGIN,
    GUIDE_PAGES,
    GUIDE_PAPER,
    GUIDE_PAPER_FOR,
    GUIDE_PAPERS,
    GUIDE_PIECE_SIZES,
    GUIDE_PRINTING,
    GUIDE_SAVE,
    GUIDE_SETTINGS,
    GUIDE_SHEETS,
    GUIDE_SIMPLEX,
    GUIDE_STEP,
    GUIDE_STEPS,
    GUIDE_TITLE,
    GUIDE_TOOLS,
    GUIDE_TOOLS_GLUE,
    GUIDE_WHOLE,
    gender_context,
)
from ..imposition.gang import gang_grid, per_page_without_margin
from ..imposition.plan import Backs, ComponentPlan, Duplex, PagePlan, PrintOptions, Side
from ..render.blocks import Block
from ..summary.template import locale_for
from ..summary.text import Face, RuleText
from .guide_credits import credits_section

NBSP = "\u00a0"  # a space lines never break at: a size stays on one line


@dataclass(frozen=True)
class Part:
    """One component as this PDF prints it: the pages that hold it and its plan."""

    component: Component
    title: str
    pages: tuple[int, ...]     # 1-based page numbers
    shared: bool               # on pages it shares with other components


def page_list(numbers: Sequence[int]) -> str:
    """``3–10, 15, 18–19``: runs of consecutive pages joined by an en dash."""
    runs: list[list[int]] = []
    for number in sorted(set(numbers)):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)


def guide_text(game: Game, plans: Sequence[ComponentPlan], options: PrintOptions,
               paper: Size, tr: Translator) -> RuleText:
    """The guide for a PDF made of ``plans`` in this order (the guide's own plan first)."""
    firsts = first_pages(plans)
    sections = [_printing(game, plans, firsts, options, paper, tr),
                _paper(game, plans, firsts, options, tr),
                _assembly(game, plans, firsts, options, tr)]
    if game.bring is not None:
        sections.append(_bring(game, tr))
    if game.edition:
        sections.append(_edition(game, tr))
    sections.append(credits_section(game, tr))
    return RuleText(tr.gettext(GUIDE_TITLE), tr.lang, "",
                    tuple(_fallen_back(face, tr) for face in sections))


def _fallen_back(face: Face, tr: Translator) -> Face:
    """The section marked when a text of it is left in English (``guide.fallback`` prints
    [EN] on the guide's title band, as on rule cards)."""
    ids = (*face.ids, *(i for block in face.blocks for i in block.ids))
    return replace(face, fallback=any(not tr.has(i) for i in ids))


def first_pages(plans: Sequence[ComponentPlan]) -> list[int]:
    """The 1-based number of each plan's first page."""
    firsts, number = [], 1
    for plan in plans:
        firsts.append(number)
        number += len(plan.pages)
    return firsts


def _para(text: str, *ids: str) -> Block:
    return Block("para", (text,), ids)


def _pages(tr: Translator, numbers: Sequence[int]) -> str:
    """``page 3`` or ``pages 3–5, 8`` in the build's language."""
    return tr.ngettext(*GUIDE_PAGES, len(set(numbers))).format(pages=page_list(numbers))


def _range(tr: Translator, message: str, pages: Sequence[int]) -> Block:
    """One way of printing and its pages, as a bullet."""
    return Block("item", (tr.gettext(message).format(pages=_pages(tr, pages)),), (message,))


def _printing(game: Game, plans: Sequence[ComponentPlan], firsts: list[int],
              options: PrintOptions, paper: Size, tr: Translator) -> Face:
    """Printer settings and the page ranges to print each way."""
    w, h = (format_decimal(side, locale=locale_for(tr.lang)) for side in (paper.w, paper.h))
    name = f"{options.paper.capitalize()} ({w}{NBSP}×{NBSP}{h}{NBSP}mm)"
    blocks = [_para(tr.gettext(GUIDE_SETTINGS).format(paper=name), GUIDE_SETTINGS)]
    if options.duplex == Duplex.NONE:
        pages = [n for plan, first in zip(plans, firsts, strict=True)
                 for n, page in enumerate(plan.pages, first) if page.side != Side.BLANK]
        blocks.append(_range(tr, GUIDE_SIMPLEX, pages))
        if options.backs == Backs.END:
            blocks += _backs_apart(plans, firsts, tr)
        return Face(tr.gettext(GUIDE_PRINTING), tuple(blocks), (GUIDE_PRINTING,))
    total = sum(len(plan.pages) for plan in plans)
    sheets = (total + 1) // 2
    blocks += [_para(" ".join((tr.gettext(GUIDE_WHOLE[str(options.duplex)]),
                               tr.ngettext(*GUIDE_SHEETS, sheets).format(sheets=sheets))),
                     GUIDE_WHOLE[str(options.duplex)], GUIDE_SHEETS[0]),
               _para(tr.gettext(GUIDE_MARGIN).format(margin=f"{options.margin:g}"), GUIDE_MARGIN),
               *_fewer(parts(game, plans, firsts), options, paper, tr)]
    duplex: list[int] = []
    simplex: list[int] = []
    blank: list[int] = []
    in_file = [page for plan in plans for page in plan.pages]
    for index in range(0, len(in_file), 2):  # a sheet: a front and what lies behind it
        sheet = in_file[index:index + 2]
        numbers = range(index + 1, index + 1 + len(sheet))
        if _two_sided(sheet):
            duplex += numbers
            continue
        for n, page in zip(numbers, sheet, strict=True):
            (blank if page.side == Side.BLANK else simplex).append(n)
    if simplex or blank:
        ranges = [(GUIDE_DUPLEX[str(options.duplex)], duplex), (GUIDE_SIMPLEX, simplex),
                  (GUIDE_BLANK, blank)]
        blocks += [_para(tr.gettext(GUIDE_SAVE), GUIDE_SAVE),
                   *(_range(tr, message, pages) for message, pages in ranges if pages)]
    return Face(tr.gettext(GUIDE_PRINTING), tuple(blocks), (GUIDE_PRINTING,))


def _fewer(found: Sequence[Part], options: PrintOptions, paper: Size,
           tr: Translator) -> list[Block]:
    """Decks that take more pages than the paper would need without the printer's margin
    (poker cards on Letter: 8 a page, not 9), each saying so."""
    if not options.shared_cuts or options.duplex == Duplex.NONE and options.backs == Backs.FOLD:
        return []
    counts: dict[tuple[int, int], list[str]] = {}
    for part in found:
        if isinstance(part.component, Deck) and not part.shared:
            size, cards = part.component.size, len(part.component.cards)
            count = gang_grid(size, paper, options, cards).per_page
            more = per_page_without_margin(size, paper, options)
            if -(-cards // more) < -(-cards // count):  # the margin costs the deck a page
                counts.setdefault((count, more), []).append(part.title)
    return [_para(tr.gettext(GUIDE_FEWER).format(title="; ".join(titles), count=count,
                                                 more=more), GUIDE_FEWER)
            for (count, more), titles in counts.items()]


def _paper(game: Game, plans: Sequence[ComponentPlan], firsts: list[int],
           options: PrintOptions, tr: Translator) -> Face:
    """The paper each part wants: its ``assembly:`` entry's, else its kind's
    (``templates/paper.yaml``), the parts grouped by paper."""
    table = paper_table()
    chosen = {s.component: s.paper for s in game.assembly if s.paper}
    groups: dict[str, list[str]] = {}
    for part in parts(game, plans, firsts):
        kind = _kind(part, options)
        cards = kind == "fold" or kind == "shared" and isinstance(part.component, Deck)
        name = chosen.get(part.component.id) or table["defaults"]["deck" if cards else kind]
        groups.setdefault(name, []).append(_titled(part, tr))
    blocks = [Block("item", (tr.gettext(GUIDE_PAPER_FOR).format(
        paper=tr.gettext(GUIDE_PAPERS[name]), parts="; ".join(titles)),),
        (GUIDE_PAPER_FOR, GUIDE_PAPERS[name])) for name, titles in groups.items()]
    return Face(tr.gettext(GUIDE_PAPER), (*blocks, *_ink(game, plans, firsts, tr)),
                (GUIDE_PAPER,))


def _ink(game: Game, plans: Sequence[ComponentPlan], firsts: list[int],
         tr: Translator) -> list[Block]:
    """The ink each part takes, grouped by level, in one paragraph, from the game's measured
    figures (none measured: nothing said)."""
    figures = ink_figures(game.folder)
    levels = ink_levels()
    grouped: dict[str, list[str]] = {name: [] for _, name in levels.bands}
    for part in parts(game, plans, firsts):
        percent = figures.get(part.component.id)
        if percent is not None:
            grouped[levels.level(percent)].append(tr.gettext(GUIDE_INK_PART).format(
                title=part.title, percent=format_decimal(round(percent),
                                                         locale=locale_for(tr.lang))))
    said = [tr.gettext(GUIDE_INK_FOR).format(level=tr.gettext(GUIDE_INK_LEVELS[level]),
                                             parts=" · ".join(named))
            for level, named in reversed(grouped.items()) if named]  # the heaviest first
    if not said:
        return []
    return [_para(tr.gettext(GUIDE_INK).format(levels="; ".join(said)), GUIDE_INK,
                  GUIDE_INK_FOR, GUIDE_INK_PART)]


def _two_sided(sheet: Sequence[PagePlan]) -> bool:
    """Whether a sheet has something printed on its back."""
    return len(sheet) == 2 and sheet[1].side != Side.BLANK


def _backs_apart(plans: Sequence[ComponentPlan], firsts: list[int],
                 tr: Translator) -> list[Block]:
    """Single-sided with the backs after their fronts: which pages go behind which."""
    items = []
    for plan, first in zip(plans, firsts, strict=True):
        numbered = list(enumerate(plan.pages, first))
        backs = [n for n, page in numbered if page.side == Side.BACK]
        if backs:
            fronts = [n for n, page in numbered if page.side not in (Side.BACK, Side.BLANK)]
            text = tr.gettext(GUIDE_BACKS_OF).format(
                title=plan.title, fronts=page_list(fronts), backs=page_list(backs))
            items.append(Block("item", (text,), (GUIDE_BACKS_OF,)))
    if not items:
        return []
    return [_para(tr.gettext(GUIDE_BACKS_APART), GUIDE_BACKS_APART), *items]


def parts(game: Game, plans: Sequence[ComponentPlan], firsts: Sequence[int]) -> list[Part]:
    """Every component this PDF prints, in the game's assembly order: the ones its
    ``assembly:`` names first, in that order, then the others as the PDF holds them."""
    found: dict[str, Part] = {}
    for plan, first in zip(plans, firsts, strict=True):
        numbered = list(enumerate(plan.pages, first))
        if plan.shared_outline:
            for entry in plan.shared_outline:
                pages = tuple(n for n, page in numbered if any(
                    p.component == entry.component_id for p in page.placements))
                found[entry.component_id] = Part(game.component(entry.component_id),
                                                 entry.title, pages, True)
        elif plan.component_id in {c.id for c in game.components}:
            pages = tuple(n for n, page in numbered if page.side != Side.BLANK)
            found[plan.component_id] = Part(game.component(plan.component_id), plan.title,
                                            pages, False)
    order = [s.component for s in game.assembly if s.component in found]
    return [found[i] for i in order] + [p for i, p in found.items() if i not in order]


def _step(game: Game, part: Part, options: PrintOptions, tr: Translator) -> tuple[str, str]:
    """What to do with a part, and the message id it comes from: the game's own step, else
    its kind's default."""
    data = next((s for s in game.assembly if s.component == part.component.id), None)
    if data is not None and data.step:
        message = str(data.step)
    else:
        message = GUIDE_STEPS[_kind(part, options)]
    text = _said_of(tr, message, part.component.title) if message in _GENDERED else \
        tr.gettext(message)
    if data is not None and data.duplex and options.duplex == Duplex.NONE:
        text = f"{text} {tr.gettext(GUIDE_GLUE_SIDES)}"
    return text, message


_GENDERED = {GUIDE_STEPS[kind] for kind in GENDERED_STEPS}


def _said_of(tr: Translator, message: str, title: str) -> str:
    """A step that refers to the part: in the form for the gender the game's catalog gives
    the part's title (msgctxt ``grammatical gender``), when the engine's catalog has that
    form; else the form without context."""
    gender = tr.messages.get(message_key(title, GENDER_CONTEXT))
    if isinstance(gender, str) and gender.strip() in GENDERS:
        form = tr.messages.get(message_key(message, gender_context(gender.strip())))
        if isinstance(form, str):
            return form
    return tr.gettext(message)


def _kind(part: Part, options: PrintOptions) -> str:
    """The key of a part's default step in ``GUIDE_STEPS``."""
    component = part.component
    if isinstance(component, Deck):
        folded = options.duplex == Duplex.NONE and options.backs == Backs.FOLD
        if folded and any(c.back for c in component.cards):
            return "fold"
        return component.pieces if component.pieces in GUIDE_PIECE_SIZES else "deck"
    if isinstance(component, Board):
        return "board"
    return "shared" if part.shared else "sheet"


def _assembly(game: Game, plans: Sequence[ComponentPlan], firsts: list[int],
              options: PrintOptions, tr: Translator) -> Face:
    """The tools (a glue stick only when a step glues), then each part in page order: its
    pages and what to do with it."""
    steps = []
    glue = False
    for part in sorted(parts(game, plans, firsts), key=lambda p: min(p.pages, default=0)):
        step, message = _step(game, part, options, tr)
        glue = glue or message not in GUIDE_STEPS.values() or tr.gettext(
            GUIDE_GLUE_SIDES) in step or message in (GUIDE_STEPS[k] for k in GLUE_KINDS)
        text = tr.gettext(GUIDE_STEP).format(title=part.title, pages=_pages(tr, part.pages),
                                             step=step)
        steps.append((text, message))
    tools = GUIDE_TOOLS_GLUE if glue else GUIDE_TOOLS
    blocks = [_para(tr.gettext(tools), tools),
              *(_para(f"{number}. {text}", GUIDE_STEP, message)
                for number, (text, message) in enumerate(steps, 1))]
    return Face(tr.gettext(GUIDE_ASSEMBLY), tuple(blocks), (GUIDE_ASSEMBLY,))


def _titled(part: Part, tr: Translator) -> str:
    """A part's title; a deck's with the trimmed size of its cards (sleeves come in sizes)."""
    if not isinstance(part.component, Deck):
        return part.title
    size = part.component.size
    w, h = (format_decimal(side, locale=locale_for(tr.lang)) for side in (size.w, size.h))
    pieces = GUIDE_PIECE_SIZES.get(part.component.pieces)
    if pieces is not None:
        message = tr.ngettext(*pieces, len(part.component.cards))
    else:
        message = tr.gettext(GUIDE_CARD_SIZE)
    text = message.format(title=part.title, w=w, h=h)
    return text.replace(" × ", f"{NBSP}×{NBSP}").replace(" mm", f"{NBSP}mm")


def _bring(game: Game, tr: Translator) -> Face:
    """What the game needs that the kit does not print (``bring:`` in game.yaml)."""
    if not game.bring:
        blocks = [_para(tr.gettext(GUIDE_BRING_NOTHING), GUIDE_BRING_NOTHING)]
    else:
        blocks = [_para(tr.gettext(GUIDE_BRING_INTRO), GUIDE_BRING_INTRO),
                  *(Block("item", (tr.gettext(item),), (str(item),)) for item in game.bring)]
    return Face(tr.gettext(GUIDE_BRING), tuple(blocks), (GUIDE_BRING,))


def _edition(game: Game, tr: Translator) -> Face:
    """The rulings the kit made where the published rules are silent (``edition:``)."""
    blocks = [_para(tr.gettext(GUIDE_EDITION_INTRO), GUIDE_EDITION_INTRO),
              *(Block("item", (tr.gettext(item),), (str(item),)) for item in game.edition)]
    return Face(tr.gettext(GUIDE_EDITION), tuple(blocks), (GUIDE_EDITION,))
