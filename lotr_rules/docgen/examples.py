"""The examples on the hand-written pages: every command shown with its output is run, and the
output written in, so an example cannot differ from what the tool prints.

A page marks each example with an HTML comment (invisible on the site) just above its fenced
block:

``<!-- copy: PATH -->``
    the block is the repository file PATH (a card of ``examples/``, say), copied in.
``<!-- file: NAME [from=PATH] -->``
    the block is the file NAME of the page's working folder, as the reader is told to write it;
    with ``from=PATH`` its text is copied from that repository file. Every ``run`` block further
    down the page sees the file.
``<!-- run: OPTIONS -->``
    the block holds commands, each on a line ``$ lotr-rules ARGS``, and under each its output.
    The commands are kept as written; the output lines are replaced by what the command prints
    today (standard output and standard error, in order), run in a fresh folder holding the
    page's files so far, with ``examples`` and ``tests`` of the repository beside them.

The options of ``run`` (values with spaces in double quotes):

``edit=NAME``
    apply the named change (:data:`EDITS`) to the page's files first: the mistake a section
    asks the reader to make.
``exit=N``
    the status every command of the block must exit with (default 0); another one is an error,
    so prose that says "exits with 1" stays true.
``before="lotr-rules ARGS"``
    run this command first, unshown (it must succeed): to write the record a shown command reads.
``input=A|B|...`` and ``then=A``
    the answers typed at the prompts, one a line, then ``then`` over and over if given; each is
    shown after its prompt as a terminal would show it.
``head=N``, ``tail=N``, ``from=RE``, ``until=RE``, ``match=RE``, ``first=N``, ``turn=RE``
    show only part of a long output: the first or last N lines, the lines from the first one
    matching ``from`` to the first one after it matching ``until``, the lines matching
    ``match`` (the first N of them with ``first``), and the whole turn of a game log (from its
    ``-- turn`` line to the next) holding the first line matching ``turn``. Together they show
    every line any of them picks; each run of lines left out is a line ``...``.
``hide=RE``
    leave out the lines matching RE (a timing that differs from run to run), shown as ``...``.

A region between ``<!-- begin: NAME -->`` and ``<!-- end: NAME -->`` is written whole by the
named generator of :data:`REGIONS` (the share of each set that is designed, say).

The renderer is a docgen generator, so ``python -m lotr_rules.docgen`` rewrites the outputs and
``--check`` fails when one has drifted. A block that cannot run (an unknown setup, a command
that exits with another status) stops docgen with the page and line.
"""

from __future__ import annotations

import contextlib
import functools
import io
import os
import re
import shlex
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TextIO, cast

from lotr_rules import atomic

#: the hand-written pages with examples, relative to ``docs/`` (the README sits above it)
PAGES = (
    "../README.md",
    "index.md",
    "tutorial.md",
    "playing.md",
    "mixing.md",
    "scenarios.md",
    "adventure-deck.md",
    "lcg-playing.md",
    "rendering.md",
    "sharing-safely.md",
    "editors.md",
)

#: repository folders a command may name, linked into every working folder
LINKED = ("examples", "tests")

MARKER = re.compile(
    r"^<!-- (?P<kind>run|file|copy):(?P<options>[^\n]*?)-->\n(?P<fence>```[^\n]*)\n(?P<body>.*?)^```$",
    re.M | re.S,
)
_ELIDED = "..."
RUN_OPTIONS = frozenset(
    {"edit", "before", "exit", "input", "then", "head", "tail", "from", "until", "match", "first", "turn", "hide"}
)
_PROMPT = "$ lotr-rules "


class ExampleError(Exception):
    """An example that cannot be run as marked, with its page and line."""


# ---------------------------------------------------------------------- the edits
def _replace(path: str, old: str, new: str) -> Callable[[Path], None]:
    def edit(folder: Path) -> None:
        target = folder / path
        text = target.read_text(encoding="utf-8")
        if old not in text:
            raise ExampleError(f"{path} has no {old!r} to change")
        atomic.write_text(target, text.replace(old, new, 1))

    return edit


def _drop_block(path: str, opening: str) -> Callable[[Path], None]:
    """Delete the block that opens on the line holding ``opening``, up to its closing brace."""

    def edit(folder: Path) -> None:
        target = folder / path
        lines = target.read_text(encoding="utf-8").splitlines(keepends=True)
        start = next(n for n, line in enumerate(lines) if opening in line)
        indent = len(lines[start]) - len(lines[start].lstrip())
        end = next(n for n in range(start + 1, len(lines)) if lines[n].rstrip() == " " * indent + "}")
        atomic.write_text(target, "".join(lines[:start] + lines[end + 1 :]))

    return edit


def _all(*edits: Callable[[Path], None]) -> Callable[[Path], None]:
    def edit(folder: Path) -> None:
        for one in edits:
            one(folder)

    return edit


_TUTORIAL_CARD = "my-set/charge-at-the-fords-of-isen.card"

#: the changes a page asks the reader to make before a command, by name
EDITS: dict[str, Callable[[Path], None]] = {
    "misspelt-corruption": _replace(_TUTORIAL_CARD, "gain a corruption", "gain a coruption"),
    "misspelt-attack": _replace(_TUTORIAL_CARD, "attack each opponent", "atack each opponent"),
    "no-attack": _drop_block(_TUTORIAL_CARD, "attack each opponent {"),
    "drifted-layout": _all(
        _replace(_TUTORIAL_CARD, "  cost 5\n", "      cost   5\n"),
        _replace(_TUTORIAL_CARD, "      draw 1\n", "  draw 1\n"),
    ),
}


def _provenance(page: str) -> str:
    from lotr_rules.docgen.gallery import provenance_shares

    text = provenance_shares()
    # the README links to the pages under docs/
    return text.replace("](gallery", "](docs/gallery") if page.startswith("../") else text


def _limits(page: str) -> str:
    """The table of every limit a shared set, mix, scenario or save is read and run under."""
    from lotr_rules.dsl import parser
    from lotr_rules.engine import game
    from lotr_rules.limits import LIMITS

    rows = [
        (
            "size of a card file or a set's set.toml",
            f"{parser.MAX_SCRIPT_BYTES // 1024} KiB",
            "the file is refused before it is read (E003)",
        ),
        ("nesting of blocks and brackets in a script", f"{parser.MAX_NESTING} levels", "the script is refused (E003)"),
        (
            "effect steps (loop rounds, trigger firings) in one action",
            f"{game.STEP_BUDGET:,}",
            "the game stops with an error naming the card",
        ),
        (
            "triggers setting off triggers",
            f"{game.TRIGGER_DEPTH} deep",
            "the game stops with an error naming the card and the trigger-depth limit",
        ),
        *LIMITS,
    ]
    lines = ["| what | limit | past it |", "| --- | --- | --- |", *(f"| {a} | {b} | {c} |" for a, b, c in rows)]
    return "\n".join(lines) + "\n"


def _option_limits(page: str) -> str:
    """The table of the command-line options that size something, and their ranges."""
    from lotr_rules.limits import OPTION_LIMITS

    lines = ["| option | from | to |", "| --- | --- | --- |"]
    lines += [f"| `{option}` | {least:,} | {most:,} |" for option, least, most in OPTION_LIMITS]
    return "\n".join(lines) + "\n"


#: the card, file and set the messages of :func:`limit_messages` are worked out for
LIMIT_CARD, LIMIT_FILE, LIMIT_SET = "Loop", "big.card", "big"


def limit_messages() -> list[tuple[str, str, str]]:
    """(what is limited, the limit, the message a user sees past it) for the limits a loaded set
    is held to, each message worked out by running the check itself on an input past its limit
    (for :data:`LIMIT_CARD`, :data:`LIMIT_FILE` or :data:`LIMIT_SET`), so none can drift."""
    from lotr_rules import atomic
    from lotr_rules.cards.loader import load_folders
    from lotr_rules.datafiles import CardFileError, read_card_text
    from lotr_rules.dsl import syntax
    from lotr_rules.engine import game
    from lotr_rules.errors import ScriptBudgetError, ScriptSyntaxError
    from lotr_rules.games import vocabulary_for
    from lotr_rules.limits import MAX_CARDS_PER_SET, MAX_SCRIPT_TOKENS

    def refusal(action: Callable[[], object]) -> str:
        try:
            action()
        except (CardFileError, ScriptSyntaxError) as error:
            return error.reason if isinstance(error, CardFileError) else error.message
        raise AssertionError("the check let an input past its limit through")

    with tempfile.TemporaryDirectory() as scratch:
        big = Path(scratch) / LIMIT_FILE
        atomic.write_bytes(big, b"#" * (syntax.MAX_SCRIPT_BYTES + 1))  # its size is all that is read
        size = refusal(lambda: read_card_text(big, Path(scratch)))
        folder = Path(scratch) / LIMIT_SET
        folder.mkdir()
        atomic.write_text(folder / "set.toml", f'code = "{LIMIT_SET}"\nname = "Big"\nlanguage = 3\n')
        for number in range(MAX_CARDS_PER_SET + 1):
            (folder / f"c{number}.card").touch()
        _, found = load_folders([folder], vocabulary_for("deckbuilding"))
        cards = next(d.message for d in found if d.code == "E161")
    symbols = refusal(lambda: syntax.check_token_count("1+" * MAX_SCRIPT_TOKENS, LIMIT_FILE))
    nested = "card \"N\" {\n  play {\n" + "if true {\n" * (syntax.MAX_NESTING + 1) + "}\n" * (syntax.MAX_NESTING + 3)
    nesting = refusal(lambda: syntax.parse(nested, LIMIT_FILE))
    return [
        ("size of a card file", f"{syntax.MAX_SCRIPT_BYTES // 1024} KiB", f"{LIMIT_FILE}:1:1: E003 {size}"),
        ("words, numbers and symbols in a card script", f"{MAX_SCRIPT_TOKENS:,}", f"E003 {symbols}"),
        ("nesting of blocks and brackets in a script", f"{syntax.MAX_NESTING} levels", f"E003 {nesting}"),
        ("card files in one set", f"{MAX_CARDS_PER_SET:,}", f"E161 {cards}"),
        ("effect steps in one action", f"{game.STEP_BUDGET:,}", str(ScriptBudgetError(LIMIT_CARD, game.STEP_BUDGET))),
    ]


def _limit_messages(page: str) -> str:
    lines = ["| what | limit | the message past it |", "| --- | --- | --- |"]
    lines += [f"| {what} | {limit} | `{message}` |" for what, limit, message in limit_messages()]
    return "\n".join(lines) + "\n"


#: the generated regions of the hand-written pages, by name: each renders the region for a page
REGIONS: dict[str, Callable[[str], str]] = {
    "provenance": _provenance,
    "limits": _limits,
    "option-limits": _option_limits,
    "limit-messages": _limit_messages,
}
_REGION = re.compile(r"^<!-- begin: (?P<name>[\w-]+) -->\n(?P<body>.*?)^<!-- end: (?P=name) -->$", re.M | re.S)


# ---------------------------------------------------------------------- running a command
class _TypedAnswers:
    """Standard input holding the typed answers; each one read is echoed to the output after its
    prompt, as a terminal would show it."""

    def __init__(self, answers: Sequence[str], then: str | None) -> None:
        self._answers = list(answers)
        self._then = then
        #: where the answers are echoed: the output of the command reading them
        self.echo: io.StringIO | None = None
        self._given = 0

    def isatty(self) -> bool:
        return False

    def readline(self, size: int = -1) -> str:
        if self._answers:
            answer = self._answers.pop(0)
        elif self._then is not None and self._given < 100_000:
            answer = self._then
        else:
            return ""
        self._given += 1
        if self.echo is not None:
            self.echo.write(answer + "\n")
        return answer + "\n"


@contextlib.contextmanager
def _inside(folder: Path) -> Iterator[None]:
    before = Path.cwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


def run_command(argv: Sequence[str], folder: Path, stdin: _TypedAnswers | None = None) -> tuple[int, list[str]]:
    """Run ``lotr-rules ARGV`` in ``folder``, reading ``stdin`` (no answers by default); its exit
    status and its output lines (standard output and standard error together, in the order
    written)."""
    from lotr_rules.cli import main

    out = io.StringIO()
    stdin = stdin if stdin is not None else _TypedAnswers((), None)
    stdin.echo = out
    with _inside(folder), contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        saved_stdin, sys.stdin = sys.stdin, cast(TextIO, stdin)
        try:
            code = main(list(argv))
        except SystemExit as stop:  # argparse refusing the options
            code = stop.code if isinstance(stop.code, int) else 2
        finally:
            sys.stdin = saved_stdin
    return code, [line.rstrip() for line in out.getvalue().splitlines()]


# ---------------------------------------------------------------------- excerpts
def _first(pattern: str, lines: Sequence[str], start: int = 0) -> int | None:
    regex = re.compile(pattern)
    return next((n for n in range(start, len(lines)) if regex.search(lines[n])), None)


def excerpt(lines: Sequence[str], options: dict[str, str]) -> list[str]:
    """The lines the options pick, each run of lines left out shown as one ``...`` line."""
    picks = ("head", "tail", "from", "until", "match", "turn")
    kept: set[int] = set() if any(key in options for key in picks) else set(range(len(lines)))
    if "head" in options:
        kept |= set(range(min(int(options["head"]), len(lines))))
    if "tail" in options:
        kept |= set(range(max(0, len(lines) - int(options["tail"])), len(lines)))
    if "from" in options or "until" in options:
        start = _first(options["from"], lines) if "from" in options else 0
        if start is None:
            raise ExampleError(f"no line matches from={options['from']!r}")
        end = _first(options["until"], lines, start) if "until" in options else len(lines) - 1
        if end is None:
            raise ExampleError(f"no line matches until={options['until']!r}")
        kept |= set(range(start, end + 1))
    if "match" in options:
        regex = re.compile(options["match"])
        matched = [n for n, line in enumerate(lines) if regex.search(line)]
        if not matched:
            raise ExampleError(f"no line matches match={options['match']!r}")
        kept |= set(matched[: int(options["first"])] if "first" in options else matched)
    if "turn" in options:
        at = _first(options["turn"], lines)
        if at is None:
            raise ExampleError(f"no line matches turn={options['turn']!r}")
        start = max((n for n in range(at + 1) if lines[n].startswith("-- turn ")), default=0)
        end = _first(r"^(-- turn |== )", lines, at + 1)
        kept |= set(range(start, end if end is not None else len(lines)))
    if "hide" in options:
        regex = re.compile(options["hide"])
        kept = {n for n in kept if not regex.search(lines[n])}
    out: list[str] = []
    for n, line in enumerate(lines):
        if n in kept:
            out.append(line)
        elif n == 0 or (n - 1) in kept:
            out.append(_ELIDED)
    return out


# ---------------------------------------------------------------------- a page
def repository() -> Path:
    return Path(__file__).resolve().parents[2]


def _options(text: str, where: str) -> dict[str, str]:
    try:
        words = shlex.split(text)
    except ValueError as error:
        raise ExampleError(f"{where}: {error}") from None
    options: dict[str, str] = {}
    for word in words:
        key, sep, value = word.partition("=")
        if not sep:
            options["path"] = word
        else:
            options[key] = value
    return options


def _run_block(body: str, options: dict[str, str], files: dict[str, str], where: str) -> str:
    commands = [line for line in body.splitlines() if line.startswith(_PROMPT)]
    if not commands:
        raise ExampleError(f"{where}: a run block needs a line '{_PROMPT}...'")
    unknown = sorted(set(options) - RUN_OPTIONS)
    if unknown:
        raise ExampleError(f"{where}: unknown option {', '.join(unknown)}")
    expected = int(options.get("exit", "0"))
    answers = options["input"].split("|") if "input" in options else []
    out: list[str] = []
    with tempfile.TemporaryDirectory(prefix="lotr-rules-example-") as name:
        folder = Path(name)
        for linked in LINKED:
            (folder / linked).symlink_to(repository() / linked, target_is_directory=True)
        for path, text in files.items():
            (folder / path).parent.mkdir(parents=True, exist_ok=True)
            atomic.write_text(folder / path, text)
        if "edit" in options:
            if options["edit"] not in EDITS:
                raise ExampleError(f"{where}: no edit named {options['edit']!r}")
            EDITS[options["edit"]](folder)
        if "before" in options:
            code, lines = run_command(shlex.split(options["before"].removeprefix("lotr-rules ")), folder)
            if code != 0:
                shown = "\n".join(lines[-5:])
                raise ExampleError(f"{where}: before={options['before']!r} exited with {code}:\n{shown}")
        stdin = _TypedAnswers(answers, options.get("then"))
        for command in commands:
            code, lines = run_command(shlex.split(command.removeprefix(_PROMPT)), folder, stdin)
            if code != expected:
                shown = "\n".join(lines[-5:])
                raise ExampleError(f"{where}: '{command}' exited with {code}, not {expected}:\n{shown}")
            try:
                out += [command, *excerpt(lines, options)]
            except ExampleError as error:
                raise ExampleError(f"{where}: {error}") from None
    return "\n".join(out) + "\n"


def render_page(page: str) -> str:
    """The page with every marked example rewritten from a real run."""
    path = (repository() / "docs" / page).resolve()
    text = path.read_text(encoding="utf-8")
    files: dict[str, str] = {}
    pieces: list[str] = []
    last = 0
    for marker in MARKER.finditer(text):
        line = text.count("\n", 0, marker.start()) + 1
        where = f"{path.relative_to(repository()).as_posix()}:{line}"
        options = _options(marker.group("options"), where)
        body = marker.group("body")
        kind = marker.group("kind")
        if kind in ("copy", "file") and ("from" in options or kind == "copy"):
            source = options["from"] if "from" in options else options.get("path", "")
            try:
                body = (repository() / source).read_text(encoding="utf-8")
            except OSError as error:
                raise ExampleError(f"{where}: cannot read {source}: {error.strerror}") from None
        if kind == "file":
            if "path" not in options:
                raise ExampleError(f"{where}: a file block needs the file's name")
            files[options["path"]] = body
        elif kind == "run":
            try:
                body = _run_block(body, options, files, where)
            except (ValueError, re.error) as error:  # exit=x, a pattern that does not compile
                raise ExampleError(f"{where}: bad option: {error}") from None
        pieces += [text[last : marker.start("body")], body]
        last = marker.end("body")
    pieces.append(text[last:])
    return _regions("".join(pieces), page, path)


def _regions(text: str, page: str, path: Path) -> str:
    def render(match: re.Match[str]) -> str:
        name = match.group("name")
        if name not in REGIONS:
            line = text.count("\n", 0, match.start()) + 1
            raise ExampleError(f"{path.relative_to(repository()).as_posix()}:{line}: no generated region {name!r}")
        return f"<!-- begin: {name} -->\n{REGIONS[name](page)}<!-- end: {name} -->"

    return _REGION.sub(render, text)


def pages() -> dict[str, Callable[[], str]]:
    return {page: functools.partial(render_page, page) for page in PAGES}
