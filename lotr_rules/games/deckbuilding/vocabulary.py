"""What deck-building card scripts may say: the primitives, zones and phrases, in one place.

Every entry carries the docstring the language reference shows. The implementations call the
rules in :mod:`lotr_rules.games.deckbuilding.game`; the compiler only ever sees this table.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from lotr_rules.engine import events as ev
from lotr_rules.engine.cards import CardDef, CostChangeDef, Effect, TriggerDef
from lotr_rules.engine.context import Ctx, with_names
from lotr_rules.engine.decisions import Option
from lotr_rules.engine.registry import CardType, Phrase, Primitive, Vocabulary, ZoneSpec
from lotr_rules.engine.selection import Placement, Selection
from lotr_rules.games.deckbuilding.fields import DECKS, FIELDS, DeckbuildingCardDef
from lotr_rules.games.deckbuilding.foreign import FOREIGN_WORDS

_new_option = tuple.__new__

if TYPE_CHECKING:
    from lotr_rules.games.deckbuilding.game import DeckbuildingGame


def _g(ctx: Ctx) -> DeckbuildingGame:
    return ctx.game  # type: ignore[return-value]


# ---------------------------------------------------------------------- zones
def _player_zone(name: str) -> Callable[[Ctx], list[list[int]]]:
    def lists(ctx: Ctx) -> list[list[int]]:
        return [ctx.game.state.zones[(name, ctx.player)]]

    return lists


def _shared_zone(name: str) -> Callable[[Ctx], list[list[int]]]:
    def lists(ctx: Ctx) -> list[list[int]]:
        return [ctx.game.state.zones[(name, -1)]]

    return lists


def _controlled(ctx: Ctx) -> list[list[int]]:
    zones = ctx.game.state.zones
    p = ctx.player
    names = ("hand", "deck", "discard", "played", "front", "revealed")
    return [zones[(name, p)] for name in names]


def _under_this(ctx: Ctx) -> list[list[int]]:
    return [ctx.game.state.under.setdefault(ctx.this, [])]


def _gained_this_turn(ctx: Ctx) -> list[list[int]]:
    # Only those still in the discard pile they were gained into can be acted on.
    state = ctx.game.state
    discard = state.zones[("discard", ctx.player)]
    return [[c for c in state.marks.get(("gained this turn", ctx.player), []) if c in discard]]


def _gained_history(ctx: Ctx) -> list[list[int]]:
    # Counted as events: a card gained and then moved (put on the deck) was still gained.
    return [ctx.game.state.marks.get(("gained this turn", ctx.player), [])]


def _looked_at(ctx: Ctx) -> list[list[int]]:
    # Only those still on the deck they were looked at on: one taken from it has left the zone.
    state = ctx.game.state
    deck = state.zones[("deck", ctx.player)]
    return [[c for c in state.marks.get(("looked at", ctx.player), []) if c in deck]]


def _revealed_by_any(ctx: Ctx) -> list[list[int]]:
    zones = ctx.game.state.zones
    return [zones[("revealed", p)] for p in _g(ctx).clockwise_from(ctx.player)]


def _current_archenemy(ctx: Ctx) -> list[list[int]]:
    return [_g(ctx).current_archenemy()]


def _the_one_ring(ctx: Ctx) -> list[list[int]]:
    game = _g(ctx)
    return [[c for c in game.z("behind stacks") if game.cards[c].deck == "one ring"]]


ZONES = (
    ZoneSpec("hand", "the cards in your hand", (), "player", _player_zone("hand")),
    ZoneSpec(
        "deck", "your deck; cards are taken from its top", ("your deck",), "player", _player_zone("deck"), top_only=True
    ),
    ZoneSpec("discard pile", "your discard pile", ("discard", "your discard pile"), "player", _player_zone("discard")),
    ZoneSpec(
        "played this turn",
        "the cards you have played this turn, this card included while it resolves",
        ("played",),
        "player",
        _player_zone("played"),
    ),
    ZoneSpec(
        "in front of you",
        "cards that stay in front of you: Locations, The One Ring, Breached",
        ("front", "front of you"),
        "player",
        _player_zone("front"),
    ),
    ZoneSpec(
        "you control",
        "your hand, deck, discard pile, cards in front of you and cards being played",
        ("controlled",),
        "union",
        _controlled,
    ),
    ZoneSpec("revealed", "cards revealed by the effect resolving now", (), "player", _player_zone("revealed")),
    ZoneSpec(
        "revealed by any player",
        "the cards every player has revealed with the effect resolving now, yours first, then "
        "clockwise; those no effect moves go back on top of their owner's deck",
        (),
        "union",
        _revealed_by_any,
    ),
    ZoneSpec(
        "looked at",
        "the cards of your deck you looked at with the effect resolving now ('look at'), while "
        "they are still on it; only you know which they are",
        (),
        "player",
        _looked_at,
    ),
    ZoneSpec(
        "gained this turn",
        "the cards you have bought or gained this turn: counted wherever they are now, acted on "
        "while still in the discard pile they were gained into",
        ("bought this turn",),
        "player",
        _gained_this_turn,
        history=_gained_history,
    ),
    ZoneSpec("under this", "the cards placed under this card", (), "card", _under_this),
    ZoneSpec("path", "the five face-up cards to buy", ("the path",), "shared", _shared_zone("path")),
    ZoneSpec(
        "main deck", "the main deck the Path is refilled from", (), "shared", _shared_zone("main deck"), top_only=True
    ),
    ZoneSpec("valor stack", "the Valor stack", ("valor stack top",), "shared", _shared_zone("valor"), top_only=True),
    ZoneSpec("corruption stack", "the Corruption stack", (), "shared", _shared_zone("corruption"), top_only=True),
    ZoneSpec(
        "archenemy stack",
        "the Archenemy stack; only its top card can be taken",
        (),
        "shared",
        _shared_zone("archenemy"),
        top_only=True,
    ),
    ZoneSpec("current archenemy", "the face-up Archenemy on top of the stack", (), "shared", _current_archenemy),
    ZoneSpec("wall deck", "The Wall deck", ("the wall", "wall"), "shared", _shared_zone("wall"), top_only=True),
    ZoneSpec("wall discard pile", "The Wall's discard pile", ("wall discard",), "shared", _shared_zone("wall discard")),
    ZoneSpec("destroyed", "the pile of destroyed cards", ("destroyed pile",), "shared", _shared_zone("destroyed")),
    ZoneSpec(
        "behind the stacks",
        "where The One Ring waits while no one holds it",
        ("behind stacks",),
        "shared",
        _shared_zone("behind stacks"),
    ),
    ZoneSpec("one ring", "The One Ring, wherever it is behind the stacks", (), "shared", _the_one_ring),
)


# ---------------------------------------------------------------------- choosing cards
def _pick(ctx: Ctx, sel: Selection, verb: str, default: int = 1, optional: bool = False) -> list[int]:
    """Let ctx.player pick the cards a selection means, as many as its quantity says."""
    game = ctx.game
    if sel.quantity == "ref":
        return [c for c in sel.referenced(ctx)]
    if sel.quantity == "random":
        want = sel.wanted(ctx)
        pool = sel.candidates(ctx, min(want, 64))
        chosen: list[int] = []
        while pool and len(chosen) < want:
            card = pool.pop(game.state.rng.below(len(pool)))
            chosen.append(card)
        return chosen
    if sel.quantity == "all":
        # every match: the whole of a deck or stack, not only its top card
        return sel.candidates(ctx, sel.all_depth)
    want = sel.wanted(ctx, default)
    may_stop = optional or sel.quantity == "up_to"
    chosen = []
    depth = min(want, 64)
    while len(chosen) < want:
        pool = [c for c in sel.candidates(ctx, depth) if c not in chosen]
        if not pool:
            break
        # tuple.__new__ straight away: the named tuple's own __new__ is a Python function
        names = game.cards
        options = [_new_option(Option, (f"{verb} {names[c].name}", c, c)) for c in _distinct(names, pool)]
        if may_stop:
            options.append(Option("stop", None))
        if len(options) == 1 or (not may_stop and len(options) == 1):
            chosen.append(int(options[0].value))  # type: ignore[call-overload]
            continue
        answer = game.ask(ctx.player, verb, f"{verb} which card?", options, ctx.this)
        if answer.value is None:
            break
        chosen.append(int(answer.value))  # type: ignore[call-overload]
    return chosen


def _distinct(cards: tuple[CardDef, ...], pool: list[int]) -> list[int]:
    """One option per card name (copies of a card are interchangeable) per zone."""
    seen: set[str] = set()
    out: list[int] = []
    for card in pool:
        name = cards[card].name
        if name not in seen:
            seen.add(name)
            out.append(card)
    return out


def _bind(ctx: Ctx, sel: Selection | None, cards: list[int]) -> None:
    if sel is not None and sel.binding:
        ctx.vars[sel.binding] = list(cards)


# ---------------------------------------------------------------------- primitives
def _power(ctx: Ctx, amount: int) -> None:
    _g(ctx).add_power(ctx, amount)


def _lose_power(ctx: Ctx, amount: int) -> None:
    _g(ctx).lose_power(ctx, amount)


def _pay(ctx: Ctx, amount: int) -> bool:
    return _g(ctx).pay_power(ctx, amount)


def _cost_change(ctx: Ctx, change: CostChangeDef) -> None:
    _g(ctx).add_cost_change(ctx, change)


def _read_power(ctx: Ctx) -> int:
    return _g(ctx).power_of(ctx.player)


def _draw(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    game = _g(ctx)
    if sel is not None and sel.zones and sel.zones[0].name == "wall deck":
        _bind(ctx, sel, game.draw_wall(ctx, sel.wanted(ctx)))
        return
    plain = sel is None or (
        sel.quantity in ("default", "one", "exact") and sel.test is None and all(z.name == "deck" for z in sel.zones)
    )
    if not plain:
        # Named cards, or cards chosen from a zone (or from the top of the deck by a test): into
        # the hand. Only a plain number from the deck is a draw that reshuffles the discard pile.
        assert sel is not None
        hand = game.z("hand", ctx.player)
        moved: list[int] = []
        for card in _pick(ctx, sel, "draw"):
            if game.take(card) is not None:
                hand.append(card)
                moved.append(card)
        _bind(ctx, sel, moved)
        return
    count = 1 if sel is None else sel.wanted(ctx)
    hand = game.z("hand", ctx.player)
    before = len(hand)
    game.draw(ctx.player, count)
    _bind(ctx, sel, hand[before:])


def _discard(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    game = _g(ctx)
    if sel is None:
        return _discard(ctx, _HAND_ONE, placement, guard)
    if not sel.zones and sel.quantity != "ref":
        sel = Selection(sel.quantity, sel.amount, (_ZONES["hand"],), sel.test, sel.binding, label=sel.label)
    cards = _pick(ctx, sel, "discard")
    game.discard_cards(ctx, cards)
    _bind(ctx, sel, cards)


def _each_picked(verb: str, act: Callable[[DeckbuildingGame, Ctx, int], None]) -> Callable[..., None]:
    """A primitive that lets the player pick the cards its selection means and acts on each."""

    def primitive(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
        assert sel is not None
        game = _g(ctx)
        cards = _pick(ctx, sel, verb)
        for card in cards:
            act(game, ctx, card)
        _bind(ctx, sel, cards)

    return primitive


_gain = _each_picked("gain", lambda game, ctx, card: game.gain_card(ctx, card))
_destroy = _each_picked("destroy", lambda game, ctx, card: game.destroy_card(ctx, card))


def _reveal(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    game = _g(ctx)
    count = 1 if sel is None else sel.wanted(ctx)
    cards = game.reveal(ctx, count, reshuffle=guard != "reshuffle")
    _bind(ctx, sel, cards)


def _put(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    game = _g(ctx)
    assert sel is not None and placement is not None
    cards = _pick(ctx, sel, "put")
    for card in cards:
        game.put(ctx, card, placement)
    _bind(ctx, sel, cards)


def _look(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    game = _g(ctx)
    count = 1 if sel is None else sel.wanted(ctx)
    _bind(ctx, sel, game.look(ctx, count))


def _take(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    _g(ctx).take_ring(ctx)


def _return(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    game = _g(ctx)
    cards = [ctx.this] if sel is None else _pick(ctx, sel, "return")
    for card in cards:
        game.return_card(ctx, card)
    _bind(ctx, sel, cards)


def _keep(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    game = _g(ctx)
    cards = [ctx.this] if sel is None else _pick(ctx, sel, "keep")
    for card in cards:
        game.keep_in_front(ctx, card)
    _bind(ctx, sel, cards)


def _play(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    game = _g(ctx)
    assert sel is not None
    played: list[int] = []
    for card in _pick(ctx, sel, "play"):
        owner = game.owner_of(card)
        if game.take(card) is not None:
            game.lend(card, owner, ctx.player)
            played.append(card)
            # bound before it resolves, so what follows the 'play' in this block can name it
            _bind(ctx, sel, played)
            game.play_card(ctx.player, card)
    _bind(ctx, sel, played)


def _attack(ctx: Ctx, targets: Callable[[Ctx], list[int]], body: Effect, defendable: bool) -> None:
    _g(ctx).attack(ctx, targets, body, defendable)


def _register(ctx: Ctx, trigger: TriggerDef) -> None:
    # The block runs later with the names bound so far, valued as they are now.
    if ctx.vars:
        trigger = attrs.evolve(trigger, effect=with_names(trigger.effect, ctx.vars))
    ctx.game.state.turn_triggers.append((trigger, ctx.player, ctx.this))


_ZONES = {z.name: z for z in ZONES}
#: where Power is the acting player's own, to add, take, pay or read
_POWER_CONTEXTS = ("play", "ongoing", "fortune", "trigger", "end of turn", "hero", "action")
_EVERY_PART = frozenset({"zone", "where", "count", "up to", "all", "random", "as", "name"})
_HAND_ONE = Selection("default", None, (_ZONES["hand"],), None, None)

PRIMITIVES = (
    Primitive(
        "draw",
        "Draw cards from your deck (a plain number reshuffles your discard pile if the deck runs "
        "out), put cards you choose from any other zone into your hand ('draw an artifact from "
        "discard pile where cost <= 3'), draw a named card into your hand, or draw Wall cards, "
        "which resolve one at a time.",
        "draw 2",
        "cards or count",
        emits=(ev.CARD_DRAWN,),
        default_zone="deck",
        impl=_draw,
        honours=_EVERY_PART,
        # Wall cards are drawn from the top, and each resolves as it is drawn
        zone_parts={"wall deck": frozenset({"zone", "count", "as"})},
        moves_to="hand",
    ),
    Primitive(
        "discard",
        "Discard cards you choose (or at random) from your hand, or a named card.",
        "discard random 1 card from hand",
        "cards or count",
        emits=(ev.CARD_DISCARDED,),
        default_zone="hand",
        impl=_discard,
        honours=_EVERY_PART,
        moves_to="discard",
    ),
    Primitive(
        "gain",
        "Gain cards: they go to your discard pile at no cost (a Fortune is played, then "
        "destroyed). Nothing happens when none is available.",
        "gain an enemy from path",
        "cards",
        emits=(ev.CARD_GAINED,),
        impl=_gain,
        honours=_EVERY_PART,
        moves_to="discard",
    ),
    Primitive(
        "destroy",
        "Destroy cards: they leave the game for the destroyed pile.",
        "destroy up to 1 card from hand or discard pile",
        "cards",
        emits=(ev.CARD_DESTROYED,),
        impl=_destroy,
        honours=_EVERY_PART,
        moves_to="destroyed",
    ),
    Primitive(
        "reveal",
        "Reveal cards from the top of your deck and name them. Cards no effect moves go "
        "back on top in order. 'without reshuffle' stops when the deck is empty.",
        "reveal 1 card from deck as X",
        "cards or count",
        guards=("reshuffle",),
        emits=(ev.CARD_REVEALED,),
        default_zone="deck",
        impl=_reveal,
        honours=frozenset({"zone", "count", "as"}),
        from_zones=("deck",),
        moves_to="revealed",
    ),
    Primitive(
        "put",
        "Put cards on top or bottom of a deck, under a card, or into a pile whose order does not "
        "matter ('into hand', 'into discard pile'). 'its owner's deck' (or discard pile, or hand) "
        "is the pile of the player the card belongs to: whose hand, deck or discard pile it came "
        "from, even when another player played it; 'its holder's deck' is the pile of the player "
        "whose zone holds the card now. A card in no player's zone (the Path, a stack) stays "
        "where it is.",
        "put X on bottom of deck",
        "cards",
        placement="required",
        impl=_put,
        honours=_EVERY_PART,
        moves_to="placement",
        honours_placement=frozenset({"owner", "holder"}),
    ),
    Primitive(
        "look at",
        "Look at the top cards of your deck, privately: your own screen names them, the log "
        "tells the other players how many, "
        "never which. They stay where they are, and 'looked at' names them for what follows in "
        "the effect ('draw a card from looked at', 'put all cards from looked at on bottom of "
        "deck'). It does not reshuffle: with fewer cards in the deck, you look at those there are.",
        "look at 3 cards from deck",
        "cards or count",
        default_zone="deck",
        impl=_look,
        honours=frozenset({"zone", "count", "as"}),
        from_zones=("deck",),
    ),
    Primitive(
        "take",
        "Take The One Ring: put it in front of you, from behind the stacks or from another "
        "player (stealing it is not an Attack).",
        "take the one ring",
        "cards",
        impl=_take,
        honours=frozenset({"zone"}),
        from_zones=("one ring",),
        moves_to="front",
    ),
    Primitive(
        "return",
        "Return a card to where it came from: The One Ring behind the stacks, a Valor or Corruption to its stack.",
        "return this",
        "cards",
        impl=_return,
        honours=_EVERY_PART,
        moves_to="home",
    ),
    Primitive(
        "keep",
        "Leave a card in front of you for the rest of the game.",
        "keep this",
        "cards",
        impl=_keep,
        honours=_EVERY_PART,
        moves_to="front",
    ),
    Primitive(
        "play",
        "Play a card as if from your hand; 'as X' names the card played, already while it resolves.",
        "play X",
        "cards",
        impl=_play,
        honours=_EVERY_PART,
        moves_to="played",
    ),
    Primitive(
        "power",
        "Add Power for this turn (written '+N power'). Power is the active player's alone: on "
        "another player's turn it adds nothing, and it cannot be written where 'you' is not the "
        "player whose card it is (an Attack's block, a Defense, an Ambush).",
        "+2 power",
        "count",
        syntax="+N power",
        impl=_power,
        honours=frozenset({"count"}),
        contexts=_POWER_CONTEXTS,
    ),
    Primitive(
        "lose power",
        "Take Power away for this turn (written '-N power'). Power never goes below 0: taking 5 "
        "from 3 leaves 0, and the linter warns (W215) where that can happen. It is written where "
        "'+N power' is.",
        "-2 power",
        "count",
        syntax="-N power",
        impl=_lose_power,
        honours=frozenset({"count"}),
        contexts=_POWER_CONTEXTS,
    ),
    Primitive(
        "pay",
        "Pay Power for a block (written 'pay N power { ... }'): when you have at least N Power, "
        "N is taken and the block runs; when you have less, nothing is paid, the block does not "
        "run, and the log says why. It is written where '+N power' is.",
        "pay 3 power { draw 2 }",
        "count",
        syntax="pay N power { ... }",
        impl=_pay,
        honours=frozenset({"count"}),
        contexts=_POWER_CONTEXTS,
    ),
    Primitive(
        "cost change",
        "Change what cards cost for the rest of this turn: 'all KIND [where TEST] cost N less' "
        "(or 'more') for every buy, 'next KIND costs N less' for the next matching buy only. "
        "In a 'while in front of you' block it holds while the card is in front of you, and "
        "may say whose buys it changes ('for opponents', 'for player to your left'). 'for each "
        "PLAYERS' counts them: 'all allies cost 1 less for each opponent' is 1 less for each "
        "opponent you have, on your own buys. A cost never goes below 0; the buy options show the "
        "price that will be paid.",
        "next ally costs 2 less",
        "count",
        syntax="next/all KIND costs N less/more [for PLAYERS]",
        impl=_cost_change,
        honours=frozenset({"count"}),
        # not where no buy can follow this turn (an Attack's block, a Defense, an Ambush, the
        # end of the turn): the change would change nothing
        contexts=("play", "ongoing", "fortune", "trigger", "hero", "action"),
    ),
    Primitive(
        "attack",
        "Make an Attack (written as an 'attack PLAYERS { ... }' block).",
        "attack each opponent { gain a corruption }",
        "none",
        emits=(ev.ATTACK_MADE,),
        syntax="attack PLAYERS { ... }",
        impl=_attack,
    ),
    Primitive(
        "register trigger",
        "A 'when'/'at' block inside an effect: it listens for the rest of the turn.",
        "at end of turn { destroy this }",
        "none",
        syntax="when/at PHRASE { ... }",
        impl=_register,
    ),
)


# ---------------------------------------------------------------------- players
def _each_opponent(ctx: Ctx) -> list[int]:
    return _g(ctx).opponents(ctx.controller if ctx.controller >= 0 else ctx.player)


def _each_player(ctx: Ctx) -> list[int]:
    return _g(ctx).clockwise_from(ctx.controller if ctx.controller >= 0 else ctx.player)


def _you(ctx: Ctx) -> list[int]:
    return [ctx.player]


def _left(ctx: Ctx) -> list[int]:
    n = ctx.game.state.num_players
    return [(ctx.player + 1) % n] if n > 1 else []


def _right(ctx: Ctx) -> list[int]:
    n = ctx.game.state.num_players
    return [(ctx.player - 1) % n] if n > 1 else []


def _chosen_opponent(ctx: Ctx) -> list[int]:
    game = _g(ctx)
    others = game.opponents(ctx.player)
    if not others:
        return []
    options = [Option(f"player {p + 1}", p) for p in others]
    answer = game.ask(ctx.player, "choose player", "choose a player", options, ctx.this)
    return [int(answer.value)]  # type: ignore[call-overload]


def _any_player(ctx: Ctx) -> list[int]:
    return _g(ctx).clockwise_from(ctx.player)


def _other_players(ctx: Ctx) -> list[int]:
    return _g(ctx).opponents(ctx.player)


#: who ``choose a player as P`` and ``choose an opponent as P`` pick among
CHOSEN_PLAYERS = (
    Phrase("player", "a player (you may choose yourself)", _any_player),
    Phrase("opponent", "an opponent", _other_players),
    Phrase("another player", "another player", _other_players),
)

PLAYERS = (
    Phrase("each opponent", "every other player, clockwise from your left", _each_opponent),
    Phrase("each player", "every player, you first, then clockwise", _each_player),
    Phrase("you", "you alone", _you),
    Phrase("player to your left", "the next player in turn order", _left),
    Phrase("player to your right", "the previous player in turn order", _right),
    Phrase("chosen opponent", "an opponent you choose", _chosen_opponent),
    Phrase("chosen player", "another player you choose (the Attack hits only that player)", _chosen_opponent),
    Phrase("each other player", "every other player, clockwise from your left", _each_opponent),
    # without 'each', for whose buys a cost change changes ('for opponents'): with 'each' it counts them
    Phrase("opponents", "every other player, clockwise from your left", _each_opponent),
    Phrase("other players", "every other player, clockwise from your left", _each_opponent),
    Phrase("every player", "every player, you first, then clockwise", _each_player),
)


# ---------------------------------------------------------------------- state conditions
def _state(fn: Callable[[DeckbuildingGame, Ctx], bool]) -> Callable[[Ctx], bool]:
    def check(ctx: Ctx) -> bool:
        return fn(_g(ctx), ctx)

    return check


# Named functions, not lambdas: the compiled build needs their types where the game's module
# and this one import each other.
def _wall_breached(game: DeckbuildingGame, ctx: Ctx) -> bool:
    return game.wall_breached()


def _wall_used(game: DeckbuildingGame, ctx: Ctx) -> bool:
    return game.use_wall


def _ring_in_play(game: DeckbuildingGame, ctx: Ctx) -> bool:
    return game.ring_holder() >= 0


def _ring_in_front_of_you(game: DeckbuildingGame, ctx: Ctx) -> bool:
    return game.ring_holder() == ctx.player


def _active_player(game: DeckbuildingGame, ctx: Ctx) -> bool:
    return game.state.current == ctx.player


def _defeated_enemy(game: DeckbuildingGame, ctx: Ctx) -> bool:
    return bool(game.defeated_this_turn(ctx.player))


STATES = (
    Phrase(
        "wall is breached",
        "The Wall has been breached: a Wall card (Breached) sits in front of a player",
        _state(_wall_breached),
    ),
    Phrase("wall has been breached", "the same as 'the wall is breached'", _state(_wall_breached)),
    Phrase("wall is used", "this game uses The Wall deck", _state(_wall_used)),
    Phrase("one ring is in play", "The One Ring is in front of some player", _state(_ring_in_play)),
    Phrase("one ring is in front of you", "you hold The One Ring", _state(_ring_in_front_of_you)),
    Phrase(
        "you are the active player",
        "the player acting is the player whose turn it is",
        _state(_active_player),
    ),
    Phrase(
        "you have defeated an enemy this turn",
        "you bought or gained an Enemy from the Path, or defeated the Archenemy, this turn "
        "(an Enemy gained from anywhere else does not count)",
        _state(_defeated_enemy),
    ),
)


# ---------------------------------------------------------------------- triggers
def _trigger(words: str, doc: str, event: str, **data: Any) -> Phrase:
    return Phrase(words, doc, data={"event": event, **data})


TRIGGERS = (
    _trigger("at start of your turn", "at the start of each of your turns", ev.TURN_STARTED),
    _trigger("at end of your turn", "at the end of each of your turns", ev.TURN_ENDED),
    _trigger("at end of turn", "at the end of this turn (inside an effect: once)", ev.TURN_ENDED, once=True),
    _trigger("when you gain", "when you buy or gain a card (of a kind)", ev.CARD_GAINED, filter=True),
    _trigger("when you buy", "when you buy a card (of a kind)", ev.CARD_BOUGHT, filter=True),
    _trigger(
        "when you destroy",
        "when you destroy a card (of a kind; 'you control' narrows it)",
        ev.CARD_DESTROYED,
        filter=True,
    ),
    _trigger("when you play", "when you play a card (of a kind)", ev.CARD_PLAYED, filter=True),
    _trigger("when you defeat", "when you defeat an Enemy or an Archenemy", ev.ENEMY_DEFEATED, filter=True),
    _trigger("when you defend", "when you avoid an Attack or Ambush with a Defense", ev.ATTACK_DEFENDED),
    _trigger("when you reveal", "when you reveal a card (of a kind)", ev.CARD_REVEALED, filter=True),
    _trigger("when gained", "when this card is bought or gained", ev.CARD_GAINED, scope="self"),
    _trigger("when destroyed", "when this card is destroyed", ev.CARD_DESTROYED, scope="self"),
    _trigger(
        "when revealed on archenemy stack",
        "when an Archenemy is revealed on top of its stack",
        ev.ARCHENEMY_REVEALED,
        filter=True,
    ),
)


# ---------------------------------------------------------------------- aggregates
def _highest_cost(ctx: Ctx, cards: list[int]) -> int:
    return max((ctx.game.cards[c].cost for c in cards), default=0)


def _lowest_cost(ctx: Ctx, cards: list[int]) -> int:
    return min((ctx.game.cards[c].cost for c in cards), default=0)


def _total_cost(ctx: Ctx, cards: list[int]) -> int:
    return sum(ctx.game.cards[c].cost for c in cards)


def _level(ctx: Ctx, cards: list[int]) -> int:
    return max((ctx.game.cards[c].level or 0 for c in cards), default=0)


def _types(ctx: Ctx, cards: list[int]) -> int:
    found: set[str] = set()
    # Starter is one of the rulebook's card types (Courage and Despair are marked STARTER);
    # a Corruption has no type, and Archenemy is a title, so neither adds one.
    for c in cards:
        found.update(ctx.game.cards[c].types)
    return len(found)


def _count(ctx: Ctx, cards: list[int]) -> int:
    return len(cards)


AGGREGATES = (
    Phrase("number", "how many cards", _count),
    Phrase("highest cost", "the highest cost among the cards (0 when none)", _highest_cost),
    Phrase("lowest cost", "the lowest cost among the cards (0 when none)", _lowest_cost),
    Phrase("total cost", "the sum of the cards' costs", _total_cost),
    Phrase("cost", "the cost of the card (of several: their costs added up)", _total_cost),
    Phrase("level", "the Archenemy level of the card (0 when none)", _level),
    Phrase(
        "different types",
        "how many card types the cards have between them (a card of two types "
        "counts both; Starter is a type, Corruption has none, and Archenemy is a title, not a type)",
        _types,
    ),
)

QUANTITIES = (
    Phrase(
        "power",
        "the Power you have now (0 when it is not your turn), in any number: 'if power >= 3', 'repeat power { ... }'",
        _read_power,
    ),
)

NAMED_THINGS = (
    Phrase("corruption", "the top card of the Corruption stack", data={"zone": "corruption stack"}),
    Phrase("corruptions", "the top cards of the Corruption stack", data={"zone": "corruption stack"}),
    Phrase("valor", "the top card of the Valor stack", data={"zone": "valor stack"}),
    Phrase("valors", "the top cards of the Valor stack", data={"zone": "valor stack"}),
    Phrase("one ring", "The One Ring", data={"zone": "one ring"}),
    Phrase("current archenemy", "the face-up Archenemy on top of its stack", data={"zone": "current archenemy"}),
)


def _attr(name: str, kind: str, doc: str, getter: Callable[[CardDef], object]) -> Phrase:
    return Phrase(name, doc, getter, data={"kind": kind})


ATTRIBUTES = (
    _attr("name", "text", "the card's name", lambda c: c.name),
    _attr("cost", "number", "the card's cost", lambda c: c.cost),
    _attr("power", "number", "the card's printed Power bonus", lambda c: c.power),
    _attr("level", "number", "an Archenemy's level", lambda c: c.level or 0),
    _attr("victory", "number", "the card's printed Victory Points", lambda c: c.victory),
    _attr("type", "types", "one of the card's types", lambda c: c.types),
    _attr("title", "text", "the card's title (archenemy)", lambda c: c.title or ""),
    _attr("text", "text", "the card's text", lambda c: c.text),
)

CARD_TYPES = (
    CardType("starter", "starters", "Courage and Despair: every player's first cards"),
    CardType("ally", "allies", "a companion; usually worth Victory Points"),
    CardType("enemy", "enemies", "a foe; Archenemies are Enemies too"),
    CardType("artifact", "artifacts", "an object of power"),
    CardType("maneuver", "maneuvers", "a deed or a plan"),
    CardType("location", "locations", "stays in front of you when played; usually Ongoing"),
    CardType("fortune", "fortunes", "played and destroyed as soon as it is bought or gained"),
    CardType("wall", "walls", "a Wall card, drawn from The Wall deck"),
    CardType("hero", "heroes", "an oversized hero card: which starting card you begin with"),
)


ABILITIES = {
    "play": "what happens when the card is played",
    "defense": "may be used from your hand (or in front of you) to avoid an Attack or Ambush",
    "ambush": "an Attack on the next player when the card enters the Path between turns",
    "group ambush": "an Archenemy's Attack on every player when it is revealed on the stack",
    "ongoing": "resolves at the start of each of your turns while the card is in front of you",
    "fortune": "resolves when the card is bought or gained; the card is then destroyed",
    "quest": "a goal; once met (while the card is in front of you) the card scores its reward",
    "action": "used when you choose, during your main phase, while the card is in front of you "
    "or played this turn: any number of times a turn (up to a limit), or 'once per turn', and "
    "for a price in Power if it says 'pay N power' (written 'action once per turn pay 1 power' for both)",
    "while": "'while in front of you { ... }': cost changes that hold while the card is in front of you",
}


#: Where deck-building scripts run (see CONTEXT_DOCS).
CONTEXTS = (
    "play",
    "attack",
    "defense",
    "ambush",
    "group ambush",
    "ongoing",
    "fortune",
    "trigger",
    "end of turn",
    "quest",
    "hero",
    "action",
)


@functools.cache
def vocabulary() -> Vocabulary:
    return Vocabulary(
        family="deckbuilding",
        primitives={p.name: p for p in PRIMITIVES},
        zones={z.name: z for z in ZONES},
        card_types={t.name: t for t in CARD_TYPES},
        players={p.words: p for p in PLAYERS},
        states={s.words: s for s in STATES},
        triggers={t.words: t for t in TRIGGERS},
        aggregates={a.words: a for a in AGGREGATES},
        named_things={n.words: n for n in NAMED_THINGS},
        attributes={a.words: a for a in ATTRIBUTES},
        decks=DECKS,
        fields=FIELDS,
        card_class=DeckbuildingCardDef,
        abilities=ABILITIES,
        contexts=CONTEXTS,
        hero_abilities=("ongoing", "when", "at", "action"),
        chosen_players={p.words: p for p in CHOSEN_PLAYERS},
        quantities={q.words: q for q in QUANTITIES},
        turn_counts=True,
        # a game of both sets deals the first set's Courage, Despair, Valor and Corruption
        one_set_decks=("starter", "valor", "corruption", "one ring"),
        periods=("turn",),
        foreign_words=FOREIGN_WORDS,
    )
