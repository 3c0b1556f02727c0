"""The Pharma Code's print guide: the kit prints the whole box, so nothing is left to bring;
the board's tiles print single-sided and are glued, the pawns folded over (on card that folds,
never sleeved); steps in page order; the rules once, as rule cards."""

from __future__ import annotations

import re

import pytest

from generator.i18n import engine_messages as m
from support.guide import listed, read_guide, step_pages
from support.pdf_text import fold, page_lines


@pytest.mark.slow
def test_board_then_pawns_and_nothing_to_bring(built):
    guide = read_guide(built("pharma-code", "en").path, "pharma-code", "en")
    board = step_pages(guide, "Race track board")
    assert len(board) == 4 and board <= listed(guide, m.GUIDE_SIMPLEX)  # 2 × 2 tiles
    # the steps follow the pages: the pawns' shared page comes before the board
    assert re.search(r"\d+\. Race track board — pages", guide.text)
    assert re.search(r"\d+\. Pawns — page", guide.text)
    assert "lay that edge on the dashed glue line of the next tile" in guide.text
    assert "glue the halves back to back and bend its two feet out" in guide.text
    assert "Nothing else: this kit prints everything the game needs." in guide.text


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_rules_print_once_as_rule_cards(built, lang):
    """The rule cards are the kit's rules; no summary page repeats them, and the guide's list
    of parts and steps has the cards alone."""
    path = built("pharma-code", lang).path
    guide = read_guide(path, "pharma-code", lang)
    tr = guide.tr
    assert tr.gettext("Rule cards") in guide.outline
    assert tr.gettext(m.RULE_SUMMARY_PAGE) not in guide.outline
    assert tr.gettext(m.RULE_SUMMARY_PAGE) not in guide.text
    # a sentence of the rules, printed once in the whole kit
    stage_end = fold(tr.gettext("End of a stage").replace("'", "’").split())  # as typeset
    whole = " ".join(fold(page) for page in page_lines(path))
    assert whole.count(stage_end) == 1


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_pawns_are_folding_card_never_sleeved(built, lang):
    """The pawns are folded and glued, not sleeved: the guide gives them card that folds, and
    calls them pawns, not cards."""
    guide = read_guide(built("pharma-code", lang).path, "pharma-code", lang)
    tr = guide.tr
    pawns = tr.gettext("Pawns")

    def parts_on(paper: str) -> str:
        head = fold(tr.gettext(m.GUIDE_PAPER_FOR).split("{parts}")[0].format(
            paper=tr.gettext(m.GUIDE_PAPERS[paper])).split())
        found = re.search(re.escape(head) + r" ?(.*?)\.(?: •|$| [A-ZÄÖÜ])", guide.text)
        return found.group(1) if found else ""

    assert pawns not in parts_on("card")
    folding = parts_on("folding")
    assert folding.startswith(pawns + " (") and CARD[lang] not in folding.lower()


CARD = {"en": "card", "fr": "carte", "de": "karte"}
