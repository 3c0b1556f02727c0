"""Layout attribute values: constants, or jinja2 text/expressions evaluated in a sandbox.

``"{{ card.name }}"`` renders text; ``items: card.molecules`` and ``if: card.qty > 1`` are
expressions returning Python values. User templates cannot reach files or private attributes.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from jinja2 import StrictUndefined, TemplateError, Undefined
from jinja2.sandbox import ImmutableSandboxedEnvironment

from ..errors import RenderError

_ENV = ImmutableSandboxedEnvironment(
    undefined=StrictUndefined, autoescape=False, extensions=["jinja2.ext.i18n"]
)
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


@lru_cache(maxsize=4096)
def _template(source: str):
    return _ENV.from_string(source)


@lru_cache(maxsize=4096)
def _expression(source: str):
    return _ENV.compile_expression(source, undefined_to_none=False)


def is_template(value: Any) -> bool:
    return isinstance(value, str) and ("{{" in value or "{%" in value)


def render_value(value: Any, context: dict[str, Any], where: str) -> Any:
    """A constant stays itself; a template string is rendered as text."""
    if not is_template(value):
        return value
    try:
        return _template(value).render(context)
    except TemplateError as exc:
        raise RenderError(f"{where}: template {value!r} failed: {exc}") from None
    except (TypeError, ValueError, KeyError, IndexError, ZeroDivisionError) as exc:
        raise RenderError(f"{where}: template {value!r} failed: {exc}") from None


def evaluate(source: Any, context: dict[str, Any], where: str) -> Any:
    """Evaluate an expression (a non-string is returned unchanged)."""
    if not isinstance(source, str):
        return source
    try:
        return _expression(source)(**context)
    except TemplateError as exc:
        raise RenderError(f"{where}: expression {source!r} failed: {exc}") from None
    except (TypeError, ValueError, KeyError, IndexError, ZeroDivisionError) as exc:
        raise RenderError(f"{where}: expression {source!r} failed: {exc}") from None
