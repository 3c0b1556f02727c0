"""``cards_url:`` against a real HTTP server on 127.0.0.1, started by the test: the first build
fetches the published CSV into ``.pnp-cache/`` and builds from it; an unchanged sheet leaves
the copy, the game's fingerprint and the PDF as they were; a changed sheet rebuilds; with the
server down or failing, the build uses the last copy and says so in one line on stderr; with
no copy it is an error naming the deck, the address and the fix."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from generator.content import remote
from generator.content.fetch import PRIVATE_ENV
from generator.pipeline.load import resolve_game
from support.cli import new_game, pnp
from support.pdf_text import page_lines

BUILD = "build --game-dir my-game --paper a4 --out out"


class Sheet:
    """What the published address answers: a status, a content type, a body, a delay."""

    def __init__(self, body: bytes):
        self.body, self.status, self.type, self.delay = body, 200, "text/csv", 0.0
        self.requests = 0


def serve(sheet: Sheet) -> ThreadingHTTPServer:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            sheet.requests += 1
            time.sleep(sheet.delay)
            self.send_response(sheet.status)
            self.send_header("Content-Type", sheet.type)
            self.send_header("Content-Length", str(len(sheet.body)))
            self.end_headers()
            self.wfile.write(sheet.body)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.block_on_close = False
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> Path:
    """A new game; its local test server is reachable as --allow-private-urls allows."""
    monkeypatch.setenv(PRIVATE_ENV, "1")
    return new_game(tmp_path, monkeypatch, capsys)


@pytest.fixture
def published(game: Path) -> Iterator[tuple[Sheet, ThreadingHTTPServer, str]]:
    """The game's cards.csv published on a local server, the deck reading it by address."""
    sheet = Sheet((game / "cards.csv").read_bytes())
    server = serve(sheet)
    url = f"http://127.0.0.1:{server.server_address[1]}/spreadsheets/pub?output=csv"
    use_url(game, url)
    yield sheet, server, url
    stop(server)


def use_url(game: Path, url: str) -> None:
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text().replace("cards_file: cards.csv", f"cards_url: {url}"))
    (game / "cards.csv").unlink()


def stop(server: ThreadingHTTPServer) -> None:
    server.shutdown()
    server.server_close()


def build(capsys: pytest.CaptureFixture) -> tuple[int, str, str]:
    """``pnp build`` as a new process would run it: fetching every address again."""
    remote.forget()
    return pnp(BUILD, capsys)


def test_the_first_build_fetches_the_sheet_and_builds_from_its_copy(
        game: Path, published: tuple[Sheet, ThreadingHTTPServer, str],
        capsys: pytest.CaptureFixture):
    sheet, _, url = published
    code, out, err = build(capsys)
    assert (code, err) == (0, "")
    assert sheet.requests == 1  # once a build, however many steps load the game
    [copy] = (game / ".pnp-cache").iterdir()
    assert copy == remote.copy_path(game, url) and copy.read_bytes() == sheet.body
    assert copy.name.startswith("127.0.0.1-") and copy.suffix == ".csv"
    text = " ".join(" ".join(p) for p in page_lines(game.parent / "out" / "my-game-en-a4.pdf"))
    assert "Healer" in text and "Champion" in text


def test_an_unchanged_sheet_keeps_the_fingerprint_and_a_changed_one_rebuilds(
        game: Path, published: tuple[Sheet, ThreadingHTTPServer, str],
        capsys: pytest.CaptureFixture):
    sheet, _, url = published
    assert build(capsys)[0] == 0
    copy = remote.copy_path(game, url)
    written = copy.stat().st_mtime_ns
    first = resolve_game(game).fingerprint
    code, out, _ = build(capsys)
    assert code == 0 and "unchanged" in out and "wrote" not in out
    assert copy.stat().st_mtime_ns == written  # not even rewritten
    remote.forget()
    assert resolve_game(game).fingerprint == first
    sheet.body = sheet.body.replace(b"Healer", b"Medic")
    code, out, _ = build(capsys)
    assert code == 0 and "wrote" in out
    assert resolve_game(game).fingerprint != first
    text = " ".join(" ".join(p) for p in page_lines(game.parent / "out" / "my-game-en-a4.pdf"))
    assert "Medic" in text and "Healer" not in text


@pytest.mark.parametrize("failure", ["down", "500", "web page", "slow"])
def test_when_the_sheet_cannot_be_fetched_the_last_copy_builds_with_one_warning(
        failure: str, game: Path, published: tuple[Sheet, ThreadingHTTPServer, str],
        capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch):
    sheet, server, url = published
    assert build(capsys)[0] == 0
    copy = remote.copy_path(game, url)
    body = copy.read_bytes()
    hours_ago = time.time() - 3 * 3600 - 60
    os.utime(copy, (hours_ago, hours_ago))
    reasons = {"down": "cannot reach it: [Errno 111] Connection refused",
               "500": "the server answered 500 Internal Server Error",
               "web page": "it gives a web page, not CSV text",
               "slow": "no answer within 0.5 s"}
    if failure == "down":
        stop(server)
    elif failure == "500":
        sheet.status, sheet.body = 500, b"oops"
    elif failure == "web page":
        sheet.type, sheet.body = "text/html", b"<!DOCTYPE html><title>Sign in</title>"
    else:
        monkeypatch.setitem(remote.settings(), "timeout_s", 0.5)
        sheet.delay = 2.0
    started = time.monotonic()
    code, out, err = build(capsys)
    assert code == 0 and "unchanged" in out
    assert err.splitlines() == [f"warning: cannot fetch {url} ({reasons[failure]}); building "
                                "from the copy of 3 h ago, .pnp-cache/" + copy.name]
    assert copy.read_bytes() == body
    assert time.monotonic() - started < 30


def test_with_no_copy_an_unreachable_sheet_is_an_error_naming_the_deck(
        game: Path, capsys: pytest.CaptureFixture):
    server = serve(Sheet(b""))
    url = f"http://127.0.0.1:{server.server_address[1]}/pub?output=csv"
    stop(server)  # nothing listens there now
    use_url(game, url)
    remote.forget()
    code, _, err = pnp("check my-game", capsys)
    assert code == 2
    line = next(n for n, text in enumerate((game / "game.yaml").read_text().splitlines(), 1)
                if text.strip().startswith(f"cards_url: {url}"))
    assert (f"{game}/game.yaml:{line} at components[0].cards_url: cannot fetch it (cannot reach "
            "it: [Errno 111] Connection refused), and there is no copy of it in .pnp-cache/ "
            "yet; check the address (in Google Sheets: File › Share › Publish to web, as CSV) "
            "and the network") in err
    assert "internal error" not in err and not (game / ".pnp-cache").exists()


def test_an_address_that_is_not_http_is_named(game: Path, capsys: pytest.CaptureFixture):
    use_url(game, "file:///etc/passwd")
    code, _, err = pnp("check my-game", capsys)
    assert code == 2
    assert ("components[0].cards_url: expected an http:// or https:// address (in Google "
            "Sheets: File › Share › Publish to web, as CSV)") in err


def test_problems_in_the_sheet_name_the_address_and_its_row(
        game: Path, published: tuple[Sheet, ThreadingHTTPServer, str],
        capsys: pytest.CaptureFixture):
    sheet, _, url = published
    sheet.body = sheet.body.replace(b",heart,3\r\n", b",heart,\xc2\xb2\r\n").replace(
        b",heart,3\n", b",heart,\xc2\xb2\n")
    remote.forget()
    code, _, err = pnp("check my-game", capsys)
    assert code == 2
    assert f"{url} at row 2, column 'qty': expected a whole number of copies, got '²'" in err
    assert sheet.requests == 1  # the check's steps share one fetch


def test_a_sheet_past_the_size_of_a_cards_file_is_not_downloaded_whole(
        game: Path, published: tuple[Sheet, ThreadingHTTPServer, str],
        capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch):
    sheet, _, url = published
    monkeypatch.setattr(remote, "MAX_FILE_BYTES", 2**20)
    sheet.body = b"Name,Text\n" + b"A,text\n" * 2**18  # 1.75 MiB
    remote.forget()
    code, _, err = pnp("check my-game", capsys)
    assert code == 2
    assert ("cards_url: cannot fetch it (larger than a cards file may be (1 MiB)), and there "
            "is no copy of it in .pnp-cache/ yet") in err
