"""Cancelling damage once it is placed: a Response "after X is damaged" that cancels.

Some cards answer a character being damaged by cancelling that damage and doing something else
instead ("after this is damaged { cancel  raise threat by Damage }"). The rules let such a
Response be used as soon as the damage is placed, before anything checks whether the card is
destroyed, so a cancelled damage is never seen as dealt: the card is not destroyed by it, and no
ability answering the damage ("after X is damaged" without a cancel) hears of it.

The compiler turns an "after ... is damaged" ability whose effect holds ``cancel`` into one at
the point "damage placed" (the trigger phrase's ``cancelled_at``); :meth:`LcgGame.deal_damage`
asks :func:`cancelled` there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lotr_rules.games.lcg import triggers
from lotr_rules.games.lcg.record import LcgEvent

if TYPE_CHECKING:
    from lotr_rules.games.lcg.game import LcgGame

#: the trigger point between damage being placed and the check for destruction
DAMAGE_PLACED = "damage placed"


def cancelled(game: LcgGame, player: int, card: int, amount: int, source: int) -> bool:
    """Offer the Responses that cancel the damage just placed on the card. Whether one did (its
    ``cancel`` has taken the damage off again: see :func:`take_back`)."""
    return triggers.fire(game, DAMAGE_PLACED, player, card, amount, source).cancelled


def take_back(game: LcgGame, event: LcgEvent) -> None:
    """``cancel`` answering damage just placed: it comes off at once, before the rest of the
    Response resolves or anything checks the card's hit points."""
    damage = game.state.damage
    left = damage.get(event.subject, 0) - event.amount
    if left > 0:
        damage[event.subject] = left
    else:
        damage.pop(event.subject, None)
    game.log("damage cancelled", game.card_name(event.subject), event.amount)
