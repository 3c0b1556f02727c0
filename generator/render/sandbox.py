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
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from jinja2 import Environment, nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.sandbox import ImmutableSandboxedEnvironment, SandboxedEnvironment, SecurityError
from jinja2.utils import Namespace

from ..limits import limit, past
from .sandbox_measures import (
    as_text,
    check_format,
    check_method,
    check_number,
    check_numbers,
    check_printf,
    check_size,
    check_written,
    compared,
    joined,
    longest,
    repeated,
    too_long,
)

# filters whose numbers are widths or counts of the text or list they make
SIZED_FILTERS = ("center", "indent", "wordwrap", "truncate", "format", "replace", "join",
                 "batch", "slice")
# filters that write their value (and arguments) as text: judged before they do, since a
# list holding another twice, thirty times over, writes gigabytes
WRITING_FILTERS = frozenset({
    "capitalize", "center", "e", "escape", "forceescape", "format", "indent", "join", "lower",
    "pprint", "replace", "safe", "string", "striptags", "title", "tojson", "trim", "truncate",
    "upper", "urlencode", "urlize", "wordcount", "wordwrap", "xmlattr"})


def _judged_output(value: Any) -> Any:
    """A value a template prints (``{{ l }}``), a container refused before it is written."""
    if not isinstance(value, str):
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


    def visit_Compare(self, node: nodes.Compare, frame: Frame) -> None:
        """``a == b``, ``a < b < c``, ``a in b``: through ``judged_compare``, which compares
        lists item by item where the watchdog can stop it."""
        self.write("environment.judged_compare(")
        self.visit(node.expr, frame)
        for operand in node.ops:
            self.write(f", {operand.op!r}, ")
            self.visit(operand.expr, frame)
        self.write(")")


class BoundedNamespace(Namespace):
    """``namespace()``, the one object a template may change from a loop: a text or list
    kept there may not grow past ``text_chars`` (``ns.s = ns.s ~ ns.s`` forty times)."""

    def __setitem__(self, name: str, value: Any) -> None:
        check_written((value,), f"namespace value {name!r}")
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
            size = joined(left, right)
            if size is not None:
                check_size(size, "joining two texts or lists with +")
        elif operator == "*":
            size = repeated(left, right)
            if size is not None:
                check_size(size, f"repeating a text or list {right!r} times")
            check_number(left, operator, right)
        elif operator == "**" and isinstance(right, (int, float)) \
                and abs(right) > limit("power_exponent") and abs(left) not in (0, 1):
            raise SecurityError(past("power_exponent", f"the power ** {right!r}"))
        elif operator == "**":
            check_number(left, operator, right)
        elif operator == "%" and isinstance(left, (str, bytes)):
            pattern = as_text(left, ())[0]  # (bytes judged as the text of their length)
            check_printf(pattern)
            values = right.values() if isinstance(right, dict) else (
                right if isinstance(right, tuple) else (right,))
            check_size(len(pattern) + pattern.count("%") * longest(values),
                        "the formatted text")
        return super().call_binop(context, operator, left, right)

    @staticmethod
    def concat(parts: Iterable[str]) -> str:
        """Jinja's join of what a body prints (``{% set s %}{{ s }}{{ s }}{% endset %}``,
        a macro's or a call's body), refused as soon as it passes ``text_chars``."""
        most, size = limit("text_chars"), 0
        pieces = []
        for part in parts:
            size += len(part)
            if size > most:
                raise too_long("the rendered text")
            pieces.append(part)
        return "".join(pieces)

    @staticmethod
    def judged_compare(left: Any, *operations: Any) -> bool:
        """``left op1 right1 op2 right2 …`` (each an operator name then an operand), as
        Python chains them, with lists compared where the watchdog can stop them."""
        for op, right in zip(operations[::2], operations[1::2], strict=True):
            if not compared(left, op, right):
                return False
            left = right
        return True

    @staticmethod
    def judged_concat(join: Callable[[Iterable[Any]], str], values: tuple[Any, ...]) -> str:
        """``a ~ b ~ …``, refused past ``text_chars`` before it is joined."""
        check_written(values, "joining texts with ~")
        return join(values)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        text = getattr(__obj, "__self__", None)
        if isinstance(text, (str, bytes)):
            name = getattr(__obj, "__name__", "method")
            check_numbers(args, kwargs, f"text.{name}()")
            read, read_args = as_text(text, args)
            check_method(read, name, read_args)
        result = super().call(__context, __obj, *args, **kwargs)
        if isinstance(result, (str, bytes, list, tuple)):
            check_size(len(result), "the result of a call")
        return result

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """``text.format``, which the sandbox wraps when it is read: its widths judged
        first."""
        wrapped = super().wrap_str_format(value)
        if wrapped is None:
            return None
        pattern = value.__self__
        fields = check_format(pattern)

        def judged(*args: Any, **kwargs: Any) -> str:
            widest = longest((*args, *kwargs.values()))
            check_size(len(pattern) + fields * widest, "the formatted text")
            return wrapped(*args, **kwargs)

        return judged


def bounded_concat(parts: Iterable[str]) -> str:
    """The pieces a template renders, joined, refused as soon as they pass ``text_chars``:
    a loop of 100,000 copies of a long value must stop before it is whole. (Drawing joins
    hundreds of thousands of values: one pass, no call per piece.)"""
    with _deadline():
        return BoundedSandbox.concat(parts)


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
    check_size(sum(len(v) for v in (*items, start) if isinstance(v, (list, tuple))),
                "the lists the filter sum joins")


# the filters that write a text argument once per item, line or break of their value
REPEATING_FILTERS = frozenset({"join", "indent", "wordwrap"})


def _check_repeated_text(name: str, values: list[Any], kwargs: dict[str, Any]) -> None:
    """Refuse ``join``'s separator between 49,000 items, ``indent``'s text width before
    49,000 lines or ``wordwrap``'s ``wrapstring`` at each break, when the product of the
    text's length and the number of places it goes (at most one per item, character,
    or word and width of wrapped text) is past ``text_chars``."""
    if name not in REPEATING_FILTERS or not values:
        return
    value = values[0]
    places = len(value) + 1 if isinstance(value, (str, list, tuple)) else 0
    if name == "wordwrap" and isinstance(value, str):  # a break between words, or in one
        width = values[1] if len(values) > 1 else kwargs.get("width", 79)
        width = width if isinstance(width, int) and width > 0 else 1
        places = len(value.split()) + len(value) // width + 1
    longest = max((len(v) for v in (*values[1:], *kwargs.values()) if isinstance(v, str)),
                  default=0)
    check_size(places * longest, f"the text the filter {name} repeats")


def _bounded(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    def checked(*args: Any, **kwargs: Any) -> Any:
        values = [a for a in args  # not the eval context or environment jinja passes
                  if not hasattr(a, "environment") and not isinstance(a, Environment)]
        if name in WRITING_FILTERS:  # (join writes its list's items, not the list)
            joins = name == "join" and values and isinstance(values[0], (list, tuple))
            check_written([*values[0], *values[1:]] if joins else values,
                          f"the text of the filter {name}")
        _check_repeated_text(name, values, kwargs)
        if name == "sum":
            _check_sum(values, kwargs)
        elif name == "format" and values and isinstance(values[0], str):
            check_printf(values[0])
        if name == "replace" and len(values) >= 3:
            text, old, new = (str(v) for v in values[:3])
            check_size(len(text) + (text.count(old) if old else len(text) + 1)
                        * max(0, len(new) - len(old)), "the replaced text")
        elif name != "sum":  # (its start is a number of any size)
            check_numbers(tuple(values[1:]), kwargs, f"the filter {name}")
        result = function(*args, **kwargs)
        if isinstance(result, str):
            check_size(len(result), f"the text of the filter {name}")
        return result

    checked.__dict__.update(function.__dict__)  # jinja's pass_context / pass_eval_context marks
    return checked
