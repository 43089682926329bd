"""What the engine understood a card to say: the reading the compiler wrote as it compiled it.

The reading is produced from the compiled card, not re-worded from the script: each line is
written by the compiler from what it bound (the zones a selection resolved to, default zones
included; the scope its trigger listens in; where a command's cards go), so that what ``show``
says is what runs. Conditions and card tests are written with a bracket around every
``and``/``or`` inside another operator (``a or (b and c)``), so a reader needs no precedence
rules to see what goes with what.
"""

from __future__ import annotations

from lotr_rules.engine.cards import CardDef


def describe_card(card: CardDef) -> list[str]:
    """The lines 'show' prints under "What the engine understood"."""
    return list(card.reading)
