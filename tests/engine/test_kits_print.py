"""Every built-in kit, read back as a printer and a player meet it, in German (the longest):
parts start on odd pages, nothing a player reads is under 6 pt or too faint, no address points
nowhere, and the colours that carry meaning pass the accessibility check."""

from __future__ import annotations

import pypdf
import pytest

from generator.content.loader import builtin_games
from generator.pipeline.accessibility import colour_pairs, threshold
from generator.pipeline.load import load_builtin
from support.legibility import low_contrast, small_text

GAMES = builtin_games()


def outline_starts(path) -> dict[str, int]:
    reader = pypdf.PdfReader(str(path))
    return {item.title: reader.get_destination_page_number(item) + 1 for item in reader.outline}


@pytest.fixture(scope="module")
def kits(built):
    return {game: built(game, "de") for game in GAMES}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.slow
def test_every_part_starts_on_an_odd_page(kits, game):
    """A part starts on the front of a sheet; only a part the game prints on the guide's
    back (``behind_guide``: Microbious' score pad) starts on page 2."""
    starts = outline_starts(kits[game].path)
    behind = {s.component for s in load_builtin(game).assembly if s.behind_guide}
    odd = [page for page in starts.values() if page != 2 or not behind]
    assert starts and all(page % 2 == 1 for page in odd), starts
    assert sum(page == 2 for page in starts.values()) <= len(behind)
    assert kits[game].pages % 2 == 0


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.slow
def test_no_letter_or_digit_under_6_pt(kits, game):
    assert small_text(kits[game].path) == {}


def pages_not_on_boards(game: str, path) -> list[int]:
    """0-based pages of the print guide and every component but boards: their tiles overlap
    (the glue strips repeat the picture under a veil) and clip words at the edges, which are
    measured on the tile they are seen on. The guide is the first bookmark, the parts follow."""
    guide, *starts = outline_starts(path).values()
    starts.append(len(pypdf.PdfReader(str(path)).pages) + 1)
    kinds = [c.kind for c in load_builtin(game).components]
    return [*range(guide - 1, starts[0] - 1),
            *(page - 1 for kind, start, end in zip(kinds, starts, starts[1:], strict=False)
              if kind != "board" for page in range(start, end))]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.slow
def test_no_text_too_faint_for_its_background(kits, game):
    assert low_contrast(kits[game].path, pages_not_on_boards(game, kits[game].path)) == []


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.slow
def test_no_placeholder_address(kits, game):
    reader = pypdf.PdfReader(str(kits[game].path))
    text = " ".join(page.extract_text() for page in reader.pages)
    assert "example.org" not in text and "example.com" not in text


@pytest.mark.parametrize("game", GAMES)
def test_meaningful_colours_are_far_apart_or_cued(game):
    pairs = colour_pairs(load_builtin(game))
    assert pairs, f"{game} declares no colour_cues"
    limit = threshold()
    assert [(p.group, p.first, p.second) for p in pairs if not p.passes(limit)] == []
