"""The search bot's option, given beside ``--bot`` (see :mod:`.table_options`) by every command that
seats bots."""

from __future__ import annotations

import argparse

from lotr_rules.agents.search.core import parse_budget
from lotr_rules.errors import UserError


def _budget(text: str) -> str:
    # refused here, with its reason, rather than once the game has begun
    try:
        parse_budget(text)
    except UserError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def add_search_budget(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--search-budget",
        type=_budget,
        default=None,
        metavar="N|Nms",
        help="the search bot's playouts per searched decision (default 6 in the Card Game; 64 in the "
        "deck-building games and the Adventure Deck, whose playouts are short), or CPU milliseconds with ms "
        "(not reproducible); a game is reproducible from its seed at a given number of playouts",
    )
