"""One module per ``lotr-rules`` subcommand; each registers its own arguments.

A command's module, and everything it imports, is loaded only when that command runs: the list
of commands ``lotr-rules --help`` prints comes from :data:`COMMANDS`, which a test holds to the
help each module registers.
"""

from __future__ import annotations

import argparse
import importlib

#: Every command, in the order ``--help`` lists them, with the line it shows for each.
COMMANDS: dict[str, str] = {
    "game": "bots play a complete game; show its log and the scores",
    "play": "play a game at the terminal against bots (or hot-seat)",
    "replay": "step through a recorded game and check its digest",
    "serve": "play, watch, replay and design cards in the browser (web extra)",
    "simulate": "bots play many games; show win rates, end reasons and what winners buy",
    "scenario": "run a scenario file (a set-up game state, steps and expectations); PASS or FAIL each expectation",
    "lint": "check card scripts and mix files; report problems with file:line:col",
    "fmt": "format card scripts in the canonical layout",
    "lsp": "serve the language server protocol over stdio: findings, hover and more in an editor (lsp extra)",
    "show": "show a card's data, canonical script and rendered text",
    "cards": "list cards with their family's numbers (cost, Power, VP; a Card Game card's stats), copies, provenance",
    "render": "draw card faces as SVG or PNG files",
    "print": "lay card faces out nine to a page at real size, with cut marks, as a PDF",
}

#: Commands whose module is not named after them (``print`` is a Python builtin's name).
_MODULES: dict[str, str] = {"print": "print_sheet"}


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser], name: str) -> None:
    """Register the command ``name`` with all its arguments (importing its module)."""
    module = importlib.import_module(f"lotr_rules.commands.{_MODULES.get(name, name)}")
    module.register(sub)


def register_all(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register every command with all its arguments (for documentation and tests)."""
    for name in COMMANDS:
        register(sub, name)


def register_summaries(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Every command by name and one line only, without importing any command's module."""
    for name, summary in COMMANDS.items():
        sub.add_parser(name, help=summary)
