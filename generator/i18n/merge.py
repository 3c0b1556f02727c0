"""Merge a changed template into a translated catalog as msgmerge would, through Babel's
``Catalog.update``, with two differences a translator asked for.

- A text that was removed (now obsolete, ``#~``) and comes back takes its translation back
  (fuzzy when it changed), and leaves no obsolete twin behind: an entry both active and
  obsolete is a duplicate definition that ``msgfmt -c`` refuses.
- A fuzzy match is only offered from an entry the new template no longer uses (a changed
  text's old entry), only when the two read alike (``fuzzy.FUZZY_CUTOFF``), and never for
  a string of the engine that a game folder's catalog carries: Babel's matching proposes
  any translated entry at 60 % likeness, which pairs a print-guide paragraph with a card.
  It is bounded as msgmerge's is in effect (see :mod:`.fuzzy`), so a catalog from a
  stranger cannot make ``pnp i18n update`` run for days.
"""

from __future__ import annotations

from collections.abc import Collection

from babel.messages.catalog import Catalog, Message

from .fuzzy import Candidate, Matcher


def _msgid(message: Message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


def _key(message: Message) -> str | tuple[str, str]:
    return (_msgid(message), message.context) if message.context else _msgid(message)


def _text(message: Message) -> str:
    return message.id if isinstance(message.id, str) else " ".join(message.id)


def _translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return any(strings)


def merge(catalog: Catalog, template: Catalog, no_fuzzy: Collection[str] = ()) -> str | None:
    """Bring ``catalog`` up to ``template``: exact matches kept (obsolete ones revived),
    changed texts fuzzy with their previous msgid when one old entry reads alike, removed
    ones obsolete. ``no_fuzzy``: the msgids never given a fuzzy match (the engine's).
    Returns one line when the bounds of fuzzy matching (:mod:`.fuzzy`) left a changed text
    new that it might have matched, else None."""
    for key, old in list(catalog.obsolete.items()):  # a returning text: its entry revived
        if key not in catalog._messages:
            catalog[old.id] = old
    catalog.obsolete.clear()
    catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
    leftovers = {key: Candidate(old, _text(old)) for key, old in catalog.obsolete.items()
                 if _translated(old)}
    matcher = Matcher()
    for message in catalog:
        if not leftovers:
            break
        if not message.id or _translated(message) or _msgid(message) in no_fuzzy:
            continue
        best = matcher.closest(Candidate(message, _text(message)), leftovers.values())
        if best is None:
            continue
        message.string = best.string
        message.previous_id = [best.id] if isinstance(best.id, str) else list(best.id)
        message.flags.add("fuzzy")
        message.user_comments = message.user_comments or list(best.user_comments)
        del catalog.obsolete[_key(best)]
        del leftovers[_key(best)]
    return matcher.note()
