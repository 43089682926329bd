"""Words of the LCG's card language for looking at encounter cards in private and putting them
back: ``look at``, the zone ``looked at`` and ``move``; and for taking an attachment back from a
discard pile, the zone ``top attachments of discard piles`` and ``take`` (see :mod:`.vocabulary`).

The LCG keeps its decks with the top card first (``deck[0]`` is drawn or revealed next), so
these read the top of a deck from the front of its list.
"""

from __future__ import annotations

from lotr_rules.engine.context import Ctx
from lotr_rules.engine.selection import Placement, Selection
from lotr_rules.games.lcg.state import DISCARD, ENCOUNTER_DECK, HAND
from lotr_rules.games.lcg.words import g, pick, zone_key

#: where an effect keeps the cards it looked at (a key no script name can be: names start upper case)
LOOKED = "looked at"


def look_at(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """Look at the top cards of the named deck, privately: the entry in the log carries their
    names for the looking player's own screen, and its line says only how many."""
    game = g(ctx)
    count = 1 if sel is None else sel.wanted(ctx)
    seen: list[int] = []
    zones = sel.zones if sel is not None else ()
    for zone in zones:
        assert zone.lists is not None
        for cards in zone.lists(ctx):
            # a pile's list, as selections read it, has its top card last
            seen.extend(cards[::-1][: max(0, count - len(seen))])
    ctx.vars[LOOKED] = list(seen)
    if sel is not None and sel.binding:
        ctx.vars[sel.binding] = list(seen)
    game.log("looked at", ctx.player, len(seen), tuple(game.card_name(c) for c in seen))


def looked_at(ctx: Ctx) -> list[list[int]]:
    """The encounter cards this effect looked at that are still on the encounter deck."""
    seen = ctx.vars.get(LOOKED, [])
    deck = g(ctx).z(ENCOUNTER_DECK)
    return [[c for c in seen if c in deck]] if isinstance(seen, list) else [[]]


def put(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """Put the cards on the top or the bottom of the pile the placement names."""
    assert sel is not None and placement is not None and placement.zone is not None
    assert placement.zone.lists is not None
    game = g(ctx)
    key = zone_key(ctx, placement.zone.name)
    top = placement.position == "top"
    for card in pick(ctx, sel, "Put a card"):
        game.move(card, key[0], key[1], top=top)
        game.log("put", game.card_name(card), placement.position, key[0])


def top_attachments(ctx: Ctx) -> list[list[int]]:
    """Each player's topmost attachment in their discard pile: the last one discarded (a
    discard pile takes its cards on top, at the end of its list)."""
    game = g(ctx)
    out = []
    for player in game.turn_order():
        pile = game.z(DISCARD, player)
        found = [c for c in pile if game.records[c].type == "attachment"]
        out.append(found[-1:])
    return out


def take(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """The cards go into your hand."""
    assert sel is not None
    game = g(ctx)
    for card in pick(ctx, sel, "Take a card"):
        game.move(card, HAND, ctx.player)
        game.log("taken", ctx.player, game.card_name(card))
