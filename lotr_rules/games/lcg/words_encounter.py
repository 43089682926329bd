"""Words of the encounter side of the LCG: who acts ("each player", "first player", "player with
highest threat"), whether an attack is undefended, and the commands encounter cards and quest
stages need (gaining surge, removing a character from the quest, adding cards to the staging
area, revealing encounter cards, winning the game).

Declared in :mod:`.vocabulary` beside the other words; as there, each acts on the
:class:`~.game.LcgGame` of the context for the player ``ctx.player``.
"""

from __future__ import annotations

from lotr_rules.engine.context import Ctx
from lotr_rules.engine.decisions import Option
from lotr_rules.engine.selection import Placement, Selection
from lotr_rules.games.lcg.state import ACTIVE, ENCOUNTER_DECK, ENCOUNTER_DISCARD, SET_ASIDE, STAGING
from lotr_rules.games.lcg.words import _alive, g, pick

# ---------------------------------------------------------------------- players


def first_player(ctx: Ctx) -> list[int]:
    return [g(ctx).state.first_player]


def highest_threat(ctx: Ctx) -> list[int]:
    """The player with the highest threat; among players tied for it, the first player chooses
    (RR "First Player": the first player breaks ties between players)."""
    game = g(ctx)
    order = game.turn_order()
    if not order:
        return []
    top = max(game.state.threat[p] for p in order)
    tied = [p for p in order if game.state.threat[p] == top]
    if len(tied) == 1:
        return tied
    options = [Option(f"player {p + 1}", p) for p in tied]
    chosen = game.choose(game.state.first_player, "choose a player", "Which player has the highest threat?", options)
    return [int(chosen)]


# ---------------------------------------------------------------------- zones
def defender_attachments(ctx: Ctx) -> list[list[int]]:
    """The attachments on the character defending now (none when no one defends)."""
    game = g(ctx)
    return [game.attachments(game.defending) if game.defending >= 0 else []]


# ---------------------------------------------------------------------- conditions
def undefended(ctx: Ctx) -> bool:
    """An enemy is attacking and no character defends against it."""
    game = g(ctx)
    attacking = game.state.shadow_of.get(ctx.this, game.attacking)
    return attacking >= 0 and game.defending < 0


def effect_cancelled(ctx: Ctx) -> bool:
    """The effect the ability answers (a When Revealed or shadow effect about to resolve, damage
    just placed) has been cancelled already, by this ability or an earlier answer; never outside
    an answer to such a moment."""
    event = g(ctx).answering
    return event is not None and event.cancelled


# ---------------------------------------------------------------------- commands
def surge(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """The card being revealed gains surge: one more encounter card is revealed once it resolved."""
    g(ctx).gain_surge(ctx.this)


def withdraw(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """Remove these characters from the quest: they stay exhausted and count no willpower."""
    assert sel is not None
    game = g(ctx)
    for card in _alive(game, pick(ctx, sel, "choose a character to remove from the quest")):
        if card in game.state.committed:
            game.state.committed.discard(card)
            game.log("withdrawn", game.card_name(card))


def stage(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """Add these encounter cards to the staging area; a search of the encounter deck ends with
    shuffling it (RR "Searching")."""
    assert sel is not None
    game = g(ctx)
    searched = False
    for card in pick(ctx, sel, "choose a card to add to the staging area"):
        where = game.locate(card)[0]
        # (the active location goes back to the staging area: RR "Active Location")
        if game.owners[card] >= 0 or where not in (ENCOUNTER_DECK, ENCOUNTER_DISCARD, SET_ASIDE, ACTIVE):
            continue
        searched = searched or where == ENCOUNTER_DECK
        game.move(card, STAGING)
        game.log("staged", game.card_name(card))
    if searched or (sel.zones and any(zone.name == "encounter deck" for zone in sel.zones)):
        game.state.rng.shuffle(game.z(ENCOUNTER_DECK))


def win(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """The players win the game."""
    g(ctx).win()
