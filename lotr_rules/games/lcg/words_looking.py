"""Words of the LCG's card language for looking at face-down cards in private and putting them
back: ``look at`` (the top of the encounter deck or of any player's deck, or the shadow cards of
the enemies engaged with you), the zones ``looked at``, ``any deck`` and ``shadow cards of
enemies engaged with you``, and ``move``; and for taking an attachment back from a discard
pile, the zone ``top attachments of discard piles`` and ``take``; and for searching your own
deck, ``search`` and the zone ``searched`` (see :mod:`.vocabulary`).

The LCG keeps its decks with the top card first (``deck[0]`` is drawn or revealed next), so
these read the top of a deck from the front of its list.
"""

from __future__ import annotations

from lotr_rules.engine.context import Ctx
from lotr_rules.engine.decisions import Option
from lotr_rules.engine.registry import Primitive, ZoneSpec
from lotr_rules.engine.selection import Placement, Selection
from lotr_rules.games.lcg.state import DECK, DISCARD, ENCOUNTER_DECK, ENGAGED, HAND, SHADOWS
from lotr_rules.games.lcg.words import g, pick, zone_key

#: where an effect keeps the cards it looked at (a key no script name can be: names start upper case)
LOOKED = "looked at"


#: where a card looked at may still be, face down, for the rest of the effect
FACE_DOWN = (DECK, ENCOUNTER_DECK, SHADOWS)


def look_at(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """Look at face-down cards privately: the top cards of a deck (of one deck, which you
    choose when the zone names several: ``any deck``), or the shadow cards you choose. The entry
    in the log carries their names for the looking player's own screen; its line says only how
    many."""
    game = g(ctx)
    count = 1 if sel is None else sel.wanted(ctx)
    seen: list[int] = []
    zones = sel.zones if sel is not None else ()
    for zone in zones:
        assert zone.lists is not None
        if not zone.top_only:
            seen.extend(_chosen_face_down(ctx, [c for cards in zone.lists(ctx) for c in cards], count - len(seen)))
            continue
        piles = [cards for cards in zone.lists(ctx) if cards]
        if len(piles) > 1:
            piles = [_chosen_pile(ctx, piles)]
        for cards in piles:
            # a pile's list, as selections read it, has its top card last
            seen.extend(cards[::-1][: max(0, count - len(seen))])
    ctx.vars[LOOKED] = list(seen)
    if sel is not None and sel.binding:
        ctx.vars[sel.binding] = list(seen)
    game.log("looked at", ctx.player, len(seen), tuple(game.card_name(c) for c in seen))


def _chosen_pile(ctx: Ctx, piles: list[list[int]]) -> list[int]:
    """You choose which of several decks to look at, by whose it is."""
    game = g(ctx)
    options = []
    for index, cards in enumerate(piles):
        owner = game.owners[cards[0]]
        whose = f"Player {owner + 1}'s deck" if owner >= 0 else "the encounter deck"
        options.append(Option(f"look at {whose}", index))
    chosen: int = game.choose(
        ctx.player, "choose", f"{game.card_name(ctx.this)}: whose deck do you look at?", options, ctx.this
    )
    return piles[chosen]


def _chosen_face_down(ctx: Ctx, cards: list[int], count: int) -> list[int]:
    """You choose up to ``count`` face-down cards, each offered by what it lies under (the
    options never name the card)."""
    game = g(ctx)
    pool = list(cards)
    chosen: list[int] = []
    while pool and len(chosen) < count:
        if len(pool) <= count - len(chosen):
            chosen.extend(pool)
            break
        options = [game.card_option(c) for c in pool]
        card: int = game.choose(
            ctx.player,
            "choose card",
            f"{game.card_name(ctx.this)}: choose a face-down card to look at",
            options,
            ctx.this,
        )
        chosen.append(card)
        pool.remove(card)
    return chosen


def looked_at(ctx: Ctx) -> list[list[int]]:
    """The cards this effect looked at that are still face down where they were (a deck, or
    under an enemy as shadow cards)."""
    seen = ctx.vars.get(LOOKED, [])
    game = g(ctx)
    return [[c for c in seen if game.locate(c)[0] in FACE_DOWN]] if isinstance(seen, list) else [[]]


def any_deck(ctx: Ctx) -> list[list[int]]:
    """Every player's deck, in turn order, each as selections read a pile (top card last)."""
    game = g(ctx)
    return [game.z(DECK, p)[::-1] for p in game.turn_order()]


def shadows_engaged_with_you(ctx: Ctx) -> list[list[int]]:
    """The face-down shadow cards dealt to the enemies engaged with you, enemy by enemy."""
    game = g(ctx)
    enemies = game.z(ENGAGED, ctx.player)
    return [[s for s in game.z(SHADOWS) if game.state.shadow_of.get(s) == enemy] for enemy in enemies]


def put(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """Put the cards on the top or the bottom of the pile the placement names (only the cards
    that belong in it: encounter cards on the encounter deck)."""
    assert sel is not None and placement is not None and placement.zone is not None
    assert placement.zone.lists is not None
    game = g(ctx)
    key = zone_key(ctx, placement.zone.name)
    top = placement.position == "top"
    for card in pick(ctx, sel, "choose a card to put"):
        if (game.owners[card] < 0) != (key[1] < 0):
            continue  # a player's card never goes into the encounter deck
        game.move(card, key[0], key[1], top=top)
        game.log("put", game.card_name(card), placement.position, key[0])


def arrange(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """The cards looked at that are still in a deck go back on top of it in the order you
    choose, the first chosen on top (the others of the deck stay under them). Shadow cards lie
    in no deck, and stay where they are."""
    assert sel is not None
    game = g(ctx)
    cards = [c for c in pick(ctx, sel, "choose the cards to arrange") if game.locate(c)[0] in (DECK, ENCOUNTER_DECK)]
    for key in sorted({game.locate(c) for c in cards}):
        pool = [c for c in cards if game.locate(c) == key]
        order: list[int] = []
        while len(pool) > 1:
            options = [game.card_option(c) for c in pool]
            prompt = f"{game.card_name(ctx.this)}: which card goes on top next?"
            card: int = game.choose(ctx.player, "choose card", prompt, options, ctx.this)
            order.append(card)
            pool.remove(card)
        order.extend(pool)
        for card in reversed(order):
            game.move(card, key[0], key[1], top=True)
        game.log("arranged", ctx.player, len(order))


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
    """The cards go into your hand (from a discard pile's top, or from the cards of your own
    deck that were searched)."""
    assert sel is not None
    game = g(ctx)
    for card in pick(ctx, sel, "choose a card to take"):
        game.move(card, HAND, ctx.player)
        game.log("taken", ctx.player, game.card_name(card))


# ---------------------------------------------------------------------- searching your deck
#: where an effect keeps the cards of your deck it searched (no script name can be this: names
#: start upper case)
SEARCHED = "searched"


def search(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """Look through the top N cards of your deck (``all``: the whole deck) in private, then
    shuffle your deck (RR "Searching": a searched deck is shuffled afterwards). The cards found
    are remembered by who they are, so ``searched`` still names them after the shuffle: taking
    some of them out of the shuffled deck leaves the deck as shuffling the rest back would."""
    game = g(ctx)
    count = sel.wanted(ctx) if sel is not None else 1
    deck = game.z(DECK, ctx.player)
    found = deck[: max(0, count)]
    ctx.vars[SEARCHED] = list(found)
    if sel is not None and sel.binding:
        ctx.vars[sel.binding] = list(found)
    game.log("searched", ctx.player, len(found))
    game.state.rng.shuffle(deck)


def searched(ctx: Ctx) -> list[list[int]]:
    """The cards this effect searched that are still in your deck."""
    found = ctx.vars.get(SEARCHED, [])
    deck = g(ctx).z(DECK, ctx.player)
    return [[c for c in found if c in deck]] if isinstance(found, list) else [[]]


SEARCH = Primitive(
    "search",
    "Look through the top cards of your deck in private ('all cards': the whole deck), then shuffle "
    "your deck. 'searched' names the cards looked through for the rest of the ability: 'take' some "
    "of them into your hand; the others stay in the shuffled deck.",
    "search 5 cards from deck",
    "cards or count",
    default_zone="deck",
    impl=search,
    honours=frozenset({"zone", "count", "all", "as"}),
    from_zones=("deck",),
)

SEARCHED_ZONE = ZoneSpec(
    SEARCHED,
    "the cards of your deck this ability searched ('search'), while they are still in it",
    (),
    "player",
    searched,
    filled_by="search",
)
