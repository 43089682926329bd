"""``lotr-rules game``: bots play one complete game; print its log and the final scores."""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lotr_rules.agents.bots import HeuristicAgent, RandomAgent
from lotr_rules.cards.mix import PLANS, read_deck_file
from lotr_rules.cards.mixfile import load_mix_file
from lotr_rules.commands.common import add_cards_option, catalogue_from, positive_int, seed_int
from lotr_rules.errors import ConfigError
from lotr_rules.games import DEFAULT_FAMILY
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import DeckbuildingGame
from lotr_rules.games.deckbuilding.log import render_log, result_lines
from lotr_rules.games.deckbuilding.record import game_record


def add_mix_options(parser: argparse.ArgumentParser, *, defaults: bool = True) -> None:
    """``--mix`` and the options its plans take (see docs/mixing.md). With ``defaults=False``
    an option not given is None (``play --resume`` refuses new-game options given)."""
    parser.add_argument(
        "--mix",
        choices=tuple(PLANS),
        default="" if defaults else None,
        help="build the main deck from the sets in play by a rulebook plan (default: every main-deck card)",
    )
    # None when not given (the mix is then half 1), so that --mix-file can refuse it
    parser.add_argument("--half", type=int, choices=(1, 2), default=None, help="plan-2: which half of the deck")
    parser.add_argument(
        "--deck", type=Path, metavar="FILE", help="custom: the main deck, a TOML or JSON file of card names to counts"
    )
    parser.add_argument(
        "--less-random",
        metavar="TYPE=SET,...",
        help="less-random: change the rulebook's table (types: ally, enemy, artifact, maneuver, location, "
        "fortune, archenemy, hero)",
    )
    parser.add_argument(
        "--mix-file",
        type=Path,
        metavar="FILE",
        help="the sets, set folders, plan and options of a mix, from a mix file (FILE.mix.toml); "
        "instead of --sets, --mix, --half, --deck and --less-random",
    )


#: the options a mix file replaces, as (argparse dest, flag)
_MIX_FILE_REPLACES = (
    ("sets", "--sets"),
    ("mix", "--mix"),
    ("half", "--half"),
    ("deck", "--deck"),
    ("less_random", "--less-random"),
)


def with_mix_file(
    run: Callable[[argparse.Namespace], int], default_sets: str | None = "two-towers"
) -> Callable[[argparse.Namespace], int]:
    """``run``, after ``--mix-file`` has filled in the options it stands for (and ``--sets`` its
    default, ``default_sets``, when neither is given)."""

    @functools.wraps(run)
    def wrapped(args: argparse.Namespace) -> int:
        apply_mix_file(args, default_sets)
        return run(args)

    return wrapped


def apply_mix_file(args: argparse.Namespace, default_sets: str | None = "two-towers") -> None:
    """Read ``--mix-file`` into ``args``: its sets into ``sets``, its set folders after ``--cards``,
    its plan and options for :func:`mix_options`. A mix option also given on the command line is
    refused: the file says everything about the mix. (``play --resume`` refuses it itself.)"""
    path: Path | None = getattr(args, "mix_file", None)
    if path is None or getattr(args, "resume", None) is not None:
        if getattr(args, "sets", None) is None and default_sets is not None:
            args.sets = default_sets
        return
    if getattr(args, "game", DEFAULT_FAMILY) != DEFAULT_FAMILY:
        raise ConfigError("--mix-file mixes the sets of the deck-building games")
    given = [flag for dest, flag in _MIX_FILE_REPLACES if getattr(args, dest, None)]
    if given:
        raise ConfigError(f"--mix-file says everything about the mix: leave out {', '.join(given)}")
    mix, warnings = load_mix_file(path, args.cards)
    for warning in warnings:
        print(f"lotr-rules: warning: {warning.format_text()}", file=sys.stderr)
    args.sets = ",".join(mix.config.sets)
    args.cards = [*args.cards, *mix.folders]
    args.mix_file_options = mix.mix_options()


def mix_options(args: argparse.Namespace) -> dict[str, Any]:
    """The GameConfig fields the mix options give (``--deck`` is read here; a mix file was read
    by :func:`apply_mix_file`)."""
    from_file: dict[str, Any] | None = getattr(args, "mix_file_options", None)
    if from_file is not None:
        return from_file
    mix = getattr(args, "mix", None) or ""
    half = getattr(args, "half", None) or 1
    deck: Path | None = getattr(args, "deck", None)
    table_text: str | None = getattr(args, "less_random", None)
    if deck is not None and mix != "custom":
        raise ConfigError("--deck lists a main deck for --mix custom")
    if half != 1 and mix != "plan-2":
        raise ConfigError("--half picks a half of the deck for --mix plan-2")
    if table_text and mix != "less-random":
        raise ConfigError("--less-random changes the table of --mix less-random")
    table: list[tuple[str, str]] = []
    for item in (table_text or "").split(","):
        if not item.strip():
            continue
        key, sep, code = item.partition("=")
        if not sep or not key.strip() or not code.strip():
            raise ConfigError(f"--less-random takes TYPE=SET pairs, not '{item.strip()}'")
        table.append((key.strip().lower(), code.strip()))
    return {
        "mix": mix,
        "half": half,
        "less_random": tuple(table),
        "custom_deck": read_deck_file(deck) if deck is not None else (),
    }


def register(sub: argparse._SubParsersAction[Any]) -> None:
    parser = sub.add_parser("game", help="bots play a complete game; show its log and the scores")
    parser.add_argument("--players", type=positive_int, default=4, help="1 to 5 players (default 4)")
    parser.add_argument("--seed", type=seed_int, default=1, help="the game's seed (default 1)")
    parser.add_argument("--bot", choices=("heuristic", "random"), default="heuristic")
    parser.add_argument("--impossible", action="store_true", help="Impossible Mode")
    parser.add_argument("--archenemies", type=positive_int, default=8, help="Archenemy stack size (default 8)")
    parser.add_argument("--hero", action="append", default=[], metavar="NAME", help="hero for the next seat")
    parser.add_argument("--sets", default=None, help="comma-separated set codes (default two-towers)")
    add_mix_options(parser)
    parser.add_argument("--quiet", action="store_true", help="print only the result")
    parser.add_argument("--record", type=Path, metavar="FILE", help="write the game record (JSON) to FILE")
    add_cards_option(parser)
    parser.set_defaults(run=with_mix_file(run))


def run(args: argparse.Namespace) -> int:
    catalogue = catalogue_from(args)
    config = GameConfig(
        players=args.players,
        seed=args.seed,
        heroes=tuple(args.hero),
        impossible=args.impossible,
        archenemies=args.archenemies,
        sets=tuple(s.strip() for s in args.sets.split(",") if s.strip()),
        **mix_options(args),
    )
    bot = HeuristicAgent if args.bot == "heuristic" else RandomAgent
    game = DeckbuildingGame(catalogue, config, [bot(seed=args.seed * 10 + i) for i in range(args.players)])
    result = game.play_game()
    if not args.quiet:
        for line in render_log(game):
            print(line)
        print()
    for line in result_lines(result):
        print(line)
    if args.record:
        args.record.write_text(json.dumps(game_record(game), indent=2), encoding="utf-8")
        print(f"record written to {args.record}")
    return 0
