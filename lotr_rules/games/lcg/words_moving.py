"""LCG words that move a card in play to another place in play by a card's effect: an
attachment moved onto another host (``attach-to`` in an attachment's Action: "pay 1 resource
from the attached hero's pool to attach this to another hero") and travelling to a location by
an effect (``travel-to``, with ``without travel-effect`` to skip its Travel effect), beside
``stage active location``, which sends the active location back to the staging area.

Declared in :mod:`.vocabulary`; ``attach-to`` keeps its older meaning for an encounter card
being revealed (:mod:`.words_hazards`), which calls :func:`move_attachment` for a card in play.
"""

from __future__ import annotations

from lotr_rules.engine.context import Ctx
from lotr_rules.engine.registry import Primitive
from lotr_rules.engine.selection import Placement, Selection
from lotr_rules.games.lcg import triggers
from lotr_rules.games.lcg.state import ACTIVE, PLAY, STAGING
from lotr_rules.games.lcg.words import g, pick, selectable

#: ``travel-to X without travel-effect``: the location's Travel effect (and its cost) is skipped
SKIP_TRAVEL = "travel-effect"
#: the kinds of card an attachment's Action may move it onto (what an attachment goes on)
HOST_KINDS = ("hero", "ally", "character", "enemy", "location")


def move_attachment(ctx: Ctx, sel: Selection) -> None:
    """This attachment, in play, moves onto another card the selection names (the player
    choosing): one it could be attached to by its own record (what it goes on, Restricted,
    a card that cannot have it, immunity), never the host it is on. It stays under its
    controller's control, in their play area (RR "Attachment Cards")."""
    game = g(ctx)
    card = ctx.this
    host = game.state.attached_to.get(card, -1)
    if host < 0 or game.locate(card)[0] != PLAY:
        return  # not attached (any more): nothing to move
    allowed = set(game.hosts(game.controller(card), card))
    among = [c for c in selectable(ctx, sel) if c != host and c in allowed]
    for new_host in pick(ctx, sel, "choose a card to move this onto", among=among)[:1]:
        game.attach(card, new_host)
        game.log("attached", game.card_name(card), game.card_name(new_host))


def travel_to(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """The players travel to a location in the staging area by this effect: it becomes the
    active location (keeping its progress) and the abilities that answer a travel answer it.
    Its Travel effect resolves, and must be payable for the travel to happen, unless the
    effect says ``without travel-effect``. With a location already active, nobody travels:
    a card that returns it first says so (``stage active location``)."""
    assert sel is not None
    game = g(ctx)
    if game.z(ACTIVE):
        game.log("no travel", game.card_name(game.z(ACTIVE)[0]))
        return
    among = [c for c in selectable(ctx, sel) if game.records[c].type == "location" and game.locate(c)[0] == STAGING]
    first = game.state.first_player
    for card in pick(ctx, sel, "choose a location to travel to", among=among)[:1]:
        record = game.records[card]
        resolve = guard != SKIP_TRAVEL
        if resolve and record.travel_check is not None and not record.travel_check(game, first, card):
            continue  # its Travel cost cannot be paid: no travel (RR "Travel Phase")
        game.move(card, ACTIVE)
        game.log("travelled", game.card_name(card))
        if resolve and record.travel is not None:
            record.travel(game, first, card)
            game.check_lethal()
        triggers.fire(game, "travelled", first, card)


TRAVEL_TO = Primitive(
    "travel-to",
    "The players travel to this location of the staging area by the effect: it becomes the active "
    "location and its Travel effect resolves (its cost must be paid), or with 'without "
    "travel-effect' is skipped. Nobody travels while another location is active: return it first "
    "('stage active location').",
    "travel-to it without travel-effect",
    "cards",
    impl=travel_to,
    honours=frozenset({"zone", "where", "count", "as", "name"}),
    guards=(SKIP_TRAVEL,),
    kinds=("location", "locations"),
    from_zones=("staging area",),
)
