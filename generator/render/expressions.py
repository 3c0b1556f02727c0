"""Layout attribute values: constants, or jinja2 text/expressions evaluated in a sandbox.

``"{{ card.name }}"`` renders text; ``items: card.molecules`` and ``if: card.qty > 1`` are
expressions returning Python values. User templates cannot reach files or private attributes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from jinja2 import StrictUndefined, Template, TemplateSyntaxError, Undefined, nodes
from jinja2.parser import Parser
from jinja2.runtime import Context
from jinja2.sandbox import ImmutableSandboxedEnvironment

from ..errors import RenderError, excerpt
from .failures import TEMPLATE_FAILURES, reason
from .sandbox import BoundedSandbox, bounded_concat, bounded_filters

DICT_ATTRIBUTES = frozenset(dir(dict))


class _LayoutEnvironment(BoundedSandbox):
    """The sandbox, with ``data.grid`` on a plain dict read as the key it must be: jinja
    would first try the attribute and fail (an exception per dot, on hundreds of thousands
    of values). Keys named like dict methods take jinja's own path."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute in obj and attribute not in DICT_ATTRIBUTES:
            return obj[attribute]
        return super().getattr(obj, attribute)


_ENV = _LayoutEnvironment(
    undefined=StrictUndefined, autoescape=False, extensions=["jinja2.ext.i18n"]
)
bounded_filters(_ENV)
_ENV.filters["mm"] = lambda value: f"{float(value):g}"


def as_list(value: Any) -> list[Any]:
    """A spreadsheet cell as a list: ``"heart; star"`` → ``["heart", "star"]``; lists pass
    through without empty items; nothing gives ``[]``."""
    if value is None or isinstance(value, Undefined):
        return []
    if isinstance(value, (list, tuple)):
        return [v for v in value if v not in (None, "")]
    return [part for part in re.split(r"[;,\s]+", str(value)) if part]


_ENV.filters["as_list"] = as_list


def environment() -> ImmutableSandboxedEnvironment:
    return _ENV


class Scope(dict):
    """The variables of one drawn box (a card, a repeated item, a used layout). It keeps the
    jinja context made from it, so the dozens of values a card draws share one context
    instead of copying every variable for each value. Not changed once drawn with."""

    __slots__ = ("_jinja",)

    def __init__(self, base: Mapping[str, Any] | None = None, /, **more: Any) -> None:
        if isinstance(base, Scope):
            super().__init__(base, **more)
        else:  # the outermost scope carries jinja's globals (range, dict…) for its children
            super().__init__(_ENV.globals)
            self.update(base or {}, **more)


_BLANK = _ENV.from_string("")


def _jinja_context(variables: dict[str, Any]) -> Context:
    if not isinstance(variables, Scope):
        return _BLANK.new_context(variables)
    context = getattr(variables, "_jinja", None)
    if context is None:  # the scope already holds the globals: no copy needed
        context = _ENV.context_class(_ENV, variables, None, {})
        variables._jinja = context  # type: ignore[attr-defined]  # remembered on the scope
    return context


@lru_cache(maxsize=4096)
def _template(source: str) -> Template:
    return _ENV.from_string(source)


@lru_cache(maxsize=4096)
def _expression(source: str) -> Template:
    """``source`` as a template that stores its value in ``result`` (as jinja's
    compile_expression does), so it can run in a shared context."""
    parser = Parser(_ENV, source, state="variable")
    expression = parser.parse_expression()
    if not parser.stream.eos:
        raise TemplateSyntaxError("chunk after expression", parser.stream.current.lineno)
    expression.set_environment(_ENV)
    body = [nodes.Assign(nodes.Name("result", "store"), expression, lineno=1)]
    return _ENV.from_string(nodes.Template(body, lineno=1))


def is_template(value: Any) -> bool:
    return isinstance(value, str) and ("{{" in value or "{%" in value)


def _failed(where: str, kind: str, source: str, exc: Exception) -> RenderError:
    return RenderError(f"{where}: {kind} {excerpt(source)} failed: {reason(exc)}")


def render_value(value: Any, context: dict[str, Any], where: str, key: str = "") -> Any:
    """A constant stays itself; a template string is rendered as text. An error names
    ``where`` (and ``key``, joined only then: values are drawn by the hundred thousand)."""
    if not is_template(value):
        return value
    try:
        if "{%" in value:  # statements may set variables: a context of its own
            return bounded_concat(_template(value).generate(context))
        return bounded_concat(_template(value).root_render_func(_jinja_context(context)))
    except TEMPLATE_FAILURES as exc:
        raise _failed(f"{where}.{key}" if key else where, "template", value, exc) from None


def evaluate(source: Any, context: dict[str, Any], where: str) -> Any:
    """Evaluate an expression (a non-string is returned unchanged)."""
    if not isinstance(source, str):
        return source
    try:
        template = _expression(source)
        jinja = _jinja_context(context)
        for _ in template.root_render_func(jinja):
            pass
        jinja.exported_vars.discard("result")
        return jinja.vars.pop("result")
    except TEMPLATE_FAILURES as exc:
        raise _failed(where, "expression", source, exc) from None


NamePattern = tuple[str, ...]  # the literal parts of a name, anything between them
ANY_NAME: NamePattern = ("", "")


@lru_cache(maxsize=8192)
def name_pattern(value: str) -> NamePattern:
    """The names a string can render to: its literal parts, anything where a template part
    stands (``mb-shape-{{ shape }}`` → ``("mb-shape-", "")``). Found with ``str.find``,
    each closing ``}}`` or ``%}`` looked for once: a regular expression looks for it again
    from each ``{{``, and a name of 49,000 unclosed ``{{`` took 23 s."""
    parts, kept, at = [], 0, 0
    closings: dict[str, int] = {}  # the next "}}" / "%}" found, -1: none is left
    while (start := value.find("{", at)) >= 0:
        closing = {"{": "}}", "%": "%}"}.get(value[start + 1:start + 2])
        if closing is None:
            at = start + 1
            continue
        end = closings.get(closing, start)
        if 0 <= end < start + 2:
            end = closings[closing] = value.find(closing, start + 2)
        if end < 0:
            at = start + 1
            continue
        parts.append(value[kept:start])
        kept = at = end + 2
    return (*parts, value[kept:])


def name_matches(pattern: NamePattern, name: str) -> bool:
    """Whether ``name`` is one ``pattern`` stands for: its first part a prefix, its last a
    suffix, the others found in order between them, each at its leftmost place. Linear in
    the name, where a regular expression of many wildcards (``.*x.*x…z``) backtracks
    through every way of placing its parts for minutes."""
    if len(pattern) == 1:
        return name == pattern[0]
    first, *middle, last = pattern
    end = len(name) - len(last)
    if end < len(first) or not name.startswith(first) or not name.endswith(last):
        return False
    at = len(first)
    for part in middle:
        found = name.find(part, at, end)
        if found < 0:
            return False
        at = found + len(part)
    return True
