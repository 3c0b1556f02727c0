"""``pnp watch``: the designer's loop. Every save in the game folder rebuilds the proofs of the
cards it changed (the others come from :mod:`.card_cache`) and the PDF; a broken file leaves
the last good proofs in place with its error beside them, until it is fixed.

:class:`Preview` is the state the page reads (the latest good proofs, the build count, the
errors), safe to read from the server's threads while a rebuild runs; :func:`watch` is the
loop that rebuilds it on each change. The server is :mod:`.watch_server`.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from ..content.model import Deck
from ..errors import ContentError, PnpError, Problem, UsageError
from ..i18n.places import user_catalog_folders
from ..imposition.plan import PrintOptions
from ..limits import limit, refuse
from ..pipeline.build import build, output_folder
from ..pipeline.request import BuildRequest
from .card_cache import SKIPPED_PARTS, CardCache, CardProof
from .raster import Rasterizer, distinct_cards

# pdfium is not thread-safe: the rebuild's card renders and the server's page renders take turns
PDFIUM = threading.Lock()
# the file watcher, in ms: a save is built once its writes have been quiet for SETTLE (an editor
# writes a file in several steps), at the latest after GROUP of steady writing; IDLE is how
# often it wakes when nothing changes (to see ``stop``, and to start the first build)
SETTLE, GROUP, IDLE = 30, 400, 200


@dataclass(frozen=True)
class WatchRequest:
    game_dir: Path
    lang: str = "en"
    dpi: float = 150             # the card proofs, as ``pnp proof``
    bleed: float = 3.0
    out_dir: Path = Path("output")  # where the PDF is written, as ``pnp build``
    paper: str = "a4"            # the PDF's paper, as ``pnp build --paper``
    fallback: str | None = None  # as ``--fallback``: untranslated text drawn in English, marked


@dataclass(frozen=True)
class Status:
    """What ``/status.json`` says: ``build`` counts finished builds (1 after the first), ``ok``
    whether the last one succeeded, ``errors`` its problems (file, line, key, message)."""

    build: int = 0
    ok: bool = False
    seconds: float = 0.0
    errors: tuple[Problem, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"build": self.build, "ok": self.ok, "seconds": round(self.seconds, 3),
                "errors": [{"file": p.file or None, "line": p.line, "key": p.path or None,
                            "message": p.message} for p in self.errors]}


@dataclass(frozen=True)
class DeckProofs:
    id: str
    title: str
    cards: tuple[CardProof, ...]


@dataclass(frozen=True)
class Proofs:
    """The last good build: each deck's cards with their PNGs, and the PDF."""

    build: int = 0
    title: str = ""
    decks: tuple[DeckProofs, ...] = ()
    images: Mapping[str, bytes] = field(default_factory=dict)
    pdf: bytes = b""
    pdf_name: str = ""
    pages: int = 0
    untranslated: tuple[str, ...] = ()  # with a fallback: the messages drawn in English

    @cached_property
    def pdf_key(self) -> str:
        """The PDF's content hash, in the addresses of its pages."""
        return hashlib.sha256(self.pdf).hexdigest()[:16]


class Preview:
    """One game folder's proofs, rebuilt on demand; ``status`` and ``proofs`` are replaced
    whole, so a reader never sees half a build."""

    def __init__(self, request: WatchRequest):
        if not request.game_dir.is_dir():
            raise UsageError(f"--game-dir {request.game_dir} is not a folder; name your game's "
                             "folder (pnp new my-game makes one)")
        output_folder(request.out_dir)
        self.request = request
        self.folder = request.game_dir.resolve()
        self.cache = CardCache()
        self.status = Status()
        self.proofs = Proofs()
        self._lock = threading.Lock()  # one rebuild at a time

    def rebuild(self) -> Status:
        """Build once; on success the new proofs replace the old, on failure the errors are
        reported and the last good proofs stay."""
        with self._lock:
            started = time.perf_counter()
            try:
                proofs = self._build(self.status.build + 1)
                errors: tuple[Problem, ...] = ()
            except ContentError as exc:
                proofs, errors = None, tuple(exc.problems)
            except PnpError as exc:
                proofs, errors = None, (Problem("", "", str(exc)),)
            except Exception as exc:  # noqa: BLE001 - the loop outlives a bug, and says so
                proofs, errors = None, (Problem("", "", f"internal error: {type(exc).__name__}: "
                                                f"{exc} (please report it)"),)
            if proofs is not None:
                self.proofs = proofs
            self.status = Status(self.status.build + 1, proofs is not None,
                                 time.perf_counter() - started, errors)
            return self.status

    def _build(self, number: int) -> Proofs:
        request = self.request
        raster = Rasterizer(self.folder, request.lang, fallback=request.fallback)
        game, tr = raster.game, raster.tr
        shared = self.cache.shared_key(game, self.folders(), request.out_dir.resolve(),
                                       (request.lang, request.dpi, request.bleed,
                                        request.fallback))
        drawn = [c for c in game.components if isinstance(c, Deck) and c.cards]
        rows = sum(len(distinct_cards(deck)) for deck in drawn)
        if rows > limit("preview_cards"):  # each kept as two PNGs between rebuilds
            raise refuse(str(self.folder), "preview_cards", f"{rows:,} cards to preview")
        decks, images = [], {}
        for deck in drawn:
            with PDFIUM:
                cards, pngs = self.cache.deck(raster, deck, shared, request.dpi, request.bleed)
            decks.append(DeckProofs(deck.id, tr.gettext(deck.title), tuple(cards)))
            images.update(pngs)
        self.cache.keep_only(images)
        result = build(BuildRequest(self.folder, request.lang, PrintOptions(paper=request.paper),
                                    out_dir=request.out_dir, fallback=request.fallback))
        return Proofs(number, tr.gettext(game.title), tuple(decks), images,
                      result.path.read_bytes(), result.path.name, result.pages,
                      tuple(m.replace("\x04", " | ") for m in result.fallback_ids))

    def folders(self) -> list[Path]:
        """What a build reads and a save there rebuilds: the game folder and the user's
        catalogs of it (a translator's ``pnp-locales/<game>/``, the engine's)."""
        return [self.folder, *user_catalog_folders(self.folder)]


def describe(problem: Problem) -> str:
    """One error as a line: where (file, line, key) and what."""
    return str(problem) if problem.file else problem.message


def watch(preview: Preview, stop: threading.Event | None = None,
          on_build: Callable[[Status], None] | None = None) -> None:
    """Build, then build again after every change in the game folder until ``stop`` is set
    (or Ctrl-C). Changes to the PDF's own folder, editors' swap files, version control and
    the copies of downloaded cards tables are ignored, so a game folder that holds what a
    build writes does not rebuild itself forever."""
    import watchfiles

    output = preview.request.out_dir.resolve()

    class GameFiles(watchfiles.DefaultFilter):
        ignore_dirs = (*watchfiles.DefaultFilter.ignore_dirs, *SKIPPED_PARTS)

        def __call__(self, change: watchfiles.Change, path: str) -> bool:
            return super().__call__(change, path) and not Path(path).is_relative_to(output)

    report = on_build or (lambda status: None)
    built = False
    # the first build runs on the watcher's first (empty) timeout, once it is watching: a save
    # during that build is then seen, not lost
    # the folders that exist when watching starts (pnp i18n init before pnp watch)
    folders = [f for f in preview.folders() if f.is_dir()]
    for changes in watchfiles.watch(*folders, watch_filter=GameFiles(), stop_event=stop,
                                    debounce=GROUP, step=SETTLE, rust_timeout=IDLE,
                                    yield_on_timeout=True, raise_interrupt=True):
        if changes or not built:
            report(preview.rebuild())
            built = True
