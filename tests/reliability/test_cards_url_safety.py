"""``cards_url`` from a stranger's game folder: an address on this machine or a private
network is refused unless the user passes ``--allow-private-urls``; every redirect is judged
again; a server that sends one byte every second fails at the total deadline, not never. The
servers here listen on 127.0.0.1 only — exactly what must be refused by default."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator.content import fetch, remote
from generator.content.fetch import PRIVATE_ENV, FetchFailed, download
from support.cli import new_game, pnp


def answering(respond: bytes, drip_s: float = 0.0) -> Iterator[str]:
    """A server on 127.0.0.1 that answers every connection with ``respond``, a byte each
    ``drip_s`` seconds when that is set; its address."""
    listener = socket.create_server(("127.0.0.1", 0))
    stopped = threading.Event()

    def serve() -> None:
        listener.settimeout(0.2)
        while not stopped.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            conn.recv(4096)
            try:
                if drip_s:
                    for byte in respond:
                        if stopped.is_set():
                            break
                        conn.sendall(bytes([byte]))
                        time.sleep(drip_s)
                else:
                    conn.sendall(respond)
            except OSError:
                pass
            conn.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    stopped.set()
    thread.join()
    listener.close()


CSV = (b"HTTP/1.1 200 OK\r\nContent-Type: text/csv\r\nContent-Length: 24\r\n\r\n"
       b"name,text\nA,from the LAN")


@pytest.fixture
def lan_sheet() -> Iterator[str]:
    yield from answering(CSV)


@pytest.fixture(autouse=True)
def private_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """No --allow-private-urls, and what a test's command line sets undone after it."""
    monkeypatch.setenv(PRIVATE_ENV, "")


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> Path:
    return new_game(tmp_path, monkeypatch, capsys)


def use_url(game: Path, url: str) -> None:
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text().replace("cards_file: cards.csv", f"cards_url: {url}"))


def test_a_loopback_address_is_refused_without_the_flag_and_read_with_it(
        game: Path, lan_sheet: str, capsys: pytest.CaptureFixture):
    use_url(game, f"{lan_sheet}/pub.csv")
    remote.forget()
    code, _, err = pnp("check --game-dir my-game", capsys)
    assert code == 2
    assert ("cards_url: cannot fetch it (127.0.0.1 is the address 127.0.0.1, on this machine "
            "or a private network, which a game folder may not reach; pass "
            "--allow-private-urls if you trust this game folder)") in err
    assert not (game / ".pnp-cache").exists()  # nothing from the address was kept
    remote.forget()
    code, _, err = pnp("check --game-dir my-game --allow-private-urls", capsys)
    assert "cannot fetch" not in err
    [copy] = (game / ".pnp-cache").iterdir()
    assert copy.read_bytes().endswith(b"A,from the LAN")


@pytest.mark.parametrize("host", ["localhost", "10.0.0.1", "192.168.1.1", "169.254.169.254",
                                  "[::1]", "[::ffff:127.0.0.1]", "0.0.0.0"])
def test_private_and_link_local_addresses_are_refused_before_connecting(host: str):
    with pytest.raises(FetchFailed, match="on this machine or a private network"):
        download(f"http://{host}:9/x.csv", 1, 2, 1000)


def test_every_redirect_is_judged_again(monkeypatch: pytest.MonkeyPatch):
    """A first address taken as public (as a public server would be) redirects to another
    loopback address: the redirect is refused, its target never reached."""
    monkeypatch.setattr(fetch, "_public", lambda address: address == "127.0.0.1")
    redirect = (b"HTTP/1.1 302 Found\r\nLocation: http://127.0.0.2:8/secret\r\n"
                b"Content-Length: 0\r\n\r\n")
    for url in answering(redirect):
        with pytest.raises(FetchFailed, match="127.0.0.2 is the address 127.0.0.2"):
            download(f"{url}/sheet.csv", 2, 5, 1000)


def test_a_server_sending_a_byte_a_second_fails_at_the_total_deadline(
        monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(PRIVATE_ENV, "1")
    for url in answering(CSV + b"\n" * 100, drip_s=0.5):
        started = time.monotonic()
        with pytest.raises(FetchFailed, match="the download took more than 2 s"):
            download(f"{url}/sheet.csv", 5, 2, 10_000)  # each byte well within the 5 s
        assert time.monotonic() - started < 3.5


def test_a_server_dripping_its_headers_fails_at_the_total_deadline(
        monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(PRIVATE_ENV, "1")
    for url in answering(b"HTTP/1.1 200 OK\r\n" + b"X-Slow: y\r\n" * 50, drip_s=0.2):
        started = time.monotonic()
        with pytest.raises(FetchFailed, match="the download took more than 2 s"):
            download(f"{url}/sheet.csv", 5, 2, 10_000)
        assert time.monotonic() - started < 3.5


@pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://example.org/x.csv",
                                 "gopher://127.0.0.1/", "http:///nohost"])
def test_only_http_and_https_are_fetched(url: str):
    with pytest.raises(FetchFailed, match="is not an http:// or https:// address"):
        download(url, 1, 2, 1000)
