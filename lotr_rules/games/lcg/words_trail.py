"""LCG words for a scenario that keeps the players on a trail: what questing successfully
answers, the quest deck set back to an earlier stage, an objective claimed onto a hero of any
player, a rule that keeps encounter effects from being cancelled, the end of one attack as a
moment to wait for, and card tests about what is attached to a card or to its controller's
heroes.

Declared in :mod:`.vocabulary` like the others; each acts for ``ctx.player`` ("you"). The
compiler asks each word's ``refuse`` whether it is written where it can do what it says (the
codes E366 to E368).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lotr_rules.engine.context import Ctx
from lotr_rules.engine.registry import Phrase, Primitive
from lotr_rules.engine.selection import Placement, Selection
from lotr_rules.games.lcg.lookup import record_index
from lotr_rules.games.lcg.state import ACTIVE, ENGAGED, PLAY, QUEST, QUEST_DECK, QUEST_DONE, STAGING
from lotr_rules.games.lcg.words import g, has_trait
from lotr_rules.games.lcg.words_objectives import is_free

if TYPE_CHECKING:
    from lotr_rules.games.lcg.game import LcgGame
    from lotr_rules.games.lcg.record import LcgEvent

#: the rule ``forbid-cancel`` puts on a card while its 'while' block holds
CANCEL_FORBIDDEN = "forbid-cancel"
#: the points whose effect is an encounter card's own (its When Revealed, its shadow effect)
_ENCOUNTER_EFFECTS = ("would reveal", "would shadow")
#: a finding of the compiler (code, message), or None where the word is written well
Finding = tuple[str, str] | None


# ---------------------------------------------------------------------- the quest deck set back
def reset_quest(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """The quest deck is reset to this stage: the current stage and every stage done from this
    one on go back into the quest deck, and this stage is the current quest again, without its
    progress and without being revealed anew (its 'when revealed' is its A side, done already)."""
    assert sel is not None
    game = g(ctx)
    wanted = sel.wanted(ctx)
    records = game.records
    done = game.z(QUEST_DONE)
    target = next((c for c in done if records[c].stage == wanted), -1)
    current = game.z(QUEST)
    if target < 0 or (current and records[current[0]].stage <= wanted):
        return  # only a stage the players left behind can be gone back to
    for card in list(current):
        game.move(card, QUEST_DECK)
    for card in [c for c in done if records[c].stage > wanted]:
        game.move(card, QUEST_DECK)
    game.move(target, QUEST)
    game.state.progress[target] = 0
    game.log("quest stage", records[target].stage, records[target].back_name or records[target].name)


def refuse_reset(
    types: frozenset[str], ability: str, contexts: tuple[str, ...], kinds: tuple[str, ...], ref: bool
) -> Finding:
    if "quest" not in types:
        return ("E367", "'reset-quest' sets the quest deck back from a quest stage's text: write it on a quest card")
    return None


RESET_QUEST = Primitive(
    "reset-quest",
    "The quest deck goes back to this stage: the current stage and the later ones return to the "
    "quest deck, and the stage named is the current quest again, with no progress (its setup is not "
    "done again). Nothing happens if the players have not got past that stage.",
    "reset-quest 2",
    "count",
    impl=reset_quest,
    honours=frozenset({"count"}),
    refuse=refuse_reset,
)


# ---------------------------------------------------------------------- claiming onto any hero
def claim_onto(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """This objective, in the staging area and free of encounters, is claimed: it is attached to
    the hero chosen among these (any player's), in that hero's player's play area."""
    assert sel is not None
    game = g(ctx)
    objective = ctx.this
    if game.locate(objective)[0] != STAGING or not is_free(game, objective):
        return
    name = game.card_name(objective)
    heroes = [c for c in sel.candidates(ctx, 1 << 30) if game.locate(c)[0] == PLAY and game.records[c].type == "hero"]
    if not heroes:
        return
    # (a decision of its own kind: a bot tells the hero that carries it from a card an effect hurts)
    options = [game.card_option(h, f"attach {name} to {game.card_name(h)}") for h in heroes]
    hero: int = (
        heroes[0] if len(heroes) == 1 else game.choose(ctx.player, "claim onto", f"Claim {name}", options, objective)
    )
    game.attach_from(objective, hero)
    game.log("claimed", game.controller(hero), name, game.card_name(hero))


def claimable(game: LcgGame, card: int) -> bool:
    """Whether an objective may use its Response, the one that claims it: only in the staging
    area, once no encounter card guards it (RR "Guarded"); claimed, it answers no more."""
    return game.locate(card)[0] == STAGING and is_free(game, card)


def refuse_claim_onto(
    types: frozenset[str], ability: str, contexts: tuple[str, ...], kinds: tuple[str, ...], ref: bool
) -> Finding:
    if "objective" not in types or ability not in ("action", "response", "forced"):
        return ("E366", "'claim-onto' claims the objective it is written on: write it in an objective's ability")
    if ref or not kinds or any(k not in ("a", "an", "hero", "heroes", "all", "each") for k in kinds):
        return ("E366", "an objective is claimed onto a hero: name the heroes ('claim-onto a hero in any play area')")
    return None


CLAIM_ONTO = Primitive(
    "claim-onto",
    "This objective, in the staging area and guarded by no encounter card, is claimed: it is "
    "attached to one of these heroes, whoever controls it, and goes into that player's play area.",
    "claim-onto a hero in any play area where state is committed",
    "cards",
    impl=claim_onto,
    honours=frozenset({"zone", "where", "count", "as"}),
    from_zones=("any play area", "play area"),
    refuse=refuse_claim_onto,
)


# ---------------------------------------------------------------------- effects that cannot be cancelled
def _rule_only(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """A rule word does its work only while its 'while' block holds: the rules read it there."""


def cancelling_forbidden(game: LcgGame, event: LcgEvent) -> bool:
    """Whether the encounter card's effect this event is about (its When Revealed or shadow
    effect) cannot be cancelled because a card in play holds ``forbid-cancel`` now."""
    if event.point not in _ENCOUNTER_EFFECTS or event.source < 0 or game.owners[event.source] >= 0:
        return False
    if CANCEL_FORBIDDEN not in record_index(game).constants:
        return False
    zones = [game.z(QUEST), game.z(ACTIVE), game.z(STAGING)]
    for player in game.turn_order():
        zones += [game.z(PLAY, player), game.z(ENGAGED, player)]
    return any(game.rule_holds(card, CANCEL_FORBIDDEN) for cards in zones for card in cards)


def refuse_forbid_cancel(
    types: frozenset[str], ability: str, contexts: tuple[str, ...], kinds: tuple[str, ...], ref: bool
) -> Finding:
    if ability != "while":
        return ("E159", "this rule holds only as long as a 'while' block does: write it in one")
    if not ref:
        return ("E368", "'forbid-cancel' holds on the card whose block it is: write 'forbid-cancel this'")
    return None


FORBID_CANCEL = Primitive(
    CANCEL_FORBIDDEN,
    "A rule of a 'while' block: as long as it holds on this card in play, no When Revealed or "
    "shadow effect of an encounter card can be cancelled.",
    "forbid-cancel this",
    "cards",
    impl=_rule_only,
    honours=frozenset({"name"}),
    contexts=("while",),
    refuse=refuse_forbid_cancel,
)


# ---------------------------------------------------------------------- card tests
def attachment_trait(ctx: Ctx, card: int, word: str) -> bool:
    """Whether a card attached to this one has the trait."""
    game = g(ctx)
    attached = game.state.attached_to
    return any(host == card and has_trait(ctx, a, word) for a, host in attached.items())


def controller_attachment_trait(ctx: Ctx, card: int, word: str) -> bool:
    """Whether a card attached to a hero this card's controller controls has the trait."""
    game = g(ctx)
    player = game.controller(card)
    if player < 0:
        return False
    heroes = set(game.heroes(player))
    attached = game.state.attached_to
    return any(host in heroes and has_trait(ctx, a, word) for a, host in attached.items())


ATTRIBUTES = (
    Phrase(
        "attachment-trait",
        "a trait of a card attached to the card ('heroes where attachment-trait is clue')",
        attachment_trait,
        data={"kind": "words", "live": True},
    ),
    Phrase(
        "controller-attachment-trait",
        "a trait of a card attached to a hero the card's controller controls",
        controller_attachment_trait,
        data={"kind": "words", "live": True},
    ),
)

# ---------------------------------------------------------------------- trigger points
TRIGGER_DOCS = (
    (
        "after the players quest successfully",
        "quest succeeded",
        "after the willpower committed beat the staging area's threat and its progress was placed",
    ),
)
#: a moment an effect may wait for ('at end of attack { ... }' in a shadow effect)
WAITING_DOCS = (("at end of attack", "attack ends", "once the attack being resolved is over"),)

PRIMITIVES = (RESET_QUEST, CLAIM_ONTO, FORBID_CANCEL)
