"""``pnp watch`` as a library: each rebuild counts, draws only the cards an edit changed, and a
broken file is reported with its file, line and key while the last good proofs stay; the file
watcher rebuilds on a save; the server's page, status, card and page PNGs and the PDF."""

from __future__ import annotations

import io
import json
import re
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from generator.designer.raster import Rasterizer
from generator.designer.watch import Preview, WatchRequest, watch
from generator.designer.watch_server import PreviewServer
from generator.errors import UsageError
from support.watch_game import edit_text, make_game, wait_for

ROWS = 6
DPI = 100  # smaller than the default: the test reads sizes, not fine print
POKER_MM = (63.5, 88.9)


def px(length_mm: float) -> int:
    return round(length_mm / 25.4 * DPI)


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return make_game(tmp_path / "my-deck", ROWS)


@pytest.fixture
def preview(game: Path) -> Preview:
    return Preview(WatchRequest(game, dpi=DPI, out_dir=game.parent / "output"))


def keys(preview: Preview) -> list[str]:
    return [card.front for card in preview.proofs.decks[0].cards]


def test_an_edited_row_redraws_that_card_alone(preview: Preview, game: Path) -> None:
    first = preview.rebuild()
    assert (first.build, first.ok, first.errors) == (1, True, ())
    assert preview.cache.renders == ROWS
    before = keys(preview)
    old_png, old_pdf = preview.proofs.images[before[2]], preview.proofs.pdf

    edit_text(game, 3, "A rule changed by the designer, long enough to wrap onto two lines.")
    second = preview.rebuild()
    assert (second.build, second.ok) == (2, True)
    assert preview.cache.renders == ROWS + 1  # card 3 drawn again, the other five cached
    after = keys(preview)
    assert [a != b for a, b in zip(before, after, strict=True)] == \
        [False, False, True, False, False, False]
    new_png = preview.proofs.images[after[2]]
    assert Image.open(io.BytesIO(new_png)).tobytes() != Image.open(io.BytesIO(old_png)).tobytes()
    # the PDF is built again with the change, and written where pnp build writes it
    assert preview.proofs.pdf != old_pdf
    assert (game.parent / "output" / preview.proofs.pdf_name).read_bytes() == preview.proofs.pdf


def test_a_change_every_card_reads_redraws_every_card(preview: Preview, game: Path) -> None:
    preview.rebuild()
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8").replace("#2f5d8a", "#8a2f5d"),
                    encoding="utf-8")
    assert preview.rebuild().ok
    assert preview.cache.renders == 2 * ROWS


def test_a_broken_file_is_reported_and_the_last_good_proofs_stay(preview: Preview,
                                                                  game: Path) -> None:
    preview.rebuild()
    good = keys(preview)
    yaml = game / "game.yaml"
    text = yaml.read_text(encoding="utf-8")
    lines = text.splitlines()
    broken_line = next(n for n, line in enumerate(lines, start=1) if line.startswith("palette:"))
    yaml.write_text(text.replace("palette:", "palette: [", 1), encoding="utf-8")

    failed = preview.rebuild()
    assert (failed.build, failed.ok) == (2, False)
    error = failed.errors[0]
    assert Path(error.file).name == "game.yaml"
    assert error.line is not None and broken_line <= error.line <= broken_line + 2
    assert "YAML" in error.message
    assert preview.proofs.build == 1 and keys(preview) == good  # the last good proofs

    yaml.write_text(text, encoding="utf-8")
    fixed = preview.rebuild()
    assert (fixed.build, fixed.ok, fixed.errors) == (3, True, ())
    assert preview.cache.renders == ROWS  # nothing changed since build 1: all cached


def test_a_bad_cell_names_the_file_line_and_key(preview: Preview, game: Path) -> None:
    preview.rebuild()
    table = game / "cards.csv"
    table.write_text(table.read_text(encoding="utf-8").replace(",heart,1\n", ",heart,lots\n", 1),
                     encoding="utf-8")
    status = preview.rebuild()
    assert not status.ok
    error = status.errors[0]
    assert Path(error.file).name == "cards.csv"
    assert error.line == 2  # the first card's row, under the header
    assert "qty" in f"{error.path} {error.message}"
    as_json = json.loads(json.dumps(status.to_json()))
    assert as_json["build"] == 2 and as_json["ok"] is False and as_json["errors"][0]["line"] == 2


def test_a_bug_is_reported_and_the_next_save_builds_again(preview: Preview, game: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    preview.rebuild()
    monkeypatch.setattr(Rasterizer, "sides", lambda *args: 1 / 0)
    edit_text(game, 1, "Drawn by a broken engine.")
    status = preview.rebuild()
    assert not status.ok and status.errors[0].message.startswith(
        "internal error: ZeroDivisionError")
    assert preview.proofs.build == 1
    monkeypatch.undo()
    assert preview.rebuild().ok and preview.proofs.build == 3


def test_a_missing_folder_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="not a folder"):
        Preview(WatchRequest(tmp_path / "nowhere"))


def test_the_watcher_rebuilds_on_save_and_stops(game: Path) -> None:
    """Even with its PDF written inside the game folder, it rebuilds once a save, not forever."""
    preview = Preview(WatchRequest(game, dpi=DPI, out_dir=game / "output"))
    stop = threading.Event()
    builds: list[int] = []
    loop = threading.Thread(target=watch, args=(preview, stop, lambda s: builds.append(s.build)))
    loop.start()
    try:
        wait_for(lambda: preview.status.build == 1)
        edit_text(game, 1, "Saved while watching.")
        wait_for(lambda: preview.status.build >= 2)
        assert preview.status.ok and preview.cache.renders == ROWS + 1
        (game / ".pnp-cache").mkdir()
        (game / ".pnp-cache" / "sheet.csv").write_text("a downloaded copy", encoding="utf-8")
        time.sleep(1.5)  # the PDF written in output/ and the copy rebuild nothing
        assert preview.status.build == 2
    finally:
        stop.set()
        loop.join(10)
    assert not loop.is_alive()
    assert builds == [1, 2]
    assert (game / "output" / preview.proofs.pdf_name).is_file()


@pytest.fixture
def served(preview: Preview) -> Iterator[tuple[Preview, str]]:
    preview.rebuild()
    server = PreviewServer(preview).start()
    yield preview, server.url
    server.stop()


def get(url: str) -> tuple[str, bytes]:
    with urllib.request.urlopen(url, timeout=20) as response:
        return response.headers["Content-Type"], response.read()


def test_the_server_shows_the_proofs_status_and_pdf(served: tuple[Preview, str]) -> None:
    preview, url = served
    assert url.startswith("http://127.0.0.1:") and not url.endswith(":0/")
    kind, body = get(url + "status.json")
    assert kind == "application/json"
    assert json.loads(body) == {"build": 1, "ok": True, "seconds": pytest.approx(
        preview.status.seconds, abs=0.001), "errors": []}

    kind, html = get(url)
    page = html.decode()
    assert kind.startswith("text/html") and "My Deck" in page
    assert page.count('<figure class="card"') == ROWS
    front = preview.proofs.decks[0].cards[0].front
    assert f'src="/card/{front}.png"' in page

    kind, png = get(f"{url}card/{front}.png")
    card = Image.open(io.BytesIO(png))
    assert kind == "image/png"
    assert card.size == (px(POKER_MM[0] + 6), px(POKER_MM[1] + 6))  # trim and 3 mm bleed

    proofs = preview.proofs
    assert page.count('<figure class="page"') == proofs.pages
    kind, png = get(f"{url}pdf/{proofs.pdf_key}/page-{proofs.pages}.png")
    assert kind == "image/png" and Image.open(io.BytesIO(png)).width == round(210 / 25.4 * 100)
    kind, pdf = get(f"{url}pdf/{proofs.pdf_key}/{proofs.pdf_name}")
    assert kind == "application/pdf" and pdf.startswith(b"%PDF")

    for missing in ("nothing", f"card/{'0' * 64}-front.png", f"pdf/{proofs.pdf_key}/page-0.png",
                    f"pdf/{proofs.pdf_key}/page-{proofs.pages + 1}.png"):
        with pytest.raises(urllib.error.HTTPError) as error:
            get(url + missing)
        assert error.value.code == 404


def test_the_page_lists_errors_over_the_last_good_proofs(served: tuple[Preview, str],
                                                         game: Path) -> None:
    preview, url = served
    good = preview.proofs.decks[0].cards[0].front
    (game / "layouts" / "cards.yaml").write_text("card: {extends: no-such-layout}\n",
                                                 encoding="utf-8")
    status = preview.rebuild()
    assert not status.ok
    page = get(url)[1].decode()
    assert "build 2 failed" in page and "showing build 1" in page
    assert "cards.yaml" in page and "no-such-layout" in page
    assert f'src="/card/{good}.png"' in page
    assert get(f"{url}card/{good}.png")[0] == "image/png"
    assert json.loads(get(url + "status.json")[1])["ok"] is False


def test_a_busy_port_is_a_usage_error(served: tuple[Preview, str]) -> None:
    preview, url = served
    port = int(url.rsplit(":", 1)[1].strip("/"))
    with pytest.raises(UsageError, match=f"port {port}"):
        PreviewServer(preview, port)


def test_a_card_has_the_same_caption_in_proofs_and_in_watch(
        game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The contact sheet's line under each card is the watch page's, word for word: its
    number (the one errors about it give), its title, its copies."""
    from PIL import ImageDraw

    from generator.designer.proof import ProofRequest, proof
    from support.watch_game import write_rows

    write_rows(game, [["Healer", "Heal.", "art/sample.svg", "1", "heart", "0"],
                      ["Scout", "Look.", "art/sample.svg", "1", "heart", "3"],
                      ["Champion", "Win.", "art/sample.svg", "1", "heart", "1"]])
    drawn: list[str] = []
    text = ImageDraw.ImageDraw.text
    monkeypatch.setattr(ImageDraw.ImageDraw, "text",
                        lambda self, xy, label, *a, **k: (drawn.append(label),
                                                          text(self, xy, label, *a, **k)))
    proof(ProofRequest(game, dpi=36, out_dir=game.parent / "proofs"))
    preview = Preview(WatchRequest(game, dpi=36, out_dir=game.parent / "output"))
    preview.rebuild()
    html = preview_page(preview)
    assert drawn == ["002 Scout ×3", "003 Champion ×1", "back"]  # Healer prints no copy
    drawn.pop()
    assert re.findall(r"<figcaption>(\d{3} [^<]*)</figcaption>", html) == drawn


def preview_page(preview: Preview) -> str:
    server = PreviewServer(preview).start()
    try:
        return get(server.url)[1].decode()
    finally:
        server.stop()


def test_watch_paper_builds_the_pdf_it_shows_on_that_paper(game: Path, capsys) -> None:
    """``pnp watch --paper letter``: the PDF the page shows is the Letter one, 215.9 mm wide,
    named as ``pnp build --paper letter`` names it; a paper pnp has not is refused."""
    import pypdf

    from support.cli import pnp

    preview = Preview(WatchRequest(game, dpi=36, out_dir=game.parent / "output",
                                   paper="letter"))
    assert preview.rebuild().ok
    assert preview.proofs.pdf_name.endswith("-en-letter.pdf")
    page = pypdf.PdfReader(io.BytesIO(preview.proofs.pdf)).pages[-1]
    assert (round(float(page.mediabox.width) * 25.4 / 72, 1),
            round(float(page.mediabox.height) * 25.4 / 72, 1)) == (215.9, 279.4)
    code, _, err = pnp(f"watch --game-dir {game} --paper a3 --no-browser", capsys)
    assert code == 2 and "--paper: invalid choice: 'a3'" in err


@pytest.mark.parametrize("host", ["evil.example:{port}", "127.0.0.1:1", "localhost", ""])
def test_a_request_for_another_host_is_refused(served: tuple[Preview, str], host: str) -> None:
    """DNS rebinding: a page on evil.example makes its name point at 127.0.0.1 and reads the
    preview; its requests name evil.example, and are refused. Only localhost, 127.0.0.1 and
    [::1] with the server's port are answered."""
    _, url = served
    port = int(url.rsplit(":", 1)[1].strip("/"))
    for path in ("", "status.json"):
        request = urllib.request.Request(url + path, headers={"Host": host.format(port=port)})
        with pytest.raises(urllib.error.HTTPError) as error:
            urllib.request.urlopen(request, timeout=20)
        assert error.value.code == 421
    for name in ("localhost", "127.0.0.1"):
        request = urllib.request.Request(url + "status.json", headers={"Host": f"{name}:{port}"})
        with urllib.request.urlopen(request, timeout=20) as response:
            assert response.status == 200


def test_an_error_message_is_escaped_in_the_page(served: tuple[Preview, str],
                                                 game: Path) -> None:
    preview, url = served
    (game / "layouts" / "cards.yaml").write_text(
        "card: {extends: '<script>alert(1)</script>'}\n", encoding="utf-8")
    assert not preview.rebuild().ok
    page = get(url)[1].decode()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "<script>alert" not in page
