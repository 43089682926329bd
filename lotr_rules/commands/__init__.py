"""One module per ``lotr-rules`` subcommand; each registers its own arguments."""

from __future__ import annotations

import argparse
from typing import Any


def register_all(sub: argparse._SubParsersAction[Any]) -> None:
    from lotr_rules.commands import cards, fmt, game, lint, play, print_sheet, render, replay, scenario, show, simulate

    for module in (game, play, replay, simulate, scenario, lint, fmt, show, cards, render, print_sheet):
        module.register(sub)
