"""Fuzzy matching of a changed text with the old entries of a catalog (``pnp i18n update``),
bounded as gettext's msgmerge is in effect, so a catalog from a stranger cannot make it run
for days: difflib's ``SequenceMatcher`` is quadratic in the lengths of the two texts and runs
once for each pair of texts (two texts of 60,000 characters took minutes; thousands of pairs
in a catalog of 8 MiB, days).

Each pair meets the cheapest test first, each an upper bound of difflib's ratio, so a pair that
cannot reach the cutoff (or the best match so far) costs no more; a catalog within the budgets
gets the very matches that comparing every pair by ratio gives:

1. the lengths: ``2·min / (la + lb)`` (difflib's ``real_quick_ratio``);
2. the characters in common as multisets (``quick_ratio``), from counts taken once per text;
3. only then the ratio itself.

Two budgets bound the rest (``templates/limits.yaml``):

- ``fuzzy_chars``: a text longer than this is not fuzzy-matched at all, new or old; it stays
  new (untranslated) when changed, which a translator rereads whole anyway.
- ``fuzzy_work``: the work of one catalog's merge, in the inner steps of difflib's matcher:
  :data:`PAIR_COST` for each pair looked at, :data:`CHAR_COST` for each distinct character
  whose counts are compared, and for each ratio the pairs of equal characters of the two
  texts (what its first pass visits), both lengths and :data:`BLOCK_COST` for each character
  of the shorter (difflib searches again for each matching block). Past it, the changed
  texts not yet matched stay new (the text being compared too), and the command says so
  in one line.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from babel.messages.catalog import Message

from ..content.wording import counted
from ..limits import limit, past

# how alike (difflib's ratio, 0 to 1) a changed text must read to its old one for the old
# translation to be offered, fuzzy; 0.6 (Babel's and difflib's default) pairs unrelated texts
FUZZY_CUTOFF = 0.7
# what each test costs, in inner steps of the matcher's first pass (about 0.1 µs each)
PAIR_COST = 5   # a pair looked at
CHAR_COST = 5   # a distinct character whose counts two texts compare
BLOCK_COST = 10  # a character of the shorter text in a ratio: a search per matching block


@dataclass
class Candidate:
    """A message, its text as compared (a plural's forms joined) and that text's counts."""

    message: Message
    text: str
    plural: bool = field(init=False)
    counts: Counter[str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.plural = not isinstance(self.message.id, str)
        self.counts = Counter(self.text) if len(self.text) <= limit("fuzzy_chars") \
            else Counter()


def _bound(common: int, total: int) -> float:
    """difflib's ratio for ``common`` characters matched out of ``total``."""
    return 2.0 * common / total if total else 1.0


def _shared(one: Counter[str], other: Counter[str]) -> tuple[int, int]:
    """The characters two texts have in common (as multisets) and their pairs of equal
    characters, the work of the matcher's first pass."""
    small, big = (one, other) if len(one) <= len(other) else (other, one)
    common = pairs = 0
    for char, count in small.items():
        found = big.get(char, 0)
        common += min(count, found)
        pairs += count * found
    return common, pairs


@dataclass
class Matcher:
    """Finds the old entry each changed text reads most like, within the budgets, and
    counts the texts the budgets left new."""

    work_left: int = field(default_factory=lambda: limit("fuzzy_work"))
    longest: int = field(default_factory=lambda: limit("fuzzy_chars"))
    too_long: int = 0   # changed texts not compared for their length
    cut: int = 0        # changed texts left new once the work ran out

    def _afford(self, cost: int) -> bool:
        """Spend ``cost``; False, the text at hand counted as left new, when it is not
        there to spend."""
        self.work_left -= cost
        if self.work_left < 0:
            self.cut += 1
        return self.work_left >= 0

    def closest(self, new: Candidate, olds: Iterable[Candidate]) -> Message | None:
        """The old entry that reads most like ``new`` (of the same kind, singular or plural
        with as many forms), when it reads alike enough; None when none does, or when the
        budgets leave ``new`` uncompared."""
        if self.work_left < 0:
            self.cut += 1
            return None
        if len(new.text) > self.longest:
            self.too_long += 1
            return None
        best, best_ratio = None, FUZZY_CUTOFF
        for old in olds:
            if not self._afford(PAIR_COST):
                return None
            if old.plural != new.plural or len(old.text) > self.longest:
                continue
            total = len(new.text) + len(old.text)
            if _bound(min(len(new.text), len(old.text)), total) < best_ratio:
                continue
            if not self._afford(CHAR_COST * min(len(new.counts), len(old.counts))):
                return None
            common, pairs = _shared(new.counts, old.counts)
            if _bound(common, total) < best_ratio:
                continue
            if not self._afford(pairs + total + BLOCK_COST * min(len(new.text),
                                                                  len(old.text))):
                return None
            ratio = SequenceMatcher(None, new.text, old.text, autojunk=False).ratio()
            if ratio >= best_ratio:
                best, best_ratio = old.message, ratio
        return best

    def note(self) -> str | None:
        """One line for the changed texts the budgets left new, or None."""
        notes = []
        if self.too_long:
            notes.append(past("fuzzy_chars", f"fuzzy matching skipped "
                              f"{counted(self.too_long, 'changed text')} longer than "
                              f"{self.longest:,} characters, left new (untranslated)"))
        if self.cut:
            notes.append(past("fuzzy_work", f"fuzzy matching stopped; "
                              f"{counted(self.cut, 'changed text')} left new (untranslated) "
                              "without looking for an old translation alike"))
        return "; ".join(notes) or None
