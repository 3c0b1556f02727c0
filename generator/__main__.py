"""``python -m generator``: the same command line as ``pnp``."""

from .cli import entry

entry()
