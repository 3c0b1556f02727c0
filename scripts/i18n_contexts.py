"""Give the shipped catalogs the msgctxt of each use of a short or ambiguous word (issue 33).

The layouts and data now ask for "yes" as ``pgettext('tick box', 'yes')`` and so on; this
rewrites each shipped entry without a context into one entry per context, each keeping the
translation it had, and touches no other line (others edit these files at the same time).
Run once from the repository's root: ``python3 scripts/i18n_contexts.py``; running it again
changes nothing.
"""

from __future__ import annotations

import re
from pathlib import Path

GAMES = Path(__file__).resolve().parent.parent / "generator" / "games"
# game → msgid → (its contexts, whether a use without context remains)
CONTEXTS = {
    "save-patient-zero": {
        "yes": (("tick box", "answer key", "Savvy answer"), False),
        "no": (("tick box", "answer key", "Savvy answer"), False),
        "row": (("lab sheet grid", "answer key", "Savvy answer"), False),
        "col": (("lab sheet grid",), False),
        "card": (("lab sheet label",), False),
        "green": (("molecule colour",), False),
        "orange": (("molecule colour",), False),
        "purple": (("molecule colour",), False),
        "yellow": (("molecule colour",), False),
        "cyan": (("molecule colour",), False),
        "Goal": (("screen heading", "rule summary heading"), False),
    },
    "microbious": {
        "red": (("virus colour",), False),
        "blue": (("virus colour",), False),
        "yellow": (("virus colour",), False),
        "Goal": (("rule summary heading",), False),
    },
    "patient-zero-solo": {colour: (("disease colour",), False)
                          for colour in ("Black", "Blue", "Red", "Yellow")},
    "pharma-code": {colour: (("pawn colour",), False)
                    for colour in ("Red", "Blue", "Green", "Yellow")},
}


def migrate(text: str, table: dict[str, tuple[tuple[str, ...], bool]]) -> str:
    """Each entry ``msgid "X"`` without a msgctxt of the table as one entry per context it
    does not have yet, each with the plain entry's translation."""
    for msgid, (contexts, keep) in table.items():
        entry = re.compile(rf'(?m)^msgid "{re.escape(msgid)}"\n'
                           r'(msgstr(?:\[\d+\])? ".*"\n(?:".*"\n)*)')
        match = next((m for m in entry.finditer(text)
                      if not text[:m.start()].rstrip("\n").rsplit("\n", 1)[-1]
                      .startswith("msgctxt ")), None)
        missing = [c for c in contexts if not re.search(
            rf'(?m)^msgctxt "{re.escape(c)}"\nmsgid "{re.escape(msgid)}"$', text)]
        if match is None or not missing:
            continue
        blocks = [f'msgctxt "{c}"\nmsgid "{msgid}"\n{match.group(1)}' for c in missing]
        if keep:
            blocks.insert(0, match.group(0))
        text = text[:match.start()] + "\n".join(blocks) + text[match.end():]
    return text


def main() -> None:
    for game, table in CONTEXTS.items():
        for path in sorted((GAMES / game / "locales").glob("*.po")):
            before = path.read_text(encoding="utf-8")
            after = migrate(before, table)
            if after != before:
                path.write_text(after, encoding="utf-8")
                print(f"migrated {path}")


if __name__ == "__main__":
    main()
