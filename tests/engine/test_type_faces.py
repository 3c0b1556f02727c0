"""Display faces read back from the PDF: a game's ``fonts: {display: …}`` sets its names in
that face (``**bold**`` in its bold role), a symbol the face lacks is drawn in DejaVu Sans
of its weight, a game that does not choose gets the documented default, an unknown face stops
the build naming the faces there are, and every bundled face covers French and German."""

from __future__ import annotations

import shutil
from itertools import groupby

import pdfplumber
import pytest
from fontTools.ttLib import TTFont

from generator.content.yamlio import load_yaml
from support.cli import pnp
from support.paths import FIXTURES, ROOT

GAME = FIXTURES / "game_icons"
FRENCH_GERMAN = "àâæçéèêëîïôœùûüÿÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸäöüßÄÖÜ«»„“”‘’–—…€"
SYMBOLS = "✓✗●■▲◆"


def runs(path) -> list[tuple[str, str]]:
    """(font, text) of each run of one font on the tokens' page, in drawing order."""
    with pdfplumber.open(path) as pdf:
        page = next(p for p in pdf.pages if "Cure" in (p.extract_text() or ""))
        return [(font.split("+")[-1], "".join(c["text"] for c in chars))
                for font, chars in groupby(page.chars, key=lambda c: c["fontname"])]


def test_names_print_in_the_games_display_face_and_symbols_in_dejavu(built):
    drawn = runs(built(GAME, "en", guide=False).path)
    assert ("Comfortaa-Bold", "Größe ") in drawn and ("DejaVuSans-Bold", "✓") in drawn
    assert ("Comfortaa-Bold", "Œuf à ") in drawn and ("DejaVuSans-Bold", "●") in drawn
    assert ("DejaVuSans", "Curenow") in drawn  # the text roles stay DejaVu Sans


def chosen(tmp_path, fonts: str):
    game = tmp_path / "game"
    shutil.copytree(GAME, game)
    path = game / "game.yaml"
    path.write_text(path.read_text().replace("fonts:\n  display: comfortaa\n", fonts))
    return game


def test_a_game_that_does_not_choose_gets_the_default_face(tmp_path, capsys):
    default = load_yaml(ROOT / "templates" / "fonts.yaml")["default"]
    assert default == {"display": "league-spartan"}
    game = chosen(tmp_path, "")
    out = tmp_path / "out"
    assert pnp(f"build --game-dir {game} --lang en --paper a4 --out {out}", capsys)[0] == 0
    drawn = runs(next(out.glob("*.pdf")))
    assert ("LeagueSpartan-Black", "Größe ") in drawn


def test_an_unknown_face_stops_the_build_naming_the_faces(tmp_path, capsys):
    game = chosen(tmp_path, "fonts:\n  display: papyrus\n")
    code, stdout, stderr = pnp(f"check --game-dir {game}", capsys)
    assert code == 2
    assert (f"{game / 'game.yaml'}:" in stdout + stderr and "fonts.display: 'papyrus' is not a "
            "bundled face; choose one of bebas-neue, comfortaa, dejavu-sans, league-spartan"
            in stdout + stderr)


@pytest.mark.parametrize("face", sorted(load_yaml(
    ROOT / "templates" / "fonts.yaml")["faces"].items()), ids=lambda f: f[0])
def test_every_bundled_face_covers_french_german_and_dejavu_its_symbols(face):
    face_id, data = face
    fonts = ROOT / "fonts"
    assert (fonts / data["licence_file"]).is_file()
    fill = TTFont(fonts / ("DejaVuSans-Bold.ttf" if data["weight"] == "bold"
                           else "DejaVuSans.ttf")).getBestCmap()
    for role in ("display", "display-bold"):
        font = TTFont(fonts / data["roles"][role])
        assert "glyf" in font  # TrueType outlines: reportlab embeds no CFF
        cmap = font.getBestCmap()
        assert [c for c in FRENCH_GERMAN if ord(c) not in cmap] == [], (face_id, role)
        assert all(ord(c) in cmap or ord(c) in fill for c in SYMBOLS), (face_id, role)


def test_a_font_role_that_does_not_exist_stops_the_build_naming_the_roles(tmp_path, capsys):
    game = tmp_path / "game"
    shutil.copytree(GAME, game)
    layouts = game / "layouts" / "tokens.yaml"
    layouts.write_text(layouts.read_text().replace("font: display-bold", "font: dispaly"))
    code, stdout, stderr = pnp(f"build --game-dir {game} --lang en --out {tmp_path / 'out'}",
                               capsys)
    assert code == 2
    assert ("font: 'dispaly' is not a font role; use one of regular, bold, italic, "
            "bold-italic, display, display-bold" in stdout + stderr)
