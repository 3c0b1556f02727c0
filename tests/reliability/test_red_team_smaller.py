"""The red team's second pass at a stranger's game folder (issue 34), its smaller findings:
IPv6 forms of private addresses, inputs that ended in an internal error, output and record
folders that are links, ``pnp watch`` hashing through links, embedded pictures, proof
memory, one download deadline a build, catalogs' total size. Each runs as
``test_red_team.py`` does."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from generator.content import remote
from support.hostile import (
    BUILD,
    MARK,
    Stranger,
    edit,
    layout_text,
    refused,
    run_pnp,
    snapshot,
)


# ── 7. smaller findings ────────────────────────────────────────────────────────────────
@pytest.mark.parametrize("host", ["[::127.0.0.1]", "[::ffff:0:7f00:1]", "[64:ff9b::7f00:1]",
                                  "[2002:7f00:1::]", "[64:ff9b::a00:1]"])
def test_ipv6_forms_of_a_private_ipv4_address_are_refused(host: str):
    from generator.content.fetch import FetchFailed, download

    with pytest.raises(FetchFailed, match="on this machine or a private network"):
        download(f"http://{host}:9/x.csv", 1, 2, 1000)


ODS_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
          'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
          'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"')
ODS_MANIFEST = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest='
                '"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
                '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/'
                'vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path='
                '"content.xml" manifest:media-type="text/xml"/></manifest:manifest>')


def _ods_with_a_dtd(s: Stranger) -> tuple[str, ...]:
    """A sheet whose content.xml declares an entity naming a file outside."""
    import zipfile

    cells = "".join(f'<table:table-cell office:value-type="string"><text:p>{text}</text:p>'
                    "</table:table-cell>" for text in ("Name", "Text", "&e;"))
    content = (f'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM '
               f'"file://{s.outside / "secret.txt"}">]>\n<office:document-content {ODS_NS} '
               'office:version="1.2"><office:body><office:spreadsheet><table:table '
               f'table:name="Sheet1"><table:table-row>{cells}</table:table-row></table:table>'
               "</office:spreadsheet></office:body></office:document-content>")
    with zipfile.ZipFile(s.game / "cards.ods", "w") as book:
        book.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        book.writestr("META-INF/manifest.xml", ODS_MANIFEST)
        book.writestr("content.xml", content)
    edit(s.game / "game.yaml", "cards_file: cards.csv", "cards_file: cards.ods")
    return ("cards.ods",)  # "a damaged workbook (EntitiesForbidden…)" on this main


def _huge_yaml_number(s: Stranger) -> tuple[str, ...]:
    edit(s.game / "game.yaml", "palette:", "vars: {n: " + "9" * 5000 + "}\npalette:")
    return ("game.yaml", "is not a whole number")


def _impossible_date(s: Stranger) -> tuple[str, ...]:
    edit(s.game / "game.yaml", "palette:", "vars: {day: 2001-02-30}\npalette:")
    return ("game.yaml", "is not a date")


def _recursive_macro(s: Stranger) -> tuple[str, ...]:
    layout_text(s, "{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}")
    return ("maximum recursion depth",)


@pytest.mark.parametrize("case", [_ods_with_a_dtd, _huge_yaml_number, _impossible_date,
                                  _recursive_macro], ids=lambda case: case.__name__[1:])
def test_an_input_that_failed_inside_pnp_is_one_line(stranger: Stranger, case: object):
    """These ended in 'internal error' and a traceback hint, not a line the designer can
    act on."""
    refused(stranger, *case(stranger))  # type: ignore[operator]


def test_proof_does_not_write_through_an_output_link(stranger: Stranger):
    """``pnp proof --game-dir .`` in the stranger's folder writes ``output/proofs``: build
    refused the link, proof and export wrote through it."""
    (stranger.game / "output").symlink_to(stranger.outside / "folder")
    before = snapshot(stranger)
    run = run_pnp(stranger, "proof", "--game-dir", ".", "--lang", "en", cwd=stranger.game)
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1, run.err[-2000:]
    assert "output" in run.err and "which lies outside" in run.err, run.err
    assert snapshot(stranger) == before and not any((stranger.outside / "folder").iterdir())


@pytest.mark.parametrize("link", [".pnp-builds", ".pnp-builds/lock"])
def test_links_in_the_records_folder_are_refused(stranger: Stranger, link: str):
    """A stranger's output folder whose records folder, or lock, is a link: the lock was
    made at the link's target."""
    target = stranger.outside / "folder" / "made-by-pnp"
    if link == ".pnp-builds/lock":
        (stranger.out / ".pnp-builds").mkdir(parents=True)
    else:
        stranger.out.mkdir()
        target = stranger.outside / "folder"
    (stranger.out / link).symlink_to(target)
    refused(stranger, link, "a link")
    assert not any((stranger.outside / "folder").iterdir())


def test_watch_s_change_detection_reads_no_file_outside_the_folder(stranger: Stranger):
    """``pnp watch`` hashes the game folder to know what changed: a link to a file outside
    was read whole, with no size cap."""
    from generator.designer.card_cache import FileDigests

    (stranger.game / "art" / "leak.txt").symlink_to(stranger.outside / "secret.txt")
    (stranger.outside / "secret.txt").write_text("other " + MARK)
    first = dict(FileDigests().of([stranger.game], stranger.out)[0])
    (stranger.outside / "secret.txt").write_text(MARK)
    second = dict(FileDigests().of([stranger.game], stranger.out)[0])
    assert first["art/leak.txt"] == second["art/leak.txt"]  # by the link's target name


def test_an_svg_embedding_a_picture_of_60_megapixels_is_refused_before_decoding(
        stranger: Stranger):
    """A 1-bit PNG of 7,746 × 7,746 pixels packs into kilobytes; decoded, it took most of
    the memory cap (Pillow only warns below 100 megapixels)."""
    import base64
    import io

    from PIL import Image

    png = io.BytesIO()
    Image.new("1", (7746, 7746)).save(png, "PNG")
    edit(stranger.game / "art" / "sample.svg", "</svg>",
         '<image width="10" height="10" href="data:image/png;base64,'
         + base64.b64encode(png.getvalue()).decode() + '"/></svg>')
    refused(stranger, "sample.svg", "embeds pictures of 60,000,516 pixels")


def test_the_download_deadline_holds_for_the_whole_build(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch):
    """Four decks at a server that sends a byte a second: each download kept its own
    deadline, so a build waited four of them."""
    import socket
    import time

    from generator.content.fetch import PRIVATE_ENV

    listener = socket.create_server(("127.0.0.1", 0))
    stopped = threading.Event()

    def drip() -> None:
        listener.settimeout(0.1)
        while not stopped.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            threading.Thread(target=_drip_to, args=(conn, stopped), daemon=True).start()

    threading.Thread(target=drip, daemon=True).start()
    port = listener.getsockname()[1]
    monkeypatch.setenv(PRIVATE_ENV, "1")
    monkeypatch.setattr(remote, "settings", lambda: {"timeout_s": 5.0, "total_s": 2.0,
                                                     "build_total_s": 3.0,
                                                     "reuse_within_s": 10.0})
    decks = "".join(f"  - {{id: d{n}, cards_url: 'http://127.0.0.1:{port}/{n}.csv'}}\n"
                    for n in range(4))
    (tmp_path / "game.yaml").write_text("id: g\ncomponents:\n" + decks)
    started = time.monotonic()
    try:
        remote.refresh(tmp_path)
    finally:
        stopped.set()
        listener.close()
    assert time.monotonic() - started < 4.5  # not 4 × 2 s


def _drip_to(conn: object, stopped: threading.Event) -> None:
    import socket
    import time

    assert isinstance(conn, socket.socket)
    with conn:
        conn.recv(4096)
        for byte in b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n" + b"x" * 100:
            if stopped.is_set():
                return
            try:
                conn.sendall(bytes([byte]))
            except OSError:
                return
            time.sleep(0.5)


def test_a_proof_of_a_card_1400_mm_wide_is_refused_before_rasterizing(stranger: Stranger):
    """At 300 dpi one side is 16,535 × 16,535 pixels: over a gigabyte while pdfium draws."""
    edit(stranger.game / "game.yaml", "size: poker", "size: [1400, 1400]")
    refused(stranger, "card_pixels in templates/limits.yaml", "--dpi",
            args=("proof", "--game-dir", "my-game", "--lang", "en", "--dpi", "300",
                  "--out", "out"))


def test_catalogs_of_one_language_past_their_total_budget_are_refused(stranger: Stranger):
    """Each catalog within ``file_bytes``, as many ``fr.<topic>.po`` as a folder likes:
    three of 20 MB took 1.6 GB and more than 90 s."""
    header = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
              '"Language: fr\\n"\n\n')
    body = "".join(f'msgid "m{n}"\nmsgstr "t{n}"\n\n' for n in range(120_000))
    (stranger.game / "locales").mkdir()
    for name in ("fr.po", "fr.a.po", "fr.b.po"):
        (stranger.game / "locales" / name).write_text(header + body)
    args = list(BUILD)
    args[args.index("--lang") + 1] = "fr"
    refused(stranger, "catalog_bytes in templates/limits.yaml", args=tuple(args))
