"""LCG words for piles and cards coming back: sending an engaged enemy back to the staging
area, taking cards back from a discard pile, shuffling a discard pile into its deck, revealing
encounter cards, heroes back into play, and every player in turn.

Declared in :mod:`.vocabulary` like the others; each acts for ``ctx.player`` ("you").
"""

from __future__ import annotations

import attrs

from lotr_rules.engine.context import Ctx
from lotr_rules.engine.registry import Phrase, Primitive
from lotr_rules.engine.selection import Placement, Selection
from lotr_rules.games.lcg import triggers
from lotr_rules.games.lcg.state import DECK, DISCARD, ENCOUNTER_DECK, ENGAGED, HAND, PLAY, REMOVED, STAGING
from lotr_rules.games.lcg.words import g, pick
from lotr_rules.games.lcg.words_looking import LOOKED

#: what a selection of these commands may say: its zone, which cards, how many, a name
_FROM_A_ZONE = frozenset({"zone", "where", "count", "up to", "as"})


def disengage(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """The enemies go back to the staging area; they stay in play with their damage, and the
    shadow cards dealt to them are discarded."""
    assert sel is not None
    game = g(ctx)
    for enemy in pick(ctx, sel, "choose an enemy to return to the staging area"):
        if game.locate(enemy)[0] == ENGAGED:
            game.move(enemy, STAGING)
            game.log("returned to staging", game.card_name(enemy))
            # only an engaged enemy holds shadow cards: those dealt to it are discarded
            for shadow in [s for s, e in game.state.shadow_of.items() if e == enemy]:
                game.discard(shadow)


def recover(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """The cards go from your discard pile into your hand."""
    assert sel is not None
    game = g(ctx)
    for card in pick(ctx, sel, "choose a card to take back into your hand"):
        if game.locate(card) == (DISCARD, ctx.player):
            game.move(card, HAND, ctx.player)
            game.log("returned to hand", ctx.player, game.card_name(card))


def reshuffle(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """Your discard pile goes into your deck, which is then shuffled."""
    game = g(ctx)
    pile = game.z(DISCARD, ctx.player)
    deck = game.z(DECK, ctx.player)
    moved = len(pile)
    deck.extend(pile)
    pile.clear()
    game.state.rng.shuffle(deck)
    game.log("deck reshuffled", ctx.player, moved)


def reveal(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """Reveal cards from the encounter deck one after another, each resolved as if revealed by
    the player who revealed the card being answered (else you): the top cards ('reveal 2'), or
    the cards chosen among those looked at ('reveal a card from looked at'), each taken from
    where it lies in the deck."""
    game = g(ctx)
    answering = game.answering
    player = answering.player if answering is not None and answering.point == "would reveal" else ctx.player
    if sel is not None and any(zone.name == LOOKED for zone in sel.zones):
        for card in _chosen_to_reveal(ctx, sel):
            if game.state.finished or game.state.eliminated[player]:
                return
            if game.locate(card)[0] != ENCOUNTER_DECK:
                continue  # (a card looked at that has gone elsewhere since is not revealed)
            # the chosen card is revealed as the top card is: moved there first
            game.move(card, ENCOUNTER_DECK, top=True)
            game.reveal_encounter(player)
        return
    count = sel.wanted(ctx) if sel is not None else 1
    for _ in range(max(0, count)):
        if game.state.finished or game.state.eliminated[player]:
            return
        game.reveal_encounter(player)


def _chosen_to_reveal(ctx: Ctx, sel: Selection) -> list[int]:
    """The cards looked at that you choose to reveal, one at a time (a decision of its own kind,
    'reveal', so that a bot can tell it from a card an effect hurts)."""
    game = g(ctx)
    pool = sel.candidates(ctx, 1 << 30)
    wanted = min(sel.wanted(ctx), len(pool))
    chosen: list[int] = []
    while len(chosen) < wanted:
        if len(pool) == 1:
            chosen.append(pool.pop())
            continue
        options = [game.card_option(c) for c in pool]
        card: int = game.choose(
            ctx.player, "reveal", f"{game.card_name(ctx.this)}: choose a card to reveal", options, ctx.this
        )
        chosen.append(card)
        pool.remove(card)
    if sel.binding:
        ctx.vars[sel.binding] = list(chosen)
    return chosen


def each_player(ctx: Ctx) -> list[int]:
    """Every player still in the game, from the first player clockwise."""
    return g(ctx).turn_order()


def revive(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """Heroes from discard piles back into play under their owners' control, with empty
    resource pools (their threat costs are not paid again). A unique hero whose title is in
    play cannot enter play, so it is not offered."""
    assert sel is not None
    game = g(ctx)
    for hero in pick(ctx, _entering(sel), "choose a hero to put into play"):
        owner = game.owners[hero]
        if game.locate(hero) != (DISCARD, owner) or game.unique_in_play(hero):
            continue
        game.move(hero, PLAY, owner)
        game.state.resources[hero] = 0
        game.log("put into play", owner, game.card_name(hero))
        triggers.fire(game, "enters play", owner, hero)


def banish(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """These player cards are removed from the game (RR "Removed from the Game"): out of play
    for good, with their owner's other cards removed from the game. An event that says so of
    itself leaves the game once it resolves, instead of going to the discard pile."""
    assert sel is not None
    game = g(ctx)
    for card in pick(ctx, sel, "Remove a card from the game"):
        owner = game.owners[card]
        if owner < 0 or game.locate(card)[0] == REMOVED:
            continue  # (only player cards are written: E189 refuses any other kind)
        game.move(card, REMOVED, owner)
        game.log("removed from the game", owner, game.card_name(card))


def _entering(sel: Selection) -> Selection:
    """The selection without the heroes that cannot enter play now (the unique rule)."""
    test = sel.test

    def may_enter(ctx: Ctx, card: int) -> bool:
        return (test is None or test(ctx, card)) and not g(ctx).unique_in_play(card)

    return attrs.evolve(sel, test=may_enter)


DISENGAGE = Primitive(
    "disengage",
    "Send these enemies engaged with players back to the staging area (they keep their damage).",
    "disengage an enemy in any engagement area",
    "cards",
    impl=disengage,
    # a named card ('disengage this') too: one not engaged by then stays where it is
    honours=_FROM_A_ZONE | {"name"},
    # ('disengage attacking enemy': the enemy attacking now, or the one a shadow card was dealt to)
    from_zones=("engagement area", "any engagement area", "attacker"),
    default_zone="any engagement area",
    moves_to="staging area",
)
RECOVER = Primitive(
    "recover",
    "Take these cards from your discard pile back into your hand.",
    "recover a card from discard pile where sphere is spirit",
    "cards",
    impl=recover,
    honours=_FROM_A_ZONE,
    from_zones=("discard pile",),
    default_zone="discard pile",
    moves_to="hand",
)
RESHUFFLE = Primitive(
    "reshuffle",
    "Shuffle your discard pile back into your deck.",
    "reshuffle",
    "none",
    impl=reshuffle,
)
REVEAL = Primitive(
    "reveal",
    "Reveal this many cards from the encounter deck, one after another (a replacement for a "
    "card being revealed is revealed by the same player), or the ones chosen among the cards "
    "looked at ('reveal a card from looked at').",
    "reveal 1",
    "cards or count",
    default_zone="encounter deck",
    impl=reveal,
    honours=frozenset({"zone", "count", "as"}),
    from_zones=("encounter deck", "looked at"),
)
REVIVE = Primitive(
    "revive",
    "Put these heroes from discard piles back into play under their owners' control, with "
    "empty resource pools (no threat is paid for them).",
    "revive a hero in any discard pile",
    "cards",
    impl=revive,
    honours=_FROM_A_ZONE,
    from_zones=("discard pile", "any discard pile"),
    default_zone="any discard pile",
    moves_to="play area",
    kinds=("hero",),
)
BANISH = Primitive(
    "banish",
    "Remove these player cards from the game: they never come back ('banish this': an event "
    "that is removed from the game once it resolves, instead of going to the discard pile).",
    "banish this",
    "cards",
    impl=banish,
    honours=_FROM_A_ZONE | {"name", "all"},
    moves_to="removed from the game",
    kinds=("hero", "ally", "attachment", "event"),
)
EACH_PLAYER = Phrase("each player", "every player still in the game, from the first player clockwise", each_player)
