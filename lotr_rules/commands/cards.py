"""``lotr-rules cards``: list the loaded cards with their data and provenance."""

from __future__ import annotations

import argparse
import json
from typing import Any

from lotr_rules.cards.provenance import designed_facts, short_mark, source_mark
from lotr_rules.commands.common import add_cards_option, every_family_catalogue
from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.fields import FieldDecl
from lotr_rules.games import DEFAULT_FAMILY, family_names


def register(sub: argparse._SubParsersAction[Any]) -> None:
    parser = sub.add_parser(
        "cards",
        help="list cards with their family's numbers (cost, Power, VP; a Card Game card's stats), copies, provenance",
    )
    parser.add_argument("--set", dest="set_code", help="only this set")
    parser.add_argument("--type", dest="card_type", help="only cards of this type")
    parser.add_argument("--sphere", help="only cards of this sphere (a Card Game field: leadership, lore, neutral...)")
    parser.add_argument("--trait", help="only cards with this trait ('Dol Guldur' or 'dol-guldur')")
    parser.add_argument(
        "--cost", type=cost_range, metavar="N|N-M|N+", help="only cards whose cost is N, from N to M, or N or more"
    )
    parser.add_argument(
        "--game",
        choices=tuple(family_names()),
        help="only the cards of this game family's sets, with its own fields as the columns",
    )
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
    if args.game:
        cards = [c for c in cards if c.family == args.game]
    if args.sphere:
        cards = [c for c in cards if _declares(c, "sphere") and c.family_fields["sphere"] == args.sphere.lower()]
    if args.trait:
        wanted = "-".join(args.trait.lower().split())
        cards = [c for c in cards if _declares(c, "traits") and wanted in str(c.family_fields["traits"]).split()]
    if args.cost is not None:
        low, high = args.cost
        cards = [c for c in cards if _has_cost(c) and low <= c.family_fields["cost"] <= high]
    if not cards:
        print("no card matches these filters")
        return 0
    cards = sorted(cards, key=lambda c: (c.set_code, c.field("deck", "main"), c.name))
    if args.format == "json":
        print(json.dumps([_json_row(card) for card in cards], indent=2, ensure_ascii=False))
        return 0
    groups = card_groups(cards)
    for index, (heading, group) in enumerate(groups):
        if len(groups) > 1:
            # each family (and the Card Game's player and encounter cards) has columns of its own
            print(("\n" if index else "") + f"{heading} ({len(group)})")
        _print_table(*(_deckbuilding_table(group) if group[0].family == DEFAULT_FAMILY else _family_table(group)))
    print(_summary(cards))
    return 0


#: the headings of the tables, by family, when several families' cards are listed
FAMILY_HEADINGS = {
    "deckbuilding": "Deck-building cards",
    "adventure-deck": "Adventure Deck cards",
    "lcg": "Card Game cards",
}
#: the Card Game's types whose cards are a player's; the others are the encounter deck's and quests
LCG_PLAYER_TYPES = frozenset({"hero", "ally", "attachment", "event"})


def card_groups(cards: list[CardDef]) -> list[tuple[str, list[CardDef]]]:
    """The cards cut into tables with columns of their own: one a family, the Card Game's player
    cards apart from its encounter and quest cards (they share almost no number); each with its
    heading. Families come in the order of :func:`family_names`."""
    order = {name: index for index, name in enumerate(family_names())}
    groups: list[tuple[str, list[CardDef]]] = []
    for family in sorted({c.family for c in cards}, key=lambda name: (order.get(name, len(order)), name)):
        members = [c for c in cards if c.family == family]
        heading = FAMILY_HEADINGS.get(family, f"{family} cards")
        if family == "lcg":
            player = [c for c in members if c.types & LCG_PLAYER_TYPES]
            encounter = [c for c in members if not c.types & LCG_PLAYER_TYPES]
            groups.extend(
                (f"{heading}: {words}", group)
                for words, group in (("player cards", player), ("encounter and quest cards", encounter))
                if group
            )
        else:
            groups.append((heading, members))
    return groups


def _json_row(card: CardDef) -> dict[str, object]:
    """A card as JSON: a deck-building card with its cost, Power and Victory Points, a card of
    another family with the fields of its family it gives."""
    row: dict[str, object] = {"name": card.name, "set": card.set_code}
    if card.family == DEFAULT_FAMILY:
        row.update(
            deck=card.field("deck", "main"),
            type="/".join(sorted(card.types)) or "none",
            cost=card.field("cost", 0),
            power=card.field("power", 0),
            victory="var" if card.field("victory_fn") is not None else card.field("victory", 0),
        )
    else:
        row.update(family=card.family, type="/".join(sorted(card.types)) or "none")
        row.update(
            (decl.name, card.family_fields[decl.name])
            for decl in type(card).field_decls
            if decl.name != "copies" and has_value(card, decl)
        )
    row.update(copies=card.field("copies", 1), provenance=card.provenance, designed=list(designed_facts(card)))
    return row


def _deckbuilding_table(cards: list[CardDef]) -> tuple[list[str], list[list[str]]]:
    """The deck-building games' columns: deck, cost, Power, Victory Points."""
    headers = ["name", "set", "deck", "type", "cost", "power", "victory", "copies", "provenance"]
    rows = [
        [
            c.name,
            c.set_code,
            str(c.field("deck", "main")),
            "/".join(sorted(c.types)) or "none",
            str(c.field("cost", 0)),
            str(c.field("power", 0)),
            "var" if c.field("victory_fn") is not None else str(c.field("victory", 0)),
            str(c.field("copies", 1)),
            short_mark(c),
        ]
        for c in cards
    ]
    return headers, rows


def _print_table(headers: list[str], rows: list[list[str]]) -> None:
    widths = [max([len(h)] + [len(row[i]) for row in rows]) for i, h in enumerate(headers)]
    print("  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)).rstrip())
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())


def _family_table(cards: list[CardDef]) -> tuple[list[str], list[list[str]]]:
    """A table of cards of one family: name, set and type, then each field the family declares
    that some listed card gives (a default everywhere says nothing), then provenance."""
    decls = [
        decl
        for decl in type(cards[0]).field_decls
        if decl.name != "copies" and any(has_value(card, decl) for card in cards)
    ]
    headers = ["name", "set", "type", *(decl.name for decl in decls), "copies", "provenance"]
    rows = [
        [
            card.name,
            card.set_code,
            "/".join(sorted(card.types)) or "none",
            *(_cell(card, decl) for decl in decls),
            str(card.field("copies", 1)),
            short_mark(card),
        ]
        for card in cards
    ]
    return headers, rows


def cost_range(text: str) -> tuple[int, int]:
    """``2`` (exactly 2), ``1-3`` (1 to 3) or ``4+`` (4 or more), as the lowest and highest cost."""
    spec = text.strip()
    try:
        if spec.endswith("+"):
            return int(spec[:-1]), 10**9
        if "-" in spec:
            low, high = (int(part) for part in spec.split("-", 1))
            if low > high:
                raise argparse.ArgumentTypeError(f"'{text}' goes from {low} down to {high}: write {high}-{low}")
            return low, high
        return int(spec), int(spec)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a cost: write N, N-M or N+ (as 2, 1-3 or 4+)") from None


def _declares(card: CardDef, name: str) -> bool:
    """Whether the card's family has a field of that name and the card's type has it."""
    decl = next((d for d in type(card).field_decls if d.name == name), None)
    return decl is not None and (not decl.types or bool(card.types & set(decl.types)))


def _has_cost(card: CardDef) -> bool:
    """Whether the card has a cost to filter by (an LCG hero's 'cost' is its threat cost, a
    separate field, so heroes and encounter cards have none)."""
    return _declares(card, "cost") and isinstance(card.family_fields["cost"], int)


def has_value(card: CardDef, decl: FieldDecl) -> bool:
    """Whether a card has something to show for a field: the field is one of its type's, and the
    card gives it (a default no card could write, like a Doomed of 0, is no value; a stat of 0 is)."""
    value = card.family_fields[decl.name]
    if decl.types and not card.types & set(decl.types):
        return False
    if value in ("", ()):
        return False
    return not (value == decl.default and isinstance(value, int) and decl.low is not None and decl.low > value)


def _cell(card: CardDef, decl: FieldDecl) -> str:
    """A field's value in a table cell, or "-" where the card has none."""
    value = card.family_fields[decl.name]
    if not has_value(card, decl):
        return "-"
    if isinstance(value, tuple):
        return " ".join(" ".join(map(str, item)) if isinstance(item, tuple) else str(item) for item in value)
    return str(value)


def _summary(cards: list[CardDef]) -> str:
    """The count, and how many of the cards are designed: no reader takes them for printed cards."""
    count = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
    if not cards:
        return count
    ours = sum(1 for c in cards if c.provenance == "designed")
    sources = " or the ".join(sorted({source_mark(c) for c in cards if c.provenance != "designed"})) or "rulebook"
    given = len(cards) - ours
    line = f"{count}: {ours} designed (ours, not the printed cards), {given} with the effect the {sources} gives"
    if any(short_mark(c).endswith("*") for c in cards):
        line += "; *: with designed numbers"
    return line
