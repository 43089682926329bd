"""Where each fact of a card comes from: a rulebook, or our own design.

A card's ``provenance`` says where its effect comes from. Its ``designed`` field names, among the
card's other facts, those that are ours: a ``rulebook`` card must have one (``designed "none"``
when the rulebook gives everything), and the compiler refuses a fact the card does not carry
(E143). A ``designed`` card without the field is designed through and through; with it, the
field says which of its facts are ours besides the effect, the rest (a name, a level, a count)
being the rulebook's.

The rule itself (which facts a ``designed`` field may name) is the language's
(:mod:`lotr_rules.dsl.provenance`). This module turns a card's provenance into what the
galleries, ``lotr-rules cards``, ``show`` and the balance page print, and into the
one-sentence share of each set that is designed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from lotr_rules.dsl.provenance import FACTS, NONE
from lotr_rules.engine.cards import CardDef

#: what a provenance other than "designed" says the card's facts and behaviour come from, as a
#: reader sees it ("rulebook": the rulebook states the effect; "card-list": the public list of
#: the printed cards gives the facts, and the script does what the printed card does)
SOURCES: dict[str, str] = {"rulebook": "rulebook", "card-list": "card list"}


def source_mark(card: CardDef) -> str:
    """The word for where a card that is not designed comes from: ``rulebook`` or ``card list``."""
    return SOURCES.get(card.provenance, card.provenance)


def card_facts(card: CardDef) -> tuple[str, ...]:
    """The facts ``card`` carries, in the order of :data:`FACTS`."""
    present = {"name", "effect", "copies"}
    if card.field("directions", ()):
        present |= {"aggression", "directions"}
    else:
        if card.field("cost", 0):
            present.add("cost")
        if card.field("power", 0):
            present.add("power")
        if card.field("victory", 0) or card.field("victory_fn") is not None:
            present.add("victory")
    if card.field("level", None) is not None:
        present.add("level")
    if card.field("starting card", None):
        present.add("starting-card")
    return tuple(fact for fact in FACTS if fact in present)


def designed_facts(card: CardDef) -> tuple[str, ...]:
    """The facts of ``card`` that are designed, in the order of :data:`FACTS`."""
    if card.provenance == "designed":
        if not card.designed:
            return card_facts(card)
        named = {"effect", *card.designed}
    else:
        named = set(card.designed) - {NONE}
    return tuple(fact for fact in FACTS if fact in named)


def is_designed(card: CardDef) -> bool:
    """Whether anything of the card is ours: a reader must not take it for the printed card."""
    return bool(designed_facts(card))


def _listed(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def designed_summary(card: CardDef) -> str:
    """One phrase for a card's provenance: ``designed``, ``rulebook``, or ``rulebook; designed:
    cost and number of copies``; a designed card whose name or level is the game's own says so
    (its notes say where that is known from)."""
    designed = designed_facts(card)
    if card.provenance == "designed":
        given = [FACTS[f] for f in card_facts(card) if f not in designed]
        return "designed" + (f", except its {_listed(given)}" if given else "")
    if not designed:
        return source_mark(card)
    return f"{source_mark(card)}; designed: {_listed([FACTS[f] for f in designed])}"


def short_mark(card: CardDef) -> str:
    """The provenance column of a table: ``designed``, ``rulebook`` or ``rulebook*`` (the
    rulebook's effect with some designed numbers), ``card list`` or ``card list*``."""
    if card.provenance == "designed":
        return "designed"
    return source_mark(card) + ("*" if designed_facts(card) else "")


def share_sentence(title: str, cards: Iterable[CardDef]) -> str:
    """Which share of a set is designed and which follows the rulebook, in one sentence."""
    cards = list(cards)
    copies = sum(c.field("copies", 1) for c in cards)
    ours = [c for c in cards if c.provenance == "designed"]
    ruled = [c for c in cards if c.provenance != "designed"]
    ours_copies = sum(c.field("copies", 1) for c in ours)
    share = round(100 * ours_copies / copies) if copies else 0
    head = f"Of the {copies} cards of *{title}* ({len(cards)} different)"
    if not ruled:
        return f"{head}, all are designed by us: none has an effect a rulebook gives."
    partly = [c for c in ruled if designed_facts(c)]
    sources = sorted({source_mark(c) for c in ruled})
    sentence = (
        f"{head}, {ours_copies} ({share}%; {len(ours)} different) are designed by us and "
        f"{copies - ours_copies} ({len(ruled)} different) have the effect the {' or the '.join(sources)} gives"
    )
    if partly:
        sentence += f", {len(partly)} of these with designed numbers"
    return sentence + "."
