"""The one place pnp reaches the network: the bytes at an http(s) address, within short
time-outs, one deadline for the whole download and a size limit; every way it can fail is a
:class:`FetchFailed` whose reason a user can read ("the server answered 503", "no answer
within 5 s").

A game folder from a stranger names the address, so the address is judged as hostile: only
http and https; its host resolved once, every address it resolves to judged, and the
connection made to the address judged (never resolved again, so a name that answers a public
address first and 127.0.0.1 next cannot slip through); loopback, private, link-local and
other non-public addresses refused unless the user passes ``--allow-private-urls``; every
redirect judged again the same way; and the deadline enforced across every read, by a timer
that closes the connection, so a server sending a byte every few seconds fails in time."""

from __future__ import annotations

import http.client
import ipaddress
import os
import socket
import ssl
import threading
import time
import urllib.parse

from .. import __version__
from ..errors import excerpt

CHUNK = 64 * 1024
MAX_REDIRECTS = 5
REDIRECTS = (301, 302, 303, 307, 308)
PRIVATE_ENV = "PNP_ALLOW_PRIVATE_URLS"  # set by --allow-private-urls, seen by worker processes
PRIVATE_FLAG = "--allow-private-urls"


class FetchFailed(Exception):
    """The address could not be fetched; the message says why, in a user's words."""


def private_allowed() -> bool:
    """Whether the user allowed addresses on this machine or its network
    (``--allow-private-urls``)."""
    return os.environ.get(PRIVATE_ENV) == "1"


def allow_private() -> None:
    """Allow private addresses for this process and the workers it starts."""
    os.environ[PRIVATE_ENV] = "1"


def download(url: str, timeout_s: float, total_s: float, max_bytes: int) -> bytes:
    """The body at ``url`` (redirects followed, each judged again). A web page is a failure
    too: it is what an address that is not the published CSV gives, and what a Wi-Fi login
    page serves."""
    deadline = time.monotonic() + total_s
    for _ in range(MAX_REDIRECTS + 1):
        response, connection = _request(url, timeout_s, deadline, total_s)
        try:
            if response.status in REDIRECTS:
                location = response.getheader("Location")
                if not location:
                    raise FetchFailed(f"the server answered {response.status} with no address")
                url = urllib.parse.urljoin(url, location)
                continue
            if response.status >= 400:
                raise FetchFailed(f"the server answered {response.status} {response.reason}")
            if response.headers.get_content_type() == "text/html":
                raise FetchFailed("it gives a web page, not CSV text")
            return _body(response, deadline, total_s, max_bytes)
        except (OSError, http.client.HTTPException) as exc:
            raise _failure(exc, timeout_s, total_s, deadline) from None
        finally:
            connection.close()
    raise FetchFailed(f"more than {MAX_REDIRECTS} redirects")


def _request(url: str, timeout_s: float, deadline: float,
             total_s: float) -> tuple[http.client.HTTPResponse, http.client.HTTPConnection]:
    """Send the GET for ``url`` to an address judged safe; the response's headers read."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise FetchFailed(f"{excerpt(url, 80)} is not an http:// or https:// address")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise FetchFailed(f"{excerpt(url, 80)} has no valid port") from None
    address = _checked_address(parts.hostname, port)
    connection = _connection(parts.scheme, parts.hostname, port, address,
                             min(timeout_s, max(0.01, deadline - time.monotonic())))
    watchdog = threading.Timer(max(0.0, deadline - time.monotonic()), _cut, (connection,))
    watchdog.daemon = True
    watchdog.start()
    connection.watchdog = watchdog  # type: ignore[attr-defined]  # cancelled on close
    path = parts.path or "/"
    try:
        connection.request("GET", path + (f"?{parts.query}" if parts.query else ""),
                           headers={"User-Agent": f"pnp/{__version__}"})
        return connection.getresponse(), connection
    except (OSError, http.client.HTTPException) as exc:
        connection.close()
        raise _failure(exc, timeout_s, total_s, deadline) from None


def _checked_address(host: str, port: int) -> str:
    """The first address ``host`` resolves to, when every one it resolves to may be reached:
    a public one, or any with ``--allow-private-urls``."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        raise FetchFailed(f"cannot reach it: {exc}") from None
    addresses = [str(info[4][0]) for info in found]
    if not private_allowed():
        for address in addresses:
            if not _public(address):
                raise FetchFailed(f"{host} is the address {address}, on this machine or a "
                                  "private network, which a game folder may not reach; pass "
                                  f"{PRIVATE_FLAG} if you trust this game folder")
    return addresses[0]


# IPv6 ranges that carry an IPv4 address in their last 32 bits, which a router or this
# machine may hand to IPv4 (``::127.0.0.1``, ``::ffff:0:7f00:1``, ``64:ff9b::7f00:1``)
EMBEDDING_V4 = tuple(ipaddress.IPv6Network(n) for n in (
    "::/96", "::ffff:0:0/96", "::ffff:0:0:0/96", "64:ff9b::/96", "64:ff9b:1::/48"))


def _public(address: str) -> bool:
    """Whether an address is on the public internet, judging an IPv4 address an IPv6 one
    carries (mapped, compatible, translated, 6to4, Teredo) as that IPv4 address."""
    ip = ipaddress.ip_address(address.split("%")[0])
    if isinstance(ip, ipaddress.IPv6Address):
        carried = [ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)] \
            if any(ip in net for net in EMBEDDING_V4) else []
        carried += [v4 for v4 in (ip.ipv4_mapped, ip.sixtofour, *(ip.teredo or ())) if v4]
        if any(not _public(str(v4)) for v4 in carried):
            return False
    return ip.is_global and not ip.is_multicast


class _Pinned(http.client.HTTPConnection):
    """A connection to one address already judged, whatever the host name says now."""

    def __init__(self, host: str, port: int, address: str, timeout: float,
                 tls: ssl.SSLContext | None):
        super().__init__(host, port, timeout=timeout)
        self.address, self.tls = address, tls

    def connect(self) -> None:
        sock = socket.create_connection((self.address, self.port), self.timeout)
        self.sock = (self.tls.wrap_socket(sock, server_hostname=self.host)
                     if self.tls is not None else sock)

    def close(self) -> None:
        watchdog = getattr(self, "watchdog", None)
        if watchdog is not None:
            watchdog.cancel()
        super().close()


def _connection(scheme: str, host: str, port: int, address: str,
                timeout: float) -> http.client.HTTPConnection:
    tls = ssl.create_default_context() if scheme == "https" else None
    return _Pinned(host, port, address, timeout, tls)


def _cut(connection: http.client.HTTPConnection) -> None:
    """At the deadline: end the connection, so the read waiting on it stops now."""
    sock = connection.sock
    if sock is not None:
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


def _body(response: http.client.HTTPResponse, deadline: float, total_s: float,
          max_bytes: int) -> bytes:
    body = bytearray()
    while chunk := response.read1(CHUNK):
        body += chunk
        if len(body) > max_bytes:
            raise FetchFailed(f"larger than a cards file may be ({max_bytes // 2**20} MiB)")
        if time.monotonic() > deadline:
            raise FetchFailed(f"the download took more than {total_s:g} s")
    if time.monotonic() > deadline:
        raise FetchFailed(f"the download took more than {total_s:g} s")
    if response.length:  # the server said how long, then ended early
        raise FetchFailed(f"the answer ended {response.length:,} bytes short")
    return bytes(body)


def _failure(exc: Exception, timeout_s: float, total_s: float, deadline: float) -> FetchFailed:
    if isinstance(exc, FetchFailed):
        return exc
    if time.monotonic() >= deadline:
        return FetchFailed(f"the download took more than {total_s:g} s")
    if isinstance(exc, TimeoutError):
        return FetchFailed(f"no answer within {timeout_s:g} s")
    if isinstance(exc, ssl.SSLError):
        return FetchFailed(f"its secure connection failed: {exc.reason or exc}")
    if isinstance(exc, OSError):
        return FetchFailed(f"cannot reach it: {exc}")
    return FetchFailed(f"{type(exc).__name__}: {exc}")
