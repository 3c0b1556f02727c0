"""Content hashes of everything a PDF depends on, so an unchanged build can be skipped.

A PDF depends on its request (game, language, paper, options), the game folder, the user's
layout folders, and the engine: its code, templates, fonts and catalogs. Files are hashed by
content, except fonts, which are large and only change with the package (name and size).
A deck's published sheet (``cards_url:``) is hashed as the copy it is built from, which lies in
the game folder (``.pnp-cache/``) and is fetched before the folder is hashed
(``content.remote``): a changed sheet is a new hash, an unchanged one is not even rewritten.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path

from .. import __version__
from ..errors import ContentError, Problem
from ..paths import folder_files, hashed_bytes, real
from ..resources import PACKAGE_DIR, fonts_dir, games_dir, icc_dir, templates_dir

# what a build reads (data, layouts, catalogs, templates, pictures, a game's code): hashed by
# content; any other file by its name, size and time, never read
READ_SUFFIXES = frozenset({".yaml", ".yml", ".csv", ".tsv", ".txt", ".xlsx", ".ods", ".po",
                           ".svg", ".png", ".jpg", ".jpeg", ".j2", ".md", ".json", ".py",
                           ".js", ".css"})


def _tree(root: Path, digest: hashlib._Hash, content: bool = True,
          skip: Path | None = None) -> None:
    """Every file below ``root``, by name and content (or size). Only a regular file inside
    ``root``, within ``file_bytes`` and of a kind the build reads (:data:`READ_SUFFIXES`) is
    read (see ``paths``): a link that leads out is hashed as its target's name, a device or
    pipe by its name and kind, another file by its size and time, so hashing never reads
    what the game may not, nor waits on a pipe; the folder as a whole is bounded by
    ``paths.folder_files``. A file that cannot be read (no permission, a disk error) is
    named: its contents decide whether a PDF is current."""
    real_root = real(root)
    for path in folder_files(root):
        if "__pycache__" in path.parts or (skip is not None and path.is_relative_to(skip)):
            continue
        digest.update(str(path.relative_to(root)).encode())
        try:
            digest.update(hashed_bytes(path, real_root, content,
                                       path.suffix.lower() in READ_SUFFIXES))
        except FileNotFoundError:  # a dangling link inside the folder
            digest.update(b"missing")
        except OSError as exc:
            raise ContentError(Problem(str(path), "", f"cannot read it ({exc.strerror}); make "
                                       "it readable or move it out of the folder")) from None


@lru_cache(maxsize=1)
def engine_hash() -> str:
    """The package version, code, templates, catalogs and font files (not the built-in
    games, each hashed with its own builds): one hash a process."""
    digest = hashlib.sha256(__version__.encode())
    _tree(PACKAGE_DIR, digest, skip=games_dir())  # each game is hashed on its own
    _tree(templates_dir(), digest)
    _tree(fonts_dir(), digest, content=False)
    _tree(icc_dir(), digest, content=False)  # --pdfx's colour profile
    return digest.hexdigest()


def folder_hash(folder: Path) -> str:
    digest = hashlib.sha256()
    if folder.is_dir():
        _tree(folder, digest)
    return digest.hexdigest()


def inputs_hash(folders: list[Path]) -> str:
    """One hash of the files in these folders: a game's fingerprint (its folder and the
    layout folders it was read with)."""
    digest = hashlib.sha256()
    for folder in folders:
        digest.update(folder_hash(folder).encode())
    return digest.hexdigest()


def request_hash(settings: dict, fingerprint: str) -> str:
    """The hash of one build: its settings, its game's fingerprint (every file it is read
    from), and the engine."""
    digest = hashlib.sha256(engine_hash().encode())
    digest.update(json.dumps(settings, sort_keys=True, default=str).encode())
    digest.update(fingerprint.encode())
    return digest.hexdigest()


@dataclass(frozen=True)
class BuildRecord:
    """What a finished build left behind: the input hash and the PDF it produced."""

    inputs: str
    pdf: str
    size: int
    mtime_ns: int
    pages: int
    cards: int
    seconds: float = 0.0  # how long the build took: the next run plans its jobs with it

    def still_valid(self, inputs: str, out_dir: Path) -> bool:
        pdf = out_dir / self.pdf
        if self.inputs != inputs or not pdf.is_file():
            return False
        stat = pdf.stat()
        return stat.st_size == self.size and stat.st_mtime_ns == self.mtime_ns

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def read(cls, path: Path) -> BuildRecord | None:
        if path.is_symlink():  # never read through a link left in an output folder
            return None
        try:
            return cls(**json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, TypeError):
            return None
