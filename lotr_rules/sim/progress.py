"""A one-line progress bar on stderr: games done, games per second, time left.

No third-party package: the line is redrawn in place with a carriage return, at most
``1 / min_interval`` times a second, and only when the stream is a terminal, so piped or
redirected output (``--format json > out.json``) never sees it.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections.abc import Callable
from typing import TextIO

from lotr_rules.terminal import raw

BAR_WIDTH = 30


def format_duration(seconds: float) -> str:
    seconds = max(0, round(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def render_bar(done: int, total: int, elapsed: float, width: int = BAR_WIDTH) -> str:
    """The bar's text for ``done`` of ``total`` games after ``elapsed`` seconds."""
    fraction = done / total if total else 1.0
    filled = int(fraction * width)
    bar = "#" * filled + "-" * (width - filled)
    rate = done / elapsed if elapsed > 0 else 0.0
    if done >= total:
        eta = "done"
    elif rate > 0:
        eta = f"ETA {format_duration((total - done) / rate)}"
    else:
        eta = "ETA ?"
    return f"[{bar}] {done}/{total} games {fraction:4.0%}  {rate:.1f} games/s  {eta}"


class ProgressBar:
    """Call :meth:`update` with the games done so far (0 when they start); :meth:`close` wipes the line."""

    def __init__(
        self,
        total: int,
        stream: TextIO | None = None,
        *,
        enabled: bool | None = None,
        min_interval: float = 0.1,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.total = total
        # The bar's carriage returns are sent on purpose, past the escaping of control characters.
        self.stream = stream if stream is not None else raw(sys.stderr)
        if enabled is None:
            isatty = getattr(self.stream, "isatty", None)
            enabled = bool(isatty and isatty())
        self.enabled = enabled
        self.min_interval = min_interval
        self.clock = clock
        #: when the first update came (games per second count from there, not from construction)
        self.start: float | None = None
        self._last_draw: float | None = None
        self._width = 0

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        now = self.clock()
        if self.start is None:
            self.start = now
        if done < self.total and self._last_draw is not None and now - self._last_draw < self.min_interval:
            return
        self._last_draw = now
        line = render_bar(done, self.total, now - self.start)
        line = line[: max(10, self._columns() - 1)]
        # Pad over whatever a longer previous line left behind.
        padding = " " * max(0, self._width - len(line))
        self._width = len(line)
        self.stream.write("\r" + line + padding)
        self.stream.flush()

    def _columns(self) -> int:
        try:
            columns = os.get_terminal_size(self.stream.fileno()).columns
        except (AttributeError, OSError, ValueError):
            columns = shutil.get_terminal_size((80, 24)).columns
        return columns if columns > 0 else 80  # a pseudo-terminal may report no size at all

    def close(self) -> None:
        if self.enabled and self._width:
            self.stream.write("\r" + " " * self._width + "\r")
            self.stream.flush()
            self._width = 0

    def __enter__(self) -> ProgressBar:
        self.update(0)
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
