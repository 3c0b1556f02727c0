"""Fuzzing the cards file: spreadsheet-like text in any encoding, delimiter and quoting, and
raw bytes, read as a deck's CSV. Reading records problems and never raises: no csv.Error,
UnicodeError or ValueError reaches the user (400 examples)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.content.cards_file import read_rows
from generator.content.checker import Checker

FOLDER = Path(tempfile.mkdtemp(prefix="pnp-fuzz-cards-"))
CELLS = st.one_of(st.text(max_size=8), st.sampled_from(
    ["qty", "²", "①", "3", '"', '""', '"a,b"', "\r", "\n", "\0", "\ufeff", ";", "\t", "-1"]))
ROWS = st.lists(st.lists(CELLS, min_size=1, max_size=5), min_size=1, max_size=6)
ENCODINGS = st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "cp1252", "latin-1"])
DECKS = st.fixed_dictionaries({}, optional={
    "encoding": st.sampled_from(["cp1252", "utf-16", "utf-16-le", "klingon", "rot13", 7]),
    "delimiter": st.sampled_from([",", ";", "\t", "|", "", None, 1])})


def read(data: bytes, deck: dict) -> None:
    (FOLDER / "cards.csv").write_bytes(data)
    check = Checker(str(FOLDER / "game.yaml"))
    rows = read_rows(check, deck, "components[0]", FOLDER, "cards.csv")
    assert all(isinstance(row.get("qty", 0), int) for row in rows if hasattr(row, "get"))


@settings(max_examples=300, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(ROWS, st.sampled_from([",", ";", "\t"]), ENCODINGS, DECKS)
def test_spreadsheet_text_is_read_or_named(rows: list[list[str]], delimiter: str,
                                           encoding: str, deck: dict) -> None:
    text = "\r\n".join(delimiter.join(row) for row in rows)
    read(text.encode(encoding, errors="replace"), deck)


@settings(max_examples=100, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(st.binary(max_size=300), DECKS)
def test_raw_bytes_are_read_or_named(data: bytes, deck: dict) -> None:
    read(data, deck)
