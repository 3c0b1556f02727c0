"""The words a referee may write on a lab sheet for yes, no, row and column: the English ones
and each shipped language's, read from the game's catalogs in every context they print in,
since the referee page and the answer key print them in the page's language (``ja``,
``ligne 2``, ``Sp. 3``)."""

from __future__ import annotations

from functools import lru_cache

from ..i18n.catalog import CONTEXT_SEP, LANGUAGES, translator

# each meaning → the English spellings a marks file or the command line may use
ENGLISH = {"yes": ("yes", "y", "true", "✓", "✔"), "no": ("no", "n", "false", "✗", "✘", "x"),
           "row": ("row",), "col": ("col", "column")}


def _word(text: str) -> str:
    """A printed word as a referee writes it: any case, with or without its abbreviation dot."""
    return text.strip().lower().rstrip(".")


@lru_cache(maxsize=1)
def marked_words() -> dict[str, str]:
    """Every accepted word → its meaning (``yes``, ``no``, ``row`` or ``col``)."""
    from ..pipeline.load import resolve_game

    words = {spelling: meaning for meaning, spellings in ENGLISH.items()
             for spelling in spellings}
    folder = resolve_game("save-patient-zero").folder
    for lang in LANGUAGES:
        # every use of the word (its msgctxt: lab sheet, answer key, Savvy's answer…)
        for key, found in translator(lang, folder).messages.items():
            meaning = key.rpartition(CONTEXT_SEP)[2]
            if meaning in ENGLISH:
                for text in (found if isinstance(found, tuple) else (found,)):
                    words.setdefault(_word(text), meaning)
    return words


def meaning(text: str) -> str | None:
    """``yes``, ``no``, ``row`` or ``col`` for a word of any shipped language, else None."""
    return marked_words().get(_word(text))
