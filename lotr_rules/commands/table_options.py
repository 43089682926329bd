"""The options every command that plays games spells the same way: ``--game``, ``--players``,
``--bot`` (and ``--strategy``, its old name for the Adventure Deck), read once here so that
``game``, ``play`` and ``simulate`` agree. Light on imports: every command registers these."""

from __future__ import annotations

import argparse
import sys

from lotr_rules.commands.common import bounded_int
from lotr_rules.commands.search_options import add_search_budget
from lotr_rules.errors import UserError
from lotr_rules.session import families


def add_game_option(parser: argparse.ArgumentParser, *, extra: str = "") -> None:
    titles = ", ".join(f"{name} ({families.family(name).title.lower()})" for name in families.names())
    parser.add_argument(
        "--game",
        choices=tuple(families.names()),
        default=families.DEFAULT,
        metavar="GAME",
        help=f"the game: {titles}; default {families.DEFAULT}" + extra,
    )


def players_help() -> str:
    defaults = "; ".join(
        f"{family.title.lower()}: {family.default_players}"
        if family.max_players > 1
        else f"{family.title.lower()}: played alone"
        for family in families.FAMILIES.values()
    )
    return f"how many players (default {defaults})"


def add_players_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=bounded_int("--players"), default=None, help=players_help())


def add_bot_option(parser: argparse.ArgumentParser, *, also: str = "") -> None:
    kinds = "; ".join(
        f"{family.title.lower()}: {', '.join(family.bots)} (default {family.default_bot})"
        for family in families.FAMILIES.values()
    )
    parser.add_argument("--bot", metavar="KIND", default=None, help=f"the kind of bot ({kinds}){also}")
    # the old name of --bot for the Adventure Deck's strategies: still read, with a note
    parser.add_argument("--strategy", metavar="NAME", default=None, help=argparse.SUPPRESS)
    add_search_budget(parser)


def settle(args: argparse.Namespace, *, also_bots: tuple[str, ...] = ()) -> None:
    """Read old spellings into the new ones (with a note on stderr), and refuse a bot the game
    has not (``also_bots``: kinds a command adds, like simulate's ``all``)."""
    old = getattr(args, "strategy", None)
    if old is not None:
        if args.bot is not None:
            raise UserError("--strategy is the old name of --bot: give only --bot")
        print(f"lotr-rules: note: --strategy is now --bot (--bot {old})", file=sys.stderr)
        args.bot = old
        args.strategy = None
    found = families.FAMILIES.get(getattr(args, "game", families.DEFAULT))
    if found is None:  # a family of another module's (simulate's plug-ins): it checks its own
        return
    family = found
    if args.bot is not None and args.bot not in (*family.bots, *also_bots):
        known = ", ".join((*family.bots, *also_bots))
        elsewhere = [other for other in families.FAMILIES.values() if args.bot in other.bots]
        hint = f" ({args.bot} is for {elsewhere[0].named}: --game {elsewhere[0].name})" if elsewhere else ""
        raise UserError(f"unknown {family.bot_word} '{args.bot}' for {family.named}; its bots: {known}{hint}")
    _refuse_unused_budget(args, family.default_bot)
    players = getattr(args, "players", None)
    if players is not None and players > family.max_players:
        if family.max_players == 1:
            several = " and ".join(other.named for other in families.FAMILIES.values() if other.max_players > 1)
            raise UserError(f"--players: for {several}; {family.named} is a solo game")
        raise UserError(f"--players {players}: {family.named} is for 1 to {family.max_players} players")


def _refuse_unused_budget(args: argparse.Namespace, default_bot: str) -> None:
    """A search budget beside bots that do not search would be silently ignored: refuse it. A
    resumed game keeps its saved seats (a search bot among them reads the budget), so there it
    stands."""
    if getattr(args, "search_budget", None) is None or getattr(args, "resume", None) is not None:
        return
    bot = args.bot or default_bot
    if bot != "search":
        raise UserError(
            f"--search-budget: only the search bot reads it, and these seats are {bot} bots (add --bot search)"
        )
