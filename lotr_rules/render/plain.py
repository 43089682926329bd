"""A card's face as plain text, for the terminal: what ``i N`` shows during a game.

It says what the SVG face says, in the same words: the name, the type line, the numbers the
card's family prints (cost, Power, Victory Points; aggression and the ways on), the card's text
wrapped to the screen, and whether the card is one we designed.
"""

from __future__ import annotations

import textwrap

from lotr_rules.engine.cards import CardDef
from lotr_rules.render.face import type_words
from lotr_rules.render.style import face_for

WIDTH = 78


def card_text_lines(card: CardDef, width: int = WIDTH) -> list[str]:
    face = face_for(card)
    numbers = [f"{badge.label} {value}" for badge in face.badges if (value := badge.value(card)) is not None]
    if face.shows_directions and card.field("directions", ()):
        numbers.append("ways on: " + ", ".join(f"{way} {count}" for way, count in card.field("directions", ())))
    lines = [f"{card.name}  ({type_words(card, face)})"]
    if numbers:
        lines.append("  " + "   ".join(numbers))
    text = card.text.strip() or "No text."
    lines.extend(textwrap.wrap(text, width, initial_indent="  ", subsequent_indent="  "))
    if card.provenance == "designed":
        lines.append("  (a card we designed: its text is not an official card's)")
    return lines
