"""``lotr-rules show CARD``: the card's data, its canonical script, and what the engine understood."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from lotr_rules.commands.common import add_cards_option, catalogue_from
from lotr_rules.dsl.describe import describe_card
from lotr_rules.dsl.formatter import format_card
from lotr_rules.dsl.parser import parse


def register(sub: argparse._SubParsersAction[Any]) -> None:
    parser = sub.add_parser("show", help="show a card's data, canonical script and rendered text")
    parser.add_argument("card", help="the card's name (any case)")
    add_cards_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    catalogue = catalogue_from(args)
    card = catalogue.get(args.card)
    script = parse(Path(card.source_path).read_text(encoding="utf-8"), card.source_path)
    node = next(c for c in script.cards if c.name == card.name)
    types = " ".join(sorted(card.types)) or "none"
    print(f"{card.name}  [{card.set_code}]")
    print(f"  type: {types}" + (f" ({card.title}, level {card.level})" if card.title else ""))
    victory = card.victory if card.victory_fn is None else "variable"
    print(f"  cost: {card.cost}   power: {card.power}   victory: {victory}   copies: {card.copies}   deck: {card.deck}")
    print(f"  provenance: {card.provenance}" + (f" ({card.notes})" if card.notes else ""))
    print(f"  text: {card.text}")
    print()
    print("Script (canonical):")
    for line in format_card(node).splitlines():
        print("  " + line)
    print()
    print("What the engine understood:")
    for line in describe_card(node):
        print("  " + line)
    return 0
