"""Helpers the tests share: reading built PDFs back (text, units, legibility, golden drawing
logs), the bad-input catalogue, and per-game kit builders. ``tests`` is on the import path
(``pythonpath`` in pyproject.toml), so a test in any folder writes ``from support.x import y``."""
