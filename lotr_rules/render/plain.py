"""A card's face as plain text, for the terminal: what ``i N`` shows during a game.

It says what the SVG face says, in the same words: the name, the type line, the numbers the
card's family prints (cost, Power, Victory Points; aggression and the ways on; a Card Game card's
cost or threat cost, stats, engagement cost, quest points and victory points), the card's text
wrapped to the screen, and whether the card is one we designed.
"""

from __future__ import annotations

import textwrap

from lotr_rules.engine.cards import CardDef
from lotr_rules.render import lcg_style
from lotr_rules.render.face import type_words
from lotr_rules.render.style import face_for

WIDTH = 78


def card_text_lines(card: CardDef, width: int = WIDTH) -> list[str]:
    if card.family == "lcg":
        return _lcg_lines(card, width)
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


def _lcg_lines(card: CardDef, width: int) -> list[str]:
    """A Card Game card: its type line, its numbers in words, its traits and its text."""
    lines = [f"{card.name}  ({lcg_style.type_words(card)})"]
    spoken = lcg_style.spoken_numbers(card)
    if spoken:
        lines.append(f"  {spoken}")
    if lcg_style.traits(card):
        lines.append(f"  {lcg_style.traits(card)}")
    text = " ".join(part for part in (lcg_style.unsaid_keywords(card), card.text.strip()) if part) or "No text."
    lines.extend(textwrap.wrap(text, width, initial_indent="  ", subsequent_indent="  "))
    if card.provenance == "designed":
        lines.append("  (a card we designed: its text is not an official card's)")
    return lines
