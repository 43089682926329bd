"""The options of ``game``, ``play`` and ``simulate`` that set up the Card Game (``--game lcg``),
and the refusal of options one game gives that the other has no use for. Light on imports: the
commands register these whatever the game (see :mod:`lotr_rules.commands.lcg` for the rest)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from lotr_rules.errors import UserError

DEFAULT_SCENARIO = "passage-through-mirkwood"
#: the core rulebook's starter decks for a first game (kept equal to the session layer's by a test)
FIRST_GAME_DECKS = ("leadership", "tactics", "spirit", "lore")


def shipped_decks() -> list[str]:
    """The decks the shipped Card Game sets hold (read from their folders, without loading a card)."""
    from lotr_rules.resources import cardscripts_dir

    try:
        folder = cardscripts_dir()
    except FileNotFoundError:
        return []
    return sorted({path.stem for path in folder.glob("*/decks/*.txt")})


#: options of the deck-building game that the Card Game has no use for: (attribute, flag)
DECKBUILDING_OPTIONS = (
    ("hero", "--hero"),
    ("impossible", "--impossible"),
    ("archenemies", "--archenemies"),
    ("sets", "--sets"),
    ("mix", "--mix"),
    ("half", "--half"),
    ("deck", "--deck"),
    ("less_random", "--less-random"),
    ("mix_file", "--mix-file"),
)
LCG_OPTIONS = (("scenario", "--scenario"), ("decks", "--decks"), ("every_window", "--every-window"))


def add_lcg_options(parser: argparse.ArgumentParser, *, several: bool = False) -> None:
    parser.add_argument(
        "--scenario",
        metavar="NAME",
        help=f"the Card Game only: the scenario, a scenario file of a loaded set (default {DEFAULT_SCENARIO})",
    )
    deck_help = (
        "the Card Game only: one deck per player, 1 to 4, each a deck a loaded set ships "
        f"({', '.join(shipped_decks())}, and those of --cards sets) or a deck file's path; "
        f"default the first game's starter decks ({','.join(FIRST_GAME_DECKS[:2])} for 2 players)"
    )
    if several:
        parser.add_argument(
            "--decks",
            metavar="DECK,...",
            action="append",
            default=None,
            help=deck_help + "; give --decks again for more line-ups, each simulated apart",
        )
    else:
        parser.add_argument("--decks", metavar="DECK,...", help=deck_help)


def refuse(args: argparse.Namespace, options: Sequence[tuple[str, str]], game: str) -> None:
    """Options (attribute, flag) of another game, given here, are a mistake worth saying, not a
    setting silently ignored."""
    given = [flag for attribute, flag in options if getattr(args, attribute, None) not in (None, False, "", [])]
    if given:
        raise UserError(f"{', '.join(given)}: not options of {game}")


def refuse_lcg_options(args: argparse.Namespace, game: str) -> None:
    refuse(args, LCG_OPTIONS, game + " (they set up the Card Game: add --game lcg)")
