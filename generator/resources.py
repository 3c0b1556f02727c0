"""Where the bundled fonts, templates and games live, installed or in a source checkout.

The wheel maps the top-level ``fonts/``, ``icc/`` and ``templates/`` folders into the package;
a source checkout keeps them beside it. Both layouts resolve here, and only here.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent


def _bundled(name: str) -> Path:
    for candidate in (PACKAGE_DIR / name, PACKAGE_DIR.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"bundled folder '{name}' is missing from the installation")


def fonts_dir() -> Path:
    return _bundled("fonts")


def templates_dir() -> Path:
    return _bundled("templates")


def icc_dir() -> Path:
    """The bundled ICC colour profiles (``--pdfx``'s output intent)."""
    return _bundled("icc")


def games_dir() -> Path:
    return PACKAGE_DIR / "games"


def locales_dir() -> Path:
    return PACKAGE_DIR / "locales"


def shipped(path: Path) -> bool:
    """Whether ``path`` lies inside what the package ships (its code, games, templates and
    fonts): a file written there is lost by the next ``pip install``, so no command writes
    there; each caller names the folder to use instead."""
    resolved = path.resolve()
    return any(resolved.is_relative_to(folder.resolve())
               for folder in (PACKAGE_DIR, templates_dir(), fonts_dir(), icc_dir()))


def file_version(path: Path) -> tuple[int, int]:
    """(mtime in ns, size): the key every per-file cache reads a file again on. Caches of a
    whole game use its fingerprint instead (pipeline.fingerprint), pure functions their
    arguments; no cache keys on a path alone."""
    stat = path.stat()
    return stat.st_mtime_ns, stat.st_size
