"""Parts of a kit made by a layer above the pipeline: pages whose context that layer computes
(Save Patient Zero's printed answer keys) and files embedded in the PDF (its offline referee
page). ``generator.savvy`` registers them by the game's code id (``rules:``) when it is
imported, so the pipeline builds them without importing that layer; ``generator.cli`` imports
it, and so does a library caller that wants them."""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..content.model import Game
from ..i18n.catalog import Translator


@dataclass(frozen=True)
class ExtraSheet:
    """One page of a layout drawn with its own context (it gets a blank back of its own)."""

    component_id: str
    title: str
    layout: str
    context: Mapping[str, Any]


@dataclass(frozen=True)
class KitExtras:
    """What a game's upper layer adds: ``sheets(game, tr, base)`` after the other parts,
    ``attachments(game, lang)`` as files embedded in the PDF (name → bytes)."""

    sheets: Callable[[Game, Translator, Mapping[str, Any]], Sequence[ExtraSheet]]
    attachments: Callable[[Game, str], Mapping[str, bytes]]


_MIME = {"html": "text/html", "pdf": "application/pdf"}
_REGISTERED: dict[str, KitExtras] = {}


def register(rules: str, extras: KitExtras) -> None:
    """Make the kits of the games whose code is ``rules`` carry ``extras``."""
    _REGISTERED[rules] = extras


def extras_for(game: Game) -> KitExtras | None:
    """The extras registered for this game's code, if any."""
    return _REGISTERED.get(game.rules) if isinstance(game.rules, str) else None


def attach(pdf: bytes, files: Mapping[str, bytes]) -> bytes:
    """``pdf`` with each file embedded (a PDF reader lists them as attachments)."""
    if not files:
        return pdf
    import pikepdf  # a runtime dependency already (pnp build --pdfx)

    with pikepdf.open(io.BytesIO(pdf)) as document:
        for name, data in files.items():
            document.attachments[name] = pikepdf.AttachedFileSpec(
                document, data, filename=name, mime_type=_MIME.get(name.rpartition(".")[2],
                                                                   "application/octet-stream"))
        out = io.BytesIO()
        document.save(out, deterministic_id=True)
    return out.getvalue()
