"""Arguments and helpers several commands share."""

from __future__ import annotations

import argparse
from pathlib import Path

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets


def add_cards_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--cards",
        metavar="DIR",
        action="append",
        type=Path,
        default=[],
        help="also load the card sets in DIR (a set folder with set.toml, or a folder of them)",
    )


def catalogue_from(args: argparse.Namespace) -> Catalogue:
    return load_sets(tuple(args.cards))


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be 1 or more")
    return value


def seed_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError("a seed is 0 or more")
    return value
