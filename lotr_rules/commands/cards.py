"""``lotr-rules cards``: list the loaded cards with their data and provenance."""

from __future__ import annotations

import argparse
import json
from typing import Any

from lotr_rules.cards.provenance import designed_facts, short_mark
from lotr_rules.commands.common import add_cards_option, every_family_catalogue
from lotr_rules.engine.cards import CardDef


def register(sub: argparse._SubParsersAction[Any]) -> None:
    parser = sub.add_parser("cards", help="list cards: type, cost, Power, VP, copies, provenance")
    parser.add_argument("--set", dest="set_code", help="only this set")
    parser.add_argument("--type", dest="card_type", help="only cards of this type")
    parser.add_argument("--format", choices=("table", "json"), default="table")
    add_cards_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    catalogue = every_family_catalogue(args)
    cards = catalogue.cards
    if args.set_code:
        cards = catalogue.in_sets([args.set_code])
    if args.card_type:
        cards = [c for c in cards if args.card_type.lower() in c.types]
    cards = sorted(cards, key=lambda c: (c.set_code, c.field("deck", "main"), c.name))
    rows = [
        {
            "name": c.name,
            "set": c.set_code,
            "deck": c.field("deck", "main"),
            "type": "/".join(sorted(c.types)) or "none",
            "cost": c.field("cost", 0),
            "power": c.field("power", 0),
            "victory": "var" if c.field("victory_fn") is not None else c.field("victory", 0),
            "copies": c.field("copies", 1),
            "provenance": c.provenance,
            "designed": list(designed_facts(c)),
        }
        for c in cards
    ]
    if args.format == "json":
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    headers = ["name", "set", "deck", "type", "cost", "power", "victory", "copies", "provenance"]
    shown = [{**row, "provenance": short_mark(card)} for row, card in zip(rows, cards, strict=True)]
    widths = {h: max([len(h)] + [len(str(r[h])) for r in shown]) for h in headers}
    print("  ".join(h.ljust(widths[h]) for h in headers).rstrip())
    for row in shown:
        print("  ".join(str(row[h]).ljust(widths[h]) for h in headers).rstrip())
    print(_summary(cards))
    return 0


def _summary(cards: list[CardDef]) -> str:
    """The count, and how many of the cards are designed: no reader takes them for printed cards."""
    count = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
    if not cards:
        return count
    ours = sum(1 for c in cards if c.provenance == "designed")
    line = f"{count}: {ours} designed (ours, not the printed cards), {len(cards) - ours} with the rulebook's effect"
    if any(short_mark(c) == "rulebook*" for c in cards):
        line += "; rulebook*: with designed numbers"
    return line
