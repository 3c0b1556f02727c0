"""The third review of a stranger's game folder (issue 34, a reviewer new to the code): cases
the first two suites did not try. Each runs ``pnp`` as its own process under a 1 GB
address-space cap and a deadline (``support.hostile``), and asserts the safe behaviour:
exit 2 with one line naming what was refused, nothing written outside the game and output
folders, and no byte of the victim's files in a PDF."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.hostile import (
    BUILD,
    MARK,
    Stranger,
    edit,
    refused,
    run_pnp,
    snapshot,
)


# ── 1. a picture named .png that is PostScript: Pillow hands it to Ghostscript ──────────
def _postscript(s: Stranger) -> bytes:
    """An EPS file: Pillow opens it by its content, whatever its name, and its ``load`` runs
    Ghostscript on it; under -dSAFER Ghostscript still reads and writes the temporary
    folder, where the victim's files of this case lie. It writes a file outside the game
    folder and prints the victim's secret on every card."""
    written = s.outside / "folder" / "written-by-the-game.txt"
    return (b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 300 40\n"
            + f"({written}) (w) file dup (pwned) writestring closefile\n".encode()
            + b"/Helvetica findfont 20 scalefont setfont 5 10 moveto\n"
            + f"({s.outside / 'secret.txt'}) (r) file 100 string readline pop show\n".encode())


@pytest.mark.parametrize("where", ["art", "icon"])
def test_postscript_named_as_a_png_is_refused_never_run(stranger: Stranger, where: str):
    """``art/a.png`` holding PostScript: the build ran Ghostscript on it, which wrote
    ``outside/folder/written-by-the-game.txt`` and drew ``outside/secret.txt`` on each
    card. A picture must be the PNG or JPEG its name says (``Image.open(formats=…)``)."""
    if where == "art":
        (stranger.game / "art" / "a.png").write_bytes(_postscript(stranger))
        edit(stranger.game / "cards.csv", "art/sample.svg", "art/a.png")
        name = "a.png"
    else:
        (stranger.game / "icons" / "heart.svg").unlink()
        (stranger.game / "icons" / "heart.png").write_bytes(_postscript(stranger))
        name = "heart.png"
    refused(stranger, name)
    assert not any((stranger.outside / "folder").iterdir())


def test_postscript_that_loops_for_ever_does_not_hang_the_build(stranger: Stranger):
    """``{ } loop`` in an EPS named ``art/a.png``: Ghostscript ran at full CPU until the
    deadline killed the build."""
    (stranger.game / "art" / "a.png").write_bytes(
        b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n{ } loop\n")
    edit(stranger.game / "cards.csv", "art/sample.svg", "art/a.png")
    refused(stranger, "a.png")
