"""pnp: print-and-play kits and referee tools generated from one content model."""

__version__ = "0.1.0"
