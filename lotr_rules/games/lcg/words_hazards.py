"""LCG words for what encounter cards do to the players beyond a single effect: an encounter
card attaching itself to a character (a condition), more shadow cards for an attacking enemy,
resource tokens counted on a card, and a search of the top of your own deck.

Declared in :mod:`.vocabulary` like the others; each acts for ``ctx.player`` ("you").
"""

from __future__ import annotations

from lotr_rules.engine.context import Ctx
from lotr_rules.engine.decisions import Option
from lotr_rules.engine.registry import Phrase, Primitive
from lotr_rules.engine.selection import Placement, Selection
from lotr_rules.games.lcg import words_moving
from lotr_rules.games.lcg.combat import deal_one_shadow
from lotr_rules.games.lcg.state import DECK, ENGAGED, HAND, PLAY
from lotr_rules.games.lcg.words import g, pick


# ---------------------------------------------------------------------- attaching
def attach_to(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """This card, not in play yet (an encounter card being revealed), becomes attached to the
    chosen character: it goes into the play area of the character's controller (RR
    "Attachment Cards", "Encounter attachments" in the family's page)."""
    assert sel is not None
    game = g(ctx)
    if game.records[ctx.this].type == "attachment":
        # a player attachment's Action moves it onto another host (words_moving)
        words_moving.move_attachment(ctx, sel)
        return
    if game.locate(ctx.this)[0] in (PLAY, ENGAGED):
        return  # already in play: it does not move again
    for host in pick(ctx, sel, "choose a card to attach this to"):
        if game.locate(host)[0] == PLAY and game.records[host].is_character:
            game.attach_from(ctx.this, host)
            return


def _refuse_attach(
    types: frozenset[str], ability: str, contexts: tuple[str, ...], kinds: tuple[str, ...], ref: bool
) -> tuple[str, str] | None:
    """In an Action, only an attachment moves itself onto another host (E354): any other card
    has no host to leave."""
    if ability == "action" and "attachment" not in types:
        return ("E354", "'attach-to' in an Action moves an attachment onto another host: this card is no attachment")
    return None


ATTACH_TO = Primitive(
    "attach-to",
    "This card becomes attached to one of these characters, in its controller's play area: an "
    "encounter card being revealed, attached as a condition and discarded when the character "
    "leaves play; or, in a player attachment's Action, the attachment moves from its host onto "
    "another card it could go on (never the host it is on), still under its controller's control.",
    "attach-to a hero in your play area",
    "cards",
    impl=attach_to,
    honours=frozenset({"zone", "where", "count", "as"}),
    from_zones=("play area", "any play area"),
    default_zone="play area",
    # (a shadow effect may attach its own card too: "resolve this card's When Revealed effect")
    contexts=("when revealed", "action", "shadow"),
    kinds=("hero", "ally", "character"),
    refuse=_refuse_attach,
)


# ---------------------------------------------------------------------- shadow cards
def deal_shadow(ctx: Ctx, sel: Selection, amount: int | None) -> None:
    """Each of these enemies engaged with a player is dealt this many more face-down shadow
    cards from the top of the encounter deck (none once the deck is empty: RR "Shadow Cards"
    are never dealt from a reshuffled discard pile outside the quest phase)."""
    game = g(ctx)
    for enemy in pick(ctx, sel, "choose an enemy to deal a shadow card to"):
        if game.locate(enemy)[0] != ENGAGED or game.records[enemy].type != "enemy":
            continue
        for _ in range(max(0, amount or 0)):
            if not deal_one_shadow(game, enemy):
                return


DEAL_SHADOW = Phrase(
    "deal shadow",
    "Deal this many more face-down shadow cards to engaged enemies, from the top of the encounter deck.",
    deal_shadow,
    data={"all": False},
)


# ---------------------------------------------------------------------- measures
def resources_on(ctx: Ctx, cards: list[int]) -> int:
    """``resources of X``: the resources in the cards' pools, or the resource tokens on them
    (an enemy), added up."""
    resources = g(ctx).state.resources
    return sum(resources.get(card, 0) for card in cards)


RESOURCES = Phrase(
    "resources", "the resources on the cards (a hero's pool, tokens on an enemy), added up", resources_on
)


# ---------------------------------------------------------------------- searching your deck
def search_deck(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """Look at the top N cards of your deck, take up to 1 of them into your hand, and shuffle
    your deck (RR "Searching": the cards searched and not taken go back shuffled)."""
    game = g(ctx)
    count = sel.wanted(ctx) if sel is not None else 1
    deck = game.z(DECK, ctx.player)
    top = deck[: max(0, count)]
    game.log("searched", ctx.player, len(top))
    if top:
        options = [Option("take none", None), *(game.card_option(c) for c in top)]
        chosen = game.choose(
            ctx.player, "choose card", f"{game.card_name(ctx.this)}: take a card into your hand?", options, ctx.this
        )
        if chosen is not None:
            game.move(chosen, HAND, ctx.player)
            game.log("taken", ctx.player, game.card_name(chosen))
    game.state.rng.shuffle(deck)


SEARCH_DECK = Primitive(
    "search-deck",
    "Look at this many cards from the top of your deck, take up to 1 of them into your hand, and shuffle your deck.",
    "search-deck 5",
    "count",
    impl=search_deck,
    honours=frozenset({"count"}),
    asked="look through the top {n} of your deck and take 1 into your hand",
)
