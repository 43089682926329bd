"""Triggered abilities: Forced effects, Responses, cancelling and "instead", and Actions of cards.

The rules call :func:`fire` at each trigger point (see :data:`~.record.POINTS`). Who listens:
every card in play, an event card in its owner's hand (a Response is played from hand), and the
event's subject itself even once it has left play (an ability answering its own destruction).

Order (RR "Forced", "Responses", "Framework Events"): every Forced effect that answers the event
resolves first, by itself, encounter and quest cards first, then the players' cards in turn
order; then a response window opens, in which each player in turn order may use one Response
that answers the event, or pass. It goes round again after a Response and closes once every
player still in the game has passed in a row. Each ability answers one occurrence at most once.

A "would" point fires before the thing happens, so a Response to it resolves first: it may
cancel it (``event.cancelled``) or change what happens instead (``event.subject``,
``event.amount``); the rules then read the event.

Limits ("once per phase", "once per round") are kept per card and ability in the state and end
with the phase or the round, like lasting effects. A chain of abilities triggering abilities is
bounded: past :data:`MAX_DEPTH` nested events the scripts are stopped with a depth error, and
every ability used counts against the engine's step budget of the action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lotr_rules.engine.decisions import Option
from lotr_rules.errors import TriggerDepthError
from lotr_rules.games.lcg.log import moment, plain
from lotr_rules.games.lcg.lookup import record_index
from lotr_rules.games.lcg.record import LcgEvent, Trigger
from lotr_rules.games.lcg.state import (
    ABILITIES_BARRED,
    ACTIVE,
    ENGAGED,
    HAND,
    PLAY,
    QUEST,
    RESOLVING,
    SET_ASIDE,
    STAGING,
)

if TYPE_CHECKING:
    from lotr_rules.games.lcg.game import LcgGame

#: events nested deeper than this (abilities answering abilities) stop the scripts
MAX_DEPTH = 32

PASS = Option("pass", None)

#: the log entry of each kind of ability used
LOG_KINDS = {"forced": "forced effect", "response": "response", "action": "action ability"}

#: the zones whose cards' abilities answer events (an event card: from its owner's hand)
#: (set-aside cards too: a card set aside may say what brings it into play)
LISTENING = (QUEST, ACTIVE, STAGING, PLAY, ENGAGED, HAND, SET_ASIDE)

#: the points whose subject has left play, and whose abilities answer from out of play
LEAVING_POINTS = ("left play", "destroyed", "defeated", "explored")

#: an ability of a card: (card, index in its record's triggers)
Ability = tuple[int, int]


def has_actions(game: LcgGame) -> bool:
    return "action" in game.listened


def listeners(game: LcgGame, subject: int, among: frozenset[int] | None = None) -> list[int]:
    """Cards whose abilities may answer an event now, in resolution order. ``among``: only those
    of these cards (the cards with an ability at the event's point), the others left out as the
    list is made rather than after."""
    index_ = record_index(game)
    keep = index_.with_triggers if among is None else among
    zones = game.state.zones
    records = game.records
    cards = [c for key in _SHARED_LISTENING for c in zones[key] if c in keep]
    for player in game.seats():
        cards += [c for c in zones[(PLAY, player)] if c in keep]
        cards += [c for c in zones[(ENGAGED, player)] if c in keep]
        cards += [
            c for c in zones[(HAND, player)] if c in keep and (records[c].type == "event" or c in index_.from_hand)
        ]
    # (the subject answers from wherever it is; a card left out by ``keep`` would be left out
    # however it came in)
    if subject >= 0 and subject in keep and subject not in cards:
        cards.append(subject)
    if game.left_hosts and subject >= 0:
        # the attachments that left play with the subject answer its leaving too (RR "Leaves Play")
        cards += [a for a, host in game.left_hosts.items() if host == subject and a in keep and a not in cards]
    return cards


#: the shared zones whose cards listen, in the order :func:`listeners` asks them
_SHARED_LISTENING = ((QUEST, -1), (ACTIVE, -1), (STAGING, -1), (SET_ASIDE, -1))


def user(game: LcgGame, card: int, index: int, event: LcgEvent) -> int:
    """The player who uses the ability: its card's controller, or for an Action by each player
    the player acting."""
    if game.records[card].triggers[index].by_each_player:
        return event.player
    return game.controller(card)


def limit_key(game: LcgGame, card: int, index: int, player: int) -> tuple[int, ...]:
    """Where the ability's uses are counted: for the card, or for each player apart."""
    return (card, index, player) if game.records[card].triggers[index].by_each_player else (card, index)


def usable(game: LcgGame, card: int, index: int, event: LcgEvent) -> bool:
    """Whether the ability could be used now for this event (limit, its condition, its cost)."""
    trigger = game.records[card].triggers[index]
    player = user(game, card, index, event)
    if trigger.point != event.point or limit_key(game, card, index, player) in game.state.used:
        return False
    if player < 0 or game.state.eliminated[player]:
        return False
    if trigger.cancels and cannot_be_cancelled(game, event):
        return False  # its cancel would do nothing (RR "Cancel")
    if trigger.kind != "forced" and game.records[card].type == "hero" and game.rule_holds(card, ABILITIES_BARRED):
        return False  # a hero under a 'bar-abilities' rule: its Actions and Responses are not usable
    where = game.locate(card)[0]
    if trigger.kind == "response" and game.records[card].type == "objective":
        from lotr_rules.games.lcg import words_trail

        if not words_trail.claimable(game, card):
            # an objective's Response is its claim: used from the staging area, once no
            # encounter card guards it (RR "Guarded")
            return False
    # an encounter card being revealed answers its own revealing ('when this would be revealed')
    if where not in LISTENING and not (where == RESOLVING and card == event.subject):
        # Out of play, a card answers only a leaving play its words name: its own ('this'), or
        # that of the host it left play with ('attached location'); one that left play since
        # the event began (an earlier ability destroyed it) answers nothing.
        if event.point not in LEAVING_POINTS:
            return False
        own = card == event.subject and trigger.leaving == "self"
        hosted = trigger.leaving == "host" and game.left_hosts.get(card, -1) == event.subject >= 0
        if not (own or hosted):
            return False
    if game.records[card].type == "event":
        # An event's Response is played from its owner's hand and paid for.
        if where != HAND or not game.can_pay(player, card):
            return False
    elif trigger.from_hand:
        # used from hand to put the card into play: not while its unique title is in play
        if where != HAND or game.unique_in_play(card):
            return False
    elif where == HAND and not (event.point in LEAVING_POINTS and card == event.subject and trigger.leaving == "self"):
        # (a card returned from play to its owner's hand still answers its own leaving play)
        return False
    return trigger.when is None or trigger.when(game, player, card, event)


def cannot_be_cancelled(game: LcgGame, event: LcgEvent) -> bool:
    """Whether the effect the event is about to resolve cannot be cancelled: a When Revealed or
    shadow effect its card's field 'uncancellable' names, or any such effect while a card in
    play holds the rule 'forbid-cancel'."""
    if event.source >= 0 and event.point in game.records[event.source].uncancellable:
        return True
    from lotr_rules.games.lcg import words_trail

    return words_trail.cancelling_forbidden(game, event)


def fire(game: LcgGame, point: str, player: int, subject: int = -1, amount: int = 0, source: int = -1) -> LcgEvent:
    """An event at a trigger point: Forced effects resolve, then the response window."""
    event = LcgEvent(point, player, subject, amount, source)
    if point not in game.listened or game.state.finished:
        return event
    if game.trigger_depth >= MAX_DEPTH:
        raise TriggerDepthError(game.card_name(subject) if subject >= 0 else point, MAX_DEPTH)
    # Only the cards with an ability at this point are asked (any other ability is not usable
    # for the event); with no Response at it, the window would close with every player passing.
    index_ = record_index(game)
    forced = index_.forced_at(point)
    responding = bool(index_.responses_at(point))
    if not forced and not responding:
        return event
    game.trigger_depth += 1
    try:
        done: set[Ability] = set()
        if forced:
            for card in listeners(game, subject, forced):
                for index, trigger in enumerate(game.records[card].triggers):
                    if (
                        trigger.kind == "forced"
                        and trigger.point == point  # (else not usable: checked first, as it is cheap)
                        and usable(game, card, index, event)
                        and not game.state.finished
                    ):
                        done.add((card, index))
                        use(game, card, index, event)
        # (a window where no card could answer closes with every player passing)
        if responding and listeners(game, subject, record_index(game).responses_at(point)):
            response_window(game, event, done)
    finally:
        game.trigger_depth -= 1
    return event


def answerable(game: LcgGame, event: LcgEvent) -> bool:
    """Whether some Forced effect or Response could answer the event now. When none can,
    firing it changes nothing: a bot trying the event on a copy of the game can skip the copy."""
    index_ = record_index(game)
    forced, responses = index_.forced_at(event.point), index_.responses_at(event.point)
    if event.point not in game.listened or game.state.finished or not (forced or responses):
        return False
    for card in listeners(game, event.subject, forced | responses):
        for index, trigger in enumerate(game.records[card].triggers):
            if trigger.kind in ("forced", "response") and usable(game, card, index, event):
                return True
    return False


def response_window(game: LcgGame, event: LcgEvent, done: set[Ability]) -> None:
    passes = 0
    while not game.state.finished:
        order = game.seats()
        if passes >= len(order):
            return
        for player in order:
            if game.state.eliminated[player] or game.state.finished:
                continue
            responses = record_index(game).responses_at(event.point)
            options = [
                Option(label(game, card, index), (card, index), card)
                for card in listeners(game, event.subject, responses)
                for index, trigger in enumerate(game.records[card].triggers)
                if trigger.kind == "response"
                and trigger.point == event.point  # (else not usable: checked first, as it is cheap)
                and (card, index) not in done
                and game.controller(card) == player
                and usable(game, card, index, event)
            ]
            chosen = None
            if options:
                # (the prompt is written only when someone is asked)
                about = game.card_name(event.subject) if event.subject >= 0 else ""
                prompt = f"Use a Response? ({moment(event.point, about)})"
                chosen = game.choose(player, "response", prompt, [PASS, *options])
            if chosen is None:
                passes += 1
            else:
                passes = 0
                card, index = chosen
                done.add((card, index))
                use(game, card, index, event)
            if passes >= len(game.seats()):
                return


def label(game: LcgGame, card: int, index: int) -> str:
    trigger = game.records[card].triggers[index]
    if trigger.kind == "action":
        return f"use the Action of {game.card_name(card)}"
    return f"{game.card_name(card)}: {plain(trigger.text)}" if trigger.text else game.card_name(card)


def use(game: LcgGame, card: int, index: int, event: LcgEvent, *, effect: bool = True) -> None:
    """Use an ability: mark its limit, pay for an event from hand, resolve its effect.
    Without ``effect``, only what using it costs (see :mod:`~lotr_rules.games.lcg.prompts`)."""
    record = game.records[card]
    trigger: Trigger = record.triggers[index]
    player = user(game, card, index, event)
    game.step(card)
    if trigger.limit:
        # the ability is spent for its period once it has been used as often as its limit says
        key = limit_key(game, card, index, player)
        uses = game.state.uses.get(key, 0) + 1
        if uses >= trigger.times:
            game.state.used[key] = trigger.limit
            game.state.uses.pop(key, None)
        else:
            game.state.uses[key] = uses
    game.log(LOG_KINDS[trigger.kind], player, game.card_name(card), trigger.text)
    # a Forced effect that changes nothing leaves no line in the log (nothing a player chose)
    heading = len(game.state.log)
    # (the state's canonical view, compared as it is: the digest is that view hashed, and
    # hashing it twice for every Forced effect cost more than the comparison)
    before = (game.state.canonical(), _outcome(event)) if trigger.kind == "forced" else None
    answering, game.answering = game.answering, event
    try:
        resolve = trigger.effect if effect else trigger.cost
        if record.type == "event":
            game.pay(player, card)
            game.move(card, RESOLVING)
            if resolve is not None:
                resolve(game, player, card, event)
            if game.locate(card) == (RESOLVING, -1):
                game.discard(card)
        elif resolve is not None:
            resolve(game, player, card, event)
    finally:
        game.answering = answering
    game.check_lethal()
    if before is not None and len(game.state.log) == heading and (game.state.canonical(), _outcome(event)) == before:
        del game.state.log[heading - 1]


def _outcome(event: LcgEvent) -> tuple[bool, int, int]:
    """What an ability may change of the event it answers (cancel it, change what it does)."""
    return event.cancelled, event.subject, event.amount


def action_options(game: LcgGame, player: int) -> list[Option]:
    """The Action abilities the player can use now: of the cards they control in play, and the
    Actions by each player of the other players' cards."""
    options = []
    # (only the cards with an Action are asked)
    actions = record_index(game).actions
    for card in game.z(STAGING):
        if card not in actions:
            continue
        # (imported here, and only for such a card: an import statement costs a look-up at
        # every call, and this runs at every action window)
        from lotr_rules.games.lcg import words_objectives

        # an objective in the staging area offers its Action to every player once it is free
        # of encounters (RR "Objective Cards", "Guarded")
        if not words_objectives.can_claim(game, player, card):
            continue
        for index, trigger in enumerate(game.records[card].triggers):
            if trigger.kind == "action" and usable(game, card, index, LcgEvent("action", player, card)):
                options.append(Option(label(game, card, index), ("ability", card, index), card))
    for holder in game.seats():
        for card in game.z(PLAY, holder):
            if card not in actions:
                continue
            for index, trigger in enumerate(game.records[card].triggers):
                if trigger.kind != "action" or (holder != player and not trigger.by_each_player):
                    continue
                if usable(game, card, index, LcgEvent("action", player, card)):
                    options.append(Option(label(game, card, index), ("ability", card, index), card))
    return options


def use_action(game: LcgGame, player: int, card: int, index: int, *, effect: bool = True) -> None:
    use(game, card, index, LcgEvent("action", player, card), effect=effect)
