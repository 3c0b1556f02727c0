"""A deck's ``fields:`` mapping: the names a layout reads (``card.title``) taken from the
columns a designer's spreadsheet happens to use (``Name``), so one layout serves many sheets.

``title: Name`` copies a column; ``icons: [Icon 1, Icon 2]`` gathers the non-empty cells of
several columns into a list. The row keeps its own columns too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .checker import Checker, join


@dataclass
class FieldMap:
    """Layout field → column name (or list of column names) for one deck."""

    columns: dict[str, Any]
    reported: set[str] = field(default_factory=set)

    def apply(self, check: Checker, row: Mapping[str, Any], where: str) -> dict[str, Any]:
        """The mapped fields of one row; a column the row lacks is reported once per field,
        naming the columns the row does have."""
        mapped: dict[str, Any] = {}
        for name, columns in self.columns.items():
            wanted = [columns] if isinstance(columns, str) else list(columns)
            missing = [c for c in wanted if c not in row]
            if missing:
                if name not in self.reported:
                    self.reported.add(name)
                    have = ", ".join(str(k) for k in row) or "(none)"
                    check.add(join(where, "fields"), f"field '{name}' reads column(s) "
                              f"{', '.join(missing)}, which the card does not have; its "
                              f"columns: {have}", row)
                continue
            if isinstance(columns, str):
                mapped[name] = row[columns]
            else:
                mapped[name] = [row[c] for c in wanted if row[c] not in (None, "")]
        return mapped


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
                      f"column names, got {columns!r}", raw, name)
            continue
        mapping[str(name)] = columns
    return FieldMap(mapping)
