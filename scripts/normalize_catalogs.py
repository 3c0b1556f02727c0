"""Rewrite the shipped catalogs as gettext tools write them (79 columns, Babel's reading of
each entry), keeping every entry, comment and translation: after it, Poedit, Weblate and
``msgcat`` leave the files as they are. Run from the repository's root, once no branch is
editing the catalogs: ``python3 scripts/normalize_catalogs.py``."""

from __future__ import annotations

from pathlib import Path

from generator.i18n.po_files import normalize

ROOT = Path(__file__).resolve().parent.parent / "generator"


def main() -> None:
    for path in sorted([*ROOT.glob("games/*/locales/*.po"), *ROOT.glob("locales/*.po")]):
        game = path.parent.parent.name if path.parent.parent.parent.name == "games" else "engine"
        after = normalize(path, f"pnp {game}")
        if after != path.read_bytes():
            path.write_bytes(after)
            print(f"rewrapped {path.relative_to(ROOT.parent)}")


if __name__ == "__main__":
    main()
