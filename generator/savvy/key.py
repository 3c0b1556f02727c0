"""The library API behind the Savvy answer key: a secret → one hidden page for the referee,
drawn by the print engine from the layout ``spz-answer-key``, and read back from its QR code."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations
from pathlib import Path
from typing import Any

from ..content.model import Game
from ..errors import UsageError
from ..files import write_atomically
from ..i18n.catalog import Translator, localize, require_translations, translator
from ..imposition.pages import plan_sheet
from ..imposition.plan import ComponentPlan, PrintOptions
from ..pipeline.load import load_builtin
from ..pipeline.plan import paper_size
from ..render.document import DocumentInfo, render_pdf
from . import answers
from .answers import LabGrid, Secret

GAME_ID = "save-patient-zero"
LAYOUT = "spz-answer-key"


def key_path(seed: int, out_dir: Path = Path("output")) -> Path:
    """Where the key of game ``seed`` is written: the seed is the game's id."""
    return Path(out_dir) / f"savvy-key-{seed}.pdf"


def key_context(game: Game, grid: LabGrid, secret: Secret, seed: int,
                base: Mapping[str, Any]) -> dict[str, Any]:
    """The layout's context: the sheet context plus every answer in drawable shapes."""
    found = answers.key(grid, secret, seed)
    labels = base["data"]["colour_labels"]
    labs = base["data"]["labs"]
    first_label, first_block = next(iter(grid.blocks.items()))
    return {
        **base,
        "copy": 1,
        "key": found,
        "seed": seed,
        "qr": answers.qr_payload(secret, seed),
        "dedukto": [{"name": lab["name"], "molecules": found["dedukto"][lab["code"]]}
                    for lab in labs],
        "pairs": sorted(({"low": a, "high": b, "difference": b - a}
                         for a, b in combinations(secret, 2)), key=lambda p: p["difference"]),
        "draws": [{"card": n, "difference": d}
                  for n, d in enumerate(found["substrakto_draws"], start=1)],
        "colour_names": {name: labels[name] for name in grid.lab.colour_order},
        "scanpad": _scanpad_tables(grid, found["scanpad"]),
        "centrifugo": [{**_corners(grid, cells), "yes": answers.centrifugo(cells, secret)}
                       for cells in grid.centrifugo_placements],
        "legend": {**_corners(grid, first_block), "label": first_label,
                   "cells": answers.placement_label(first_block)},
        "labs": [{"name": lab["name"], "colour": lab["colour"],
                  "cards": [{"id": card, "count": count}
                            for card, count in found["samples"].items()
                            if card.startswith(lab["code"])]}
                 for lab in labs],
    }


def _scanpad_tables(grid: LabGrid, counts: Mapping[str, int]) -> list[dict[str, Any]]:
    """One table a Scanpad shape, side by side (``before``: the columns of the tables to its
    left), a cell a position, each cell named by the molecules at its top-left and
    bottom-right corners (what the referee sees inside the frame)."""
    tables: list[dict[str, Any]] = []
    for rows, cols in grid.scanpad_shapes:
        suffix = f":{rows}x{cols}"
        labels = [label for label in counts if label.endswith(suffix)]
        places = answers.SIDE - cols + 1
        table_rows = [[{**_corners(grid, grid.blocks[label]), "label": label,
                        "count": counts[label]} for label in labels[start:start + places]]
                      for start in range(0, len(labels), places)]
        before = sum(table["cols"] for table in tables)
        tables.append({"shape": f"{rows} × {cols}", "cols": places, "rows": table_rows,
                       "before": before, "index": len(tables)})
    return tables


def _corners(grid: LabGrid, cells: Iterable[int]) -> dict[str, int]:
    """The molecules at the top-left and bottom-right corners of a tool's place on the grid:
    the name the key gives that place."""
    by_place = sorted(cells, key=grid.lab.position)
    return {"first": by_place[0], "last": by_place[-1]}


def _base_context(game: Game, tr: Translator, lang: str) -> dict[str, Any]:
    """The sheet context, translating only the game data this page shows (so a key needs
    no more translations than the strings printed on it)."""
    data = {**game.data, **{k: localize(game.data[k], tr) for k in ("colour_labels", "labs")}}
    return {"game": {"id": game.id}, "data": data,
            "palette": dict(game.palette), "cues": localize(game.colour_cues, tr),
            "vars": game.vars, "lang": lang,
            "_": tr.gettext, "gettext": tr.gettext, "ngettext": tr.ngettext,
            "pgettext": tr.pgettext}


def render_key(secret: Secret, seed: int, lang: str = "en", paper: str = "a4") -> bytes:
    """The answer key PDF, in one language, on one paper."""
    game = load_builtin(GAME_ID)
    grid = answers.lab_grid_from_game(game)
    tr = translator(lang, game.folder)
    options = PrintOptions(paper=paper)
    context = key_context(game, grid, secret, seed, _base_context(game, tr, lang))
    layout = game.layouts[LAYOUT]
    assert layout.size is not None
    title = tr.gettext("Answer key")
    pages = plan_sheet(LAYOUT, layout.size, paper_size(paper), 1, options)
    info = DocumentInfo(f"Save Patient Zero — {title}", f"savvy key {seed} {lang}",
                        f"Save Patient Zero · {lang.upper()}", lang)
    data = render_pdf(game, [ComponentPlan("answer-key", title, tuple(pages))],
                      lambda *_: context, info)
    require_translations(tr, tr.missing)
    return data


def render_keys(seeds: Sequence[int], lang: str = "en", paper: str = "a4") -> bytes:
    """Several answer keys in one PDF, one game a page (``--keys N``: keys printed with the
    kit, each with its QR code and the steps that set the antidote's cards aside)."""
    game = load_builtin(GAME_ID)
    grid = answers.lab_grid_from_game(game)
    tr = translator(lang, game.folder)
    base = _base_context(game, tr, lang)
    layout = game.layouts[LAYOUT]
    assert layout.size is not None
    title = tr.gettext("Answer key")
    pages = tuple(plan_sheet(LAYOUT, layout.size, paper_size(paper), 1,
                             PrintOptions(paper=paper)))
    contexts = {f"answer-key-{seed}": key_context(game, grid, answers.secret_for_seed(seed),
                                                  seed, base) for seed in seeds}
    plans = [ComponentPlan(f"answer-key-{seed}", f"{title} · {tr.gettext('Game')} {seed}",
                           pages) for seed in seeds]
    info = DocumentInfo(f"Save Patient Zero — {title}", f"savvy keys {len(seeds)} {lang}",
                        f"Save Patient Zero · {lang.upper()}", lang)
    data = render_pdf(game, plans, lambda component, _: contexts[component], info)
    require_translations(tr, tr.missing)
    return data


def keys_path(out_dir: Path = Path("output")) -> Path:
    """Where ``pnp savvy new --keys N`` writes its keys."""
    return Path(out_dir) / "savvy-keys.pdf"


def write_keys(seeds: Sequence[int], lang: str = "en", paper: str = "a4",
               out_dir: Path = Path("output")) -> Path:
    """Render and atomically write the keys of several games in one PDF."""
    path = keys_path(out_dir)
    write_atomically(path, render_keys(seeds, lang, paper))
    return path


def write_key(secret: Secret, seed: int, lang: str = "en", paper: str = "a4",
              out_dir: Path = Path("output")) -> Path:
    """Render and atomically write ``output/savvy-key-<seed>.pdf``."""
    path = key_path(seed, out_dir)
    write_atomically(path, render_key(secret, seed, lang, paper))
    return path


def read_qr(image: Path) -> tuple[Secret, int]:
    """The secret and seed held by the QR code in a photo or scan of the answer key."""
    import zxingcpp
    from PIL import UnidentifiedImageError

    from ..pictures import open_picture

    try:
        with open_picture(image, image.name, f"cannot read the image {image}") as picture:
            found = zxingcpp.read_barcodes(picture.convert("L"))
    except (OSError, UnidentifiedImageError) as exc:
        raise UsageError(f"cannot read the image {image}: {exc}") from None
    texts = [code.text for code in found if code.text.startswith(answers.QR_PREFIX)]
    if not texts:
        raise UsageError(f"no Savvy QR code ({answers.QR_PREFIX}…) found in {image}; "
                         "photograph the whole code, flat and in focus")
    return answers.parse_qr_payload(texts[0])
