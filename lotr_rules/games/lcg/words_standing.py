"""LCG words for a character that stands firm and for tokens gathering on a card: the rule
``defend-unexhausted-against`` of a ``while`` block (the card holding the block does not exhaust
to defend against the enemies it names) and the trigger point ``after resources are placed on
CARD`` (answered whenever resources are added to a card, by any card's effect or by the
resource phase's collection), with which a card says what happens once it holds N or more
(``forced after resources are placed on this { if resources of this >= 8 { ... } }``).

Declared in :mod:`.vocabulary`; combat asks :func:`spares_exhaustion` as a defender is
declared, and the game calls :func:`resources_placed` wherever resources are added.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lotr_rules.engine.context import Ctx
from lotr_rules.engine.registry import Primitive
from lotr_rules.engine.selection import Placement, Selection
from lotr_rules.games.lcg import triggers
from lotr_rules.games.lcg.lookup import record_index

if TYPE_CHECKING:
    from lotr_rules.games.lcg.game import LcgGame

UNEXHAUSTED = "defend-unexhausted-against"
RESOURCES_PLACED = "resources placed"
#: a finding of a family's ``refuse``: (code, message), or None
Finding = tuple[str, str] | None

#: (phrase, trigger point, what it answers) for the vocabulary's trigger table
TRIGGER_DOCS = (
    (
        "after resources are placed on {card}",
        RESOURCES_PLACED,
        "after resources are added to the card (tokens on a card, or a hero's pool: by any card's "
        "effect or by the resource phase); check what it holds now with 'resources of this'",
    ),
)


# ---------------------------------------------------------------------- defending unexhausted
def spares_exhaustion(game: LcgGame, defender: int, enemy: int) -> bool:
    """Whether the defender, declared against this enemy, stays ready: a 'while' block of the
    defender's own names the enemy in a ``defend-unexhausted-against`` rule that holds now. Being
    declared still needs a ready character (the rule spares only the exhausting)."""
    if not game.constant_cards or game._reading_constants:
        return False
    blocks = record_index(game).constants_of(UNEXHAUSTED)
    if not blocks:
        return False
    game._reading_constants = True
    try:
        for source, constant in blocks:
            if source != defender:
                continue
            ctx = Ctx(game, game.controller(source), source)
            if constant.holds(ctx) and enemy in constant.targets(ctx):
                return True
        return False
    finally:
        game._reading_constants = False


def exhaust_defender(game: LcgGame, defender: int, enemy: int) -> None:
    """A character declared as a defender exhausts (RR "Defending"), unless a rule of its own
    spares it against this enemy: then it is never exhausted, not even for a moment, so nothing
    answering the declaration or an exhaustion sees it exhausted."""
    if spares_exhaustion(game, defender, enemy):
        game.log("defends unexhausted", game.card_name(defender))
        return
    game.state.exhausted.add(defender)


def _rule_only(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """A rule word does nothing as a command: it holds as long as its 'while' block does."""


_CHARACTERS = frozenset({"hero", "ally"})
_ENEMIES = frozenset({"enemy", "enemies"})


def refuse_unexhausted(
    types: frozenset[str], ability: str, contexts: tuple[str, ...], kinds: tuple[str, ...], ref: bool
) -> Finding:
    if ability != "while":
        return ("E159", "this rule holds only as long as a 'while' block does: write it in one")
    if not types & _CHARACTERS:
        return (
            "E388",
            "'defend-unexhausted-against' spares the card holding the block, which must be a character "
            "(a hero or an ally) to defend at all",
        )
    named = [k for k in kinds if k not in ("all", "a", "an", "each", "every")]
    if ref or not named or set(named) - _ENEMIES:
        return (
            "E387",
            "'defend-unexhausted-against' names the enemies its card defends against without exhausting: "
            "write 'all enemies in play where ...'",
        )
    return None


DEFEND_UNEXHAUSTED = Primitive(
    UNEXHAUSTED,
    "A rule of a 'while' block: the character holding the block does not exhaust to defend against "
    "these enemies (it must still be ready to be declared as a defender).",
    "defend-unexhausted-against all enemies in play where trait is troll",
    "cards",
    impl=_rule_only,
    honours=frozenset({"zone", "where", "all", "as", "name"}),
    contexts=("while",),
    refuse=refuse_unexhausted,
)
PRIMITIVES = (DEFEND_UNEXHAUSTED,)


# ---------------------------------------------------------------------- resources placed
def resources_placed(game: LcgGame, card: int, amount: int) -> None:
    """Resources were just added to the card: the abilities answering it resolve (a card that
    does something once it holds enough checks how many it holds now)."""
    if amount > 0 and RESOURCES_PLACED in game.listened and not game.state.finished:
        triggers.fire(game, RESOURCES_PLACED, game.controller(card), card, amount=amount)
