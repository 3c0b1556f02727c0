"""The print guide's credits read back from page 1: each game's authors as its source names
them (``credits:`` in game.yaml) in the kit's language, that the kit is unofficial, the icons'
authors and CC BY 3.0 licence and the faces' licences; a game's ``logo`` layout on the
guide's title band; an unknown credit role refused naming the roles there are."""

from __future__ import annotations

import shutil

import pdfplumber
import pytest

from generator.content.typefaces import faces
from generator.pipeline.load import game_source, load_game
from support.cli import pnp
from support.guide import read_guide
from support.paths import FIXTURES
from support.units import to_mm

EVERY_KIT = ("game-icons.net", "Lorc", "Delapouite", "Caro Asercion", "CC BY 3.0",
             "https://creativecommons.org/licenses/by/3.0/", "DejaVu Sans")
# DejaVu's credit in the kit's language: who made it and its licence are words, not names
DEJAVU = {"en": ["DejaVu Sans by Bitstream and the DejaVu team (Bitstream Vera licence)"],
          "fr": ["DejaVu Sans par Bitstream et l’équipe DejaVu (licence Bitstream Vera)"],
          "de": ["DejaVu Sans von Bitstream und dem DejaVu-Team (Bitstream-Vera-Lizenz)"]}
UNOFFICIAL = {"en": "This is an unofficial print-and-play kit of",
              "fr": "est non officiel et réservé à un usage personnel",
              "de": "ist inoffiziell und nur für den privaten Gebrauch"}


@pytest.mark.parametrize("game, part, lang, authors", [
    ("save-patient-zero", "lab-sheet", "en",
     ["Game design: Cédric Martinez", "Illustration: Emiliano Ponzi",
      "Graphic design: Felix Kindelán", "Publisher: HELVETIQ"]),
    ("save-patient-zero", "lab-sheet", "fr",
     ["Conception du jeu : Cédric Martinez", "Éditeur : HELVETIQ"]),
    ("clinic-covid19", "covid-tiles", "fr",
     ["Conception du jeu : Alban Viard © 2020", "tous les bénéfices de cette variante à "
      "l’Institut Pasteur en Europe et au Salk Institute for Biological Studies"]),
    ("clinic-covid19", "covid-tiles", "en",
     ["Game design: Alban Viard © 2020", "all the proceeds of this variant"]),
    ("pharma-code", "rules", "de",
     ["Spielidee: Bertram Kaes (Fantasy Factory)", "Originalausgabe: Spielefabrik Verlag",
      "in Zusammenarbeit mit SCHOTT Pharmaceutical Systems; Grafik von Tobias Schmid",
      "verwendet keine Grafik des Originals"]),
    ("patient-zero-solo", "deck", "en",
     ["Game design: knightshade (BGDF thread 15365, http://www.bgdf.com/node/15365)"]),
    ("microbious", "deck", "de",
     ["Spielidee: Xavier Ferrat & Calypso Bertin",
      "Verlag: Xavier Ferrat & Calypso Bertin (2021)"]),
])
def test_every_guide_credits_the_games_authors_and_the_licences(built, game, part, lang,
                                                                authors):
    guide = read_guide(built(game, lang, only=(part,)).path, game, lang)
    display = faces()[load_game(game_source(game)).fonts["display"]]
    for text in [*authors, UNOFFICIAL[lang], *EVERY_KIT, *DEJAVU[lang], display.name,
                 display.licence]:
        assert text in guide.text, text
    if lang != "en":
        assert "DejaVu team" not in guide.text and "Vera licence" not in guide.text


def with_logo(tmp_path):
    game = tmp_path / "game"
    shutil.copytree(FIXTURES / "game_icons", game)
    (game / "layouts" / "logo.yaml").write_text(
        "logo:\n  size: [60, 20]\n  elements:\n"
        "    - {type: image, x: 0, y: 0, w: 20, h: 20, src: \"gi:virus\", color: accent}\n"
        "    - {type: text, x: 22, y: 4, w: 38, h: 12, text: ICONIC, size: 20, "
        "font: display-bold, color: ink, valign: middle}\n")
    return game


def test_a_games_logo_layout_is_drawn_on_the_guides_title_band(tmp_path, capsys):
    game, out = with_logo(tmp_path), tmp_path / "out"
    assert pnp(f"build --game-dir {game} --lang en --paper a4 --out {out}", capsys)[0] == 0
    with pdfplumber.open(next(out.glob("*.pdf"))) as pdf:
        page = pdf.pages[0]
        logo = [c for c in page.chars if c["fontname"].endswith("Comfortaa-Bold")]
        title = [c for c in page.chars if c["size"] > 15]  # the game's title, 18 pt
    assert "".join(c["text"] for c in logo) == "ICONIC"
    left = to_mm(min(c["x0"] for c in logo) - min(c["x0"] for c in title))
    assert left > 140  # right of the title, in the band's last 44 mm
    assert to_mm(max(c["bottom"] for c in logo)) < to_mm(max(c["bottom"] for c in title)) + 10


def test_an_unknown_credit_role_is_refused_naming_the_roles(tmp_path, capsys):
    game = tmp_path / "game"
    shutil.copytree(FIXTURES / "game_icons", game)
    path = game / "game.yaml"
    path.write_text(path.read_text() + "credits:\n  - {role: cook, names: Ann}\n")
    code, stdout, stderr = pnp(f"check --game-dir {game}", capsys)
    assert code == 2
    assert ("credits[0].role: 'cook' is not a credit role; use one of game design, "
            "illustration, graphic design, graphics, publisher, cooperation, source, note"
            in stdout + stderr)
