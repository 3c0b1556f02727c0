"""Hyphenation patterns per language, from pyphen's dictionaries, kept parsed in the user's
cache folder: German's 66,000 patterns take 0.6 s to parse and 0.09 s to read back, in every
``pnp build`` that draws German text.

The cache is a convenience, never a source of truth: a file named after pyphen's version and
the dictionary's size and time, written atomically; a missing, unreadable or broken one is
parsed again, and a folder that cannot be written to is simply not used.
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path

import pyphen

from ..errors import PnpError
from ..files import write_atomically

CACHE_HOME = "XDG_CACHE_HOME"  # where the user keeps caches (default ~/.cache)
PARSED = frozenset({"patterns", "cache", "maxlen"})  # what pyphen's HyphDict holds


def cache_folder() -> Path:
    """``$XDG_CACHE_HOME/pnp/hyphenation``, or ``~/.cache/pnp/hyphenation``."""
    return Path(os.environ.get(CACHE_HOME) or Path.home() / ".cache") / "pnp" / "hyphenation"


@lru_cache(maxsize=16)
def hyphenator(lang: str) -> pyphen.Pyphen | None:
    """The hyphenator of ``lang`` (or of its base language: ``de`` for ``de_CH``), or None
    when pyphen has no patterns for it."""
    base = lang.split("_")[0]
    found = next((code for code in (lang, base) if code in pyphen.LANGUAGES), None)
    if found is None:
        return None
    _load(Path(pyphen.LANGUAGES[found]))
    return pyphen.Pyphen(lang=found)


def _load(path: Path) -> None:
    """Put the parsed patterns of ``path`` where pyphen looks first (its own cache): read back
    from our cache folder, or parsed and kept there."""
    if path in pyphen.hdcache:
        return
    stat = path.stat()
    kept = cache_folder() / f"{pyphen.VERSION}-{path.stem}-{stat.st_size}-{stat.st_mtime_ns}.json"
    try:
        pyphen.hdcache[path] = _read(kept)
        return
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        pass  # not kept yet, or broken: parsed again below
    parsed = pyphen.HyphDict(path)
    pyphen.hdcache[path] = parsed
    if set(vars(parsed)) == PARSED and all(type(value) is int
                                           for _, values in parsed.patterns.values()
                                           for value in values):
        data = {text: [start, list(values)] for text, (start, values) in parsed.patterns.items()}
        try:
            write_atomically(kept, json.dumps(data, ensure_ascii=False).encode())
        except PnpError:
            pass  # a read-only home: parsed again next time


def _read(kept: Path) -> pyphen.HyphDict:
    data = json.loads(kept.read_text(encoding="utf-8"))
    parsed = pyphen.HyphDict.__new__(pyphen.HyphDict)
    parsed.patterns = {text: (int(start), tuple(int(v) for v in values))
                       for text, (start, values) in data.items()}
    parsed.cache = {}
    parsed.maxlen = max(len(text) for text in parsed.patterns)
    return parsed
