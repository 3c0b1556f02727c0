"""Load a game folder (``game.yaml`` + ``layouts/`` + ``locales/``) into a frozen :class:`Game`.

Every problem in the data is collected and raised together as one ContentError.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..errors import ContentError, Problem, excerpt
from ..limits import OverBudget, limit, past
from ..resources import games_dir
from .cards_file import read_rows, url_rows
from .checker import Checker, join
from .credits_spec import CREDITS_KEY, read_credits
from .deck_text import TRANSLATE_KEY, cell_place, translated, translated_names
from .fields import field_map
from .guide_spec import GUIDE_KEYS, read_edition, read_guide
from .layouts import ElementSchema, read_raw_layouts, resolve_layouts, search_path
from .markup import card_origin, check_card, check_layouts
from .model import Board, Card, Deck, Game, Sheet, Size, freeze
from .rules_spec import RULES_KEYS, read_spec
from .sizes import card_sizes, game_sizes, size_pair
from .typefaces import FONTS_KEY, read_fonts
from .yamlio import LineDict, Msg, folder_values, load_yaml

ID_PATTERN = re.compile(r"[a-z0-9][a-z0-9-]{0,47}\Z")  # \Z: no newline after it, as $ allows
GAME_KEYS = {"id", "title", "rules", "palette", "vars", "data", "components", "description",
             "colour_cues", FONTS_KEY, CREDITS_KEY, *GUIDE_KEYS}
COMPONENT_KEYS = {
    "deck": {"id", "kind", "title", "size", "front", "back", "vars", "cards", "cards_file",
             "expect", "fields", "share", "gang_cut", "encoding", "delimiter", "sheet",
             "cards_url", TRANSLATE_KEY},
    "sheet": {"id", "kind", "title", "layout", "copies", "orientation", "vars", "share"},
    "board": {"id", "kind", "title", "layout", "overlap", "vars"},
    "rules": RULES_KEYS,
}
CARD_RESERVED = {"qty", "front", "back"}
HEX_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")

# A later stage's part in loading (a game's rule-data checks, the rule summary's cards): it may
# add problems to the checker and returns the components, changed or not. The pipeline passes
# them in, so content imports nothing above it.
Extension = Callable[[Checker, Mapping[str, Any], list[Any], dict[str, str]], list[Any]]


def builtin_games() -> list[str]:
    """Ids of the games shipped with the package, in a stable order."""
    return sorted(p.name for p in games_dir().iterdir() if (p / "game.yaml").is_file())


def game_folder(game_id: str) -> Path:
    if not ID_PATTERN.match(game_id) or game_id not in builtin_games():
        known = ", ".join(builtin_games())
        raise ContentError(Problem("<command line>", "game", f"unknown game {game_id!r}; "
                                   f"built-in games: {known} (or use --game-dir PATH)"))
    return games_dir() / game_id


def read_game(folder: Path, elements: ElementSchema, layout_dirs: list[Path] | None = None,
              extensions: Sequence[Extension] = ()) -> Game:
    """Read, validate and freeze one game folder, its layouts checked against ``elements``
    (the keys each element type reads); ``extensions`` then check and change the
    components in turn, so that every problem is reported together. The YAML files it
    reads build values within ``folder_yaml_nodes`` together."""
    with folder_values():
        return _read_game(folder, elements, layout_dirs, extensions)


def _read_game(folder: Path, elements: ElementSchema, layout_dirs: list[Path] | None,
               extensions: Sequence[Extension]) -> Game:
    folder = folder.resolve()
    path = folder / "game.yaml" if folder.is_dir() else folder
    folder = path.parent
    raw = load_yaml(path, (folder,))
    check = Checker(str(path))
    raw = check.mapping(raw, "") or LineDict()
    check.keys(raw, "", GAME_KEYS, required=("id", "title", "components"))
    game_id = check.text(raw, "id", "")
    check.text(raw, "title", "")
    if game_id is not None and not ID_PATTERN.match(game_id):
        check.add("id", f"{excerpt(game_id)} is not a valid id: use lower-case letters, digits "
                  "and '-'", raw, "id")
    palette = _palette(check, raw)
    cues = _colour_cues(check, raw, palette)
    fonts = read_fonts(check, raw)
    credits = read_credits(check, raw)
    try:
        layouts = resolve_layouts(read_raw_layouts(search_path(layout_dirs, folder)),
                                  {**card_sizes(), **game_sizes(folder)}, elements)
    except OverBudget:
        raise
    except ContentError as exc:
        check.problems.extend(exc.problems)
        layouts = {}
    check_layouts(check, layouts, folder)
    components = _components(check, raw, folder, layouts)
    check.text(raw, "rules", "")
    game_vars = {} if raw.get("vars") is None else check.mapping(raw["vars"], "vars", raw,
                                                                 "vars") or {}
    for extension in extensions:
        components = extension(check, raw, components, palette)
    bring, assembly = read_guide(check, raw, components)
    edition = read_edition(check, raw)
    check.raise_if_any()
    return Game(
        id=game_id or "",
        title=Msg(raw["title"]),
        folder=folder,
        source=str(path),
        rules=raw.get("rules"),
        palette=freeze(palette),
        data=freeze(raw.get("data", {})),
        components=tuple(components),
        layouts=MappingProxyType(layouts),
        vars=freeze(game_vars),
        colour_cues=freeze(cues),
        bring=bring,
        assembly=assembly,
        edition=edition,
        fonts=freeze(fonts),
        credits=credits,
    )


def _known_sizes(folder: Path) -> dict[str, Size]:
    """Card sizes by name: the built-in ones and the game's own; a problem in its sizes.yaml
    is reported once, with the layouts that read it first."""
    try:
        return {**card_sizes(), **game_sizes(folder)}
    except ContentError:
        return card_sizes()


def _palette(check: Checker, raw: Mapping[str, Any]) -> dict[str, str]:
    palette = raw.get("palette", {})
    if check.mapping(palette, "palette", raw, "palette") is None:
        return {}
    for name, value in palette.items():
        if not isinstance(value, str) or not HEX_COLOUR.match(value):
            check.add(f"palette.{name}", f"expected a colour like '#1a2b3c', got {excerpt(value)}",
                      palette, name)
    return dict(palette)


def _colour_cues(check: Checker, raw: Mapping[str, Any],
                 palette: Mapping[str, str]) -> dict[str, dict[str, Any]]:
    """``colour_cues``: groups of palette colours a player must tell apart, each colour with
    the symbol, letter or word printed beside it so that colour is never the only cue ('' when
    it has none: then its colour alone must be far enough from the others)."""
    groups = raw.get("colour_cues", {})
    if check.mapping(groups, "colour_cues", raw, "colour_cues") is None:
        return {}
    result: dict[str, dict[str, Any]] = {}
    for group, cues in groups.items():
        where = join("colour_cues", group)
        if check.mapping(cues, where, groups, group) is None:
            continue
        for name, cue in cues.items():
            if name not in palette:
                check.add(join(where, name), f"'{name}' is not a palette colour; palette: "
                          f"{', '.join(sorted(palette))}", cues, name)
            if not isinstance(cue, str):
                check.add(join(where, name), "expected the cue printed with this colour "
                          "(a symbol, letter or word such as '▲' or 'M'; '' for none)",
                          cues, name)
        result[str(group)] = dict(cues)
    return result


def _components(check: Checker, raw: Mapping[str, Any], folder: Path,
                layouts: Mapping[str, Any]) -> list[Any]:
    items = raw.get("components", [])
    if not isinstance(items, list):
        check.add("components", "expected a list of components", raw, "components")
        return []
    seen: set[str] = set()
    result: list[Any] = []
    for _, where, item in check.entries(items, "components"):
        kind = check.choice(item, "kind", where, COMPONENT_KEYS, default="deck")
        if kind is None:
            continue
        check.keys(item, where, COMPONENT_KEYS[kind], required=("id", "title"))
        component_id = check.text(item, "id", where) or ""
        if component_id and not ID_PATTERN.match(component_id):
            check.add(join(where, "id"), f"{excerpt(component_id)} is not a valid id", item, "id")
        if component_id in seen:
            check.add(join(where, "id"), f"component id '{component_id}' is used twice", item, "id")
        seen.add(component_id)
        title = Msg(check.text(item, "title", where) or component_id)
        variables = freeze(check.mapping(item.get("vars", {}), join(where, "vars"), item,
                                         "vars") or {})
        if kind == "rules":
            size = _size(check, item, where, folder)
            spec = read_spec(check, item, where, component_id, title, size, variables)
            if spec is not None:
                result.append(spec)
            continue
        if kind == "deck":
            deck = _deck(check, item, where, folder, layouts, component_id, title, variables)
            if deck is not None:
                result.append(deck)
                if sum(len(d.cards) for d in result if isinstance(d, Deck)) \
                        > limit("cards_per_game"):
                    check.add(where, past("cards_per_game", "the cards of the game's decks"),
                              item)
                    break
            continue
        layout = check.text(item, "layout", where)
        _need_layout(check, layout, layouts, item, "layout", where)
        if kind == "sheet":
            copies = check.integer(item, "copies", where, default=1, low=1, high=999) or 1
            orientation = check.choice(item, "orientation", where, ("portrait", "landscape"),
                                       default="portrait")
            result.append(Sheet(component_id, title, layout or "", copies,
                                orientation == "landscape", variables,
                                share=_flag(check, item, "share", where)))
        else:
            overlap = check.length(item, "overlap", where, default=10) or 10.0
            result.append(Board(component_id, title, layout or "", overlap, variables))
    return result


def _need_layout(check: Checker, name: Any, layouts: Mapping[str, Any], item: Any, key: str,
                 where: str) -> None:
    if name is not None and layouts and name not in layouts:
        check.add(join(where, key), f"no layout named '{name}' in the layout search path",
                  item, key)


def _deck(check: Checker, item: Mapping[str, Any], where: str, folder: Path,
          layouts: Mapping[str, Any], deck_id: str, title: Msg, variables: Any) -> Deck | None:
    size = _size(check, item, where, folder)
    front = check.text(item, "front", where)
    back = check.text(item, "back", where)
    if front is None:
        check.add(where, "missing key 'front' (the layout of the card faces)", item)
    _need_layout(check, front, layouts, item, "front", where)
    _need_layout(check, back, layouts, item, "back", where)
    rows = _card_rows(check, item, where, folder)
    mapping = field_map(check, item, where)
    names = translated_names(check, item, where)
    cards: list[Card] = []
    for index, row in enumerate(rows):
        row_where = join(join(where, "cards"), index)
        row = check.mapping(row, row_where, rows, index)
        if row is None:
            continue
        qty = check.integer(row, "qty", row_where, default=1, low=0, high=10000)
        card_front = check.text(row, "front", row_where, default=front)
        card_back = check.text(row, "back", row_where, default=back)
        _need_layout(check, card_front, layouts, row, "front", row_where)
        _need_layout(check, card_back, layouts, row, "back", row_where)
        fields = {k: v for k, v in row.items() if k not in CARD_RESERVED}
        fields = freeze(translated({**fields, **mapping.apply(check, row, row_where)}, names,
                                   mapping, cell_place(item, index)))
        origin = card_origin(row, index + 1, mapping.columns,
                             str(folder / item["cards_file"]) if item.get("cards_file")
                             else check.file)
        check_card(check, row, row_where, folder, deck_id, origin,
                   isinstance(item.get("cards_file"), str))
        if len(cards) + (qty or 0) > limit("cards_per_deck"):
            check.add(row_where, past("cards_per_deck", "the deck's cards, quantities "
                                      "counted"), row, "qty")
            break
        for copy in range(1, (qty or 0) + 1):
            cards.append(Card(fields, card_front or "", card_back, copy, origin))
    expect = check.integer(item, "expect", where, low=0)
    if expect is not None and expect != len(cards):
        check.add(join(where, "expect"), f"the cards add up to {len(cards)} but the deck "
                  f"expects {expect}; fix the qty values or the expected count", item, "expect")
    if size is None:
        return None
    share, gang_cut = _flag(check, item, "share", where), _flag(check, item, "gang_cut", where)
    _check_gang_cut(check, item, where, gang_cut and share)
    return Deck(deck_id, title, size, tuple(cards), variables, share=share, gang_cut=gang_cut)


def deck_rows(item: Mapping[str, Any], where: str, folder: Path
              ) -> list[tuple[int, dict[str, Any]]]:
    """The fields of each row of one deck (with its index) as the build maps them, its
    translated fields as messages (``deck_text``); problems are left to the build."""
    check = Checker(str(folder / "game.yaml"))
    mapping, names = field_map(check, item, where), translated_names(check, item, where)
    found = []
    for index, row in enumerate(_card_rows(check, item, where, folder)):
        if isinstance(row, dict):
            fields = {k: v for k, v in row.items() if k not in CARD_RESERVED}
            fields.update(mapping.apply(check, row, where))
            found.append((index, translated(fields, names, mapping, cell_place(item, index))))
    return found


def _flag(check: Checker, item: Mapping[str, Any], key: str, where: str) -> bool:
    """An optional true/false key (default false)."""
    value = item.get(key, False)
    if not isinstance(value, bool):
        check.add(join(where, key), f"expected true or false, got {excerpt(value)}", item, key)
        return False
    return value


def _check_gang_cut(check: Checker, item: Mapping[str, Any], where: str, shared: bool) -> None:
    """A deck that counts its cuts (``gang_cut``) fills pages of its own."""
    if shared:
        check.add(join(where, "gang_cut"), "a gang-run fills pages of its own: use either "
                  "'gang_cut' or 'share', not both", item, "gang_cut")


def _size(check: Checker, item: Mapping[str, Any], where: str, folder: Path) -> Size | None:
    """A card size: a name from sizes.yaml (default poker) or [w, h] in mm."""
    sizes = _known_sizes(folder)
    size_value = item.get("size", "poker")
    if isinstance(size_value, str) and size_value in sizes:
        return sizes[size_value]
    if isinstance(size_value, list) and len(size_value) == 2:
        return size_pair(check, size_value, join(where, "size"), card=True)
    check.add(join(where, "size"), f"unknown card size {excerpt(size_value)}; use [w, h] in mm or "
              f"one of {', '.join(sizes)}", item, "size")
    return None


def _card_rows(check: Checker, item: Mapping[str, Any], where: str, folder: Path) -> list[Any]:
    sources = [key for key in ("cards", "cards_file", "cards_url") if item.get(key) is not None]
    if len(sources) > 1:
        check.add(where, f"give one of 'cards', 'cards_file' or 'cards_url', not "
                  f"{' and '.join(repr(s) for s in sources)}", item)
        return []
    if not sources:
        check.add(where, "missing key 'cards' (or 'cards_file', 'cards_url')", item)
        return []
    if sources == ["cards_file"]:
        return read_rows(check, item, where, folder, item["cards_file"])
    if sources == ["cards_url"]:
        return url_rows(check, item, where, folder, item["cards_url"])
    rows = item["cards"]
    if not isinstance(rows, list):
        check.add(join(where, "cards"), "expected a list of cards", item, "cards")
        return []
    return rows


__all__ = ["read_game", "builtin_games", "game_folder", "ContentError"]
