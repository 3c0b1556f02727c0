"""A catalog's ``Plural-Forms`` expression (``plural=(n > 1);``) as a function, judged when the
catalog is read: gettext compiles the C expression, and refuses one that is unbalanced or
nested too deep with a ValueError; one that divides by zero fails only when it is called.
Either is the catalog's fault, told in one line that names the catalog and the header."""

from __future__ import annotations

import gettext
from collections.abc import Callable
from functools import lru_cache

from ..errors import ContentError, Problem

HEADER = "Plural-Forms"
# the counts tried when the catalog is read: every count a kit prints (sheets, cards, pages)
PROBED = (*range(0, 1001), 10**4, 10**5, 10**6, 10**9)
EXAMPLE = "nplurals=2; plural=(n > 1);"


@lru_cache(maxsize=32)
def plural_function(expr: str, source: str) -> Callable[[int], int]:
    """The function of ``expr``, the Plural-Forms expression of the catalog ``source`` (as
    shown to the user); ContentError when pnp cannot use it."""
    try:
        function = gettext.c2py(expr)
        for count in PROBED:
            function(count)
    except ValueError as exc:
        raise _refused(expr, source, str(exc)) from None
    except ArithmeticError:
        raise _refused(expr, source, f"it divides by zero for {count} items") from None
    return function


def plural_index(expr: str, source: str, count: int) -> int:
    """The plural form ``expr`` picks for ``count``."""
    try:
        return int(plural_function(expr, source)(count))
    except ArithmeticError:
        raise _refused(expr, source, f"it divides by zero for {count} items") from None


def _refused(expr: str, source: str, reason: str) -> ContentError:
    return ContentError(Problem(source, HEADER, f"{expr[:80]!r} is not a plural expression "
                                f"pnp can use ({reason}); write the header as gettext does, "
                                f"for example '{EXAMPLE}'"))
