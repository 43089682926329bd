"""Reading the data files a user may be given by anyone: saves, records, scenarios, mixes, decks.

Each is read through :func:`read_data_text`, which turns every way a path or a file can be bad (a
NUL byte or thousands of characters in its name, a folder, a device, no permission, too big, not
UTF-8, arrays nested thousands deep) into one :class:`~lotr_rules.errors.UserError` naming the file
and, where there is one, the line and column, before any parser sees the text.
"""

from __future__ import annotations

import codecs
import json
import os
import stat
from pathlib import Path
from typing import Any

from lotr_rules.errors import Span, UserError
from lotr_rules.limits import MAX_CARD_FILE_BYTES, MAX_DATA_DEPTH, MAX_DATA_FILE_BYTES, MAX_PATH_CHARS

_OPENING = frozenset("[{")
_CLOSING = frozenset("]}")


class DataFileError(UserError):
    """A data file that cannot be read as one: ``reason`` says why, without the file's name
    (callers with their own error types put it in theirs); ``str()`` gives ``path[:line:col]: reason``."""

    def __init__(self, shown: str, reason: str, span: Span | None = None) -> None:
        super().__init__(reason, span if span is not None else None)
        self.shown = shown
        self.reason = reason

    @property
    def where(self) -> str:
        return str(self.span) if self.span is not None else self.shown

    def __str__(self) -> str:
        return f"{self.where}: {self.reason}"


def shown_path(path: Path | str) -> str:
    """A path as it may be shown in a message: control characters escaped, a long one shortened."""
    text = str(path)
    if len(text) > 120:
        text = f"{text[:60]}...{text[-40:]} ({len(text)} characters)"
    return text.encode("unicode_escape").decode("ascii") if not text.isprintable() else text


def check_path(path: Path | str, what: str) -> None:
    """Refuse a path no file can have: one holding a NUL byte, or one past the length limit."""
    text = str(path)
    problem = path_problem(text)
    if problem is not None:
        raise DataFileError(shown_path(text), f"the {what} path {problem}")


#: The longest name one folder entry may have on the systems we run on, in bytes (NAME_MAX).
_NAME_MAX_BYTES = 255


def path_problem(text: str) -> str | None:
    """Why ``text`` can name no file (a NUL byte, past :data:`MAX_PATH_CHARS`, one part of it
    past the 255 bytes a folder entry may hold), or None: checked before the system is asked,
    which would answer with an exception of its own."""
    if "\0" in text:
        return "holds a NUL byte; no file has such a name"
    if len(text) > MAX_PATH_CHARS:
        return f"is longer than {MAX_PATH_CHARS:,} characters"
    parts = text.replace("\\", "/").split("/")
    if any(len(part.encode("utf-8", "surrogateescape")) > _NAME_MAX_BYTES for part in parts):
        return f"has a part longer than {_NAME_MAX_BYTES} bytes, which no file or folder name can be"
    return None


def field_path(text: str, base: Path, file: str, field: str) -> Path:
    """The path a file's field gives (``cards = ["../my-set"]``), relative to ``base`` (the file's
    folder), once :func:`path_problem` finds nothing wrong with it; otherwise a
    :class:`DataFileError` naming ``file`` and ``field``. Readers of every file that names other
    files call this before they look the path up."""
    problem = path_problem(text)
    if problem is not None:
        raise DataFileError(shown_path(file), f"the path '{shown_path(text)}' in '{field}' {problem}")
    return base / text


def is_folder(path: Path) -> bool:
    """Whether ``path`` is a folder, False for any path the system cannot look up (too long, a
    loop of links, no permission) rather than an exception."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def is_file(path: Path) -> bool:
    """Whether ``path`` is a regular file (its links followed), False rather than an exception
    for any path the system cannot look up."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def check_inside_set(path: Path, folder: Path, what: str) -> None:
    """Refuse a file a set provides (a deck list in ``decks/``, a scenario in ``scenarios/``) that
    is, or lies behind, a link pointing out of the set's folder, as card files are refused (see
    :func:`read_card_text`): a shared set cannot make a command read a file of yours."""
    real = Path(os.path.realpath(path))
    if not inside(real, folder):
        raise DataFileError(
            shown_path(path), f"the {what} is a link to {shown_path(real)}, outside its set folder; it is not read"
        )


def read_data_text(path: Path, what: str) -> str:
    """The text of a data file, checked: a regular file of at most the size limit, UTF-8, its
    arrays and tables nested at most :data:`MAX_DATA_DEPTH` deep. Anything else is a UserError."""
    check_path(path, what)
    shown = shown_path(path)
    try:
        # Opened without blocking, so that a FIFO given as a file is refused rather than waited on.
        with os.fdopen(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as handle:
            status = os.fstat(handle.fileno())
            if not stat.S_ISREG(status.st_mode):
                kind = "a folder" if stat.S_ISDIR(status.st_mode) else "not a regular file"
                raise DataFileError(shown, f"the {what} is {kind}")
            if status.st_size > MAX_DATA_FILE_BYTES:
                raise DataFileError(shown, f"the {what} is larger than {MAX_DATA_FILE_BYTES // (1024 * 1024)} MiB")
            data = handle.read(MAX_DATA_FILE_BYTES + 1)
    except FileNotFoundError:
        raise DataFileError(shown, f"no such {what}") from None
    except IsADirectoryError:
        raise DataFileError(shown, f"the {what} is a folder") from None
    except OSError as error:
        raise DataFileError(shown, f"cannot read the {what}: {error.strerror or error}") from None
    if len(data) > MAX_DATA_FILE_BYTES:
        raise DataFileError(shown, f"the {what} is larger than {MAX_DATA_FILE_BYTES // (1024 * 1024)} MiB")
    data = data.removeprefix(codecs.BOM_UTF8)  # as some editors begin a UTF-8 file
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        where = Span(line, column, line, column + 1, shown)
        raise DataFileError(shown, f"the {what} is not UTF-8 text", where) from None
    check_nesting(text, shown, what)
    return text


def check_nesting(text: str, shown: str, what: str) -> None:
    """Refuse TOML or JSON text whose arrays and tables nest past :data:`MAX_DATA_DEPTH`, with
    the position of the first bracket too deep, before a recursive parser can run out of stack.

    Brackets inside strings ("..." with escapes, '...') and after a ``#`` comment do not count;
    a triple-quoted string reads as quoted pieces and comes out the same."""
    if text.count("[") + text.count("{") <= MAX_DATA_DEPTH:
        return  # the common case: too few brackets to nest too deeply
    depth = 0
    line, line_start = 1, 0
    quote = ""
    escaped = False
    comment = False
    for index, char in enumerate(text):
        if char == "\n":
            line, line_start = line + 1, index + 1
            comment = False
            if quote == "'":
                quote = ""  # a literal string ends at the line's end at the latest
            continue
        if comment:
            continue
        if quote:
            if escaped:
                escaped = False
            elif char == "\\" and quote == '"':
                escaped = True
            elif char == quote:
                quote = ""
            continue
        if char in "\"'":
            quote = char
        elif char == "#":
            comment = True
        elif char in _OPENING:
            depth += 1
            if depth > MAX_DATA_DEPTH:
                column = index - line_start + 1
                raise DataFileError(
                    shown,
                    f"the {what} nests arrays or tables more than {MAX_DATA_DEPTH} deep",
                    Span(line, column, line, column + 1, shown),
                )
        elif char in _CLOSING:
            depth = max(0, depth - 1)


def load_json(text: str, shown: str, what: str) -> Any:
    """JSON text of a data file, parsed after :func:`check_nesting`; every way it can be bad (not
    JSON, nested too deep, a number of thousands of digits) is a :class:`DataFileError`."""
    check_nesting(text, shown, what)
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        where = Span(error.lineno, error.colno, error.lineno, error.colno + 1, shown)
        raise DataFileError(shown, f"the {what} is not valid JSON: {error.msg}", where) from None
    except ValueError:  # a number of thousands of digits, which Python refuses to convert
        raise DataFileError(shown, f"the {what} holds a number of thousands of digits") from None


def read_json(path: Path, what: str) -> Any:
    """The parsed JSON of a data file, read and checked as :func:`read_data_text` and :func:`load_json` do."""
    return load_json(read_data_text(path, what), shown_path(path), what)


class CardFileError(DataFileError):
    """A card file or set manifest that is not read, with the lint code that reports it: E004 (not
    a regular file inside its set folder), E003 (too large) or E001 (not UTF-8 text)."""

    def __init__(self, shown: str, reason: str, code: str, span: Span | None = None) -> None:
        super().__init__(shown, reason, span)
        self.code = code


def inside(path: Path, folder: Path) -> bool:
    """Whether ``path``, its links followed, lies inside ``folder`` (its links followed too)."""
    real, root = Path(os.path.realpath(path)), Path(os.path.realpath(folder))
    return real == root or root in real.parents


def read_card_text(path: Path, folder: Path | None, what: str = "card file") -> str:
    """The text of a card file or set manifest, read only when it is a regular file inside
    ``folder`` (its set folder, or the folder it was found in; None for a file named on its own)
    and at most :data:`MAX_CARD_FILE_BYTES`, which is checked before a byte is read. A UTF-8
    byte-order mark at its start is dropped. Anything else raises :class:`CardFileError`.

    A link pointing out of the folder, a device such as ``/dev/zero`` and a FIFO are never read:
    the file is opened without following a last link and without blocking, and refused by what
    ``fstat`` says it is."""
    try:
        check_path(path, what)
    except DataFileError as error:
        raise CardFileError(error.shown, error.reason, "E004") from None
    shown = shown_path(path)
    real = Path(os.path.realpath(path))
    if folder is not None and not inside(real, folder):
        raise CardFileError(
            shown, f"the {what} is a link to {shown_path(real)}, outside its set folder; it is not read", "E004"
        )
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        # The links were followed above: a last link appearing since then fails to open.
        with os.fdopen(os.open(real, flags), "rb") as handle:
            status = os.fstat(handle.fileno())
            if stat.S_ISDIR(status.st_mode):
                raise CardFileError(shown, f"the {what} is a folder", "E004")
            if not stat.S_ISREG(status.st_mode):
                kind = "a FIFO" if stat.S_ISFIFO(status.st_mode) else "a device" if _is_device(status) else "a socket"
                raise CardFileError(shown, f"the {what} is not a regular file but {kind}; it is not read", "E004")
            if status.st_size > MAX_CARD_FILE_BYTES:
                raise CardFileError(shown, f"the {what} is larger than {MAX_CARD_FILE_BYTES // 1024} KiB", "E003")
            data = handle.read(MAX_CARD_FILE_BYTES + 1)
    except FileNotFoundError:
        raise CardFileError(shown, f"no such {what}", "E004") from None
    except IsADirectoryError:
        raise CardFileError(shown, f"the {what} is a folder", "E004") from None
    except OSError as error:
        raise CardFileError(shown, f"cannot read the {what}: {error.strerror or error}", "E004") from None
    if len(data) > MAX_CARD_FILE_BYTES:  # it grew while being read
        raise CardFileError(shown, f"the {what} is larger than {MAX_CARD_FILE_BYTES // 1024} KiB", "E003")
    data = data.removeprefix(codecs.BOM_UTF8)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        where = Span(line, column, line, column + 1, shown)
        byte = data[error.start]
        raise CardFileError(shown, f"file is not utf-8 text (byte 0x{byte:02x})", "E001", where) from None


def _is_device(status: os.stat_result) -> bool:
    return stat.S_ISCHR(status.st_mode) or stat.S_ISBLK(status.st_mode)
