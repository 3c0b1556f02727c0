"""Messages the engine prints outside any layout. `pnp i18n extract` adds them to every
game's template, and the engine catalogs (generator/locales/) translate them."""

RULE_SUMMARY_PAGE = "Rule summary page"  # the outline title of a game's summary pages
# The note on a padding page (a blank back, so that the next part starts on an odd page).
BLANK_BACK = "This side is left blank: printed double-sided, the next part starts on a new sheet."

# The print guide, page 1 of every kit (pipeline/guide.py). ``{pages}`` is a list of page
# numbers ("3–10, 15"), ``{paper}`` the paper's name; the rest is plain text to translate.
GUIDE_TITLE = "Print and assembly guide"  # its heading and its bookmark, first in the outline
GUIDE_PRINTING = "Printing"
GUIDE_SETTINGS = ("Printer settings: {paper} paper, scale 100% (“actual size”), never “fit to "
                  "page”: sheets and boards are true to scale.")
GUIDE_PAGES = ("page {pages}", "pages {pages}")  # (singular, plural) by how many pages
GUIDE_DUPLEX = {  # the double-sided pages, by the edge the sheet is flipped on
    "long": "Double-sided, flipping on the long edge: {pages}.",
    "short": "Double-sided, flipping on the short edge: {pages}.",
}
# The one instruction for a double-sided build: the whole file, flipped on the build's edge.
GUIDE_WHOLE = {
    "long": ("Print the whole file double-sided, flipping on the long edge: every back lands "
             "behind its front, and every page printed on one side only has a blank back."),
    "short": ("Print the whole file double-sided, flipping on the short edge: every back lands "
              "behind its front, and every page printed on one side only has a blank back."),
}
GUIDE_SHEETS = ("It takes {sheets} sheet of paper.", "It takes {sheets} sheets of paper.")
# {margin}: the printer margin the kit assumes, in mm (templates/sizes.yaml, printer:).
GUIDE_MARGIN = ("Nothing is printed within {margin} mm of the paper's edges: the kit assumes a "
                "printer that leaves no wider margin blank.")
# A deck that prints fewer cards a page than the paper would hold without the margin.
GUIDE_FEWER = ("{title}: {count} to a page, to stay clear of that margin; a printer that prints "
               "to the paper's very edge would fit {more}.")
GUIDE_SAVE = ("Optional, instead of the whole file, to leave out the blank pages and print the "
              "one-sided ones apart:")
GUIDE_PAPER = "Paper"
GUIDE_PAPER_FOR = "{paper}: {parts}."
# The papers of templates/paper.yaml, as the guide recommends them.
GUIDE_PAPERS = {
    "card": ("Card of 200–300 g/m², or plain paper with each card slid into a sleeve in front "
             "of a playing card"),
    "cardstock": "Card stock of 250–300 g/m²",
    "plain": "Plain paper of 80–120 g/m²",
    "folding": "Card of 160–200 g/m² that folds cleanly on the printed fold lines",
}
# The ink each part takes, from its measured coverage (templates/ink.yaml, the game's
# ink.yaml), in one paragraph: {levels} is each level's GUIDE_INK_FOR, joined by "; ", and
# {parts} each part's GUIDE_INK_PART, joined by " · " (part titles may hold commas).
GUIDE_INK = "Ink, as the share of the page it covers: {levels}."
GUIDE_INK_LEVELS = {"light": "light", "medium": "medium", "heavy": "heavy"}
GUIDE_INK_FOR = "{level}: {parts}"
GUIDE_INK_PART = "{title} {percent}%"
GUIDE_SIMPLEX = "Single-sided: {pages}."
GUIDE_BLANK = "Blank on purpose, no need to print: {pages}."
GUIDE_BACKS_APART = ("Card backs follow their fronts: print the fronts, put the printed sheets "
                     "back in the tray turned over on the long edge, then print the backs on "
                     "them.")
GUIDE_BACKS_OF = "{title}: fronts {fronts}, backs {backs}."
GUIDE_ASSEMBLY = "Cutting and assembly"
# The tools: the glue stick only when a step glues (a kind of GLUE_KINDS, a game's own step,
# or two sides glued back to back), else the tools without it.
GUIDE_TOOLS = "You need scissors, or a craft knife and a metal ruler. In this order:"
GUIDE_TOOLS_GLUE = ("You need scissors, or a craft knife and a metal ruler, and a glue stick "
                    "where a step says glue. In this order:")
GLUE_KINDS = ("fold", "board")
# A deck's title with its trimmed card size, in the paper advice and the steps.
GUIDE_CARD_SIZE = "{title} ({w} × {h} mm cards)"
# ... and of a deck whose pieces are not cards (``pieces:`` on a deck), singular for a part of
# one piece.
GUIDE_PIECE_SIZES = {
    "tiles": ("{title} ({w} × {h} mm tile)", "{title} ({w} × {h} mm tiles)"),
    "pawns": ("{title} ({w} × {h} mm pawn)", "{title} ({w} × {h} mm pawns)"),
}
GUIDE_STEP = "{title} — {pages}: {step}"
# The step of each kind of part when the game's ``assembly:`` gives none (documented defaults).
GUIDE_STEPS = {
    "deck": "Cut the cards apart on the crop marks.",
    "tiles": "Cut the tiles apart on the crop marks.",
    "pawns": "Cut the pawns apart on the crop marks.",
    "fold": ("Fold each front-and-back pair on its dashed line, glue the halves together, then "
             "cut on the crop marks."),
    "board": ("Cut each tile along its solid edges, lay that edge on the dashed glue line of the "
              "next tile (the label above each tile names its neighbours; the ticks across a "
              "seam meet when it sits right) and glue."),
    "sheet": "Nothing to cut: use it as printed.",
    "shared": "Cut it out along its edge.",  # a sheet printed on a page it shares
}
# Steps that refer to the part by a pronoun ("use it"), which some languages inflect by the
# gender of the part's name. A game's catalog may say the gender of each part's title in its
# language (msgctxt GENDER_CONTEXT, msgid the title, msgstr one of GENDERS); the engine's
# catalog then gives the step in that case (msgctxt "part: <gender>"); without either, the
# step without context serves every part.
GENDERED_STEPS = ("sheet", "shared")
GENDER_CONTEXT = "grammatical gender"
GENDERS = ("masculine", "feminine", "neuter")


def gender_context(gender: str) -> str:
    """The msgctxt of a step said of a part whose title has ``gender``."""
    return f"part: {gender}"


# A sheet printed on both sides (``duplex:`` in ``assembly:``) in a single-sided build.
GUIDE_GLUE_SIDES = "Printed single-sided: glue its pages back to back, two by two, in order."
GUIDE_BRING = "What to bring"
GUIDE_BRING_INTRO = "The game also needs what this kit does not print:"
GUIDE_BRING_NOTHING = "Nothing else: this kit prints everything the game needs."
# The rulings the kit made where the published rules are silent (``edition:`` in game.yaml);
# the players' components mark each with a dagger †.
GUIDE_EDITION = "About this edition"
GUIDE_EDITION_INTRO = "The rules marked † settle what the published rules leave open:"
# The guide's credits (pipeline/guide_credits.py): the game's authors by role (``credits:`` in
# game.yaml), that the kit is unofficial, and the licences of the icons and type it prints in.
GUIDE_CREDITS = "Credits"
CREDIT_ROLES = {
    "game design": "Game design: {names}",
    "illustration": "Illustration: {names}",
    "graphic design": "Graphic design: {names}",
    "graphics": "Graphics: {names}",
    "publisher": "Publisher: {names}",
    "cooperation": "In cooperation with {names}",
    "source": "Source: {names} (it names no author).",
}
GUIDE_UNOFFICIAL = ("This is an unofficial print-and-play kit of {title}, for personal use. The "
                    "game, its rules and its name belong to their authors and publisher, who "
                    "neither made nor endorse this kit.")
GUIDE_ICONS = ("Icons: {set}, by {authors}, under the licence {licence} ({url}).")
GUIDE_TYPE = "Type: {faces}."
GUIDE_FACE = "{name} by {authors} ({licence})"

# Every message of the print guide, for the message templates of every game.
GUIDE_MESSAGES: tuple[str | tuple[str, str], ...] = (
    GUIDE_TITLE, GUIDE_PRINTING, GUIDE_SETTINGS, GUIDE_PAGES, *GUIDE_DUPLEX.values(),
    *GUIDE_WHOLE.values(), GUIDE_SHEETS, GUIDE_MARGIN, GUIDE_FEWER, GUIDE_SAVE, GUIDE_PAPER,
    GUIDE_PAPER_FOR, *GUIDE_PAPERS.values(), GUIDE_INK, *GUIDE_INK_LEVELS.values(),
    GUIDE_INK_FOR, GUIDE_INK_PART, GUIDE_SIMPLEX, GUIDE_BLANK, GUIDE_BACKS_APART,
    GUIDE_BACKS_OF, GUIDE_ASSEMBLY, GUIDE_TOOLS, GUIDE_TOOLS_GLUE, GUIDE_CARD_SIZE,
    *GUIDE_PIECE_SIZES.values(), GUIDE_STEP, *GUIDE_STEPS.values(), GUIDE_GLUE_SIDES, GUIDE_BRING,
    GUIDE_BRING_INTRO, GUIDE_BRING_NOTHING, GUIDE_EDITION, GUIDE_EDITION_INTRO, GUIDE_CREDITS,
    *CREDIT_ROLES.values(), GUIDE_UNOFFICIAL, GUIDE_ICONS, GUIDE_TYPE, GUIDE_FACE,
)
