"""A deck's ``fields:`` mapping: the names a layout reads (``card.title``) taken from the
columns a designer's spreadsheet happens to use (``Name``), so one layout serves many sheets.

``title: Name`` copies a column; ``icons: [Icon 1, Icon 2]`` gathers the non-empty cells of
several columns into a list. The row keeps its own columns too.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import excerpt
from .checker import Checker, join
from .yamlio import line_of


@dataclass
class FieldMap:
    """Layout field → column name (or list of column names) for one deck."""

    columns: dict[str, Any]
    written: Mapping[str, Any] = field(default_factory=dict)  # as read: the line of each field
    where: str = ""  # the key path of the mapping, such as components[0].fields
    cards_file: str | None = None  # the spreadsheet the rows come from, if any
    reported: set[str] = field(default_factory=set)

    def apply(self, check: Checker, row: Mapping[str, Any], where: str) -> dict[str, Any]:
        """The mapped fields of the row at ``where``. A column the row lacks is reported once
        per field at the ``fields:`` entry naming it, where the misspelling is: every row of a
        spreadsheet has the same columns."""
        mapped: dict[str, Any] = {}
        for name, columns in self.columns.items():
            wanted = [columns] if isinstance(columns, str) else list(columns)
            missing = [c for c in wanted if c not in row]
            if missing:
                if name not in self.reported:
                    self.reported.add(name)
                    check.add(join(self.where, name),
                              self._lacks(name, missing, row, where), self.written, name)
                continue
            if isinstance(columns, str):
                mapped[name] = row[columns]
            else:
                mapped[name] = [row[c] for c in wanted if row[c] not in (None, "")]
        return mapped

    def _lacks(self, name: str, missing: list[str], row: Mapping[str, Any], where: str) -> str:
        have = [str(k) for k in row]
        if self.cards_file is None:
            holder = f"the card {where} (line {line_of(row)})"
        elif self.cards_file.lower().endswith((".yaml", ".yml")):  # each card has its keys
            holder = f"the card at line {line_of(row)} of {self.cards_file}"
        else:  # a spreadsheet: every row has the header's columns
            holder = self.cards_file
        guesses = [f"'{c}' (did you mean '{close[0]}'?)" if close else f"'{c}'"
                   for c in missing
                   for close in [difflib.get_close_matches(c, have, n=1, cutoff=0.6)]]
        noun = "column" if len(missing) == 1 else "columns"
        return (f"field '{name}' reads {noun} {', '.join(guesses)}, which {holder} does not "
                f"have; its columns: {', '.join(have) or '(none)'}")


def field_map(check: Checker, item: Mapping[str, Any], where: str) -> FieldMap:
    """The deck's mapping, each value a column name or a list of them (problems recorded)."""
    raw = item.get("fields")
    if raw is None:
        return FieldMap({})
    if check.mapping(raw, join(where, "fields"), item, "fields") is None:
        return FieldMap({})
    mapping: dict[str, Any] = {}
    for name, columns in raw.items():
        plain = isinstance(columns, str) or (
            isinstance(columns, list) and columns and all(isinstance(c, str) for c in columns))
        if not plain:
            check.add(join(where, f"fields.{name}"), "expected a column name or a list of "
                      f"column names, got {excerpt(columns)}", raw, name)
            continue
        mapping[str(name)] = columns
    cards_file = item.get("cards_file") or item.get("cards_url")
    return FieldMap(mapping, raw, join(where, "fields"),
                    str(cards_file) if isinstance(cards_file, str) else None)
