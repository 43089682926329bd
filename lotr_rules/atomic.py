"""Every file lotr-rules writes goes through here: whole or not at all, and never through a link.

A file is written to a fresh temporary file in the target's own folder, created exclusively
(``O_CREAT | O_EXCL``) and without following a link (``O_NOFOLLOW``), under a random name; only
when it is complete and flushed to disk is it renamed over the target. So:

- a name planted in the folder (a set that ships ``elf.card.tmp`` as a link to a file of yours) is
  never opened: the temporary name is not predictable, and an existing name of any kind makes the
  creation fail and another name be drawn;
- the rename replaces the target's directory entry: if the target is itself a link, the link is
  replaced, the file it points to is left alone;
- a full disk, a killed process or a Ctrl-C leaves the previous file as it was, and the temporary
  file is removed on every path out of :func:`write_bytes` that Python sees.

Errors come back as :class:`WriteError`, a :class:`~lotr_rules.errors.UserError` naming the file
and the reason.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from lotr_rules.errors import UserError


class WriteError(UserError):
    """A file could not be written; the previous file, if any, is as it was."""

    def __init__(self, target: Path, reason: str) -> None:
        super().__init__(f"cannot write '{target}': {reason}")
        self.target = target
        self.reason = reason


#: how many random names to try before giving up (each is 64 random bits: a clash means a planted name)
_ATTEMPTS = 16
_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def temporary_name(target: Path) -> Path:
    """A fresh hidden sibling of ``target`` that nobody could have guessed in advance."""
    return target.with_name(f".{target.name}.{secrets.token_hex(8)}.tmp")


def _mode_for(target: Path) -> int:
    """Keep a regular file's permissions; a new file gets the usual ones (0666 less the umask)."""
    try:
        info = os.lstat(target)
    except OSError:
        info = None
    if info is not None and stat.S_ISREG(info.st_mode):
        return stat.S_IMODE(info.st_mode)
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _create_exclusive(target: Path) -> tuple[int, Path]:
    last: OSError | None = None
    for _ in range(_ATTEMPTS):
        candidate = temporary_name(target)
        try:
            return os.open(candidate, _FLAGS, 0o600), candidate
        except FileExistsError as error:
            last = error
    raise WriteError(target, f"could not create a temporary file beside it ({last})")


def write_bytes(target: Path | str, data: bytes) -> None:
    """Replace ``target`` with ``data``, atomically (see the module's docstring)."""
    target = Path(target)
    try:
        mode = _mode_for(target)
        handle, temporary = _create_exclusive(target)
    except OSError as error:
        raise WriteError(target, error.strerror or str(error)) from None
    try:
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
            os.chmod(temporary, mode)
            os.replace(temporary, target)
        except OSError as error:
            raise WriteError(target, error.strerror or str(error)) from None
    except BaseException:
        # Whatever stopped the write (a full disk, Ctrl-C, a signal turned into an exception),
        # the half-written temporary file goes; the target was never touched.
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def write_text(target: Path | str, text: str) -> None:
    """Replace ``target`` with ``text`` in UTF-8, atomically (see the module's docstring)."""
    write_bytes(target, text.encode("utf-8"))


def write_all(files: Iterable[tuple[Path, bytes]], near: Path) -> list[Path]:
    """Write every ``(target, data)`` of ``files`` or none: each is written to a fresh private
    folder beside ``near`` (its nearest existing folder, so that moving is a rename) as it comes,
    and only when all are written are they moved into place (their folders made then). Whatever
    stops the writing (a full disk, an error while the data is worked out, Ctrl-C) leaves no
    partial output behind. The targets written, in order."""
    base = near
    while not base.is_dir() and base != base.parent:
        base = base.parent
    try:
        staging = Path(tempfile.mkdtemp(prefix=f".{near.name or 'output'}.", suffix=".tmp", dir=base))
    except OSError as error:
        raise WriteError(near, error.strerror or str(error)) from None
    try:
        staged: list[tuple[Path, Path]] = []
        for index, (target, data) in enumerate(files):
            temporary = staging / str(index)
            write_bytes(temporary, data)
            staged.append((temporary, target))
        for temporary, target in staged:
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                os.replace(temporary, target)
            except OSError as error:
                raise WriteError(target, error.strerror or str(error)) from None
        return [target for _, target in staged]
    finally:
        shutil.rmtree(staging, ignore_errors=True)
