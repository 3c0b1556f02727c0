"""The print guide's credits, its last section: the game's authors as its source names them
(``credits:`` in game.yaml), that the kit is unofficial, and the licences of the icons and
the type it is printed in (the icons' CC BY 3.0 asks that their authors be named).
"""

from __future__ import annotations

from ..content.icon_set import icon_credits
from ..content.model import Game
from ..content.typefaces import faces_used
from ..content.yamlio import Msg
from ..i18n.catalog import Translator
from ..i18n.engine_messages import (
    CREDIT_ROLES,
    GUIDE_CREDITS,
    GUIDE_FACE,
    GUIDE_ICONS,
    GUIDE_TYPE,
    GUIDE_UNOFFICIAL,
)
from ..render.blocks import Block
from ..summary.text import Face


def credits_section(game: Game, tr: Translator) -> Face:
    """The credits of ``game``'s kit in the build's language."""
    blocks = []
    for credit in game.credits:
        message = CREDIT_ROLES.get(credit.role)
        if message is None:  # a note: the game's own words
            blocks.append(Block("para", (tr.gettext(credit.text),), (credit.text,)))
        else:
            blocks.append(Block("item", (tr.gettext(message).format(names=credit.text),),
                                (message,)))
    title = tr.gettext(game.title)
    blocks.append(Block("para", (tr.gettext(GUIDE_UNOFFICIAL).format(title=title),),
                        (GUIDE_UNOFFICIAL,)))
    icons = icon_credits()
    blocks.append(Block("para", (tr.gettext(GUIDE_ICONS).format(
        set=icons["set"], authors=", ".join(icons["authors"]), licence=icons["licence"],
        url=icons["licence_url"]),), (GUIDE_ICONS,)))
    faces = "; ".join(tr.gettext(GUIDE_FACE).format(name=face.name,
                                                    authors=_translated(tr, face.authors),
                                                    licence=_translated(tr, face.licence))
                      for face in faces_used(game.fonts))
    blocks.append(Block("para", (tr.gettext(GUIDE_TYPE).format(faces=faces),), (GUIDE_TYPE,)))
    return Face(tr.gettext(GUIDE_CREDITS), tuple(blocks), (GUIDE_CREDITS,))


def _translated(tr: Translator, words: str) -> str:
    """A face's credit words in the build's language when templates/fonts.yaml marks them
    ``!t`` (a description such as "the DejaVu team"); a name as it is."""
    return tr.gettext(words) if isinstance(words, Msg) else words
