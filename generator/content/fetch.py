"""The one place pnp reaches the network: the bytes at an http(s) address, within short
time-outs and a size limit; every way it can fail is a :class:`FetchFailed` whose reason a
user can read ("the server answered 503", "no answer within 5 s")."""

from __future__ import annotations

import http.client
import time
import urllib.error
import urllib.request

from .. import __version__

CHUNK = 64 * 1024


class FetchFailed(Exception):
    """The address could not be fetched; the message says why, in a user's words."""


def download(url: str, timeout_s: float, total_s: float, max_bytes: int) -> bytes:
    """The body at ``url`` (redirects followed). A web page is a failure too: it is what an
    address that is not the published CSV gives, and what a Wi-Fi login page serves."""
    request = urllib.request.Request(url, headers={"User-Agent": f"pnp/{__version__}"})
    deadline = time.monotonic() + total_s
    try:
        with urllib.request.urlopen(request, timeout=timeout_s) as response:
            if response.headers.get_content_type() == "text/html":
                raise FetchFailed("it gives a web page, not CSV text")
            body = bytearray()
            while chunk := response.read(CHUNK):
                body += chunk
                if len(body) > max_bytes:
                    raise FetchFailed(f"larger than a cards file may be "
                                      f"({max_bytes // 2**20} MiB)")
                if time.monotonic() > deadline:
                    raise FetchFailed(f"the download took more than {total_s:g} s")
    except urllib.error.HTTPError as exc:
        raise FetchFailed(f"the server answered {exc.code} {exc.reason}") from None
    except urllib.error.URLError as exc:
        raise FetchFailed(f"cannot reach it: {exc.reason}") from None
    except TimeoutError:
        raise FetchFailed(f"no answer within {timeout_s:g} s") from None
    except (OSError, http.client.HTTPException, ValueError) as exc:
        raise FetchFailed(f"{type(exc).__name__}: {exc}") from None
    return bytes(body)
