"""Helpers for the browser tests: a web table on a free port of 127.0.0.1, and a headless
Chromium (the system's, from its packages: Playwright cannot download browsers here)."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


def chromium_path() -> str | None:
    """The system's Chromium: $LOTR_RULES_CHROMIUM, or chromium / chromium-browser on the PATH."""
    given = os.environ.get("LOTR_RULES_CHROMIUM")
    if given:
        return given if Path(given).is_file() else None
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def need_browser() -> str:
    """Skip (saying why) unless the web extra, Playwright and a Chromium are all here."""
    for module in ("starlette", "uvicorn", "jinja2", "multipart"):
        pytest.importorskip(module, reason=f"the web extra is not installed ({module} is missing)")
    pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")
    path = chromium_path()
    if path is None:
        pytest.skip("no Chromium on this machine (apt-get install chromium, or set LOTR_RULES_CHROMIUM)")
    return path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class RunningTable:
    """``lotr-rules serve`` in a thread of this process, on 127.0.0.1."""

    def __init__(self, saves: Path, card_dirs: tuple[Path, ...] = (), bot_delay: float = 0.0) -> None:
        import uvicorn

        from lotr_rules.web.app import create_app

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.app = create_app(card_dirs, saves, bot_delay)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> RunningTable:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the web table did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def browser_page(chromium: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        context = browser.new_context(viewport={"width": 1500, "height": 1000}, accept_downloads=True)
        page = context.new_page()
        page.set_default_timeout(15_000)
        try:
            yield page
        finally:
            context.close()
            browser.close()
