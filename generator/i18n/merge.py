"""Merge a changed template into a translated catalog as msgmerge would, through Babel's
``Catalog.update``, with two differences a translator asked for.

- A text that was removed (now obsolete, ``#~``) and comes back takes its translation back
  (fuzzy when it changed), and leaves no obsolete twin behind: an entry both active and
  obsolete is a duplicate definition that ``msgfmt -c`` refuses.
- A fuzzy match is only offered from an entry the new template no longer uses (a changed
  text's old entry), only when the two read alike (:data:`FUZZY_CUTOFF`), and never for
  a string of the engine that a game folder's catalog carries: Babel's matching proposes
  any translated entry at 60 % likeness, which pairs a print-guide paragraph with a card.
"""

from __future__ import annotations

from collections.abc import Collection
from difflib import SequenceMatcher

from babel.messages.catalog import Catalog, Message

# how alike (difflib's ratio, 0 to 1) a changed text must read to its old one for the old
# translation to be offered, fuzzy; 0.6 (Babel's and difflib's default) pairs unrelated texts
FUZZY_CUTOFF = 0.7


def _msgid(message: Message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


def _key(message: Message) -> str | tuple[str, str]:
    return (_msgid(message), message.context) if message.context else _msgid(message)


def _text(message: Message) -> str:
    return message.id if isinstance(message.id, str) else " ".join(message.id)


def _translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return any(strings)


def merge(catalog: Catalog, template: Catalog, no_fuzzy: Collection[str] = ()) -> None:
    """Bring ``catalog`` up to ``template``: exact matches kept (obsolete ones revived),
    changed texts fuzzy with their previous msgid when one old entry reads alike, removed
    ones obsolete. ``no_fuzzy``: the msgids never given a fuzzy match (the engine's)."""
    for key, old in list(catalog.obsolete.items()):  # a returning text: its entry revived
        if key not in catalog._messages:
            catalog[old.id] = old
    catalog.obsolete.clear()
    catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
    leftovers = {key: old for key, old in catalog.obsolete.items() if _translated(old)}
    for message in catalog:
        if not message.id or _translated(message) or _msgid(message) in no_fuzzy:
            continue
        best = _closest(message, leftovers.values())
        if best is None:
            continue
        message.string = best.string
        message.previous_id = [best.id] if isinstance(best.id, str) else list(best.id)
        message.flags.add("fuzzy")
        message.user_comments = message.user_comments or list(best.user_comments)
        del catalog.obsolete[_key(best)]
        del leftovers[_key(best)]


def _closest(message: Message, candidates: Collection[Message]) -> Message | None:
    """The old entry that reads most like ``message`` (of the same kind, singular or plural
    with as many forms), when it reads alike enough."""
    plural = not isinstance(message.id, str)
    best, best_ratio = None, FUZZY_CUTOFF
    for old in candidates:
        if isinstance(old.id, str) == plural:
            continue
        ratio = SequenceMatcher(None, _text(message), _text(old), autojunk=False).ratio()
        if ratio >= best_ratio:
            best, best_ratio = old, ratio
    return best
