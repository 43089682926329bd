"""What Adventure Deck card scripts may say: the counters, zones, phrases and commands.

The language is the deck-building games' language; this table is what differs. It grows the
language only by general constructs: tokens on counters (``add 1 token to witch king track``),
effects that wait for the next turn (``next turn { ... }``), conditions on the way chosen
(``direction is not left``), and looking at and reordering the top cards (``arrange``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from lotr_rules.engine import events as ev
from lotr_rules.engine.cards import CardDef, Effect, TriggerDef
from lotr_rules.engine.context import Ctx, with_names
from lotr_rules.engine.decisions import Option
from lotr_rules.engine.registry import CardType, Phrase, Primitive, Vocabulary, ZoneSpec
from lotr_rules.engine.selection import Placement, Selection
from lotr_rules.games.adventure import game as rules
from lotr_rules.games.adventure import track
from lotr_rules.games.adventure.fields import DECKS, DIRECTIONS, FIELDS, AdventureDeckCardDef

if TYPE_CHECKING:
    from lotr_rules.games.adventure.game import AdventureGame


def _g(ctx: Ctx) -> AdventureGame:
    return ctx.game  # type: ignore[return-value]


# ---------------------------------------------------------------------- zones
def _zone(key: tuple[str, int]) -> Callable[[Ctx], list[list[int]]]:
    def lists(ctx: Ctx) -> list[list[int]]:
        return [ctx.game.state.zones[key]]

    return lists


ZONES = (
    ZoneSpec(
        "quest deck",
        "the cards still ahead; cards are taken from its top",
        ("deck",),
        "shared",
        _zone(rules.QUEST_DECK),
        top_only=True,
    ),
    ZoneSpec(
        "discard pile",
        "the cards already travelled past, the newest on top",
        ("discard",),
        "shared",
        _zone(rules.DISCARD),
    ),
    ZoneSpec("location", "the card Frodo stands on: the last card drawn", (), "shared", _zone(rules.LOCATION)),
    ZoneSpec("drawn", "the cards drawn so far this turn", ("drawn this turn",), "shared", _zone(rules.DRAWN)),
)


# ---------------------------------------------------------------------- choosing cards
def _pick(ctx: Ctx, sel: Selection) -> list[int]:
    """The cards a selection means: every match for ``all``, a random few for ``random N``,
    the top ones of the quest deck for a number, a reference's cards for a name."""
    if sel.quantity == "ref":
        return sel.referenced(ctx)
    if sel.quantity == "all":
        return sel.candidates(ctx, sel.all_depth)
    want = sel.wanted(ctx)
    if sel.quantity == "random":
        pool = sel.candidates(ctx, 1 << 30)
        return ctx.game.state.rng.sample(pool, min(want, len(pool)))
    return sel.candidates(ctx, want)[:want]


# ---------------------------------------------------------------------- primitives
def _shuffle(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    assert sel is not None and placement is not None and placement.zone is not None
    game = _g(ctx)
    cards = _pick(ctx, sel)
    if sel.binding:
        ctx.vars[sel.binding] = list(cards)
    lists = placement.zone.lists
    assert lists is not None
    target = lists(ctx)[0]
    key = next(k for k, v in game.state.zones.items() if v is target)
    game.shuffle_into(cards, key)


def _arrange(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """Look at the cards, then put them back on top of their pile in the order chosen."""
    assert sel is not None
    game = _g(ctx)
    cards = _pick(ctx, sel)
    if len(cards) < 2:
        return
    deck = game.z(rules.QUEST_DECK)
    if not all(card in deck for card in cards):
        return  # only cards on the quest deck can be put back in another order
    # The cards stay on the deck while the player decides (a card is always somewhere); they are
    # moved only once the whole order is known.
    order: list[int] = []
    remaining = list(cards)
    while len(remaining) > 1:
        options = [Option(f"put {game.card_name(c)} next", c, c) for c in remaining]
        answer = game.ask(rules.ME, "arrange", "Which card is met next?", options, ctx.this)
        chosen = int(answer.value)  # type: ignore[call-overload]
        order.append(chosen)
        remaining.remove(chosen)
    order.extend(remaining)
    for card in cards:
        deck.remove(card)
    # The first chosen is met first, so it goes on top (the end of the list).
    deck.extend(reversed(order))
    game.log("arranged", len(order))


def _advance(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    assert sel is not None
    _g(ctx).advance(sel.wanted(ctx))


def _retreat(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    assert sel is not None
    _g(ctx).retreat(sel.wanted(ctx))


def _resolve(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    assert sel is not None
    game = _g(ctx)
    cards = _pick(ctx, sel)
    if sel.binding:
        ctx.vars[sel.binding] = list(cards)
    for card in cards:
        game.resolve_effect(card)


def _flag(flag: str) -> Callable[[Ctx, Selection | None, Placement | None, str | None], None]:
    def set_flag(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
        ctx.game.state.flags.add(flag)
        ctx.game.log("rule", flag)

    return set_flag


def _cancel_attack(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    _g(ctx).cancel_attack()


def _next_turn(ctx: Ctx, effect: Effect) -> None:
    # The block runs next turn with the names bound so far, valued as they are now.
    ctx.game.state.delayed.append((with_names(effect, ctx.vars), ctx.player, ctx.this))


def _register(ctx: Ctx, trigger: TriggerDef) -> None:
    if ctx.vars:
        trigger = attrs.evolve(trigger, effect=with_names(trigger.effect, ctx.vars))
    ctx.game.state.turn_triggers.append((trigger, ctx.player, ctx.this))


#: where a rule for this turn still applies (not 'at end of turn': the turn's rules are over)
_BEFORE_THE_END = ("effect", "search", "trigger", "next turn")

PRIMITIVES = (
    Primitive(
        "shuffle",
        "Shuffle cards into a pile (the whole pile is shuffled).",
        "shuffle random 3 cards from discard pile into quest deck",
        "cards",
        placement="required",
        positions=("into",),
        impl=_shuffle,
        honours=frozenset({"zone", "where", "count", "all", "random", "as", "name"}),
        moves_to="placement",
    ),
    Primitive(
        "arrange",
        "Look at the top cards of the quest deck and put them back in the order you choose.",
        "arrange 3 cards from quest deck",
        "cards",
        default_zone="quest deck",
        impl=_arrange,
        honours=frozenset({"zone", "count"}),
        from_zones=("quest deck",),
        moves_to="quest deck",
    ),
    Primitive(
        "advance",
        "Move this many cards on at once: no Attack, and the new location's effect does not resolve "
        "(unless it is an 'effect always').",
        "advance 2",
        "count",
        impl=_advance,
        honours=frozenset({"count"}),
    ),
    Primitive(
        "retreat",
        "Walk this many cards back along the journey: the location goes back on top of the quest "
        "deck and the card before it becomes the location, this many times.",
        "retreat 2",
        "count",
        impl=_retreat,
        honours=frozenset({"count"}),
    ),
    Primitive(
        "resolve",
        "Resolve the effect of these cards now, as if each were the last card drawn.",
        "resolve card in location",
        "cards",
        impl=_resolve,
        honours=frozenset({"zone", "where", "count", "all", "random", "as", "name"}),
    ),
    Primitive(
        "cannot rest",
        "No rest at the end of this turn, not even on a moon.",
        "cannot rest",
        "none",
        impl=_flag(rules.NO_REST),
        # a rule for this turn: set at its very end, it would be cleared before it could apply
        contexts=_BEFORE_THE_END,
    ),
    Primitive(
        "skip effect",
        "The effect of this turn's last card does not resolve (unless it is an 'effect always').",
        "skip effect",
        "none",
        impl=_flag(rules.SKIP_EFFECT),
        # a rule for this turn: set at its very end, it would be cleared before it could apply
        contexts=_BEFORE_THE_END,
    ),
    Primitive(
        "travel blind",
        "This turn's cards are drawn unseen: only the last card's aggression counts, and no item or "
        "aid can be used on the others.",
        "travel blind",
        "none",
        impl=_flag(rules.BLIND),
        # a rule for this turn: set at its very end, it would be cleared before it could apply
        contexts=_BEFORE_THE_END,
    ),
    Primitive(
        "cancel attack",
        "This turn's Attack counts as 0 after all: the wounds it dealt heal.",
        "cancel attack",
        "none",
        impl=_cancel_attack,
    ),
    Primitive(
        "next turn",
        "A 'next turn { ... }' block: it takes effect in your next turn, once you have chosen your way "
        "and before you draw (a turn spent searching back lets it lapse).",
        "next turn { add 2 tokens to aid }",
        "none",
        syntax="next turn { ... }",
        impl=_next_turn,
    ),
    Primitive(
        "register trigger",
        "A 'when'/'at' block inside an effect: it listens for the rest of the turn.",
        "when you draw a card { ... }",
        "none",
        syntax="when/at PHRASE { ... }",
        impl=_register,
    ),
)


# ---------------------------------------------------------------------- counters
def _counter(words: str, key: str, doc: str) -> Phrase:
    """A counter scripts call ``words``, kept by the rules under ``key``."""

    def read(ctx: Ctx) -> int:
        return ctx.game.state.counters.get(key, 0)

    def write(ctx: Ctx, value: int) -> None:
        _g(ctx).set_counter(key, value)

    return Phrase(words, doc, read, data={"set": write})


def _turn_read(ctx: Ctx) -> int:
    return ctx.game.state.turn


def _turn_write(ctx: Ctx, value: int) -> None:
    _g(ctx).set_turn(value)


COUNTERS = (
    _counter(
        "witch king track", rules.WITCH_KINGS, "Witch King tokens; when the track is full (three) the game is lost"
    ),
    _counter(
        "health",
        rules.HEALTH,
        "Frodo's health points, his most (10 at the start); when his wounds reach it the game is lost",
    ),
    _counter("wounds", rules.WOUNDS, "the wounds Frodo has taken since he last rested"),
    _counter(
        "attack",
        rules.ATTACK,
        "this turn's Attack so far: the aggression of the cards drawn (armor comes off when it is dealt)",
    ),
    _counter("armor", rules.ARMOR, "armor tokens: each takes 1 off every turn's Attack"),
    _counter("weapons", rules.WEAPONS, "weapons: each counts one drawn card's aggression as 0, once; one item a turn"),
    _counter("aid", rules.AID, "help for this turn only: each counts one drawn card's aggression as 0 (not an item)"),
    _counter("shield", rules.SHIELD, "help for this turn only: each token takes 1 off this turn's Attack"),
    _counter("ring", rules.RING, "1 once the Ring has been used, 0 before"),
    Phrase("turn track", "the turn being played (1 to 25)", _turn_read, data={"set": _turn_write}),
)


# ---------------------------------------------------------------------- conditions
def _direction_is(direction: str, negated: bool) -> Callable[[Ctx], bool]:
    def check(ctx: Ctx) -> bool:
        return (_g(ctx).direction() == direction) != negated

    return check


STATES = (
    *(Phrase(f"direction is {d}", f"you travel {d} this turn", _direction_is(d, False)) for d in DIRECTIONS),
    *(Phrase(f"direction is not {d}", f"you do not travel {d} this turn", _direction_is(d, True)) for d in DIRECTIONS),
    Phrase("it is day", "the turn token is on a sun", lambda ctx: track.is_sun(ctx.game.state.turn)),
    Phrase("it is night", "the turn token is on a moon", lambda ctx: track.is_moon(ctx.game.state.turn)),
    Phrase("you are invisible", "you put on the Ring this turn", lambda ctx: rules.INVISIBLE in ctx.game.state.flags),
)


# ---------------------------------------------------------------------- triggers
def _trigger(words: str, doc: str, event: str, **data: Any) -> Phrase:
    return Phrase(words, doc, data={"event": event, **data})


TRIGGERS = (
    _trigger("when you draw", "when you draw a card (of a kind) while travelling", ev.CARD_DRAWN, filter=True),
    _trigger(
        "when you draw your first card",
        "when you draw the first card of a travel (inside an effect: once)",
        ev.CARD_DRAWN,
        once=True,
    ),
    _trigger(
        "at end of travel",
        "once every card of this turn's travel is drawn, before the Attack is dealt",
        ev.TRAVEL_ENDED,
    ),
    _trigger(
        "when you reach your destination",
        "when the last card drawn becomes your location, before its effect resolves",
        ev.DESTINATION_REACHED,
    ),
    _trigger("at start of turn", "at the start of each turn", ev.TURN_STARTED),
    _trigger("at end of turn", "at the end of this turn", ev.TURN_ENDED, once=True),
)


# ---------------------------------------------------------------------- aggregates and attributes
def _count(ctx: Ctx, cards: list[int]) -> int:
    return len(cards)


def _aggression(ctx: Ctx, cards: list[int]) -> int:
    return sum(ctx.game.cards[c].aggression for c in cards)


AGGREGATES = (
    Phrase("number", "how many cards", _count),
    Phrase("aggression", "the sum of the cards' printed aggression numbers", _aggression),
)


def _attr(name: str, kind: str, doc: str, getter: Callable[[CardDef], object]) -> Phrase:
    return Phrase(name, doc, getter, data={"kind": kind})


ATTRIBUTES = (
    _attr("name", "text", "the card's name", lambda c: c.name),
    _attr("aggression", "number", "the card's printed aggression number", lambda c: c.aggression),
    _attr("type", "types", "one of the card's types", lambda c: c.types),
    _attr("text", "text", "the card's text", lambda c: c.text),
)

CARD_TYPES = (
    CardType("character", "characters", "someone met on the way"),
    CardType("enemy", "enemies", "a foe met on the way"),
    CardType("place", "places", "somewhere the way leads"),
    CardType("crossroads", "crossroads", "a parting of the ways with nothing else to it"),
)


ABILITIES = {
    "effect": "resolves when this is the last card drawn in a turn (the destination)",
    "search": "resolves when the player searches back through the discard pile and finds this card",
}


@functools.cache
def vocabulary() -> Vocabulary:
    return Vocabulary(
        family="adventure-deck",
        primitives={p.name: p for p in PRIMITIVES},
        zones={z.name: z for z in ZONES},
        card_types={t.name: t for t in CARD_TYPES},
        players={},
        states={s.words: s for s in STATES},
        triggers={t.words: t for t in TRIGGERS},
        aggregates={a.words: a for a in AGGREGATES},
        named_things={},
        attributes={a.words: a for a in ATTRIBUTES},
        decks=DECKS,
        abilities=ABILITIES,
        fields=FIELDS,
        card_class=AdventureDeckCardDef,
        counters={c.words: c for c in COUNTERS},
        directions=DIRECTIONS,
        title="the Adventure Deck",
        contexts=("effect", "search", "trigger", "end of turn", "next turn"),
    )
