"""Which names the table answers to: the defence against DNS rebinding.

A web page elsewhere can point a name of its own (``evil.example``) at this computer's address
once the browser has loaded it, and then talk to the table as if it were that site: start games,
play moves, read saves. The browser sends the name it used in the ``Host`` header, so the table
answers only to names it knows stand for this computer: the loopback names, the address it
listens on, the computer's own names when it listens on every address, and the names given with
``--allow-host``. An address written as numbers (``192.168.1.5``, ``[::1]``) cannot be rebound,
so the address a request arrived at is always accepted too.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable

from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Receive, Scope, Send

#: the names of this computer that every computer has
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
#: the addresses that mean "every address of this computer" to ``--host``
EVERY_ADDRESS = ("0.0.0.0", "::", "")
#: a Host header longer than this is refused without being looked at further
MAX_HOST = 300


def host_name(header: str) -> str | None:
    """The name in a ``Host`` header, without its port, in lower case (an IPv6 address without
    its brackets); None when the header is not a host name at all."""
    header = header.strip().lower()
    if not header or len(header) > MAX_HOST:
        return None
    if header.startswith("["):
        end = header.find("]")
        rest = header[end + 1 :]
        if end < 0 or (rest and not _is_port(rest)):
            return None
        name = header[1:end]
        try:
            return str(ipaddress.IPv6Address(name))
        except ValueError:
            return None
    name, colon, port = header.partition(":")
    if colon and not _is_port(colon + port):
        return None
    name = name.rstrip(".")  # "localhost." is "localhost"
    if not name or any(not (c.isascii() and (c.isalnum() or c in "-._")) for c in name):
        return None
    return name


def _is_port(text: str) -> bool:
    return len(text) > 1 and text[0] == ":" and text[1:].isdigit() and len(text) <= 6


def canonical(name: str) -> str:
    """A name as :func:`host_name` gives it (an address in its shortest form)."""
    name = name.strip().lower().rstrip(".")
    if name.startswith("[") and name.endswith("]"):
        name = name[1:-1]
    try:
        return str(ipaddress.ip_address(name))
    except ValueError:
        return name


def name_to_allow(text: str) -> str | None:
    """``text`` (a name or an address, without a port) as the table compares it; None when it
    is neither."""
    name = canonical(text)
    if _is_address(name):
        return name
    return host_name(name) if ":" not in name else None


def listens_everywhere(host: str) -> bool:
    return host in EVERY_ADDRESS


def machine_names() -> set[str]:
    """This computer's own names and the addresses they stand for (as far as it knows them)."""
    names: set[str] = set()
    for name in {socket.gethostname(), socket.getfqdn()}:
        if not name:
            continue
        names.add(canonical(name))
        try:
            found = socket.getaddrinfo(name, None, proto=socket.IPPROTO_TCP)
        except (OSError, UnicodeError):
            continue
        names.update(canonical(str(info[4][0])) for info in found)
    return names


def allowed_names(host: str, extra: Iterable[str] = ()) -> frozenset[str]:
    """The names the table listening on ``host`` answers to: the loopback names, ``host`` itself,
    this computer's names when ``host`` means every address, and ``extra``."""
    names = {canonical(name) for name in (*LOOPBACK_NAMES, *extra)}
    if listens_everywhere(host):
        names |= machine_names()
    if host:
        names.add(canonical(host))  # the address the table prints, "0.0.0.0" included
    return frozenset(names)


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class AllowedHosts:
    """Refuse a request addressed to a name the table does not know as this computer's."""

    def __init__(self, app: ASGIApp, names: Iterable[str]) -> None:
        self.app = app
        self.names = frozenset(canonical(name) for name in names)

    def allows(self, scope: Scope) -> bool:
        name = host_name(Headers(scope=scope).get("host", ""))
        if name is None:
            return False
        if name in self.names:
            return True
        # The address the request arrived at, written as numbers: no other site can own it.
        server = scope.get("server")
        return server is not None and _is_address(name) and name == canonical(str(server[0]))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or self.allows(scope):
            await self.app(scope, receive, send)
            return
        given = Headers(scope=scope).get("host", "")
        shown = given[:80].encode("ascii", "backslashreplace").decode("ascii") or "(no name)"
        name = host_name(given)
        how = (
            f"If {name} is a name of this computer, start the table with: lotr-rules serve --allow-host {name}"
            if name
            else "Open the table at the address lotr-rules serve printed."
        )
        message = (
            f"Refused: this table does not answer to the name {shown}, which it does not know as "
            f"this computer's (a page of another site may have pointed that name here).\n{how}\n"
        )
        await PlainTextResponse(message, status_code=400)(scope, receive, send)
