"""Turn an OpenType font with PostScript (CFF) outlines into a TrueType one reportlab can
embed: each cubic outline becomes quadratic curves (fontTools' cu2qu, within 1 unit of the
em), the rest of the font kept as it is. Used once, when a face is bundled in ``fonts/``:

    python3 scripts/otf_to_ttf.py LeagueSpartan-Bold.otf fonts/LeagueSpartan-Bold.ttf

Only for faces whose licence names no Reserved Font Name (a converted font is a modified
version under the SIL OFL); see fonts/README.md.
"""

from __future__ import annotations

import sys

from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable

MAX_ERROR = 1.0  # font units


def convert(source: str, target: str) -> None:
    font = TTFont(source)
    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyph_set)
        glyph_set[name].draw(Cu2QuPen(pen, MAX_ERROR, reverse_direction=True))
        glyphs[name] = pen.glyph()
    font["loca"] = newTable("loca")
    font["glyf"] = glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = glyphs
    del font["CFF "]
    for table in ("VORG", "CFF2"):
        if table in font:
            del font[table]
    glyf.compile(font)
    font["maxp"] = maxp = newTable("maxp")
    maxp.tableVersion = 0x00010000
    for field in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs",
                  "maxInstructionDefs", "maxStackElements", "maxSizeOfInstructions",
                  "maxComponentElements"):
        setattr(maxp, field, 0)
    maxp.maxZones = 1
    maxp.maxComponentDepth = max((g.getCompositeMaxpValues(glyf)[2]
                                  if g.isComposite() else 0) for g in glyphs.values()) \
        if any(g.isComposite() for g in glyphs.values()) else 0
    font["head"].indexToLocFormat = 0
    font["head"].glyphDataFormat = 0
    font["post"].formatType = 2.0
    font["post"].extraNames = []
    font["post"].mapping = {}
    font["post"].glyphOrder = order
    font.sfntVersion = "\000\001\000\000"
    font.save(target)


if __name__ == "__main__":
    convert(sys.argv[1], sys.argv[2])
