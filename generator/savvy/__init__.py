"""Savvy, the referee of Save Patient Zero, as a program: it answers every tool for a secret
antidote, so a table can play without a human referee.

``answers`` (each tool's answer, the secret, the QR payload) · ``queries`` (a tool and its
arguments read from words, answered, described) · ``marks`` (a referee's marks on a lab sheet,
right or wrong) · ``solver`` (the secrets the marks leave) · ``key`` (the answer-key PDF, drawn
by the pipeline) · ``lookup`` and ``page`` (every answer of one game as tables, and the offline
referee page that looks them up) · ``play_state`` (one lab's game against the program). It reads
the game's rule data through ``generator.rules.save_patient_zero``; ``pnp savvy`` is its command
line.
"""

from . import kit  # noqa: E402,F401  (registers the kit's answer keys and referee page)
