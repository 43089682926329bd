"""The Coverage table of a Card Game gallery: for each card of the set, whether its script does
all that the card says ("faithful") or what it leaves out, read from the cards' ``gap`` fields
(a card without one is faithful). Like the rest of the page it is written from the loaded set,
so a gap added to or removed from a card shows at the next regeneration."""

from __future__ import annotations

from collections.abc import Sequence

from lotr_rules.engine.cards import CardDef

#: the families whose galleries carry the table (their cards follow a printed card list)
FAMILIES = frozenset({"lcg"})


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def coverage_section(family: str, cards: Sequence[CardDef]) -> list[str]:
    """The page's "Coverage" section, or nothing for a family without one. ``cards`` in the
    order the table lists them."""
    if family not in FAMILIES or not cards:
        return []
    faithful = sum(1 for card in cards if not card.gap)
    lines = [
        "## Coverage",
        "",
        "Whether each card's script does all that the card says: **faithful**, or what it does not "
        "do yet (the card's `gap` lines). "
        f"{faithful} of the {len(cards)} different cards are faithful.",
        "",
        "| Card | Type | Faithful | What is missing |",
        "|---|---|---|---|",
    ]
    for card in cards:
        kind = " ".join(sorted(card.types)) or "none"
        missing = "; ".join(_cell(g) for g in card.gap)
        lines.append(f"| {_cell(card.name)} | {kind} | {'no' if card.gap else 'faithful'} | {missing or '—'} |")
    lines.append("")
    return lines
