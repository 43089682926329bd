"""Arguments and helpers several commands share."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.games import family_names, vocabulary_for


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


def every_family_catalogue(args: argparse.Namespace) -> Catalogue:
    """The cards of every game family's sets (for listing and showing cards, not for a game)."""
    catalogues = [load_sets(tuple(args.cards), vocabulary=vocabulary_for(family)) for family in family_names()]
    return Catalogue(
        [info for c in catalogues for info in c.sets.values()],
        [card for c in catalogues for card in c.cards],
    )


def whole_number(text: str, least: int, complaint: str) -> int:
    """An argparse value: a whole number of at least ``least``; ``complaint`` says why not."""
    try:
        value = int(text)
    except ValueError:
        shown = text if len(text) <= 40 else f"{text[:20]}... ({len(text)} characters)"
        raise argparse.ArgumentTypeError(f"'{shown}' is not a whole number (or too long a one)") from None
    if value < least:
        raise argparse.ArgumentTypeError(complaint.format(value=value))
    return value


def bounded_int(option: str) -> Callable[[str], int]:
    """An argparse type for ``option``, a whole number in its range of
    :data:`lotr_rules.limits.OPTION_LIMITS`: past it, the command line refuses it (exit 2)."""
    from lotr_rules.limits import option_range, shown_number

    least, most = option_range(option)

    def parse(text: str) -> int:
        value = whole_number(text, least, f"must be {least} to {most:,}, not {{value}}")
        if value > most:
            raise argparse.ArgumentTypeError(f"must be {least} to {most:,}, not {shown_number(value)}")
        return value

    parse.__name__ = option.lstrip("-")
    return parse


def positive_int(text: str) -> int:
    return whole_number(text, 1, "{value} must be 1 or more")


def seed_int(text: str) -> int:
    from lotr_rules.games.deckbuilding.config import SEED_MAX

    value = whole_number(text, 0, "a seed is 0 or more")
    if value > SEED_MAX:
        raise argparse.ArgumentTypeError(f"a seed is at most {SEED_MAX} (2**64 - 1)")
    return value
