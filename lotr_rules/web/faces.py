"""Card faces for the table: the SVG :mod:`lotr_rules.render` draws from a card's data, cached.

Copies of a card share one face: the table names each face by the first instance of its card
in the game, so that the browser fetches (and caches) one picture per card, not per copy.
"""

from __future__ import annotations

from collections.abc import Sequence

from lotr_rules.engine.cards import CardDef
from lotr_rules.render import card_face_svg
from lotr_rules.web.visible import visible

_cache: dict[tuple[str, str, str], str] = {}


def face_svg(card: CardDef) -> str:
    """The card's face as an SVG document."""
    key = (card.set_code, card.name, card.source_digest)
    if key not in _cache:
        if len(_cache) > 4096:  # edited workshop cards make new faces: keep the cache bounded
            _cache.clear()
        # a card's text drawn on its face: the characters that would turn it around are shown
        _cache[key] = visible(card_face_svg(card))
    return _cache[key]


def first_instances(cards: Sequence[CardDef]) -> list[int]:
    """For each instance, the first instance of the same card (the one that names its face)."""
    first: dict[int, int] = {}
    return [first.setdefault(id(card), index) for index, card in enumerate(cards)]
