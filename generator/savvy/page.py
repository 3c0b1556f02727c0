"""The Savvy page (``pnp savvy page``): one HTML file, its styles, script and data inline, in
three languages, that plays Savvy for two labs on a phone lying on the table (table mode), or
answers every tool and checks a lab's marks for a human Savvy (referee mode), with no network.

Every answer, and every mark that is right, comes from ``lookup.tables`` — the command line's
own functions — so the page's script computes nothing: it turns a tap or a link into a key and
looks it up; in table mode it keeps count of cards and turns with ``table.table_data``. The
page is drawn from the jinja2 templates of ``templates/savvy/`` (the shell ``page.html.j2``
with ``page.css`` and the scripts ``page.js``, ``marks.js``, ``table.js`` and
``table_events.js``; ``ui.html.j2``, the screens, rendered once per language; ``words.j2``,
the words of each answer, label and mark) and translated through the game's catalogs, like
the answer key.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape

from ..content.model import Deck, Game
from ..errors import RenderError
from ..files import write_atomically
from ..i18n.catalog import LANGUAGES, Translator, localize, require_translations, translator
from ..pipeline.load import load_builtin
from ..render.colours import resolve
from ..render.elements import ELEMENTS
from ..render.expressions import evaluate
from ..resources import templates_dir
from . import answers, lookup
from .answers import LabGrid, Secret
from .marks import format_answer
from .play_state import KRIZO_TURNS
from .queries import Tool
from .table import MOST_TOOLS, table_data, table_words

GAME_ID = "save-patient-zero"
CUE_LAYOUT = "spz-cue"  # the vector shape of each molecule colour, as printed in the kit
GATE_MESSAGE = "I am Savvy"  # the first words of the page, in every language it opens in


def page_path(seed: int, out_dir: Path = Path("output")) -> Path:
    """Where the page of game ``seed`` is written, beside its answer key."""
    return Path(out_dir) / f"savvy-page-{seed}.html"


def _environment(tr: Translator) -> Environment:
    """The page's templates with gettext bound to one language; HTML is escaped, the script
    and the styles (included verbatim) are not. A translation is untrusted text (a catalog
    may come from the working folder): jinja marks what gettext returns as safe HTML, so it
    is escaped here first; ``plain`` gives its text back for the page's JSON."""
    env = Environment(loader=FileSystemLoader(str(templates_dir() / "savvy")),
                      undefined=StrictUndefined, autoescape=select_autoescape(("j2",)),
                      trim_blocks=True, lstrip_blocks=True, extensions=["jinja2.ext.i18n"])
    env.policies["ext.i18n.trimmed"] = True  # msgids without the template's line breaks
    env.policies["json.dumps_kwargs"] = {"ensure_ascii": False, "separators": (",", ":")}
    env.install_gettext_callables(  # type: ignore[attr-defined]
        lambda message: escape(tr.gettext(message)),
        lambda singular, plural, n: escape(tr.ngettext(singular, plural, n)), newstyle=True,
        pgettext=lambda context, message: escape(tr.pgettext(context, message)))
    env.filters["plain"] = lambda html: Markup(html).unescape()
    return env


def _hex(game: Game, name: str) -> str:
    colour = resolve(name, game.palette, f"{GAME_ID} palette")
    assert colour is not None
    return "#" + colour.hexval()[2:]


def cue_svg(game: Game, symbol: str) -> str:
    """The shape of one colour cue as SVG on a 10 × 10 box, read from the kit's own vector
    layout, each element in the SVG form its type declares (so the page and the printed
    sheet draw the same star); a type with none is an error, never left out."""
    parts = []
    for index, element in enumerate(game.layouts[CUE_LAYOUT].elements):
        if not evaluate(element.get("if", True), {"cue": symbol}, CUE_LAYOUT):
            continue
        kind = ELEMENTS[element["type"]]
        if kind.svg is None:
            shaped = ", ".join(name for name, k in ELEMENTS.items() if k.svg is not None)
            raise RenderError(f"{CUE_LAYOUT}.elements[{index}]: the referee page draws a colour "
                              f"cue in SVG, which a {kind.name} element has no form of; use "
                              f"{shaped}")
        parts.append(kind.svg(element))
    return "".join(parts)


def _words(env: Environment, colour_names: Mapping[str, str]) -> Any:
    """The macros of ``words.j2``, each returning its text on one line, as plain text (the
    page escapes it where it is HTML)."""
    module = env.get_template("words.j2").make_module(
        {"colour_names": colour_names, "secret_size": answers.SECRET_SIZE})

    def flat(name: str) -> Callable[..., str]:
        macro = getattr(module, name)
        return lambda *args: Markup(" ".join(str(macro(*args)).split())).unescape()
    return {name: flat(name) for name in ("big", "say", "choice", "line", "draw")}


def _button(label: str, args: str = "", draw: int = 1, colour: str = "") -> dict[str, Any]:
    return {"label": label, "args": args, "draw": draw, "colour": colour}


def _groups(game: Game, grid: LabGrid, tool: Tool, labs: list[Mapping[str, Any]],
            words: Mapping[str, Callable[..., str]]) -> list[dict[str, Any]]:
    """The buttons that point a tool, in groups (a lab's sample cards, rows, columns…)."""
    if tool in (Tool.SAMPLY, Tool.MIKROSKOPO, Tool.ANALYZER):
        return [{"title": lab["name"], "style": "", "buttons": [
            _button(card, card.lower(), colour=_hex(game, lab["colour"]))
            for card in grid.lab.samples if card.startswith(lab["code"])]} for lab in labs]
    if tool == Tool.DEDUKTO:
        return [{"title": "", "style": "wide", "buttons": [
            _button(lab["name"], lab["code"].lower(), colour=_hex(game, lab["colour"]))
            for lab in labs]}]
    if tool == Tool.INTERVALLO:
        return [{"title": "", "style": "wide",
                 "buttons": [_button(end.upper(), end) for end in ("min", "max")]}]
    if tool == Tool.ESTUGAMO:
        return [{"title": "", "style": "third", "buttons": [
            _button(words["line"](line, n), f"{line} {n}") for n in range(1, answers.SIDE + 1)]}
            for line in ("row", "col")]
    if tool in lookup.DRAW_TOOLS:
        return [{"title": "", "style": "wide", "buttons": [
            _button(words["draw"](draw), draw=draw)
            for draw in range(1, grid.tool_cards.get(tool, 1) + 1)]}]
    return []


def _grid_count(grid: LabGrid, tool: Tool) -> int:
    """How many molecules a tool points at on the grid (0: it takes no molecules)."""
    return {Tool.SCANPAD: len(next(iter(grid.blocks.values()))),
            Tool.CENTRIFUGO: len(grid.centrifugo_cells), Tool.KOLOZOMI: 1,
            Tool.ANTIDOTE: answers.SECRET_SIZE}.get(tool, 0)


def shared_data(game: Game, grid: LabGrid, secret: Secret, seed: int,
                found: lookup.Tables) -> dict[str, Any]:
    """The language-free data of the page: every answer (``found``), what each tool takes,
    and what table mode keeps count of (``table.table_data``)."""
    specs = {}
    for card in game.data["tools"]:
        tool = Tool(str(card["name"]).lower())
        count = _grid_count(grid, tool)
        specs[str(tool)] = {"count": count,
                            "multi": answers.DEDUKTO_SIZE if tool == Tool.DEDUKTO else 0,
                            "bare": not _has_arguments(tool) and not count,
                            "draw": tool in lookup.DRAW_TOOLS,
                            "misfunkcio": tool in lookup.MISFUNKCIO_TOOLS}
    records = []
    for record in found.records:
        shown: dict[str, Any] = {"j": record.json, "right": list(record.right)}
        if record.tool == Tool.DEDUKTO:
            shown["mol"] = record.value["answer"]
        if record.tool == Tool.MEZAKOL:
            shown["fill"] = _hex(game, record.value["answer"])
        records.append(shown)
    return {"seed": seed, "tools": specs, "keys": found.keys, "records": records,
            "table": table_data(game, grid, secret, seed)}


def _has_arguments(tool: Tool) -> bool:
    return tool in (Tool.SAMPLY, Tool.MIKROSKOPO, Tool.ANALYZER, Tool.DEDUKTO,
                    Tool.INTERVALLO, Tool.ESTUGAMO, *lookup.DRAW_TOOLS)


def language_part(game: Game, grid: LabGrid, found: lookup.Tables, seed: int,
                  tr: Translator, env: Environment) -> dict[str, Any]:
    """What ``ui.html.j2`` draws in one language (the screens, the tools, the grid), and the
    words the script shows in that language (``words``: each record's text, the tool names,
    the interruption cards, the levels)."""
    colour_names = localize(game.data["colour_labels"], tr)
    words = _words(env, colour_names)
    labs = localize(game.data["labs"], tr)
    cue_of = game.colour_cues["molecules"]
    cues = list(dict.fromkeys(cue_of[c] for c in grid.lab.colour_order))
    tools, names = [], {}
    for card in localize(game.data["tools"], tr):
        tool = Tool(str(card["name"]).lower())
        choices = [{"word": format_answer(tool, value), "label": words["choice"](tool, value)}
                   for value in lookup.candidates(grid, tool)]
        tools.append({"id": str(tool), "name": card["name"], "help": card["effect"],
                      "groups": _groups(game, grid, tool, labs, words),
                      "count": _grid_count(grid, tool), "choices": choices,
                      "multi": answers.DEDUKTO_SIZE if tool == Tool.DEDUKTO else 0,
                      "misfunkcio": tool in lookup.MISFUNKCIO_TOOLS,
                      "retail": tool in (Tool.SAMPLY, Tool.MIKROSKOPO, Tool.ANALYZER)})
        names[str(tool)] = card["name"]
    texts = [[words["big"](r.tool, r.value), words["say"](r.tool, r.value)]
             for r in found.records]
    rows = [[{"n": m, "fill": _hex(game, grid.lab.colours[m]),
              "ink": _hex(game, game.vars["digit_ink"][grid.lab.colours[m]]),
              "cue": cues.index(cue_of[grid.lab.colours[m]]),
              "colour_name": colour_names[grid.lab.colours[m]]} for m in row]
            for row in grid.lab.grid]
    deck = game.component("interruptions")
    assert isinstance(deck, Deck)
    table = table_words(game, [localize(c.fields, tr) for c in deck.cards], seed,
                        localize(game.data["levels"], tr))
    return {"lang": tr.lang, "seed": seed, "tools": tools, "grid": rows, "labs": labs,
            "cues": [{"symbol": c, "svg": cue_svg(game, c)} for c in cues],
            "languages": LANGUAGES,
            "words": {"records": texts, "names": names, "table": table,
                      "plurals": plurals(tr),
                      "labs": {str(lab["code"]): lab["name"] for lab in labs}}}


def plurals(tr: Translator) -> dict[str, list[str]]:
    """The counted words the script fills in, each as the catalog's ngettext gives it for
    n = 0, 1, 2… (the last form serves every larger n)."""
    return {"tools": [tr.ngettext("{n} tool", "{n} tools", n) for n in range(MOST_TOOLS + 1)],
            "krizo": [tr.ngettext("Krizo: {n} turn left", "Krizo: {n} turns left", n)
                      for n in range(KRIZO_TURNS + 1)],
            "won": [tr.ngettext("Found the antidote with {n} tool: {title} ({tools} tools).",
                                "Found the antidote with {n} tools: {title} ({tools} tools).", n)
                    for n in range(MOST_TOOLS + 1)]}


def render_page(seed: int, lang: str = "en") -> str:
    """The page of game ``seed`` (its secret as ``pnp savvy new --seed`` draws it), in every
    language, opening in ``lang`` until someone switches."""
    game = load_builtin(GAME_ID)
    grid = answers.lab_grid_from_game(game)
    secret = answers.secret_for_seed(seed)
    found = lookup.tables(grid, secret, seed)
    uis = []
    for each in LANGUAGES:
        tr = translator(each, game.folder)
        env = _environment(tr)
        context = language_part(game, grid, found, seed, tr, env)
        uis.append({"lang": each, "html": Markup(env.get_template("ui.html.j2").render(context)),
                    "words": context["words"]})
        require_translations(tr, tr.missing)
    first = translator(lang, game.folder)  # the language the page opens in: one it has
    require_translations(first, [GATE_MESSAGE])
    shell = _environment(first).get_template("page.html.j2")
    return shell.render({"lang": lang, "seed": seed, "uis": uis,
                         "data": shared_data(game, grid, secret, seed, found)})

def write_page(seed: int, lang: str = "en", out_dir: Path = Path("output")) -> Path:
    """Render and atomically write ``output/savvy-page-<seed>.html``."""
    path = page_path(seed, out_dir)
    write_atomically(path, render_page(seed, lang).encode("utf-8"))
    return path
