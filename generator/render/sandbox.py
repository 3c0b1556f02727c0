"""Jinja's sandbox with budgets: it already keeps templates from files and private
attributes, but not from memory — ``'x' * 10**9``, ``9 ** 9 ** 9``, ``'%999999999s' % 1``,
``'a'.ljust(10**9)`` or ``|center(10**9)`` each take gigabytes from a few bytes of a layout.
Every such operation is judged before it runs, against ``text_chars`` and ``power_exponent``
of ``templates/limits.yaml``."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from jinja2.sandbox import ImmutableSandboxedEnvironment, SandboxedEnvironment, SecurityError
from jinja2.utils import Namespace

from ..limits import limit, past

PRINTF_NUMBERS = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?")
FORMAT_NUMBERS = re.compile(r"\{[^{}]*:[^{}]*?(\d+)[^{}]*\}")
# filters whose numbers are widths or counts of the text they make
SIZED_FILTERS = ("center", "indent", "wordwrap", "truncate", "format", "replace", "join")


def _too_long(what: str) -> SecurityError:
    return SecurityError(past("text_chars", what))


def _check_size(size: int, what: str) -> None:
    if size > limit("text_chars"):
        raise _too_long(what)


def _check_numbers(args: tuple[Any, ...], kwargs: dict[str, Any], what: str) -> None:
    """Refuse a call given a number past ``text_chars``: a width or a count of copies."""
    for value in (*args, *kwargs.values()):
        if isinstance(value, int) and not isinstance(value, bool):
            _check_size(abs(value), f"{what} given {value:,}")


def _check_printf(text: str) -> None:
    for match in PRINTF_NUMBERS.finditer(text):
        for number in match.groups():
            if number == "*" or (number and int(number) > limit("text_chars")):
                raise _too_long(f"the conversion {match.group(0)[:30]!r}")


def _check_format(text: str) -> None:
    for match in FORMAT_NUMBERS.finditer(text):
        _check_size(int(match.group(1)), f"the field {match.group(0)[:30]!r}")


def _repeated(left: Any, right: Any) -> int | None:
    """How long ``left * right`` would be when it repeats text or a list."""
    for items, count in ((left, right), (right, left)):
        if isinstance(items, (str, list, tuple)) and isinstance(count, int):
            return len(items) * count
    return None


class BoundedNamespace(Namespace):
    """``namespace()``, the one object a template may change from a loop: a text or list
    kept there may not grow past ``text_chars`` (``ns.s = ns.s ~ ns.s`` forty times)."""

    def __setitem__(self, name: str, value: Any) -> None:
        if isinstance(value, (str, list, tuple)):
            _check_size(len(value), f"namespace value {name!r}")
        super().__setitem__(name, value)


class BoundedSandbox(ImmutableSandboxedEnvironment):
    """A sandbox that refuses operations past the budgets before running them; lists and
    dicts cannot be changed (``l.extend(l)`` in a loop), only a bounded ``namespace``."""

    intercepted_binops = frozenset({"*", "**", "%"})

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.globals["namespace"] = BoundedNamespace

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "*":
            size = _repeated(left, right)
            if size is not None:
                _check_size(size, f"repeating a text or list {right!r} times")
        elif operator == "**" and isinstance(right, (int, float)) \
                and abs(right) > limit("power_exponent") and abs(left) not in (0, 1):
            raise SecurityError(past("power_exponent", f"the power ** {right!r}"))
        elif operator == "%" and isinstance(left, str):
            _check_printf(left)
        return super().call_binop(context, operator, left, right)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        if isinstance(getattr(__obj, "__self__", None), str):
            _check_numbers(args, kwargs, f"text.{getattr(__obj, '__name__', 'method')}()")
        return super().call(__context, __obj, *args, **kwargs)

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """``text.format``, which the sandbox wraps when it is read: its widths judged
        first."""
        wrapped = super().wrap_str_format(value)
        if wrapped is not None:
            _check_format(value.__self__)
        return wrapped


def bounded_concat(parts: Iterable[str]) -> str:
    """The pieces a template renders, joined, refused as soon as they pass ``text_chars``:
    a loop of 100,000 copies of a long value must stop before it is whole. (Drawing joins
    hundreds of thousands of values: one pass, no call per piece.)"""
    most, size = limit("text_chars"), 0
    pieces = []
    for part in parts:
        size += len(part)
        if size > most:
            raise _too_long("the rendered text")
        pieces.append(part)
    return "".join(pieces)


def bounded_filters(env: SandboxedEnvironment) -> None:
    """Wrap the filters that make text of a given width or count so their numbers are
    judged first (filters are called directly, not through the sandbox's ``call``)."""
    for name in SIZED_FILTERS:
        env.filters[name] = _bounded(name, env.filters[name])


def _bounded(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    def checked(*args: Any, **kwargs: Any) -> Any:
        values = [a for a in args if not hasattr(a, "environment")]  # the eval context
        if name == "format" and values and isinstance(values[0], str):
            _check_printf(values[0])
        if name == "replace" and len(values) >= 3:
            text, old, new = (str(v) for v in values[:3])
            _check_size(len(text) + (text.count(old) if old else len(text) + 1)
                        * max(0, len(new) - len(old)), "the replaced text")
        else:
            _check_numbers(tuple(values[1:]), kwargs, f"the filter {name}")
        result = function(*args, **kwargs)
        if isinstance(result, str):
            _check_size(len(result), f"the text of the filter {name}")
        return result

    checked.__dict__.update(function.__dict__)  # jinja's pass_context / pass_eval_context marks
    return checked
