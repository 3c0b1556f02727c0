"""The live preview's web server, on 127.0.0.1 only: the page (``templates/watch/``), its
``/status.json``, the card PNGs by key and the PDF with its pages rendered on request.

Everything is read from :class:`.watch.Preview`, which a rebuild replaces whole, so each
request sees one build. URLs of images carry their content's key: a changed card gets a new
address, an unchanged one is cached by the browser.
"""

from __future__ import annotations

import io
import json
import re
import threading
from functools import lru_cache
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from ..errors import UsageError
from ..resources import templates_dir
from .watch import PDFIUM, Preview

LOCAL_NAMES = ("localhost", "127.0.0.1", "[::1]")  # the Host a browser on this machine sends
PAGE_DPI = 100  # a PDF page as the preview shows it: legible, and quick to draw
CARD = re.compile(r"/card/([0-9a-f]{64}-(?:front|back))\.png")
PDF_PAGE = re.compile(r"/pdf/([0-9a-f]{16})/page-(\d+)\.png")
PDF_FILE = re.compile(r"/pdf/([0-9a-f]{16})/[^/]+\.pdf")


@lru_cache(maxsize=1)
def _page_template():
    env = Environment(loader=FileSystemLoader(str(templates_dir() / "watch")),
                      undefined=StrictUndefined, autoescape=select_autoescape(("html.j2",)),
                      trim_blocks=True, lstrip_blocks=True)
    return env.get_template("page.html.j2")


def page_html(preview: Preview) -> str:
    proofs = preview.proofs
    return _page_template().render(status=preview.status, proofs=proofs,
                                   title=proofs.title or preview.folder.name,
                                   folder=preview.folder)


@lru_cache(maxsize=64)
def _pdf_page(pdf: bytes, number: int) -> bytes:
    """One page of a PDF as PNG (keyed by the PDF's bytes: a new build, new pages)."""
    import pypdfium2 as pdfium

    with PDFIUM:
        document = pdfium.PdfDocument(pdf)
        try:
            image = document[number - 1].render(scale=PAGE_DPI / 72).to_pil()
        finally:
            document.close()
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=1)
    return buffer.getvalue()


class _Handler(BaseHTTPRequestHandler):
    preview: Preview  # set on the subclass each server makes

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        if not self._local_host():
            self.send_error(HTTPStatus.MISDIRECTED_REQUEST, "pnp watch answers localhost only")
            return
        path = self.path.split("?", 1)[0]
        proofs = self.preview.proofs
        if path == "/":
            self._send(page_html(self.preview).encode(), "text/html; charset=utf-8")
        elif path == "/status.json":
            self._send(json.dumps(self.preview.status.to_json()).encode(), "application/json")
        elif (card := CARD.fullmatch(path)) and card[1] in proofs.images:
            self._send(proofs.images[card[1]], "image/png", cache=True)
        elif (page := PDF_PAGE.fullmatch(path)) and page[1] == proofs.pdf_key \
                and 1 <= int(page[2]) <= proofs.pages:
            self._send(_pdf_page(proofs.pdf, int(page[2])), "image/png", cache=True)
        elif (pdf := PDF_FILE.fullmatch(path)) and pdf[1] == proofs.pdf_key:
            self._send(proofs.pdf, "application/pdf", cache=True)
        else:
            self.send_error(HTTPStatus.NOT_FOUND, "not in the latest build")

    def _local_host(self) -> bool:
        """Whether the request names this server as the browser reached it: localhost,
        127.0.0.1 or [::1] with its port. Any other ``Host`` is a page elsewhere that made
        its own name point here (DNS rebinding) to read the preview."""
        port = self.server.server_port  # type: ignore[attr-defined]  # an HTTPServer's
        return self.headers.get("Host", "").lower() in {
            f"{name}:{port}" for name in LOCAL_NAMES}

    def _send(self, body: bytes, kind: str, cache: bool = False) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=3600, immutable" if cache else "no-store")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        """Quiet: the terminal shows builds, not requests."""


class PreviewServer:
    """Serves one preview on 127.0.0.1 in a thread; port 0 takes a free one."""

    def __init__(self, preview: Preview, port: int = 0):
        handler = type("Handler", (_Handler,), {"preview": preview})
        try:
            self._server = ThreadingHTTPServer(("127.0.0.1", port), handler)
        except OSError as exc:
            raise UsageError(f"cannot serve on port {port} ({exc.strerror}); choose another "
                             "--port, or leave it out for a free one") from None
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.1,),
                                        daemon=True, name="pnp-watch-server")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/"

    def start(self) -> PreviewServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()
