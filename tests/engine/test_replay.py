"""A drawing recorded in one document and replayed in the next gives the bytes drawing it
again would give (a picture in it is drawn again by the next document); what cannot be
replayed (QR forms, a drawing that missed a translation) is drawn again instead."""

from __future__ import annotations

import io
from typing import Any

import pytest
from reportlab.pdfgen.canvas import Canvas

from generator.errors import PnpError
from generator.imposition.plan import PrintOptions
from generator.pipeline.build import build
from generator.pipeline.load import load_game
from generator.pipeline.request import BuildRequest
from generator.render import document, recording
from generator.render.blocks import Block, Icon
from generator.render.elements import ELEMENTS
from generator.render.fonts import register_fonts
from generator.render.painter import Painter
from support.cli import new_game
from support.elements import SAMPLES as ALL_KEYS
from support.paths import FIXTURES

DECK = FIXTURES / "designer_deck"
BOX = {"x": 2, "y": 3, "w": 30, "h": 20, "rotate": 15}
# the shared samples, with what replaying must also cover: German text (its hyphenation), and
# elements that draw others
SAMPLES: dict[str, dict[str, Any]] = {
    **ALL_KEYS,
    "text": {**ALL_KEYS["text"], "text": "Handwaschung für alle"},
    "repeat": {**ALL_KEYS["repeat"],
               "elements": [{"type": "text", "text": "{{ n }}", "w": 4, "h": 4}]},
    "group": {"elements": [{"type": "rect", "w": 5, "h": 5, "fill": "#cc0000"}]},
}  # (``use`` draws its layout as a form: kept as one call that makes the next document's)
REPLAYED = set(ELEMENTS) - {"qr"}  # a QR is a form of its document
CONTEXT = {"sample_blocks": (Block("para", ("Wash your hands ", Icon("icon-person"),
                                            " twice.")),),
           "lang": "de", "tone": "#000000"}


@pytest.fixture(autouse=True)
def _no_drawings_kept():
    recording._DRAWINGS.clear()
    recording._kept = 0
    yield
    recording._DRAWINGS.clear()
    recording._kept = 0


def _document(kind: str, key: Any) -> bytes:
    """A one-page PDF of the sample element, drawn (and kept) or replayed under ``key``."""
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    painter = Painter(canvas, load_game(DECK))
    element = {"type": kind, **BOX, **SAMPLES[kind]}
    canvas.translate(0, 400)
    recording.replay_or_record(canvas, key, lambda: painter.elements(
        (element,), dict(CONTEXT), 60, 40, 3.0, "test"))
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_every_type_has_a_sample():
    assert set(SAMPLES) == set(ELEMENTS)


@pytest.mark.parametrize("kind", sorted(ELEMENTS))
def test_a_replayed_element_writes_the_bytes_drawing_it_writes(kind):
    drawn = _document(kind, None)
    first = _document(kind, ("sample", kind))
    kept = ("sample", kind) in recording._DRAWINGS
    again = _document(kind, ("sample", kind))
    assert first == drawn and again == drawn
    assert kept == (kind in REPLAYED), "kept a drawing that cannot be replayed, or lost one"


def test_art_drawn_as_a_form_already_in_the_document_is_replayed_as_drawing_it_first():
    """The second card placing a form its document made for the first records no drawing of
    the form, yet replayed alone into a new document it makes that form there."""
    register_fonts()

    def pdf(keys: tuple[Any, ...]) -> bytes:
        buffer = io.BytesIO()
        canvas = Canvas(buffer, invariant=1)
        painter = Painter(canvas, load_game(DECK))
        element = {"type": "use", **BOX, **SAMPLES["use"]}
        for key in keys:
            recording.replay_or_record(canvas, key, lambda: painter.elements(
                (element,), dict(CONTEXT), 60, 40, 3.0, "test"))
            canvas.showPage()
        canvas.save()
        return buffer.getvalue()

    pdf((("first",), ("second",)))
    assert ("second",) in recording._DRAWINGS
    replayed = pdf((("second",),))
    recording._DRAWINGS.clear()
    assert replayed == pdf((None,))


def test_a_card_recorded_on_a4_is_replayed_on_letter_with_the_bytes_of_a_fresh_build(
        tmp_path, monkeypatch):
    letter = BuildRequest("pharma-code", "de", PrintOptions(paper="letter"),
                          out_dir=tmp_path / "alone")
    fresh = build(letter).path.read_bytes()
    assert recording._DRAWINGS, "a build keeps its drawings for the next document"
    recording._DRAWINGS.clear()
    build(BuildRequest("pharma-code", "de", PrintOptions(paper="a4"), out_dir=tmp_path / "both"))
    replays = []
    replay = recording.replay_or_record

    def counting(canvas, key, draw, effects=None, lang=None):
        replays.append(key in recording._DRAWINGS
                       or ("in-language", key, lang) in recording._DRAWINGS)
        replay(canvas, key, draw, effects, lang)

    monkeypatch.setattr(document, "replay_or_record", counting)
    replayed = build(BuildRequest("pharma-code", "de", PrintOptions(paper="letter"),
                                  out_dir=tmp_path / "both")).path.read_bytes()
    assert replayed == fresh
    assert sum(replays) > len(replays) / 3, "most cards of letter are those of A4"


def test_a_drawing_that_missed_a_translation_misses_it_again_in_the_next_document(
        tmp_path, monkeypatch, capsys):
    game = new_game(tmp_path, monkeypatch, capsys)
    (game / "layouts" / "cards.yaml").write_text(  # a message only the cards draw, no picture
        "card:\n  elements:\n"
        "    - {type: text, x: 3, y: 3, w: 40, h: 10, text: \"{{ _('Draw one') }}\"}\n"
        "back:\n  elements:\n    - {type: rect, fill: '#336699'}\n", encoding="utf-8")
    (game / "locales").mkdir(exist_ok=True)
    (game / "locales" / "de.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Cards"\nmsgstr "Karten"\n\nmsgid "My Game"\nmsgstr "Mein Spiel"\n',
        encoding="utf-8")
    for paper in ("a4", "letter"):
        with pytest.raises(PnpError, match="1 message has no 'de' translation"):
            build(BuildRequest(game, "de", PrintOptions(paper=paper), out_dir=tmp_path / "out"))


def _text_document(text: str, w: float, key: Any, lang: str) -> bytes:
    """A page with one text element ``w`` mm wide, drawn through ``replay_or_record``."""
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    painter = Painter(canvas, load_game(DECK))
    element = {"type": "text", "x": 2, "y": 2, "w": w, "h": 30, "text": text, "size": 9,
               "min_size": 6}
    recording.replay_or_record(canvas, key, lambda: painter.elements(
        (element,), {"lang": lang}, 60, 40, 0.0, "test"), lang=lang)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_a_drawing_that_needed_no_hyphenation_is_kept_for_every_language():
    _text_document("Wash 7 times", 40, ("short",), "de")
    assert ("short",) in recording._DRAWINGS
    assert _text_document("Wash 7 times", 40, ("short",), "fr") == _text_document(
        "Wash 7 times", 40, None, "fr")


def test_a_drawing_fitted_with_hyphenation_is_kept_for_its_language_alone():
    long = "Handwaschungsanleitungen"  # wider than 12 mm at 6 pt: hyphenated in German
    german = _text_document(long, 12, ("long",), "de")
    assert ("long",) not in recording._DRAWINGS
    assert ("in-language", ("long",), "de") in recording._DRAWINGS
    french = _text_document(long, 12, ("long",), "fr")  # drawn in French, not replayed
    recording._DRAWINGS.clear()
    assert french == _text_document(long, 12, None, "fr")
    assert german == _text_document(long, 12, None, "de")


def test_elements_recorded_in_one_language_replay_in_the_next_with_the_bytes_of_a_fresh_build(
        tmp_path, monkeypatch):
    english = BuildRequest("pharma-code", "en", PrintOptions(paper="a4"),
                           out_dir=tmp_path / "alone")
    fresh = build(english).path.read_bytes()
    recording._DRAWINGS.clear()
    build(BuildRequest("pharma-code", "de", PrintOptions(paper="a4"), out_dir=tmp_path / "both"))
    german_drawings = set(recording._DRAWINGS)
    assert any(key[2][0] == "element" for key in german_drawings if len(key) > 2
               and isinstance(key[2], tuple)), "elements inside cards are kept on their own"
    replayed = []
    replay = recording._replay

    def counting(canvas, calls):
        replayed.append(calls)
        replay(canvas, calls)

    monkeypatch.setattr(recording, "_replay", counting)
    again = build(BuildRequest("pharma-code", "en", PrintOptions(paper="a4"),
                               out_dir=tmp_path / "both")).path.read_bytes()
    assert again == fresh
    assert replayed, "what German drew without its language, English replays"


def test_an_element_key_holds_what_it_reads_from_a_variable_not_the_whole_variable():
    from generator.render.form_keys import FormKeys

    keys = FormKeys(load_game(DECK))

    def key(text: str, data: dict) -> Any:
        return keys.element_key({"type": "text", "text": text}, text, {"data": data, "i": 0},
                                10, 10, 0.0)

    grid = {"grid": [7, 8], "label": "Probe"}
    cell = "{{ data.grid[i] }}"
    assert key(cell, grid) == key(cell, {**grid, "label": "Sample"}) is not None
    assert key(cell, grid) != key(cell, {**grid, "grid": [9, 8]})
    # ``data.items`` is a method of the dict, not a key: the whole dict is keyed
    listed = "{{ data.items() }}"
    assert key(listed, {"items": 1, "x": 1}) != key(listed, {"items": 1, "x": 2})


def test_an_svg_drawn_inside_a_recording_skips_the_recording(tmp_path, monkeypatch, capsys):
    """svglib makes dozens of canvas calls a picture: a drawing holding one keeps it as one
    call, so they go straight to the canvas instead of through the recording's wrappers, and
    replaying it draws the picture again, as the document's own form."""
    from reportlab.graphics import renderPDF

    seen = []
    draw = renderPDF.draw
    monkeypatch.setattr(renderPDF, "draw", lambda drawing, canvas, *args: (
        seen.append(type(canvas)), draw(drawing, canvas, *args)))
    game = new_game(tmp_path, monkeypatch, capsys)  # its art is an SVG
    register_fonts()

    def pdf(key: Any) -> bytes:
        buffer = io.BytesIO()
        canvas = Canvas(buffer, invariant=1)
        painter = Painter(canvas, load_game(game))
        element = {"type": "image", "src": "art/sample.svg", **BOX}
        recording.replay_or_record(canvas, key, lambda: painter.elements(
            (element,), dict(CONTEXT), 60, 40, 3.0, "test"))
        assert type(canvas) is Canvas
        canvas.showPage()
        canvas.save()
        return buffer.getvalue()

    fresh = pdf(None)
    recorded = pdf(("svg",))
    assert ("svg",) in recording._DRAWINGS and len(recording._DRAWINGS[("svg",)]) < 10
    assert pdf(("svg",)) == recorded == fresh
    assert seen == [Canvas] * 3
