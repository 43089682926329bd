"""A rule of a ``while`` block that cancels shadow effects: ``cancel-shadows attached
character``. While one of the cards it names is defending, every shadow effect of the cards
dealt to the attacking enemy is cancelled as it would resolve (the card is turned over, its
effect does nothing). A shadow effect that cannot be cancelled (the field ``uncancellable
shadow``) still resolves, as it does against any cancel.

The combat steps (:mod:`.combat`) ask :func:`cancels_shadow` before each shadow effect. Declared
in :mod:`.vocabulary`; the compiler refuses the word outside a ``while`` block (E159) and on
cards that are not characters (W360: only a defender can make it hold).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lotr_rules.engine.registry import Primitive
from lotr_rules.games.lcg import triggers, words_protection
from lotr_rules.games.lcg.record import LcgEvent

if TYPE_CHECKING:
    from lotr_rules.games.lcg.game import LcgGame

SHADOWS_CANCELLED = "cancel-shadows"


def cancels_shadow(game: LcgGame, player: int, shadow: int) -> bool:
    """Whether the shadow effect of this card, dealt to the enemy attacking now, is cancelled by
    a defender the rule holds for."""
    defenders = [game.defending, *game.more_defenders] if game.defending >= 0 else []
    if not any(game.rule_holds(card, SHADOWS_CANCELLED) for card in defenders):
        return False
    return not triggers.cannot_be_cancelled(game, LcgEvent("would shadow", player, shadow, source=shadow))


CANCEL_SHADOWS = Primitive(
    SHADOWS_CANCELLED,
    "A rule of a 'while' block: while one of these characters defends, the shadow effects of the "
    "cards dealt to the attacking enemy are cancelled (one that cannot be cancelled still resolves).",
    "cancel-shadows attached character",
    "cards",
    impl=words_protection.rule_only,
    honours=frozenset({"zone", "where", "all", "as", "name"}),
    contexts=("while",),
    refuse=words_protection.refuse_rule(
        SHADOWS_CANCELLED, "W360", words_protection.CHARACTER_KINDS, "characters, the cards that defend"
    ),
)
