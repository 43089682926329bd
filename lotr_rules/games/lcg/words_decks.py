"""LCG words for cards going back into a deck: a card in play shuffled into a player's deck.

Declared in :mod:`.vocabulary` like the others; it acts for ``ctx.player`` ("you").
"""

from __future__ import annotations

from lotr_rules.engine.context import Ctx
from lotr_rules.engine.registry import Primitive
from lotr_rules.engine.selection import Placement, Selection
from lotr_rules.games.lcg.state import DECK
from lotr_rules.games.lcg.words import g, pick
from lotr_rules.games.lcg.words_entering import IN_PLAY


def shuffle_into_deck(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """Each of these player cards in play goes into a deck, which is then shuffled: its owner's
    (``into its owner's deck``) or yours (``into deck``). A card out of play by now (destroyed,
    returned to hand) stays where it is, and so does an encounter card, which no deck of a
    player takes."""
    assert sel is not None and placement is not None
    game = g(ctx)
    for card in pick(ctx, sel, "choose a card to shuffle into its deck"):
        owner = game.owners[card] if card >= 0 else -1
        if owner < 0 or game.locate(card)[0] not in IN_PLAY:
            continue
        player = owner if placement.owner else ctx.player
        if game.state.eliminated[player]:
            continue
        game.move(card, DECK, player)
        game.state.rng.shuffle(game.z(DECK, player))
        game.log("shuffled into deck", player, game.card_name(card))


SHUFFLE = Primitive(
    "shuffle",
    "Shuffle these player cards in play into their owners' decks ('shuffle this into its owner's "
    "deck') or into your deck ('into deck'); a card that has left play, or an encounter card, "
    "stays where it is.",
    "shuffle this into its owner's deck",
    "cards",
    placement="required",
    positions=("into",),
    into_zones=("deck",),
    impl=shuffle_into_deck,
    honours=frozenset({"zone", "where", "count", "up to", "all", "as", "name"}),
    from_zones=("play area", "any play area"),
    moves_to="placement",
    honours_placement=frozenset({"owner"}),
)
