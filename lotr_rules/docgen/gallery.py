"""``docs/gallery.md``: every card of the shipped Two Towers set, from its script.

The page is written from the loaded set: each card's data as the engine compiled it, its script
in canonical form (read back from its file and run through the formatter) and what the engine
understood it to say (:func:`~lotr_rules.dsl.describe.describe_card`). Nothing on it is typed by
hand, so it cannot drift from the scripts; ``python -m lotr_rules.docgen --check`` says when a
script changed and the page was not regenerated. Files are named relative to the set folder,
so the page does not depend on where the project is checked out.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

from lotr_rules.cards.catalogue import SetInfo
from lotr_rules.cards.loader import load_sets
from lotr_rules.dsl import ast
from lotr_rules.dsl.describe import describe_card
from lotr_rules.dsl.formatter import format_card
from lotr_rules.dsl.parser import parse
from lotr_rules.engine.cards import CardDef
from lotr_rules.games.deckbuilding.vocabulary import CARD_TYPES

PAGE = "gallery.md"
SET_CODE = "two-towers"

#: The decks in the order the rulebook's Contents lists them, with the names shown for them.
DECKS: tuple[tuple[str, str], ...] = (
    ("starter", "Starting cards (Courage and Despair)"),
    ("main", "Main deck"),
    ("one ring", "The One Ring"),
    ("valor", "Valor"),
    ("archenemy", "Archenemies"),
    ("corruption", "Corruption"),
    ("wall", "The Wall deck, regular cards"),
    ("breach", "The Wall deck, Breached"),
    ("starting", "Unique Hero starting cards"),
    ("impossible archenemy", "Impossible Mode Archenemies"),
    ("hero", "Oversized Hero cards"),
)
#: Not game cards in the rulebook's count (it counts 243 game cards, the oversized heroes aside).
NOT_GAME_CARDS = frozenset({"hero"})
#: Main-deck card types in the order of the rulebook's mixed-deck proportions.
MAIN_TYPES = ("ally", "enemy", "artifact", "maneuver", "location", "fortune")

_PLURALS = {t.name: t.plural for t in CARD_TYPES}

_PROVENANCE = """\
## Provenance

Every card says where its behaviour comes from:

- **rulebook**: the behaviour is stated in the rulebook (its card descriptions, clarifications
  and Setup), and the script follows it. Numbers the rulebook does not give are still ours and
  the card's notes say which.
- **designed**: the behaviour is ours, written to complete the set. It is never the official
  card's text; the notes say what the rulebook does say about the card, if anything.
"""


# ---------------------------------------------------------------------- helpers
def _sort_key(text: str) -> str:
    """Alphabetical order that files Éomer with the Es and Gríma with the Gs."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def _by_name(cards: Iterable[CardDef]) -> list[CardDef]:
    return sorted(cards, key=lambda c: (_sort_key(c.name), c.id))


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _type_label(card_type: str) -> str:
    return card_type.capitalize()


def _types_of(card: CardDef) -> str:
    ordered = [t for t in (t.name for t in CARD_TYPES) if t in card.types]
    ordered.extend(sorted(card.types - set(ordered)))
    return ", ".join(_type_label(t) for t in ordered) or "no card type"


def _copies(cards: Iterable[CardDef]) -> int:
    return sum(c.copies for c in cards)


def impossible_order(cards: Iterable[CardDef]) -> list[CardDef]:
    """The Impossible Mode Archenemies in the order they are met, the face-up one first.

    Setup stacks them by level, highest at the bottom, and by id within a level, the first one
    stacked at the bottom; this reads that stack from the top.
    """
    stacked = sorted(cards, key=lambda c: (-(c.level or 0), c.id))
    return list(reversed(stacked))


# ---------------------------------------------------------------------- one card
def _node(card: CardDef) -> ast.Card:
    script = parse(Path(card.source_path).read_text(encoding="utf-8"), card.source_path)
    return next(c for c in script.cards if c.name == card.name)


def _relative(card: CardDef, info: SetInfo) -> str:
    path = Path(card.source_path)
    try:
        return path.relative_to(Path(info.path)).as_posix()
    except ValueError:
        return path.name


def _understood(card: CardDef, node: ast.Card) -> list[str]:
    return list(describe_card(node)) or ["No abilities."]


def render_card(card: CardDef, info: SetInfo, level: int = 3, note: str = "") -> list[str]:
    node = _node(card)
    kind = _types_of(card)
    if card.title:
        kind += f" ({card.title.capitalize()}" + (f", level {card.level})" if card.level else ")")
    victory = "variable (see the script)" if card.victory_fn is not None else str(card.victory)
    provenance = f"**{card.provenance}**" + (f": {card.notes}" if card.notes else "")
    lines = ["#" * level + f" {card.name}", ""]
    if note:
        lines += [note, ""]
    lines += [
        "| | |",
        "|---|---|",
        f"| Type | {_cell(kind)} |",
        f"| Cost | {card.cost} |",
        f"| Power | {card.power} |",
        f"| Victory Points | {victory} |",
        f"| Copies | {card.copies} |",
        f"| Provenance | {_cell(provenance)} |",
        f"| Script file | `{_relative(card, info)}` |",
        "",
        f"**Text:** {card.text}",
        "",
        "Script (canonical form):",
        "",
        "```text",
        *format_card(node).rstrip("\n").splitlines(),
        "```",
        "",
        "What the engine understood:",
        "",
        "```text",
        *_understood(card, node),
        "```",
        "",
    ]
    return lines


# ---------------------------------------------------------------------- the page
def _intro(info: SetInfo, cards: Sequence[CardDef], by_deck: dict[str, list[CardDef]]) -> list[str]:
    lines = [
        f"<!-- Generated by `python -m lotr_rules.docgen` from the card scripts of the {SET_CODE} set: "
        "do not edit by hand. -->",
        "",
        "# The Two Towers card gallery",
        "",
        f"Every card of the shipped set *{info.name}* (`{info.code}`), as the engine loads it: its data, "
        "its provenance, its printed text, its script in canonical form, and what the engine understood "
        "the script to say. Compare the last two with the text to spot a script that does something "
        "other than its card says. The same view of a single card is `lotr-rules show NAME`.",
        "",
        "## Components",
        "",
        "| Component | Cards | Different cards |",
        "|---|---:|---:|",
    ]
    known = {deck for deck, _ in DECKS}
    shown = list(DECKS) + [(deck, deck) for deck in sorted(set(by_deck) - known)]
    for deck, label in shown:
        group = by_deck.get(deck, [])
        if group:
            lines.append(f"| {_cell(label)} | {_copies(group)} | {len(group)} |")
    game_cards = _copies(c for c in cards if c.deck not in NOT_GAME_CARDS)
    lines += [
        f"| **Game cards** (all but the oversized Heroes) | **{game_cards}** | |",
        "",
        "### Main deck by card type",
        "",
        "A card of two types counts under each.",
        "",
        "| Type | Cards | Different cards |",
        "|---|---:|---:|",
    ]
    main = by_deck.get("main", [])
    counts: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for card in main:
        for card_type in card.types:
            counts[card_type] += card.copies
            kinds[card_type] += 1
    extra = sorted(set(counts) - set(MAIN_TYPES))
    for card_type in [*MAIN_TYPES, *extra]:
        if counts[card_type]:
            plural = _PLURALS.get(card_type, card_type).capitalize()
            lines.append(f"| {plural} | {counts[card_type]} | {kinds[card_type]} |")
    lines += [f"| **Main deck** | **{_copies(main)}** | **{len(main)}** |", ""]
    return lines


def _heroes(info: SetInfo, by_deck: dict[str, list[CardDef]]) -> list[str]:
    heroes = _by_name(by_deck.get("hero", []))
    starting = {c.name: c for c in by_deck.get("starting", [])}
    if not heroes and not starting:
        return []
    lines = [
        "## Heroes and their starting cards",
        "",
        "Each player is dealt a Hero, whose card says which unique starting card joins their first deck.",
        "",
    ]
    for hero in heroes:
        lines += render_card(hero, info)
        first = starting.pop(hero.starting_card, None) if hero.starting_card else None
        if first is not None:
            lines += render_card(first, info, 4, f"The starting card of {hero.name}.")
    for card in _by_name(starting.values()):
        lines += render_card(card, info, 3, "A starting card no Hero of this set names.")
    return lines


def _simple_section(title: str, intro: str, cards: Sequence[CardDef], info: SetInfo) -> list[str]:
    if not cards:
        return []
    lines = [f"## {title}", "", intro, ""]
    for card in cards:
        lines += render_card(card, info)
    return lines


def _main_deck(info: SetInfo, main: Sequence[CardDef]) -> list[str]:
    if not main:
        return []
    lines = [
        "## Main deck",
        "",
        f"The {_copies(main)} cards shuffled into the main deck, from which the Path is dealt, by card type. "
        "A card of two types is shown under the first of them here and named under the other.",
        "",
    ]
    types_present = {t for c in main for t in c.types}
    order = [*MAIN_TYPES, *sorted(types_present - set(MAIN_TYPES))]
    for card_type in order:
        of_type = [c for c in _by_name(main) if card_type in c.types]
        if not of_type:
            continue
        lines += [f"### {_PLURALS.get(card_type, card_type).capitalize()}", ""]
        for card in of_type:
            home = next(t for t in order if t in card.types)
            if home == card_type:
                lines += render_card(card, info, 4)
            else:
                article = "an" if card_type[:1] in "aeiou" else "a"
                also = f"*{card.name}* is also {article} {_type_label(card_type)}"
                lines += [f"{also}: see {_PLURALS.get(home, home).capitalize()}.", ""]
    return lines


def _archenemies(info: SetInfo, cards: Sequence[CardDef]) -> list[str]:
    if not cards:
        return []
    lines = [
        "## Archenemies",
        "",
        "The Archenemy stack of a standard game, by level. Every Archenemy but the level 1 one makes a "
        "Group Ambush when it is revealed on top of the stack.",
        "",
    ]
    for level in sorted({c.level or 0 for c in cards}):
        group = sorted((c for c in cards if (c.level or 0) == level), key=lambda c: (c.cost, _sort_key(c.name)))
        lines += [f"### Level {level}" if level else "### No level", ""]
        for card in group:
            lines += render_card(card, info, 4)
    return lines


def _impossible(info: SetInfo, cards: Sequence[CardDef]) -> list[str]:
    if not cards:
        return []
    ordered = impossible_order(cards)
    lines = [
        "## Impossible Mode",
        "",
        "The Archenemies of Impossible Mode replace the regular ones and come in a fixed order, shown here "
        "from the face-up card on top of the stack to the last one met:",
        "",
    ]
    lines += [f"{n}. {card.name} (level {card.level}, cost {card.cost})" for n, card in enumerate(ordered, 1)]
    lines.append("")
    for n, card in enumerate(ordered, 1):
        lines += render_card(card, info, 3, f"Met {n} of {len(ordered)}.")
    return lines


def _wall(info: SetInfo, by_deck: dict[str, list[CardDef]]) -> list[str]:
    regular = _by_name(by_deck.get("wall", []))
    special = _by_name(by_deck.get("breach", []))
    if not regular and not special:
        return []
    lines = [
        "## The Wall",
        "",
        "The Wall deck holds five regular Wall cards per player plus the one special card, Breached. "
        "A Wall card resolves against the player who draws it.",
        "",
    ]
    for card in regular:
        lines += render_card(card, info)
    for card in special:
        lines += render_card(card, info, 3, "The special Wall card: it stays in front of whoever draws it.")
    return lines


def render() -> str:
    catalogue = load_sets()
    info = catalogue.sets[SET_CODE]
    cards = catalogue.in_sets([SET_CODE])
    by_deck: dict[str, list[CardDef]] = {}
    for card in cards:
        by_deck.setdefault(card.deck, []).append(card)
    lines = _intro(info, cards, by_deck)
    lines += [*_PROVENANCE.splitlines(), ""]
    lines += _heroes(info, by_deck)
    lines += _simple_section(
        "Starting cards",
        "Every player's first deck holds these besides the Hero's own card.",
        _by_name(by_deck.get("starter", [])),
        info,
    )
    lines += _main_deck(info, by_deck.get("main", []))
    stacks = [c for deck in ("valor", "corruption", "one ring") for c in _by_name(by_deck.get(deck, []))]
    lines += _simple_section(
        "Valor, Corruption and The One Ring",
        "The stacks beside the Path, and The One Ring that waits behind them.",
        stacks,
        info,
    )
    lines += _archenemies(info, by_deck.get("archenemy", []))
    lines += _impossible(info, by_deck.get("impossible archenemy", []))
    lines += _wall(info, by_deck)
    covered = {"hero", "starting", "starter", "main", "valor", "corruption", "one ring", "archenemy"}
    covered |= {"impossible archenemy", "wall", "breach"}
    others = _by_name(c for c in cards if c.deck not in covered)
    lines += _simple_section("Other cards", "Cards of decks this page has no section for.", others, info)
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n"
