"""A cap on the test process's memory while a block runs (Linux; elsewhere no cap)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def memory_capped(extra: int = 1 << 30) -> Iterator[None]:
    """At most ``extra`` more bytes of address space while the block runs: a save that makes
    the server build something huge fails the test with a MemoryError, not the whole machine."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    try:
        used = int(Path("/proc/self/statm").read_text(encoding="ascii").split()[0]) * resource.getpagesize()
    except OSError:
        yield
        return
    cap = used + extra if hard == resource.RLIM_INFINITY else min(hard, used + extra)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
