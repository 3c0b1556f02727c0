"""Page 1 of every kit is its print guide, read back from the PDF in French, English and
German: the ranges it gives add up to the PDF's real pages (blank pages where the PDF has its
blank backs, each part's first page where the outline puts it), the flip edge as chosen, the
steps part by part, what to bring; a partial, single-sided or fold-and-glue PDF gets a guide
for what it holds, and ``--no-guide`` leaves it out."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.cli import main
from generator.content.loader import builtin_games, game_folder
from generator.errors import ContentError, RenderError
from generator.i18n import engine_messages as m
from generator.imposition.plan import PrintOptions
from generator.pipeline.build import build
from generator.pipeline.load import load_builtin, load_game
from generator.pipeline.request import BuildRequest
from support.guide import listed, read_guide, says, step_pages
from support.pdf_text import page_lines

GAMES = builtin_games()
LANGS = ("fr", "en", "de")
EDGE_WORDS = {"fr": ("bord long", "bord court"), "en": ("long edge", "short edge"),
              "de": ("langen Kante", "kurzen Kante")}


def ranges(guide) -> tuple[set[int], set[int], set[int], set[int]]:
    return (listed(guide, m.GUIDE_DUPLEX["long"]), listed(guide, m.GUIDE_DUPLEX["short"]),
            listed(guide, m.GUIDE_SIMPLEX), listed(guide, m.GUIDE_BLANK))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.slow
def test_the_guide_gives_every_page_once_as_the_pdf_holds_it(built, game, lang):
    kit = built(game, lang)
    guide = read_guide(kit.path, game, lang)
    long, short, simplex, blank = ranges(guide)
    assert guide.text.startswith(guide.tr.gettext(load_builtin(game).title))
    assert says(guide, m.GUIDE_TITLE)
    assert EDGE_WORDS[lang][0] in guide.text
    assert says(guide, m.GUIDE_WHOLE["long"])                  # one instruction, the whole file
    behind = {s.component for s in load_builtin(game).assembly if s.behind_guide}
    if behind:   # a part on the guide's back: every sheet two-sided, no ranges to list
        assert not (long or short or simplex or blank) and guide.pages == kit.pages
        assert not guide.blank_pages
        return
    every = [long, short, simplex, blank]
    if not any(every):  # the ranges would take the guide past a page: the whole file
        # two-sided is the one instruction (a guide of two pages, or one and its blank back)
        assert not says(guide, m.GUIDE_SAVE) and guide.pages == kit.pages
        assert kit.pages % 2 == 0
    else:
        # the guide, then its blank back; or a guide of two pages printed back to back
        assert long and (1 in simplex and 2 in blank or {1, 2} <= long)
        assert guide.text.index(guide.tr.gettext(m.GUIDE_SAVE).split()[0]) > guide.text.index(
            guide.tr.gettext(m.GUIDE_WHOLE["long"]).split(":")[0])  # the ranges only after it
        assert sum(len(s) for s in every) == guide.pages == kit.pages   # each page once …
        assert set().union(*every) == set(range(1, guide.pages + 1))     # … and every page
        assert blank == guide.blank_pages                                # blank where it is
    first = next(iter(guide.outline.items()))
    assert first == (guide.tr.gettext(m.GUIDE_TITLE), 1)             # the first bookmark
    model = load_builtin(game)
    parts = {guide.tr.gettext(c.title) for c in model.components}
    for title, page in list(guide.outline.items())[1:]:
        assert page not in blank and page % 2 == 1
        if title in parts:  # not what a layer above adds (SPZ's answer keys: "What to bring")
            assert page in step_pages(guide, title)                  # listed with its part
    for sheet in range(1, guide.pages, 2):                           # both sides, one way
        assert (sheet in long) == (sheet + 1 in long) and (sheet in short) == (sheet + 1 in short)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.slow
def test_the_guide_names_what_to_bring(built, game, lang):
    guide = read_guide(built(game, lang).path, game, lang)
    bring = load_builtin(game).bring
    assert bring is not None, f"{game}: say what to bring (bring: [] when nothing)"
    assert says(guide, m.GUIDE_BRING)
    assert all(says(guide, item) for item in bring)
    assert says(guide, m.GUIDE_BRING_NOTHING) == (not bring)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.slow
def test_short_edge_single_sided_and_fold(built, lang):
    game = "patient-zero-solo"
    short = read_guide(built(game, lang, duplex="short").path, game, lang)
    assert EDGE_WORDS[lang][1] in short.text and EDGE_WORDS[lang][0] not in short.text
    assert listed(short, m.GUIDE_DUPLEX["short"]) and not listed(short, m.GUIDE_DUPLEX["long"])

    alone = built(game, lang, duplex="none")
    single = read_guide(alone.path, game, lang)
    assert listed(single, m.GUIDE_SIMPLEX) == set(range(1, alone.pages + 1))
    assert not listed(single, m.GUIDE_BLANK) and not single.blank_pages
    assert single.outline[single.tr.gettext(load_builtin(game).components[0].title)] == 2
    assert says(single, m.GUIDE_BACKS_APART)

    folded = read_guide(built(game, lang, duplex="none", backs="fold").path, game, lang)
    assert says(folded, m.GUIDE_STEPS["fold"]) and not says(folded, m.GUIDE_BACKS_APART)


@pytest.mark.slow
def test_a_partial_pdf_gets_a_guide_for_what_it_holds(built):
    kit = built("save-patient-zero", "en", only=("rules", "screen-m"))
    guide = read_guide(kit.path, "save-patient-zero", "en")
    assert list(guide.outline) == ["Print and assembly guide", "Screen, Lab-M", "Rule cards"]
    assert "1. Screen, Lab-M — pages 3–4:" in guide.text
    assert "2. Rule cards — pages 5–6:" in guide.text
    assert "Tool cards" not in guide.text
    # one flip for the whole file: the screen's second side is turned to suit it
    assert listed(guide, m.GUIDE_DUPLEX["long"]) == {3, 4, 5, 6}
    assert listed(guide, m.GUIDE_DUPLEX["short"]) == set()
    assert (listed(guide, m.GUIDE_SIMPLEX), listed(guide, m.GUIDE_BLANK)) == ({1}, {2})


@pytest.mark.slow
def test_no_guide_leaves_it_out(tmp_path, built, capsys):
    assert main(["build", "microbious", "--lang", "de", "--paper", "letter", "--no-guide",
                 "--out", str(tmp_path)]) == 0
    capsys.readouterr()
    bare = tmp_path / "microbious-de-letter-no-guide.pdf"
    full = built("microbious", "de", paper="letter")
    # the score pad rides behind the one-page guide (behind_guide): without the guide it
    # keeps a sheet of its own, so the page count stays
    assert len(page_lines(bare)) == full.pages
    assert page_lines(bare)[0] == page_lines(full.path)[2]
    assert page_lines(full.path)[1] in page_lines(bare)  # the score pad
    assert "Anleitung zum Drucken und Basteln" not in " ".join(page_lines(bare)[0])
    guide = read_guide(full.path, "microbious", "de")
    assert "Letter (215,9 × 279,4 mm)" in guide.text


def long_guide(tmp_path: Path, items: int) -> Path:
    """Microbious with a very long list of things to bring."""
    folder = tmp_path / "long-guide"
    shutil.copytree(game_folder("microbious"), folder)
    game = folder / "game.yaml"
    things = "".join(f'\n  - "Thing number {n}"' for n in range(items))
    text = game.read_text(encoding="utf-8").replace(
        '\nbring:\n  - !t "A pencil to keep the score on the score pad."', f"\nbring:{things}")
    game.write_text(text, encoding="utf-8")
    return folder


@pytest.mark.slow
def test_a_long_guide_flows_onto_a_second_page_and_keeps_parts_on_odd_pages(tmp_path):
    folder = long_guide(tmp_path, 46)
    kit = build(BuildRequest(folder, "en", only=("deck",), out_dir=tmp_path / "out"))
    guide = read_guide(kit.path, folder, "en")
    cards = guide.outline["Microbious cards"]       # after the guide's pages (and a blank)
    assert guide.outline["Print and assembly guide"] == 1 and cards >= 3 and cards % 2 == 1
    assert says(guide, m.GUIDE_WHOLE["long"])       # one instruction for the whole file
    first, *rest = (" ".join(lines) for lines in page_lines(kit.path)[:cards - 1])
    assert says(guide, m.GUIDE_ASSEMBLY) and "Thing number 45" in " ".join(rest)
    assert "Credits" not in first and "Credits" in " ".join(rest)  # cut between sections
    single = build(BuildRequest(folder, "en", only=("deck",), out_dir=tmp_path / "single",
                                options=PrintOptions(duplex="none")))
    assert read_guide(single.path, folder, "en").outline["Microbious cards"] > 2


def test_guide_data_errors_name_the_file_line_and_key(tmp_path):
    folder = tmp_path / "bad"
    shutil.copytree(game_folder("microbious"), folder)
    game = folder / "game.yaml"
    text = game.read_text(encoding="utf-8").replace(
        '\nbring:\n  - !t "A pencil to keep the score on the score pad."',
        "\nbring: [3]").replace(
        "\nassembly:\n  - {id: score-pad, behind_guide: true}\n  - deck\n  - rules",
        "\nassembly: [deck, nope, {id: deck}, {id: score-pad, duplex: sideways}, "
        "{id: rules, paper: glossy}]")
    game.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_game(folder)
    found = str(caught.value)
    for part in ("at bring[0]: expected a text", "at assembly[1]: 'nope' is not a component",
                 "at assembly[2].id: 'deck' is listed twice",
                 "at assembly[3].duplex: 'sideways' is not one of: long, short",
                 "at assembly[4].paper: 'glossy' is not one of: card, cardstock, plain, folding"):
        assert part in found
    assert "game.yaml:" in found


def test_a_guide_layout_of_ones_own_too_large_for_the_paper_is_named(tmp_path):
    folder = tmp_path / "big-guide"
    shutil.copytree(game_folder("microbious"), folder)
    (folder / "layouts" / "guide.yaml").write_text(
        "print-guide:\n  extends: basic-back\n  size: [300, 400]\n", encoding="utf-8")
    with pytest.raises(RenderError, match=r"the print guide: layout 'print-guide' is 300×400 mm "
                                          r"but .* or build with --no-guide"):
        build(BuildRequest(folder, "en", only=("score-pad",), out_dir=tmp_path / "out"))
