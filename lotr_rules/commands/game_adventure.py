"""``lotr-rules game --game adventure-deck``: a bot (one of the Adventure Deck's strategies) walks
a whole journey; its log and the result are printed, its record written with ``--record``."""

from __future__ import annotations

import argparse

from lotr_rules.agents.search.core import parse_budget
from lotr_rules.cards.loader import load_sets
from lotr_rules.commands.lcg_options import refuse, refuse_lcg_options
from lotr_rules.commands.play_adventure import DECKBUILDING_ONLY
from lotr_rules.errors import UserError
from lotr_rules.games import vocabulary_for
from lotr_rules.games.adventure.record import journey_record
from lotr_rules.games.adventure.view import render_log, result_line
from lotr_rules.session import adventure

#: ``game`` options of the deck-building game the Adventure Deck has no use for
_NOT_FOR_A_JOURNEY = tuple(option for option in DECKBUILDING_ONLY if option[0] != "humans")


def run_journey(args: argparse.Namespace) -> int:
    refuse(args, _NOT_FOR_A_JOURNEY, "the Adventure Deck")
    refuse_lcg_options(args, "the Adventure Deck")
    if args.record is not None and not args.record.parent.is_dir():
        raise UserError(f"cannot write '{args.record}': folder '{args.record.parent}' does not exist")
    catalogue = load_sets(tuple(args.cards), vocabulary=vocabulary_for(adventure.FAMILY))
    config = adventure.new_config(args.seed)
    bot = args.bot or adventure.DEFAULT_BOT
    budget = parse_budget(args.search_budget) if getattr(args, "search_budget", None) else None
    game = adventure.play_new(catalogue.cards, config, adventure.make_bot(bot, config.seed, budget))
    if not args.quiet:
        walker = "the search bot" if bot == adventure.SEARCH else f"the {bot} strategy"
        print(f"The Adventure Deck, seed {config.seed}: {walker} walks.")
        for line in render_log(game.state.log):
            print(line)
        print()
    print(result_line(game.state.result))
    if args.record is not None:
        adventure.write_save(args.record, journey_record(game))
        print(f"record written to {args.record}")
    return 0
