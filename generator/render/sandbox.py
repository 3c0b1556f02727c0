"""Jinja's sandbox with budgets: it already keeps templates from files and private
attributes, but not from memory — ``'x' * 10**9``, ``9 ** 9 ** 9``, ``'%999999999s' % 1``,
``'a'.ljust(10**9)`` or ``|center(10**9)`` each take gigabytes from a few bytes of a layout.
``'{0:>{1}}'.format`` hides a width in a nested field, ``expandtabs`` and ``batch`` take
sizes that are counts, ``((9**999)**999)**999`` grows a number past any exponent check, and
two nested loops over 100,000 items take hours while printing nothing. Every such operation
is judged before it runs, against ``text_chars``, ``power_exponent`` and ``number_digits`` of
``templates/limits.yaml``, and one render stops at ``render_seconds``."""

from __future__ import annotations

import contextlib
import math
import re
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from string import Formatter
from typing import Any

from jinja2 import Environment, nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.sandbox import ImmutableSandboxedEnvironment, SandboxedEnvironment, SecurityError
from jinja2.utils import Namespace

from ..limits import limit, past

PRINTF_NUMBERS = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?")
DIGITS = re.compile(r"\d+")
# filters whose numbers are widths or counts of the text or list they make
SIZED_FILTERS = ("center", "indent", "wordwrap", "truncate", "format", "replace", "join",
                 "batch", "slice")
DIGITS_PER_BIT = math.log10(2)
# filters that write their value (and arguments) as text: judged before they do, since a
# list holding another twice, thirty times over, writes gigabytes
WRITING_FILTERS = frozenset({
    "capitalize", "center", "e", "escape", "forceescape", "format", "indent", "join", "lower",
    "pprint", "replace", "safe", "string", "striptags", "title", "tojson", "trim", "truncate",
    "upper", "urlencode", "urlize", "wordcount", "wordwrap", "xmlattr"})


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


def _check_format(text: str) -> int:
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
            _check_size(int(number), f"the field {{{name}:{(spec or '')[:20]}}}")
    return fields


def _longest(values: Iterable[Any]) -> int:
    """The longest text among ``values`` written (measured first, not written)."""
    memo: dict[int, int] = {}
    return max((_written(v, memo) for v in values), default=0)


def _check_method(text: str, name: str, args: tuple[Any, ...]) -> None:
    """Judge the size of what a method of ``text`` makes from its arguments before it runs:
    the ones whose result grows with a product, not with one number."""
    if name == "expandtabs":
        tab = args[0] if args and isinstance(args[0], int) else 8
        _check_size(len(text) + text.count("\t") * max(0, tab), "the expanded tabs")
    elif name == "replace" and len(args) >= 2 and all(isinstance(a, str) for a in args[:2]):
        old, new = args[0], args[1]
        count = text.count(old) if old else len(text) + 1
        _check_size(len(text) + count * max(0, len(new) - len(old)), "the replaced text")
    elif name == "join" and args and hasattr(args[0], "__len__"):
        _check_size(len(text) * len(args[0]) + sum(
            len(v) for v in args[0] if isinstance(v, str)), "the joined text")


def _check_number(left: Any, operator: str, right: Any) -> None:
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


def _repeated(left: Any, right: Any) -> int | None:
    """How long ``left * right`` would be when it repeats text or a list."""
    for items, count in ((left, right), (right, left)):
        if isinstance(items, (str, list, tuple)) and isinstance(count, int):
            return len(items) * count
    return None


def _joined(left: Any, right: Any) -> int | None:
    """How long ``left + right`` would be when it joins two texts or two lists."""
    for kind in (str, (list, tuple)):
        if isinstance(left, kind) and isinstance(right, kind):
            return len(left) + len(right)
    return None


def _written(value: Any, memo: dict[int, int]) -> int:
    """How long ``str(value)`` is, at least (a list's brackets and texts, not its quotes
    and commas), measured without writing it: a list that holds another twice, thirty times
    over, writes gigabytes from thirty small lists (each list measured once, in ``memo``)."""
    if isinstance(value, str):
        return len(value)
    if isinstance(value, (int, float)):
        return len(str(value))  # (its digits are bounded by number_digits)
    if not isinstance(value, (list, tuple, dict)):
        return 0
    known = memo.get(id(value))
    if known is None:
        items = [*value.keys(), *value.values()] if isinstance(value, dict) else value
        known = memo[id(value)] = 2 + sum(_written(item, memo) for item in items)
    return known


def check_written(values: Iterable[Any], what: str) -> None:
    """Refuse to write ``values`` into one text past ``text_chars``, before writing it."""
    memo: dict[int, int] = {}
    _check_size(sum(_written(value, memo) for value in values), what)


def _judged_output(value: Any) -> Any:
    """A value a template prints (``{{ l }}``), a list refused before it is written."""
    if isinstance(value, (list, tuple, dict)):
        check_written((value,), "writing a list")
    return value


class _BoundedCodeGenerator(CodeGenerator):
    """Jinja's compiler, with ``a ~ b`` (which it joins in a runtime function no sandbox
    hook sees) judged first: ``{% set s = s ~ s %}`` thirty times makes gigabytes."""

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        join = ("(markup_join if context.eval_ctx.volatile else str_join)"
                if frame.eval_ctx.volatile else
                "markup_join" if frame.eval_ctx.autoescape else "str_join")  # as jinja's
        self.write(f"environment.judged_concat({join}, (")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")


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

    intercepted_binops = frozenset({"*", "**", "%", "+"})
    code_generator_class = _BoundedCodeGenerator

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("finalize", _judged_output)
        super().__init__(*args, **kwargs)
        self.globals["namespace"] = BoundedNamespace
        del self.globals["lipsum"]  # lipsum(n=10**9): pages of filler nobody prints

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "+":
            size = _joined(left, right)
            if size is not None:
                _check_size(size, "joining two texts or lists with +")
        elif operator == "*":
            size = _repeated(left, right)
            if size is not None:
                _check_size(size, f"repeating a text or list {right!r} times")
            _check_number(left, operator, right)
        elif operator == "**" and isinstance(right, (int, float)) \
                and abs(right) > limit("power_exponent") and abs(left) not in (0, 1):
            raise SecurityError(past("power_exponent", f"the power ** {right!r}"))
        elif operator == "**":
            _check_number(left, operator, right)
        elif operator == "%" and isinstance(left, str):
            _check_printf(left)
            values = right.values() if isinstance(right, dict) else (
                right if isinstance(right, tuple) else (right,))
            _check_size(len(left) + left.count("%") * _longest(values),
                        "the formatted text")
        return super().call_binop(context, operator, left, right)

    @staticmethod
    def judged_concat(join: Callable[[Iterable[Any]], str], values: tuple[Any, ...]) -> str:
        """``a ~ b ~ …``, refused past ``text_chars`` before it is joined."""
        check_written(values, "joining texts with ~")
        return join(values)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        text = getattr(__obj, "__self__", None)
        if isinstance(text, str):
            name = getattr(__obj, "__name__", "method")
            _check_numbers(args, kwargs, f"text.{name}()")
            _check_method(text, name, args)
        result = super().call(__context, __obj, *args, **kwargs)
        if isinstance(result, (str, list, tuple)):
            _check_size(len(result), "the result of a call")
        return result

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """``text.format``, which the sandbox wraps when it is read: its widths judged
        first."""
        wrapped = super().wrap_str_format(value)
        if wrapped is None:
            return None
        pattern = value.__self__
        fields = _check_format(pattern)

        def judged(*args: Any, **kwargs: Any) -> str:
            longest = _longest((*args, *kwargs.values()))
            _check_size(len(pattern) + fields * longest, "the formatted text")
            return wrapped(*args, **kwargs)

        return judged


def bounded_concat(parts: Iterable[str]) -> str:
    """The pieces a template renders, joined, refused as soon as they pass ``text_chars``:
    a loop of 100,000 copies of a long value must stop before it is whole. (Drawing joins
    hundreds of thousands of values: one pass, no call per piece.)"""
    most, size = limit("text_chars"), 0
    pieces = []
    with _deadline():
        for part in parts:
            size += len(part)
            if size > most:
                raise _too_long("the rendered text")
            pieces.append(part)
    return "".join(pieces)


class _Clock:
    """When the render under way began (None: none is), read by the watchdog signal, the
    seconds the renders of the PDF under way took before it (None: no PDF is), and those of
    the whole build under way, every PDF and worker process together: a double in shared
    memory (``multiprocessing.Value("d")``), None when no build is under way."""

    started: float | None = None
    spent: float | None = None
    run: Any = None


def count_build_templates(shared: Any) -> None:
    """Count every render of this process from now on into ``shared``, the seconds of the
    templates of one whole build (a pool's worker does, for its life): ``template_seconds``
    holds one PDF, but a build of 300 languages on two papers makes 600 of them."""
    _Clock.run = shared


@contextlib.contextmanager
def build_templates(shared: Any) -> Iterator[None]:
    """The templates of one whole build in this process counted into ``shared`` (see
    ``count_build_templates``), within ``build_template_seconds`` with the workers'."""
    outer = _Clock.run
    _Clock.run = shared
    try:
        yield
    finally:
        _Clock.run = outer


def past_build_templates(shared: Any) -> bool:
    """Whether the templates of the build counted in ``shared`` ran past their budget."""
    return float(shared.value) > limit("build_template_seconds")


def _count_run(seconds: float) -> float:
    """The seconds of the build's templates, ``seconds`` more counted in (0: none)."""
    run = _Clock.run
    if run is None:
        return 0.0
    with run.get_lock():
        run.value += seconds
        return float(run.value)


@contextlib.contextmanager
def pdf_templates() -> Iterator[None]:
    """The templates of one PDF, all together, within ``template_seconds``: each render is
    within ``render_seconds``, but 7 s on each of 10,000 cards is most of a day."""
    outer = _Clock.spent
    _Clock.spent = 0.0
    try:
        yield
    finally:
        _Clock.spent = outer


def _over_budget(now: float, started: float) -> SecurityError | None:
    """The refusal of a render that has run past its own seconds, or the PDF's."""
    if now - started > limit("render_seconds"):
        return SecurityError(past("render_seconds", "a template that ran for "
                                  f"{now - started:.0f} s"))
    spent = _Clock.spent
    if spent is not None and spent + now - started > limit("template_seconds"):
        return SecurityError(past("template_seconds", "the templates of this PDF, which "
                                  f"ran for {spent + now - started:.0f} s together"))
    run = _count_run(0.0) + now - started
    if _Clock.run is not None and run > limit("build_template_seconds"):
        return SecurityError(past("build_template_seconds", "the templates of this build, "
                                  f"all its PDFs together, which ran for {run:.0f} s"))
    return None


@contextlib.contextmanager
def _deadline() -> Iterator[None]:
    """One render's time budget, ``render_seconds``: nested loops over 100,000 items each
    print nothing and call nothing the sandbox sees, so a timer signal (CPU time, every
    half second) checks how long the render has run. The timer runs only while a render
    does, in the main thread, and the signal's previous handler comes back after it: a
    timer left running would signal code that never asked for it, whose default is to end
    the process. A render inside a render runs on the outer one's clock; renders in other
    threads without one."""
    if (_Clock.started is not None or not hasattr(signal, "SIGVTALRM")
            or threading.current_thread() is not threading.main_thread()):
        yield
        return
    previous = signal.signal(signal.SIGVTALRM, _watchdog)
    signal.setitimer(signal.ITIMER_VIRTUAL, WATCH_S, WATCH_S)
    started = _Clock.started = time.monotonic()
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGVTALRM, previous if previous is not None else signal.SIG_DFL)
        _Clock.started = None
        now = time.monotonic()
        if _Clock.spent is not None:
            _Clock.spent += now - started
        _count_run(now - started)
    refusal = _over_budget(now, now)  # the PDF's seconds, this render's counted in
    if refusal is not None:
        raise refusal


WATCH_S = 0.5


def _watchdog(signum: int, frame: Any) -> None:
    started = _Clock.started
    refusal = None if started is None else _over_budget(time.monotonic(), started)
    if refusal is not None:
        _Clock.started = None
        raise refusal


def bounded_filters(env: SandboxedEnvironment) -> None:
    """Wrap the filters that make text of a given width or count, or write their value as
    text, or join lists, so their numbers and what they write are judged first (filters
    are called directly, not through the sandbox's ``call``)."""
    for name in dict.fromkeys((*SIZED_FILTERS, *WRITING_FILTERS, "sum")):
        env.filters[name] = _bounded(name, env.filters[name])


def _check_sum(values: list[Any], kwargs: dict[str, Any]) -> None:
    """Refuse ``[l, l]|sum(start=[])`` past ``text_chars`` before it joins the lists."""
    items = values[0] if values and isinstance(values[0], (list, tuple)) else ()
    start = kwargs.get("start", values[2] if len(values) > 2 else 0)
    _check_size(sum(len(v) for v in (*items, start) if isinstance(v, (list, tuple))),
                "the lists the filter sum joins")


def _bounded(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    def checked(*args: Any, **kwargs: Any) -> Any:
        values = [a for a in args  # not the eval context or environment jinja passes
                  if not hasattr(a, "environment") and not isinstance(a, Environment)]
        if name in WRITING_FILTERS:  # (join writes its list's items, not the list)
            joins = name == "join" and values and isinstance(values[0], (list, tuple))
            check_written([*values[0], *values[1:]] if joins else values,
                          f"the text of the filter {name}")
        if name == "sum":
            _check_sum(values, kwargs)
        elif name == "format" and values and isinstance(values[0], str):
            _check_printf(values[0])
        if name == "replace" and len(values) >= 3:
            text, old, new = (str(v) for v in values[:3])
            _check_size(len(text) + (text.count(old) if old else len(text) + 1)
                        * max(0, len(new) - len(old)), "the replaced text")
        elif name != "sum":  # (its start is a number of any size)
            _check_numbers(tuple(values[1:]), kwargs, f"the filter {name}")
        result = function(*args, **kwargs)
        if isinstance(result, str):
            _check_size(len(result), f"the text of the filter {name}")
        return result

    checked.__dict__.update(function.__dict__)  # jinja's pass_context / pass_eval_context marks
    return checked
