"""A catalog (.po) read within its budgets: its size before a byte is read, and its number of
plural forms as Babel reads it.

Size: every .po a build or a ``pnp i18n`` command reads goes through :func:`catalog_text`, the
build's reader (``paths.read_inside``): a regular file inside its folder, within
``file_bytes``, then within ``catalog_bytes`` (Babel takes about 30 bytes of memory for each
byte of a catalog), judged by its size before it is read and read no further than that.

Plural forms: Babel fills every plural message with as many forms as the ``Plural-Forms``
header's ``nplurals`` says, as it reads: ``nplurals=200000000`` took gigabytes and minutes in
``pnp i18n update``. The count is judged where Babel reads it, wherever the header stands in
the file, before any message is filled; CLDR's languages need at most 6 (``plural_forms``)."""

from __future__ import annotations

import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import PoFileParser

from ..content.textfile import read_text
from ..limits import limit, refuse
from ..paths import regular_file

CATALOG = "a translation catalog (.po text)"


class _TooMany(ValueError):
    def __init__(self, count: int) -> None:
        super().__init__(f"nplurals={count}")
        self.count = count


class _Bounded(Catalog):
    """A catalog that refuses a plural count past ``plural_forms`` as soon as it is read."""

    @property
    def num_plurals(self) -> int:
        count = super().num_plurals
        if count > limit("plural_forms"):
            raise _TooMany(count)
        return count


def catalog_text(path: Path, fix: str) -> str:
    """The text of the catalog at ``path``: a regular file in its folder within
    ``file_bytes`` and then ``catalog_bytes``, both judged by its size before it is read
    (a sparse file of gigabytes is never read), as UTF-8 (else what it is, and ``fix``)."""
    regular_file(path, [path.absolute().parent], CATALOG)
    return read_text(path, CATALOG, fix, limit="catalog_bytes")


def read_po_text(path: Path, text: str, locale: str | None = None,
                 abort_invalid: bool = False) -> Catalog:
    """The catalog ``text`` (read from ``path``) as Babel's ``read_po`` reads it; an error
    naming the file and the limit when its header declares too many plural forms."""
    catalog = _Bounded(locale=locale)
    try:
        PoFileParser(catalog, abort_invalid=abort_invalid).parse(
            io.BytesIO(text.encode("utf-8")))
        catalog.num_plurals  # noqa: B018  (a header read after the last plural message)
    except _TooMany as exc:
        raise refuse(str(path), "plural_forms",
                     f"the Plural-Forms header's nplurals={exc.count:,}") from None
    return catalog
