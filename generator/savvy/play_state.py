"""One lab's game of Save Patient Zero against the program as Savvy (solo, Lean mode): the
state and the rules, apart from the terminal that reads the lab's commands (cli/savvy_play).

One lab plays its tool cards one a turn against a secret drawn from the seed; the program
answers, keeps the ✓/✗ sides and the Analyzer slots, enforces the tool rules (Analyzer after
Samply or Mikroskopo, Kolozomi only on a Dedukto molecule, two Antidote attempts) and, with
interruptions, draws one card after the third tool and enforces its rule. Everything it says
goes through ``say``, so the same game runs in a terminal or under a test.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ..content.model import Deck, Game
from ..content.wording import counted
from ..errors import UsageError
from . import answers
from .answers import LabGrid, Secret
from .queries import Query, Tool, ask, describe, parse_query, tool_name

SET_ASIDE = (Tool.HACKZ, Tool.SPIONADO)  # they act on the other lab: no use with one lab
INTERRUPTION_AFTER = 3
KRIZO_TURNS = 4
ELEKTROPANEO_TURNS = 2
PLANADO_TOOLS = 5
REMOVED_BY = {"onidiro": (Tool.MIKROSKOPO,), "kolora": (Tool.KOLOZOMI, Tool.MEZAKOL),
              "malbonamatiko": (Tool.SUBSTRAKTO, Tool.FUZIO), "processo": (Tool.SPIONADO,)}
NO_EFFECT_ALONE = ("restrukturado", "malferma")


def level_index(played: int, levels: int) -> int:
    """Which line of the level table a lab reaches with ``played`` tools (4 or fewer: the
    first; 10 or more: the last)."""
    return min(max(played - 4, 0), levels - 1)


class GameOver(Exception):
    """Raised inside a turn when the game ends (won, lost or abandoned)."""


@dataclass
class LeanGame:
    """The state Savvy keeps for one lab."""

    game: Game
    grid: LabGrid
    seed: int
    lab: str
    interruptions: bool
    say: Callable[[str], None]  # where the game's lines go
    secret: Secret = field(init=False)
    rng: random.Random = field(init=False)
    tools: dict[str, int] = field(init=False)  # tool name → cards left
    deck: list[str] = field(init=False)  # the shuffled sample cards not yet drawn
    yes: list[str] = field(default_factory=list)
    no: list[str] = field(default_factory=list)
    analyzed: dict[str, int] = field(default_factory=dict)
    dedukto: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    played: int = 0
    substraktos: int = 0
    interruption: str | None = None
    blocked: dict[str, int] = field(default_factory=dict)
    deadline: int | None = None
    premo: bool = False
    forced: list[str] = field(default_factory=list)
    antidote_free: bool = True
    planning: bool = False
    misfunkcio: bool = False
    won: bool = False

    def __post_init__(self) -> None:
        self.secret = answers.secret_for_seed(self.seed)
        self.rng = random.Random(f"{self.seed}:play")
        self.tools = {str(t["name"]).lower(): int(t["qty"]) for t in self.game.data["tools"]}
        for name in SET_ASIDE:
            self.tools[name] = 0
        self.deck = [c for c in self.grid.lab.samples if c.startswith(self.lab)]
        self.rng.shuffle(self.deck)

    # -- what the lab can see -------------------------------------------------------------
    def tools_left(self) -> str:
        left = [f"{name.capitalize()} ×{n}" for name, n in self.tools.items() if n]
        return ", ".join(left) or "none"

    def status(self) -> str:
        extra = ""
        if self.forced:
            extra = f" · next tool: {self.forced[0].capitalize()}"
        if self.deadline is not None:
            extra += f" · Krizo: {counted(self.deadline, 'turn')} left"
        return f"Turn {self.played + 1} · tools left: {self.tools_left()}{extra}"

    def sheet(self) -> str:
        lines = [f"✓ side: {' '.join(self.yes) or '—'}", f"✗ side: {' '.join(self.no) or '—'}"]
        for slot in (1, 2, 3):
            cards = [c for c, n in self.analyzed.items() if n == slot]
            lines.append(f"x{slot}: {' '.join(cards) or '—'}")
        if self.dedukto:
            lines.append("Dedukto: " + ", ".join(map(str, self.dedukto)))
        return "\n".join(lines + self.notes)

    def show_cards(self, cards: list[str]) -> str:
        return "\n".join(f"  {c} [{' '.join(f'{m:>2}' for m in self.grid.lab.samples[c])}] "
                         f"→ {'✓' if c in self.yes else '✗'}" for c in cards)

    def show_deck(self) -> str:
        return "Sample deck: " + " ".join(
            f"{c}[{','.join(map(str, self.grid.lab.samples[c]))}]" for c in sorted(
                self.deck, key=lambda c: int(c[1:])))

    # -- a turn ---------------------------------------------------------------------------
    def turn(self, word: str, args: list[str]) -> None:
        """Play one tool card; a UsageError leaves the turn unspent."""
        tool = tool_name(word)
        self.allowed(tool)
        self.use(tool, args)
        self.end_turn(tool)

    def abandon(self) -> None:
        self.say(f"Game abandoned after {counted(self.played, 'tool')}. The antidote was "
                 f"{','.join(map(str, self.secret))}.")
        raise GameOver

    def skip(self) -> None:
        """Discard the next imposed tool unused, when its own rule forbids playing it."""
        if not self.forced:
            raise UsageError("skip only discards the next tool imposed by an interruption")
        tool = self.forced.pop(0)
        self.tools[tool] -= 1
        self.say(f"The {tool.capitalize()} card is discarded unused.")
        if not any(self.tools.values()):
            self.lose("no tool card left")

    def allowed(self, tool: str) -> None:
        if tool in SET_ASIDE:
            raise UsageError(f"{tool.capitalize()} acts on the other lab: it is set aside when "
                             "one lab plays")
        if not self.tools.get(tool):
            raise UsageError(f"no {tool.capitalize()} card left; tools left: {self.tools_left()}")
        if self.blocked.get(tool):
            raise UsageError(f"Elektropaneo: {tool.capitalize()} is out of order for "
                             f"{counted(self.blocked[tool], 'more turn')}")
        if self.premo and tool != Tool.ANTIDOTE and self.tools.get(Tool.ANTIDOTE):
            raise UsageError("Premo: you must play an Antidote card this turn")
        if self.forced and tool != self.forced[0] and not (
                tool == Tool.ANTIDOTE and self.antidote_free):
            raise UsageError(f"your next tool must be {self.forced[0].capitalize()} "
                             f"({self.interruption})")

    def use(self, tool: Tool, args: list[str]) -> None:
        handler = HANDLERS.get(tool)
        if handler is not None:
            return handler(self, args)
        query = parse_query(self.grid, tool, args)
        answer = ask(self.grid, self.secret, query, self.seed)
        if tool == Tool.SCANPAD and self.misfunkcio:
            answer = self.rng.choice(answers.misfunkcio_readings(answer))
            self.record(query, f"{answer} (Misfunkcio: off by one)")
            return
        if tool == Tool.ANTIDOTE:
            return self.antidote(query, answer)
        self.record(query, describe(query, answer))

    def record(self, query: Query, text: str) -> None:
        line = f"{query.words()}: {text}"
        self.notes.append(line)
        self.say(f"Savvy: {text}")

    def take_cards(self, args: list[str], what: str) -> list[str]:
        words = [w for w in re.split(r"[,\s]+", " ".join(args)) if w]
        cards = [parse_query(self.grid, Tool.SAMPLY, [w]).arg for w in words]
        if len(set(cards)) != len(cards):
            raise UsageError(f"{what}: a card is named twice")
        return cards

    def sort_cards(self, cards: list[str]) -> None:
        for card in cards:
            holds = answers.sample_count(self.grid, self.secret, card) > 0
            (self.yes if holds else self.no).append(card)
        self.say("Savvy sorts the cards:\n" + self.show_cards(cards))

    def use_samply(self, args: list[str]) -> None:
        if args:
            raise UsageError("samply takes no card: Savvy draws the top 3 of your deck")
        if not self.deck:
            raise UsageError("your sample deck is empty")
        drawn, self.deck = self.deck[:3], self.deck[3:]
        self.sort_cards(drawn)

    def use_mikroskopo(self, args: list[str]) -> None:
        cards = self.take_cards(args, "mikroskopo")
        want = min(2, len(self.deck))
        if want == 0 or len(cards) != want or any(c not in self.deck for c in cards):
            raise UsageError(f"mikroskopo: name {counted(want, 'card')} still in your deck "
                             "(see: deck)")
        self.deck = [c for c in self.deck if c not in cards]
        self.rng.shuffle(self.deck)
        self.sort_cards(cards)

    def use_analyzer(self, args: list[str]) -> None:
        ready = [c for c in self.yes if c not in self.analyzed]
        if not ready:
            raise UsageError("analyzer needs ✓ cards not yet analysed: play Samply or "
                             "Mikroskopo first")
        cards = self.take_cards(args, "analyzer")
        if not 1 <= len(cards) <= 3 or any(c not in ready for c in cards):
            raise UsageError(f"analyzer: name 1 to 3 cards of the ✓ side not yet analysed: "
                             f"{' '.join(ready)}")
        for card in cards:
            self.analyzed[card] = answers.sample_count(self.grid, self.secret, card)
        text = ", ".join(f"{c} x{self.analyzed[c]}" for c in cards)
        self.notes.append(f"analyzer: {text}")
        self.say(f"Savvy: {text}")

    def use_dedukto(self, args: list[str]) -> None:
        parse_query(self.grid, Tool.DEDUKTO, args)
        self.dedukto = answers.dedukto(self.secret, self.seed, self.grid.labs.index(self.lab))
        self.say("Savvy hands you 5 molecules not in the antidote: "
                 + ", ".join(map(str, self.dedukto)))

    def use_kolozomi(self, args: list[str]) -> None:
        if not self.dedukto:
            raise UsageError("kolozomi comes only after Dedukto")
        query = parse_query(self.grid, Tool.KOLOZOMI, args)
        if query.arg not in self.dedukto:
            raise UsageError(f"kolozomi: show one of your Dedukto molecules: "
                             f"{', '.join(map(str, self.dedukto))}")
        self.record(query, describe(query, ask(self.grid, self.secret, query, self.seed)))

    def use_substrakto(self, args: list[str]) -> None:
        query = parse_query(self.grid, Tool.SUBSTRAKTO, args)
        self.substraktos += 1
        answer = answers.substrakto(self.secret, self.seed, self.substraktos)
        self.record(query, describe(query, answer))

    def antidote(self, query: Query, right: int) -> None:
        self.won = right == answers.SECRET_SIZE
        self.record(query, describe(query, right))

    def level(self) -> str:
        levels = self.game.data["levels"]
        index = level_index(self.played, len(levels))
        return f"{levels[index]['tools']} tools — {levels[index]['title']}"

    def lose(self, why: str) -> None:
        self.say(f"Game over: {why}. The antidote was {','.join(map(str, self.secret))}.")
        raise GameOver

    def end_turn(self, tool: str) -> None:
        self.tools[tool] -= 1
        self.played += 1
        if self.won:
            self.say(f"You found the antidote {','.join(map(str, self.secret))} with "
                     f"{counted(self.played, 'tool')}. Your level: {self.level()}")
            raise GameOver
        if tool == Tool.ANTIDOTE and not self.tools[Tool.ANTIDOTE]:
            self.lose("that was your last Antidote card")
        self.premo = False
        if self.forced and tool == self.forced[0]:
            self.forced.pop(0)
        self.blocked = {t: n - 1 for t, n in self.blocked.items() if n > 1}
        if self.deadline is not None:
            self.deadline -= 1
            if self.deadline == 0:
                self.lose("Krizo — the 4 turns are over")
        if not any(self.tools.values()):
            self.lose("no tool card left")
        if self.interruptions and self.interruption is None and self.played == \
                INTERRUPTION_AFTER:
            self.interrupt()

    # -- interruptions --------------------------------------------------------------------
    def interrupt(self) -> None:
        deck = self.game.component("interruptions")
        assert isinstance(deck, Deck)
        card = self.rng.choice(deck.cards).fields
        name = str(card["name"]).lower()
        self.interruption = str(card["name"])
        self.say(f"Interruption: {card['name']} — {card['effect']}")
        for tool in REMOVED_BY.get(name, ()):
            self.tools[tool] = 0
        if name == "limigo":
            self.tools = {t: min(n, 1) for t, n in self.tools.items()}
        elif name == "elektropaneo":
            self.blocked = dict.fromkeys((Tool.SCANPAD, Tool.ESTUGAMO, Tool.CENTRIFUGO),
                                         ELEKTROPANEO_TURNS)
        elif name == "krizo":
            self.deadline = KRIZO_TURNS
        elif name == "premo":
            self.premo = True
        elif name == "misfunkcio":
            self.misfunkcio = True
        elif name == "kolapso":
            cards = [t for t, n in self.tools.items() for _ in range(n)]
            lost = self.rng.choice(cards)
            self.tools[lost] -= 1
            self.say(f"Kolapso: a {lost.capitalize()} card is discarded.")
        elif name == "mikroadministrado":
            self.forced = [t for t, n in self.tools.items() for _ in range(n)
                           if t != Tool.ANTIDOTE]
            self.rng.shuffle(self.forced)
            self.antidote_free = True
        elif name == "planado":
            self.planning = True
            self.say(self.plan_hint())
        elif name in NO_EFFECT_ALONE:
            self.say("With one lab this card changes nothing.")
        elif name == "kostreduktado":
            self.say("From now on, write nothing down.")
        if not any(self.tools.values()):
            self.lose("no tool card left")

    def plan_size(self) -> int:
        return min(PLANADO_TOOLS, sum(self.tools.values()))

    def plan_hint(self) -> str:
        """What to type while Planado awaits the plan."""
        return (f"Planado: write your next {counted(self.plan_size(), 'tool')} in order, such "
                "as 'scanpad fuzio dedukto kolozomi antidote'.")

    def plan(self, line: str) -> None:
        names: list[str] = [tool_name(w) for w in re.split(r"[,\s]+", line.strip()) if w]
        if len(names) != self.plan_size():
            raise UsageError(f"Planado: name exactly {counted(self.plan_size(), 'tool')}, in order")
        for name in set(names):
            if names.count(name) > self.tools.get(name, 0):
                have = counted(self.tools.get(name, 0), f"{name.capitalize()} card")
                raise UsageError(f"Planado: you have {have}, not {names.count(name)}")
        self.forced, self.antidote_free, self.planning = names, False, False
        self.say("Plan noted: " + ", ".join(n.capitalize() for n in names))


# the tools whose play is more than a question and its answer
HANDLERS: dict[Tool, Callable[[LeanGame, list[str]], None]] = {
    Tool.SAMPLY: LeanGame.use_samply, Tool.MIKROSKOPO: LeanGame.use_mikroskopo,
    Tool.ANALYZER: LeanGame.use_analyzer, Tool.DEDUKTO: LeanGame.use_dedukto,
    Tool.KOLOZOMI: LeanGame.use_kolozomi, Tool.SUBSTRAKTO: LeanGame.use_substrakto,
}
