"""LCG words of control and of who acts: a card changing hands, another player to choose, a
cost of lowering a counter, and a card compared with one named earlier in the effect.

Each function here is declared in :mod:`.vocabulary`, beside the others of its kind.
"""

from __future__ import annotations

from lotr_rules.engine.context import Ctx
from lotr_rules.engine.registry import Phrase, Primitive
from lotr_rules.engine.selection import Placement, Selection
from lotr_rules.games.lcg.state import PLAY
from lotr_rules.games.lcg.words import g, pick


# ---------------------------------------------------------------------- commands
def take_control(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """You take control of these cards in play: each moves into your play area as it is
    (exhausted or ready, its damage and resources, its attachments where they are). It stays in
    play, so nothing leaves or enters play; its owner does not change, so it is still discarded
    to its owner's pile (RR "Control", "Ownership")."""
    assert sel is not None
    game = g(ctx)
    for card in pick(ctx, sel, "choose a card to take control of"):
        where, holder = game.locate(card)
        if where != PLAY or holder == ctx.player:
            continue  # only a card in another player's play area changes hands
        game.move(card, PLAY, ctx.player)
        game.log("took control", ctx.player, game.card_name(card))


CONTROL = Primitive(
    "control",
    "You take control of these cards in play: each moves into your play area as it is (state, "
    "tokens, attachments); its owner stays the same, so it is still discarded to its owner's pile.",
    "control this",
    "cards",
    impl=take_control,
    honours=frozenset({"zone", "where", "count", "up to", "all", "as", "name"}),
    default_zone="any play area",
    moves_to="play area",
)


# ---------------------------------------------------------------------- players
def other_players(ctx: Ctx) -> list[int]:
    """The players still in the game other than you, from the first player clockwise."""
    return [p for p in g(ctx).turn_order() if p != ctx.player]


ANOTHER_PLAYER = Phrase("another player", "any other player still in the game", other_players)


# ---------------------------------------------------------------------- attributes
def is_card(ctx: Ctx, card: int, name: str) -> bool:
    """``card is X``: the card is one of the cards named ``X`` earlier in the effect (by
    ``as X``, a cost's included: ``cost exhaust a hero in play area as Paid``)."""
    named = ctx.vars.get(name)
    return isinstance(named, list) and card in named


SAME_CARD = Phrase(
    "card",
    "the card itself, compared with cards named earlier with 'as' ('card is not Paid')",
    is_card,
    data={"kind": "card", "live": True},
)
