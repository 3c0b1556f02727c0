"""The sizes the sandbox judges before an operation runs (what a text, list or number
would become) and the comparisons it runs in Python: the measures of
:mod:`generator.render.sandbox`, apart from the hooks that call them."""

from __future__ import annotations

import math
import operator
import re
from collections.abc import Callable, Iterable
from string import Formatter
from typing import Any

from jinja2.sandbox import SecurityError
from jinja2.utils import Namespace

from ..limits import limit, past

PRINTF_NUMBERS = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?")
DIGITS = re.compile(r"\d+")
DIGITS_PER_BIT = math.log10(2)


def too_long(what: str) -> SecurityError:
    return SecurityError(past("text_chars", what))


def check_size(size: int, what: str) -> None:
    if size > limit("text_chars"):
        raise too_long(what)


def check_numbers(args: tuple[Any, ...], kwargs: dict[str, Any], what: str) -> None:
    """Refuse a call given a number past ``text_chars``: a width or a count of copies."""
    for value in (*args, *kwargs.values()):
        if isinstance(value, int) and not isinstance(value, bool):
            check_size(abs(value), f"{what} given {value:,}")


def check_printf(text: str) -> None:
    for match in PRINTF_NUMBERS.finditer(text):
        for number in match.groups():
            if number == "*" or (number and int(number) > limit("text_chars")):
                raise too_long(f"the conversion {match.group(0)[:30]!r}")


def check_format(text: str) -> int:
    """Refuse a ``str.format`` pattern with a width past ``text_chars`` or a field nested in
    a spec (``{0:>{1}}``, whose width is an argument); the number of its fields."""
    fields = 0
    try:
        parsed = list(Formatter().parse(text))
    except ValueError:
        return 0  # format itself will say what is wrong
    for _, name, spec, _ in parsed:
        if name is None:
            continue
        fields += 1
        if spec and "{" in spec:
            raise SecurityError(past("text_chars", f"the field {{{name}:{spec[:20]}}} nests "
                                     "a field in its format spec, a width that cannot be "
                                     "judged; write the width itself"))
        for number in DIGITS.findall(spec or ""):
            check_size(int(number), f"the field {{{name}:{(spec or '')[:20]}}}")
    return fields


def longest(values: Iterable[Any]) -> int:
    """The longest text among ``values`` written (measured first, not written)."""
    memo: dict[int, int] = {}
    return max((_written(v, memo) for v in values), default=0)


def as_text(text: str | bytes, args: tuple[Any, ...]) -> tuple[str, tuple[Any, ...]]:
    """``bytes`` and their bytes arguments read as texts of the same lengths, so a bytes
    method is judged as the str method of its name."""
    if isinstance(text, str):
        return text, args
    return text.decode("latin-1"), tuple(
        a.decode("latin-1") if isinstance(a, bytes) else a for a in args)


def check_method(text: str, name: str, args: tuple[Any, ...]) -> None:
    """Judge the size of what a method of ``text`` makes from its arguments before it runs:
    the ones whose result grows with a product, not with one number."""
    if name == "expandtabs":
        tab = args[0] if args and isinstance(args[0], int) else 8
        check_size(len(text) + text.count("\t") * max(0, tab), "the expanded tabs")
    elif name == "replace" and len(args) >= 2 and all(isinstance(a, str) for a in args[:2]):
        old, new = args[0], args[1]
        count = text.count(old) if old else len(text) + 1
        check_size(len(text) + count * max(0, len(new) - len(old)), "the replaced text")
    elif name == "join" and args and hasattr(args[0], "__len__"):
        check_size(len(text) * len(args[0]) + sum(
            len(v) for v in args[0] if isinstance(v, str)), "the joined text")
    elif name == "translate" and args:
        check_size(len(text) + _translated_growth(text, args[0]), "the translated text")


def _translated_growth(text: str, table: Any) -> int:
    """How much longer ``text.translate(table)`` is than ``text``: each character mapped
    to a longer text, times how often it occurs (a str table maps ordinals to texts)."""
    pairs = table.items() if isinstance(table, dict) else enumerate(table) \
        if isinstance(table, (list, tuple)) else ()
    return sum(text.count(chr(key)) * (len(value) - 1) for key, value in pairs
               if isinstance(key, int) and 0 <= key < 0x110000 and isinstance(value, str))


def check_number(left: Any, operator: str, right: Any) -> None:
    """Refuse ``left ** right`` or ``left * right`` on whole numbers whose result would have
    more than ``number_digits`` digits: ``((9**999)**999)**999`` passes every exponent
    check."""
    if not (isinstance(left, int) and isinstance(right, int)) or left in (0, 1, -1):
        return
    bits = abs(left).bit_length() - 1  # at least this many: never refuse a smaller number
    digits = (bits * max(right, 0) if operator == "**"
              else bits + abs(right).bit_length() - 1) * DIGITS_PER_BIT
    if digits > limit("number_digits"):
        raise SecurityError(past("number_digits", f"a number of about {digits:,.0f} digits"))


def repeated(left: Any, right: Any) -> int | None:
    """How long ``left * right`` would be when it repeats text or a list."""
    for items, count in ((left, right), (right, left)):
        if isinstance(items, (str, bytes, list, tuple)) and isinstance(count, int):
            return len(items) * count
    return None


def joined(left: Any, right: Any) -> int | None:
    """How long ``left + right`` would be when it joins two texts or two lists."""
    for kind in (str, bytes, (list, tuple)):
        if isinstance(left, kind) and isinstance(right, kind):
            return len(left) + len(right)
    return None


def _items(value: Any) -> Iterable[Any] | None:
    """What ``str(value)`` writes of a container (a list, a dict or its views, a set, a
    ``namespace``); None for anything else."""
    if isinstance(value, dict):
        return [*value.keys(), *value.values()]
    if isinstance(value, Namespace):
        return _items(value._Namespace__attrs)  # type: ignore[attr-defined]
    if isinstance(value, (list, tuple, set, frozenset, type({}.keys()), type({}.values()),
                          type({}.items()))):
        return value
    return None


def _written(value: Any, memo: dict[int, int]) -> int:
    """How long ``str(value)`` is, at least (a container's brackets and texts, not its
    quotes and commas), measured without writing it: a list that holds another twice,
    thirty times over, writes gigabytes from thirty small lists (each container measured
    once, in ``memo``), printed alone or inside a dict's items or a namespace."""
    if isinstance(value, (str, bytes)):
        return len(value)
    if isinstance(value, (int, float)):
        return len(str(value))  # (its digits are bounded by number_digits)
    known = memo.get(id(value))
    if known is None:
        items = _items(value)
        if items is None:
            return 0
        known = memo[id(value)] = 2 + sum(_written(item, memo) for item in items)
    return known


def check_written(values: Iterable[Any], what: str) -> None:
    """Refuse to write ``values`` into one text past ``text_chars``, before writing it."""
    memo: dict[int, int] = {}
    check_size(sum(_written(value, memo) for value in values), what)

ORDERINGS: dict[str, Callable[[Any, Any], Any]] = {
    "lt": operator.lt, "lteq": operator.le, "gt": operator.gt, "gteq": operator.ge}


def _equal(left: Any, right: Any) -> bool:
    """``left == right``, lists and dicts compared item by item in Python: Python compares
    two lists that each hold the one before twice, thirty times over, in one C call of
    billions of steps that no signal interrupts, so ``render_seconds`` could not stop
    it."""
    if left is right:
        return True
    if isinstance(left, (list, tuple)) and isinstance(right, (list, tuple)):
        return (isinstance(left, list) == isinstance(right, list) and len(left) == len(right)
                and all(_equal(a, b) for a, b in zip(left, right, strict=True)))
    if isinstance(left, dict) and isinstance(right, dict):
        return left.keys() == right.keys() and all(_equal(left[k], right[k]) for k in left)
    return bool(left == right)


def compared(left: Any, op: str, right: Any) -> bool:
    """One comparison of a template, lists and dicts compared by ``_equal`` (and lists
    ordered by their first unequal items)."""
    if op in ("eq", "ne"):
        return _equal(left, right) == (op == "eq")
    if op in ("in", "notin"):
        found = (any(_equal(left, item) for item in right)
                 if isinstance(right, (list, tuple)) else left in right)
        return found == (op == "in")
    if isinstance(left, (list, tuple)) and isinstance(right, (list, tuple)):
        for a, b in zip(left, right, strict=False):
            if not _equal(a, b):
                return compared(a, op, b)
        return bool(ORDERINGS[op](len(left), len(right)))
    return bool(ORDERINGS[op](left, right))
