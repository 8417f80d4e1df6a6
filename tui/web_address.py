"""What addresses the web door answers as: the origins a websocket is taken
from, the ``Host`` names a request may give, and whether ``--public-url`` is
an address browsers can open.  All of it comes from the door's own
configuration, never from a request (:mod:`tui.web` asks)."""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

# The names a browser on this machine reaches a loopback listener by.
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
SCHEME_PORTS = {"http": 80, "https": 443}
ALSO_IPV6 = "::1"  # listened on too, beside 127.0.0.1, when this machine has it


def origin_of(url: str) -> tuple[str, str, int] | None:
    """A web origin as (scheme, host name, port), the port filled in from
    the scheme; None for anything that is not an http(s) URL."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in SCHEME_PORTS or not parts.hostname:
        return None
    return parts.scheme, parts.hostname, port or SCHEME_PORTS[parts.scheme]


def public_url_problem(url: str) -> str | None:
    """Why ``--public-url`` cannot be the address browsers open (None: it
    can): an http or https URL with a host name, a path at most (the page's
    websocket is that path's ``/ws``), no query, fragment or user."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - a port past 65535 or not a number raises here
    except ValueError as error:
        return str(error)
    if parts.scheme not in SCHEME_PORTS:
        return "it needs to start with http:// or https://"
    if not parts.hostname:
        return "it names no host"
    if parts.query or parts.fragment or "?" in url or "#" in url:
        return "it can hold no query (?) or fragment (#)"
    if parts.username is not None:
        return "it can hold no user name"
    return None


def listens_on_loopback(host: str) -> bool:
    """Whether a browser on this machine reaches the listener by a loopback
    name (so too one on every address, 0.0.0.0 or ::)."""
    if host in ("localhost", "", "0.0.0.0", "::"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def allowed_origins(public_url: str, host: str, port: int) -> set[tuple[str, str, int]]:
    """The pages a websocket is taken from: the public URL's, and when it
    listens on a loopback address, this port's on the loopback names.  From
    the server's configuration, never from the request: a request's ``Host``
    is whatever name led the browser here, an attacker's own included."""
    allowed = {origin for origin in [origin_of(public_url)] if origin is not None}
    if listens_on_loopback(host):
        allowed |= {("http", name, port) for name in LOOPBACK_NAMES}
    return allowed


def origin_allowed(origin: str | None, allowed: set[tuple[str, str, int]]) -> bool:
    """Whether a websocket's ``Origin`` is a page of this server (no Origin:
    not a browser, refused)."""
    return origin is not None and origin_of(origin) in allowed


def host_allowed(host: str | None, allowed: set[tuple[str, str, int]]) -> bool:
    """Whether a request's ``Host`` is the name of an allowed origin, with its
    port or none (a proxy's ``$host`` has none)."""
    if not host or "@" in host:
        return False
    try:
        parts = urlsplit("//" + host)
        port = parts.port
    except ValueError:
        return False
    if parts.netloc != host:  # a path, a query: not a host
        return False
    return any(parts.hostname == name and port in (None, allowed_port) for _, name, allowed_port in allowed)


def ipv6_loopback(port: int = 0) -> bool:
    """Whether this machine has the IPv6 loopback address ::1 to listen on,
    at ``port`` (0: any): a port free on 127.0.0.1 but held on ::1 by
    something else leaves the door on 127.0.0.1 alone, not failing."""
    import socket

    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((ALSO_IPV6, port))
    except OSError:
        return False
    return True


def page_path(public_url: str) -> str:
    """The path the page is served at behind its public URL, with no
    trailing slash ("" at the root): its websocket and files are named
    under it, by path alone."""
    return urlsplit(public_url).path.rstrip("/")
