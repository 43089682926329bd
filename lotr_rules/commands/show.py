"""``lotr-rules show CARD``: the card's data, its canonical script, and what the engine understood."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from lotr_rules.cards.provenance import designed_summary
from lotr_rules.commands.cards import has_value
from lotr_rules.commands.common import add_cards_option, every_family_catalogue
from lotr_rules.datafiles import read_card_text
from lotr_rules.dsl.describe import describe_card
from lotr_rules.dsl.formatter import format_card
from lotr_rules.dsl.syntax import parse
from lotr_rules.engine.cards import CardDef
from lotr_rules.errors import UserError
from lotr_rules.games import DEFAULT_FAMILY


def register(sub: argparse._SubParsersAction[Any]) -> None:
    parser = sub.add_parser("show", help="show a card's data, canonical script and rendered text")
    parser.add_argument("card", help="the card's name (any case); 'NAME (SET)' for one set's card of a shared name")
    parser.add_argument("--set", dest="set_code", help="the set to look in (sets may share a name, like Courage)")
    add_cards_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    catalogue = every_family_catalogue(args)
    if args.set_code:
        catalogue.in_sets([args.set_code])  # an unknown set is an error, not a silent fallback
        cards = [catalogue.get(args.card, (args.set_code,))]
        if cards[0].set_code != args.set_code:  # the name says another set, or only another has it
            raise UserError(f"set '{args.set_code}' has no card named '{args.card}'")
    else:
        first = catalogue.get(args.card)
        # a name that says its set (``Aragorn (lcg-core)``) shows that card; a title, every card of it
        named = first.name.lower() == args.card.strip().lower()
        cards = [c for c in catalogue.cards if c.name.lower() == first.name.lower()] if named else [first]
    for index, card in enumerate(cards):
        if index:
            print()
        info = catalogue.sets.get(card.set_code)
        _show(card, Path(info.path) if info is not None else None)
    return 0


def _show(card: CardDef, folder: Path | None) -> None:
    # Read as loading read it: only a regular file inside its set folder (it may have changed since).
    script = parse(read_card_text(Path(card.source_path), folder), card.source_path)
    node = next(c for c in script.cards if c.name == card.name)
    types = " ".join(sorted(card.types)) or "none"
    print(f"{card.name}  [{card.set_code}]")
    print(
        f"  type: {types}"
        + (f" ({card.field('title', None)}, level {card.field('level', None)})" if card.field("title", None) else "")
    )
    if card.field("directions", ()):
        ways = ", ".join(f"{direction} {count}" for direction, count in card.field("directions", ()))
        numbers = f"aggression: {card.field('aggression', 0)}   directions: {ways}"
        print(f"  {numbers}   copies: {card.field('copies', 1)}   deck: {card.field('deck', 'main')}")
    elif card.family not in ("", DEFAULT_FAMILY):
        # another family's card: the fields it declares that apply to the card's type
        shown = [
            f"{decl.name}: {card.family_fields[decl.name]}"
            for decl in card.field_decls
            if decl.name != "copies" and has_value(card, decl)
        ]
        print("  " + "   ".join([*shown, f"copies: {card.field('copies', 1)}"]))
    else:
        victory = card.field("victory", 0) if card.field("victory_fn") is None else "variable"
        numbers = f"cost: {card.field('cost', 0)}   power: {card.field('power', 0)}   victory: {victory}"
        print(f"  {numbers}   copies: {card.field('copies', 1)}   deck: {card.field('deck', 'main')}")
    print(f"  provenance: {designed_summary(card)}" + (f" ({card.notes})" if card.notes else ""))
    print(f"  text: {card.text}")
    for gap in card.gap:
        print(f"  gap: {gap}")
    print()
    print("Script (canonical):")
    for line in format_card(node).splitlines():
        print("  " + line)
    print()
    print("What the engine understood:")
    for line in describe_card(card):
        print("  " + line)
