"""Which cards of a deck-building or Adventure Deck game a page may look at, by number.

A page asks for a card's text (``/card/N``) and its picture (``/face/N.svg``) by the card's
number in the game, so a number is no secret: any number can be asked for. A page may have
only the cards its table shows its viewer (their own hand, not the others', and no card of a
deck or a face-down stack) and the cards of the question it is asked now. What the table shows
is what the table's view holds, so this is read from the very view the page draws.
"""

from __future__ import annotations

from typing import Any

from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.games.adventure.game import AdventureGame
from lotr_rules.games.deckbuilding.game import DeckbuildingGame
from lotr_rules.web.cardview import CardView
from lotr_rules.web.views import adventure_view, deckbuilding_view

#: the families whose pages are checked here (the Card Game checks its own: see lcg_view.may_see)
SEEN_FAMILIES = frozenset({"deckbuilding", "adventure-deck"})


def shown_cards(game: Game, viewer: int | None, request: DecisionRequest | None) -> tuple[set[int], set[int]]:
    """The cards the table shows ``viewer`` face up, with ``request`` (the question put to
    them, or None) laid on it: (their numbers, the numbers their pictures are drawn from)."""
    view: dict[str, Any]
    if isinstance(game, DeckbuildingGame):
        view = deckbuilding_view(game, viewer, request)
    elif isinstance(game, AdventureGame):
        view = adventure_view(game, request)
    else:
        return set(), set()
    cards: set[int] = set()
    pictures: set[int] = set()
    _collect(view, cards, pictures)
    return cards, pictures


def _collect(item: Any, cards: set[int], pictures: set[int]) -> None:
    if isinstance(item, CardView):
        if not item.face_down:
            cards.add(item.instance)
            pictures.add(item.face)
    elif isinstance(item, dict):
        for value in item.values():
            _collect(value, cards, pictures)
    elif isinstance(item, list | tuple):
        for value in item:
            _collect(value, cards, pictures)
    elif hasattr(item, "loose"):  # the decision: the cards it asks about that are not on the table
        _collect(item.loose, cards, pictures)


def may_see_card(game: Game, card: int, viewer: int | None, request: DecisionRequest | None) -> bool:
    """Whether the page of ``viewer`` may read ``card``'s text."""
    return card in shown_cards(game, viewer, request)[0]


def may_see_face(game: Game, picture: int, viewer: int | None, request: DecisionRequest | None) -> bool:
    """Whether the page of ``viewer`` may have the picture numbered ``picture`` (copies of a
    card share the picture of its first copy: the number the page's images name)."""
    cards, pictures = shown_cards(game, viewer, request)
    return picture in pictures or picture in cards
