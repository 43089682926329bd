"""The web table against an attacker: names pointed at it, IPv6, hidden text direction controls,
a workshop pressed a thousand times, hand-edited saves, a favicon (docs/sharing-safely.md, "The
browser table", lists each guarantee with the test here that holds it)."""

from __future__ import annotations

import http.client
import ipaddress
import re
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")
pytest.importorskip("multipart", reason="the web extra is not installed")
pytest.importorskip("uvicorn", reason="the web extra is not installed")

from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient

from lotr_rules.web.app import create_app
from lotr_rules.web.hosts import allowed_names, host_name

ADDRESS = re.compile(r"The table is at (http://(\S+):(\d+)/) \(Ctrl-C stops it\)")


@contextmanager
def serving(tmp_path: Path, *options: str) -> Iterator[tuple[str, int]]:
    """``lotr-rules serve`` on a free port with ``options``: the host and port it printed."""
    process = subprocess.Popen(
        [sys.executable, "-m", "lotr_rules", "serve", "--port", "0", "--saves", str(tmp_path / "saves"), *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = ADDRESS.match(line)
        if found is None:
            process.terminate()
            assert process.stderr is not None
            raise AssertionError(line + process.stderr.read())
        yield found.group(2), int(found.group(3))
    finally:
        process.terminate()
        process.wait(timeout=20)


def get(host: str, port: int, host_header: str, path: str = "/") -> tuple[int, str]:
    """GET ``path`` from the server at ``host`` (as printed: an IPv6 address in brackets), saying
    ``host_header`` is the name it was reached by."""
    connection = http.client.HTTPConnection(host.strip("[]"), port, timeout=20)
    try:
        connection.putrequest("GET", path, skip_host=True)
        connection.putheader("Host", host_header)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        connection.close()


# ---------------------------------------------------------------------- DNS rebinding
def test_a_table_listening_everywhere_still_answers_only_to_its_own_names(tmp_path: Path) -> None:
    """A page elsewhere that points its own name at this computer (DNS rebinding) is refused even
    with --host 0.0.0.0; the loopback names, the address, and --allow-host names are answered."""
    with serving(tmp_path, "--host", "0.0.0.0", "--allow-host", "table.example") as (_host, port):
        status, text = get("127.0.0.1", port, f"rebound.example:{port}")
        assert status == 400
        assert "does not answer to the name rebound.example" in text
        assert "lotr-rules serve --allow-host rebound.example" in text
        for name in (f"127.0.0.1:{port}", f"localhost:{port}", f"table.example:{port}", f"0.0.0.0:{port}"):
            status, text = get("127.0.0.1", port, name)
            assert status == 200 and "New game" in text, name


def test_the_address_a_request_arrived_at_is_answered_and_other_names_are_not(tmp_path: Path) -> None:
    app = create_app((), tmp_path, bot_delay=0.0, allowed_hosts=allowed_names("0.0.0.0"))
    # TestClient's connection arrives at "testserver"; a name, not an address, so not trusted by itself
    assert TestClient(app, base_url="http://rebound.example").get("/").status_code == 400
    assert TestClient(app, base_url="http://[::1]:8765").get("/").status_code == 200
    assert TestClient(app, base_url="http://LOCALHOST.:8765").get("/").status_code == 200


def test_allow_host_refuses_what_is_not_a_name(capsys: pytest.CaptureFixture[str]) -> None:
    from lotr_rules.cli import main

    assert main(["serve", "--allow-host", "evil.example:80/x"]) == 2
    assert "--allow-host 'evil.example:80/x' is not a host name" in capsys.readouterr().err


@given(st.text(max_size=60))
def test_any_host_header_is_a_plain_name_or_refused_never_an_error(header: str) -> None:
    name = host_name(header)
    if name is None:
        return
    assert name and name == name.lower() and not any(c.isspace() or c in "[]/@" for c in name)
    if ":" in name:  # only an IPv6 address has colons left once the port is gone
        ipaddress.IPv6Address(name)


# ---------------------------------------------------------------------- IPv6
def _ipv6_loopback() -> bool:
    if not socket.has_ipv6:
        return False
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as sock:
            sock.bind(("::1", 0))
    except OSError:
        return False
    return True


@pytest.mark.skipif(not _ipv6_loopback(), reason="this machine has no IPv6 loopback (::1) to listen on")
def test_serve_on_ipv6_loopback_answers_at_the_address_it_prints(tmp_path: Path) -> None:
    with serving(tmp_path, "--host", "::1") as (host, port):
        assert host == "[::1]"
        status, text = get(host, port, f"[::1]:{port}")
        assert status == 200 and "New game" in text
        assert get(host, port, f"rebound.example:{port}")[0] == 400


# ---------------------------------------------------------------------- the favicon
def test_the_table_has_a_favicon(tmp_path: Path) -> None:
    client = TestClient(create_app((), tmp_path, bot_delay=0.0), base_url="http://127.0.0.1")
    response = client.get("/favicon.ico")
    assert response.status_code == 200 and response.headers["content-type"].startswith("image/svg+xml")
    assert response.text.startswith("<svg") and len(response.content) < 2048
    assert 'rel="icon" href="/static/favicon.svg"' in client.get("/").text
    assert client.get("/static/favicon.svg").content == response.content
