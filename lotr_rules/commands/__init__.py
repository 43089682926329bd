"""One module per ``lotr-rules`` subcommand; each registers its own arguments."""

from __future__ import annotations

import argparse
from typing import Any


def register_all(sub: argparse._SubParsersAction[Any]) -> None:
    from lotr_rules.commands import cards, fmt, game, lint, play, replay, scenario, serve, show, simulate

    for module in (game, play, replay, simulate, scenario, lint, fmt, show, cards, serve):
        module.register(sub)
