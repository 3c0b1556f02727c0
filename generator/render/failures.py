"""What a stranger's template can raise, and the words pnp says of it: one list for card
layouts, rule summaries and every other render, so no template error is left to end the
program as an internal error. Arithmetic (``1 // 0``, ``(10 ** 400) | num``), types,
values, lookups, the sandbox's refusals (``SecurityError`` is a ``TemplateError``) and a
template nested past Python's recursion (150 brackets: jinja parses and compiles by
recursion) are all faults of the template."""

from __future__ import annotations

from jinja2 import TemplateError

from ..errors import NESTED_TEMPLATE

TEMPLATE_FAILURES: tuple[type[Exception], ...] = (
    TemplateError, ArithmeticError, TypeError, ValueError, KeyError, IndexError,
    RecursionError)

REASON_CHARS = 300  # the most of an error's own words a message repeats (it may quote the text)


def reason(exc: BaseException) -> str:
    """Why a template failed, in one bounded line."""
    if isinstance(exc, RecursionError):
        return NESTED_TEMPLATE
    words = " ".join(str(exc).split()) or type(exc).__name__
    return words if len(words) <= REASON_CHARS else words[:REASON_CHARS] + "…"

