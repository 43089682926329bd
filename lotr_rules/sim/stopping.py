"""Stopping a simulation from outside: Ctrl-C and SIGTERM both mean "stop, and keep what you have".

Ctrl-C raises :class:`KeyboardInterrupt` in the main thread; under :func:`stop_on_signals`,
SIGTERM (what ``kill``, a batch system or a container runtime sends) does the same, so both take
one path: the runner stops its worker processes, the command prints and saves the games played.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType

import attrs


@attrs.define
class StopSignal:
    """Which signal stopped the run (None: none did, or Ctrl-C, which Python reports itself)."""

    signal: int | None = None

    @property
    def exit_code(self) -> int:
        """The shell's code for a process ended by the signal: 128 + its number (130 for Ctrl-C)."""
        return 128 + (self.signal if self.signal is not None else signal.SIGINT)


@contextlib.contextmanager
def stop_on_signals() -> Iterator[StopSignal]:
    """Within the block, SIGTERM raises KeyboardInterrupt (only in the main thread; elsewhere a no-op)."""
    received = StopSignal()
    if threading.current_thread() is not threading.main_thread():
        yield received
        return

    def on_term(signum: int, frame: FrameType | None) -> None:
        received.signal = signum
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, on_term)
    try:
        yield received
    finally:
        signal.signal(signal.SIGTERM, previous)
