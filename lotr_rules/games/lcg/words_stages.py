"""LCG words that change how a round's steps go for some cards: rules a card holds in a
``while`` block (an enemy whose excess damage raises threat, a location the players must
travel to, an enemy that cannot be engaged by choice), encounter cards going back into the
encounter deck, a shadow card dealt without effect, and the stats of cards counted as numbers.

Declared in :mod:`.vocabulary` beside the other words; each acts on the
:class:`~.game.LcgGame` of the context for the player ``ctx.player``. The rules read the
``while`` rules with ``LcgGame.rule_holds`` (see :mod:`.combat` and ``LcgGame.travel_phase``).
"""

from __future__ import annotations

from collections.abc import Callable

from lotr_rules.engine.context import Ctx
from lotr_rules.engine.registry import Phrase, Primitive
from lotr_rules.engine.selection import Placement, Selection
from lotr_rules.games.lcg.state import (
    BECKON,
    ELUDE,
    ENCOUNTER_DECK,
    ENCOUNTER_DISCARD,
    ENGAGED,
    PLAY,
    RESOLVING,
    SET_ASIDE,
    SHADOWS,
    STAGING,
    TRAMPLE,
)
from lotr_rules.games.lcg.words import g, pick

#: the card types of the encounter deck: only these go back into it
ENCOUNTER_TYPES = ("enemy", "location", "treachery", "objective")

_WHOLE = frozenset({"zone", "where", "all", "name"})


def _rule_only(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """A rule word does its work only while its 'while' block holds: the rules read it there."""


TRAMPLE_RULE = Primitive(
    TRAMPLE,
    "While it holds: the damage of these enemies' attacks beyond what the character taking it has "
    "left in hit points raises the attacked player's threat by as much.",
    "trample this",
    "cards",
    impl=_rule_only,
    honours=_WHOLE,
    contexts=("while",),
    kinds=("enemy",),
)

BECKON_RULE = Primitive(
    BECKON,
    "While it holds: when the players may travel (no location is active), they must travel to one of these locations.",
    "beckon this",
    "cards",
    impl=_rule_only,
    honours=_WHOLE,
    contexts=("while",),
    kinds=("location",),
)

ELUDE_RULE = Primitive(
    ELUDE,
    "While it holds: no player may engage these enemies by choice in the encounter phase (an "
    "engagement check still engages them).",
    "elude this",
    "cards",
    impl=_rule_only,
    honours=_WHOLE,
    contexts=("while",),
    kinds=("enemy",),
)


# ---------------------------------------------------------------------- back into the encounter deck
def return_to_encounter_deck(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """Each of these encounter cards, in the encounter discard pile, the staging area, an
    engagement area, a player's play area (attached to a card there), set aside, or being
    revealed (a treachery returning itself), goes back to the encounter deck: on its top, or
    into it (shuffled). A player card, or a card elsewhere by now, stays where it is."""
    assert sel is not None and placement is not None
    game = g(ctx)
    for card in pick(ctx, sel, "choose a card to return to the encounter deck"):
        if game.owners[card] >= 0 or game.locate(card)[0] not in (
            ENCOUNTER_DISCARD,
            STAGING,
            ENGAGED,
            PLAY,
            SET_ASIDE,
            RESOLVING,
        ):
            continue
        top = placement.position == "top"
        game.move(card, ENCOUNTER_DECK, top=top)
        if not top:
            game.state.rng.shuffle(game.z(ENCOUNTER_DECK))
        game.log("returned to encounter deck", game.card_name(card), "on top of" if top else "into")


RETURN = Primitive(
    "return",
    "Put these encounter cards, from the encounter discard pile, the staging area, an engagement "
    "area or in play attached to a card, back on top "
    "of the encounter deck ('return this on top of encounter deck') or shuffled into it "
    "('return this into encounter deck').",
    "return this into encounter deck",
    "cards",
    placement="required",
    positions=("top", "into"),
    to_zones=("encounter deck",),
    into_zones=("encounter deck",),
    impl=return_to_encounter_deck,
    honours=frozenset({"zone", "where", "count", "up to", "all", "random", "as", "name"}),
    from_zones=(
        "encounter discard pile",
        "staging area",
        "engagement area",
        "any engagement area",
        "play",
        "any play area",
        "play area",
        "set aside",
    ),
    moves_to="placement",
    kinds=ENCOUNTER_TYPES,
)


# ---------------------------------------------------------------------- conditions
def dealt_blank_shadow(ctx: Ctx) -> bool:
    """This enemy holds a shadow card dealt to it that has no shadow effect."""
    game = g(ctx)
    return any(
        enemy == ctx.this and game.records[shadow].shadow is None and game.locate(shadow)[0] == SHADOWS
        for shadow, enemy in game.state.shadow_of.items()
    )


BLANK_SHADOW = Phrase(
    "dealt a shadow card without effect",
    "this enemy holds a shadow card dealt to it that has no shadow effect",
    dealt_blank_shadow,
    data={"card_types": ("enemy",)},
)


def staged_with_another_enemy(ctx: Ctx) -> bool:
    """This card is in the staging area, and so is at least one other enemy."""
    game = g(ctx)
    staged = game.z(STAGING)
    return ctx.this in staged and any(c != ctx.this and game.records[c].type == "enemy" for c in staged)


WITH_ANOTHER_ENEMY = Phrase(
    "in staging area with another enemy",
    "this is in the staging area, and so is another enemy",
    staged_with_another_enemy,
    data={"card_types": ("enemy", "location", "objective")},
)


# ---------------------------------------------------------------------- numbers
def _summed(stat: str) -> Callable[[Ctx, list[int]], int]:
    def read(ctx: Ctx, cards: list[int]) -> int:
        game = g(ctx)
        return sum(game.stat(card, stat) for card in cards)

    return read


#: ``defense of defending character``: a stat as it is now, added up over the cards
STAT_AGGREGATES = tuple(
    Phrase(name, f"the {name} of the cards as it is now, added up", _summed(stat))
    for name, stat in (("willpower", "willpower"), ("attack", "attack"), ("defense", "defense"))
)
