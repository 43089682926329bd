"""The ``lotr-rules`` command.

User mistakes (bad scripts, configs, records, options) print a one-line message and exit 2 (or 1
for lint findings); anything else that escapes is a bug in lotr_rules and is reported as one.
"""

from __future__ import annotations

import sys

from lotr_rules import __version__

# Not typing.TYPE_CHECKING: importing typing would lengthen the start-up that a Ctrl-C can
# interrupt with a traceback (type checkers treat this name the same way).
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The command-line parser. Given the arguments, it registers in full only the command they
    name, so that a command loads only the modules it uses and ``--help`` loads none; without
    them, every command in full."""
    import argparse

    from lotr_rules import commands

    parser = argparse.ArgumentParser(
        prog="lotr-rules",
        description="Play, script, lint and simulate Lord of the Rings card games.",
    )
    parser.add_argument("--version", action="version", version=f"lotr-rules {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    if argv is None:
        commands.register_all(sub)
        return parser
    # The top-level options take no value, so the first word that is not an option is the command.
    named = next((word for word in argv if not word.startswith("-")), None)
    if named in commands.COMMANDS:
        commands.register(sub, named)
    else:
        commands.register_summaries(sub)
    return parser


#: how much of an unexpected exception's text the closing line of an internal error shows
INTERNAL_ERROR_CHARS = 500


def main(argv: Sequence[str] | None = None) -> int:
    # Everything, the loading of the commands' modules included, runs inside this try: a Ctrl-C
    # at any point is one line, not a traceback. (This module imports next to nothing itself,
    # so the time before the try is as short as it can be.)
    try:
        from lotr_rules.terminal import EscapingOutput

        # No card name, text or file name reaches the terminal with its control characters raw.
        with EscapingOutput():
            return _main(argv)
    except KeyboardInterrupt:
        print("lotr-rules: interrupted", file=sys.stderr)
        return 130


def _main(argv: Sequence[str] | None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(words)
    args = parser.parse_args(words)
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    # Only now: ``--help`` and a mistyped option end above, without loading any of this.
    from lotr_rules.errors import UserError
    from lotr_rules.games import load_all

    # The game families register their vocabularies and files with the language.
    load_all()

    try:
        code: int = args.run(args)
        return code
    except UserError as error:
        print(f"lotr-rules: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except Exception as error:
        import traceback

        traceback.print_exc()
        # the traceback above has it all; the summary line stays short enough to read and quote
        said = str(error)
        if len(said) > INTERNAL_ERROR_CHARS:
            said = f"{said[:INTERNAL_ERROR_CHARS]}... ({len(said) - INTERNAL_ERROR_CHARS} more characters)"
        print(
            f"lotr-rules: internal error: {type(error).__name__}: {said}\n"
            "This is a bug in lotr-rules, not in your input. Please report it with the command you ran.",
            file=sys.stderr,
        )
        return 2
