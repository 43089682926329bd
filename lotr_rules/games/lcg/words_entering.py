"""LCG words for cards entering and leaving play: the engagement areas of the other players, the
player who controlled the card a triggered ability answers, putting characters into play (and
back into hand), and effects that wait for the end of the phase or round.

Declared in :mod:`.vocabulary`, each with one line of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from lotr_rules.engine.cards import TriggerDef
from lotr_rules.engine.context import Ctx
from lotr_rules.engine.registry import Phrase, Primitive, ZoneSpec
from lotr_rules.engine.selection import Placement, Selection
from lotr_rules.games.lcg import triggers
from lotr_rules.games.lcg.state import ACTIVE, DECK, ENGAGED, HAND, PLAY, QUEST, STAGING, LcgState
from lotr_rules.games.lcg.words import g, pick

if TYPE_CHECKING:
    from lotr_rules.games.lcg.game import LcgGame

#: the zones whose cards are in play
IN_PLAY = (PLAY, ENGAGED, STAGING, ACTIVE, QUEST)


def other_engagement_areas(ctx: Ctx) -> list[list[int]]:
    """The enemies engaged with each player but you, in turn order."""
    game = g(ctx)
    return [game.z(ENGAGED, p) for p in game.turn_order() if p != ctx.player]


def controller_of_it(ctx: Ctx) -> list[int]:
    """The player who controlled the card the ability answers (``it``). A card that has left play
    is in a zone of its owner's, who is the player that controlled it: no core set card changes
    who controls a player card."""
    game = g(ctx)
    if ctx.it < 0:
        return []
    player = game.controller(ctx.it)
    return [] if player < 0 or game.state.eliminated[player] else [player]


OTHER_ENGAGEMENT_AREAS = ZoneSpec(
    "another engagement area",
    "the enemies engaged with the other players",
    ("engaged with another player",),
    "union",
    other_engagement_areas,
)
CONTROLLER_OF_IT = Phrase(
    "player who controlled it",
    "the player who controlled the card the ability answers ('for each player who controlled it { draw 2 }')",
    controller_of_it,
)


# ---------------------------------------------------------------------- putting cards into play
def put(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """``put an ally from hand into play``: the characters enter play under your control, paying
    nothing (a unique one stays where it is while its title is in play: seed "Unique Cards"),
    and their "enters play" abilities answer. ``put X into hand``: cards in play, or in a deck
    (a card looked at), go to their owners' hands (a card anywhere else stays where it is)."""
    assert sel is not None and placement is not None and placement.zone is not None
    game = g(ctx)
    into_play = placement.zone.name == "play"
    for card in pick(
        ctx, sel, "choose a card to put into play" if into_play else "choose a card to return to its hand"
    ):
        where = game.locate(card)[0]
        record = game.records[card]
        owner = game.owners[card]
        if into_play:
            if where in IN_PLAY or not record.is_character or game.unique_in_play(card):
                continue
            game.move(card, PLAY, ctx.player)
            game.log("put into play", ctx.player, game.card_name(card))
            triggers.fire(game, "enters play", ctx.player, card)
        elif (where in IN_PLAY or where == DECK) and owner >= 0 and record.type != "hero":
            game.move(card, HAND, owner)
            game.log("returned to hand", owner, game.card_name(card))


PUT = Primitive(
    "put",
    "Put characters from outside play into play under your control without paying for them "
    "('put an ally from hand into play'), or cards in play or in a deck into their owners' hands "
    "('put A into hand', 'put a card from looked at into its owner's hand').",
    "put an ally from hand into play",
    "cards",
    placement="required",
    positions=("into",),
    into_zones=("play", "hand"),
    # 'into its owner's hand' says where the cards go: an owner's hand is where they always go
    honours_placement=frozenset({"owner"}),
    impl=put,
    honours=frozenset({"zone", "where", "count", "up to", "all", "random", "as", "name"}),
    moves_to="placement",
)


# ---------------------------------------------------------------------- effects that wait
#: the book-keeping list (in the state's marks) of the cards a waiting effect still names
WAITING = "waiting"


def register(ctx: Ctx, trigger: TriggerDef) -> None:
    """``at end of phase { ... }`` inside an effect: it resolves once, at the next end of the
    phase (or round), with the names bound so far. A card a name holds that leaves play before
    then is a new card if it comes back (RR "Leaves Play"), so the name no longer holds it; nor
    does ``this``, for a card in play when the effect was set up."""
    game = g(ctx)
    state = game.state
    number = state.counters.get(WAITING, 0) + 1
    state.counters[WAITING] = number
    key = (WAITING, number)
    names = dict(ctx.vars)
    held = {c for v in names.values() if isinstance(v, list) for c in v}
    this_in_play = ctx.this >= 0 and game.locate(ctx.this)[0] in IN_PLAY
    if this_in_play:
        held.add(ctx.this)
    state.marks[key] = sorted(held)
    effect = trigger.effect

    def run_waiting(later: Ctx) -> None:
        alive = set(state_of(later).marks.pop(key, []))
        kept: dict[str, list[int] | int] = {}
        for name, value in names.items():
            kept[name] = [c for c in value if c in alive] if isinstance(value, list) else value
        kept.update(later.vars)
        later.vars = kept
        if this_in_play and later.this not in alive:
            later.this = -1  # 'this' left play since: what comes back is a new card
        effect(later)

    state.turn_triggers.append((attrs.evolve(trigger, effect=run_waiting), ctx.player, ctx.this))


def state_of(ctx: Ctx) -> LcgState:
    return g(ctx).state


def resolve_waiting(game: LcgGame, event: str) -> None:
    """The waiting effects of this end of phase or round resolve, each once, in the order they
    were set up."""
    due = [entry for entry in game.state.turn_triggers if entry[0].event == event]
    for entry in due:
        game.state.turn_triggers.remove(entry)
        trigger, player, card = entry
        if game.state.finished or game.state.eliminated[player]:
            continue
        game.step(card)
        trigger.effect(Ctx(game, player, card))
        game.check_lethal()


def forget(game: LcgGame, card: int) -> None:
    """A card leaving play is no longer the card a waiting effect names."""
    for key, cards in game.state.marks.items():
        if key[0] == WAITING and card in cards:
            cards.remove(card)


REGISTER = Primitive(
    "register trigger",
    "An 'at end of phase' or 'at end of round' block inside an effect: it waits, and resolves once, then.",
    "at end of phase { put A into hand }",
    "none",
    syntax="at end of phase/round { ... }",
    impl=register,
)


# ---------------------------------------------------------------------- responses from hand
def trigger_from_hand(entry: Phrase) -> Phrase:
    """A trigger of a Response used while its card is in its owner's hand ('response from hand
    after a dwarf hero you control leaves play { put this into play }')."""
    doc = "while the card is in your hand, after the card leaves play (to put this card into play)"
    return attrs.evolve(entry, doc=doc, data={**entry.data, "from_hand": True})
