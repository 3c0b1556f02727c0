"""The print plan: pages with placements and marks, all in mm from the page's top-left."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from ..content.sizes import printer_defaults


class Duplex(StrEnum):
    """The edge a duplex printer flips the sheet on, or none (backs printed apart)."""

    LONG = "long"
    SHORT = "short"
    NONE = "none"


class Backs(StrEnum):
    """Without duplex: backs on pages of their own at the end, or beside their fronts to fold."""

    END = "end"
    FOLD = "fold"


class Side(StrEnum):
    """What a page or placement is: a card front, its back, a whole sheet, or a blank page
    that keeps the next part starting on a front."""

    FRONT = "front"
    BACK = "back"
    SHEET = "sheet"
    BLANK = "blank"


class MarkKind(StrEnum):
    """A crop line, the fold and glue edges of a fold-and-glue pair, an alignment target, or a
    ruler tick of the alignment page."""

    CROP = "crop"
    FOLD = "fold"
    GLUE = "glue"
    TARGET = "target"
    RULER = "ruler"


@dataclass(frozen=True)
class PrintOptions:
    """How the user wants to print: paper, bleed, duplex and corrections."""

    paper: str = "a4"
    bleed: float = 3.0
    gutter: float = 0.0
    # cards edge to edge, one cut line between neighbours (the default); False: each card
    # with its own bleed, ``gutter`` mm apart (--gutter)
    shared_cuts: bool = True
    # the unprinted strip along every paper edge, and the footer band inside it at the foot of
    # the page (templates/sizes.yaml, printer:)
    margin: float = field(default_factory=lambda: printer_defaults()["margin"])
    footer_band: float = field(default_factory=lambda: printer_defaults()["footer"])
    mark_length: float = 4.0
    mark_gap: float = 1.0
    duplex: Duplex = Duplex.LONG
    backs: Backs = Backs.END      # read only with Duplex.NONE
    back_offset: tuple[float, float] = (0.0, 0.0)
    back_rotation: float = 0.0    # degrees clockwise, about the page centre, on back pages
    ink_saver: bool = False
    crop_marks: bool = True
    registration: str = ""        # a cutting machine of templates/registration.yaml, or none
    pdfx: bool = False            # print-ready: PDF/X-1a, CMYK, trim and bleed boxes
    one_up: bool = False          # one card a page at trim + bleed, front then back
    back_first: bool = False      # with one_up: each card's back page before its front
    ink_limit: int = 0            # with pdfx: most ink in %, C+M+Y+K (0: templates/pdfx.yaml)

    def __post_init__(self) -> None:  # the command line passes the options' plain names
        object.__setattr__(self, "duplex", Duplex(self.duplex))
        object.__setattr__(self, "backs", Backs(self.backs))
        if self.gutter:  # a gap between cards: each keeps its own cut lines
            object.__setattr__(self, "shared_cuts", False)

    def frame_top(self, paper_h: float, block_h: float) -> float:
        """The top of a block ``block_h`` mm high, centred between the top margin and the
        footer band."""
        return (paper_h - self.footer_band - block_h) / 2


@dataclass(frozen=True)
class Placement:
    """One layout drawn into a trim box (x, y = top-left, in page mm) turned by ``rotation``."""

    layout: str
    item: int                 # index of the card (or copy) in the component
    side: Side
    x: float
    y: float
    w: float                  # the layout's own width and height (before rotation)
    h: float
    rotation: int = 0         # 0, 90, 180 or 270 degrees clockwise
    bleed: float = 0.0
    clip: tuple[float, float, float, float] | None = None
    # on a page several components share: the component whose card or sheet this is, so that
    # it is drawn with its own context ('' = the component the page belongs to)
    component: str = ""

    @property
    def footprint(self) -> tuple[float, float]:
        """Width and height the placement occupies on the page."""
        return (self.h, self.w) if self.rotation in (90, 270) else (self.w, self.h)


@dataclass(frozen=True)
class Mark:
    """A hairline from (x1, y1) to (x2, y2): crop, glue or alignment mark."""

    x1: float
    y1: float
    x2: float
    y2: float
    kind: MarkKind = MarkKind.CROP


@dataclass(frozen=True)
class Patch:
    """A solid black rectangle (x, y = top-left, in page mm): part of a cutting machine's
    registration mark, which its sensor reads as ink, not as a hairline."""

    x: float
    y: float
    w: float
    h: float


FOOTER_DESCENT = 0.8  # mm from a footer line's baseline down to its lowest glyph, and a little


def footer_baseline(page_h: float, margin: float) -> float:
    """Where the footer line (and any label beside it) sits, in mm from the top: its lowest
    glyph just inside the bottom margin."""
    return page_h - margin - FOOTER_DESCENT


@dataclass(frozen=True)
class Label:
    """Small text on the page (page labels, instructions); ``end``: ``x`` is where it ends."""

    x: float
    y: float
    text: str
    size: float = 6.0
    end: bool = False


@dataclass(frozen=True)
class PagePlan:
    width: float
    height: float
    placements: tuple[Placement, ...]
    marks: tuple[Mark, ...] = ()
    labels: tuple[Label, ...] = ()
    side: Side = Side.FRONT
    # the footer's name for the page when it is not its component's title: on a shared page,
    # the parts printed on it
    title: str = ""
    patches: tuple[Patch, ...] = ()
    # degrees clockwise that everything on the page is turned about its centre: a back page
    # corrected for a printer that turns it (--back-rotation)
    turn: float = 0.0


@dataclass(frozen=True)
class OutlineEntry:
    """A bookmark: the component's title in the PDF outline, pointing at the 0-based ``page``
    of its plan where the component is printed."""

    component_id: str
    title: str
    page: int = 0


@dataclass(frozen=True)
class ComponentPlan:
    component_id: str
    title: str
    pages: tuple[PagePlan, ...] = field(default_factory=tuple)
    # the bookmarks of pages that several components share; none: the plan's own title
    # bookmarks its first page
    shared_outline: tuple[OutlineEntry, ...] = ()

    @property
    def outline(self) -> tuple[OutlineEntry, ...]:
        """Every bookmark of the plan, in page order."""
        return self.shared_outline or (OutlineEntry(self.component_id, self.title),)
