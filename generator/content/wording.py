"""Counts in what pnp prints, in words that agree with them: "1 card", "2 cards", never
"1 cards" nor "card(s)". Here, below every layer that prints, so that one rule serves the
loader's problems, the pipeline's checks, Savvy's game and the commands."""

from __future__ import annotations


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """``count`` and its noun in the number it takes (``plural`` for an irregular one, such
    as "copies"; otherwise an added "s")."""
    return f"{count} {singular if count == 1 else plural or singular + 's'}"
