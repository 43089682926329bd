"""``lotr-rules cards``: list the loaded cards with their data and provenance."""

from __future__ import annotations

import argparse
import json
from typing import Any

from lotr_rules.commands.common import add_cards_option, every_family_catalogue


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
    cards = sorted(cards, key=lambda c: (c.set_code, c.deck, c.name))
    rows = [
        {
            "name": c.name,
            "set": c.set_code,
            "deck": c.deck,
            "type": "/".join(sorted(c.types)) or "none",
            "cost": c.cost,
            "power": c.power,
            "victory": "var" if c.victory_fn is not None else c.victory,
            "copies": c.copies,
            "provenance": c.provenance,
        }
        for c in cards
    ]
    if args.format == "json":
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    headers = ["name", "set", "deck", "type", "cost", "power", "victory", "copies", "provenance"]
    widths = {h: max([len(h)] + [len(str(r[h])) for r in rows]) for h in headers}
    print("  ".join(h.ljust(widths[h]) for h in headers))
    for row in rows:
        print("  ".join(str(row[h]).ljust(widths[h]) for h in headers))
    print(f"{len(rows)} card{'s' if len(rows) != 1 else ''}")
    return 0
