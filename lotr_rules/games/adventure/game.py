"""The Adventure Deck's turn, on the generic engine.

Frodo stands on a card (his location); its directions say how many cards each way on takes.
A turn: choose a way (or search back through the discard pile for a card that can be searched
for), perhaps put on the Ring, draw the cards one at a time adding up their aggression, take the
Attack as wounds, resolve the effect of the last card drawn only, rest (by itself on a moon, by
choice and at the cost of two turns on a sun), and move the turn token on.

Nothing here names a card: what cards do is in their scripts (cardscripts/adventure-deck), and
the few things scripts can ask of the rules (skip the next effect, no rest this turn, a blind
draw, cancel this turn's attack, walk back along the journey, advance without a fight) are
flags and methods this module offers through the family's vocabulary.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from lotr_rules.engine import events as ev
from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.context import Ctx
from lotr_rules.engine.decisions import Agent, Option
from lotr_rules.engine.game import Game, GameOver, GameState
from lotr_rules.errors import ConfigError, TriggerDepthError
from lotr_rules.games.adventure import track
from lotr_rules.limits import shown_number
from lotr_rules.wording import possessive

ME = 0  # the one player

QUEST_DECK = ("quest deck", ME)
DISCARD = ("discard pile", ME)
LOCATION = ("location", ME)
DRAWN = ("drawn", ME)
SET_ASIDE = ("set aside", ME)
ZONE_KEYS = (QUEST_DECK, DISCARD, LOCATION, DRAWN, SET_ASIDE)
#: book-keeping (not places): the cards whose effect, or search, has resolved this turn
RESOLVED = ("resolved this turn", ME)
SEARCHED = ("searched this turn", ME)

#: counters the rules keep (scripts reach them by the names in the vocabulary)
HEALTH = "health"
WOUNDS = "wounds"
WITCH_KINGS = "witch kings"
RING = "ring"
ARMOR = "armor"
WEAPONS = "weapons"
AID = "aid"
SHIELD = "shield"
ATTACK = "attack"
TAKEN = "wounds this turn"

#: flags that last for one turn
NO_REST = "no rest"
SKIP_EFFECT = "skip effect"
BLIND = "blind"
INVISIBLE = "invisible"
ITEM_USED = "item used"
TURN_FLAGS = (NO_REST, SKIP_EFFECT, BLIND, INVISIBLE, ITEM_USED)

#: how a game can end, as ``result["reason"]``
WON = "reached the end of the quest deck"
LOST_TIME = "out of time"
LOST_HEALTH = "health ran out"
LOST_WITCH_KINGS = "caught by the Witch Kings"
REASONS = (WON, LOST_TIME, LOST_HEALTH, LOST_WITCH_KINGS)

#: the most turns, health or Witch King spaces a journey may be set up with (the rulebook's
#: tracks are a few dozen spaces long)
MAX_TRACK = 1000

#: how deeply one card's effect may make other cards' effects resolve
RESOLVE_DEPTH = 20


@attrs.frozen(slots=True)
class AdventureConfig:
    seed: int = 1
    turns: int = track.TURNS
    health: int = track.START_HEALTH
    witch_kings: int = track.WITCH_KINGS_LOSE
    #: the sets whose cards make up the quest deck (those of the adventure-deck family)
    sets: tuple[str, ...] = ("adventure-deck",)

    def check(self) -> None:
        if self.turns < 1:
            raise ConfigError("the journey needs at least 1 turn")
        if self.health < 1:
            raise ConfigError("Frodo needs at least 1 health to set out")
        if self.witch_kings < 1:
            raise ConfigError("the Witch King track needs at least 1 space")
        # A hand-edited save of 10**30 turns would be a journey that never ends by time.
        for what, value in (("turns", self.turns), ("health", self.health), ("witch_kings", self.witch_kings)):
            if value > MAX_TRACK:
                raise ConfigError(f"a journey's {what} is at most {MAX_TRACK}, not {shown_number(value)}")


def deal(cards: Sequence[CardDef], sets: Sequence[str]) -> tuple[CardDef, list[CardDef]]:
    """The beginning card and the quest deck's cards (one entry per copy) from these sets."""
    wanted = set(sets)
    chosen = [card for card in cards if card.set_code in wanted]
    beginnings = [card for card in chosen if card.deck == "beginning"]
    if not beginnings:
        raise ConfigError(f"no beginning card in the sets {', '.join(sets)}")
    quest = [card for card in chosen if card.deck == "main" for _ in range(card.copies)]
    if not quest:
        raise ConfigError(f"the sets {', '.join(sets)} have no quest-deck cards")
    return beginnings[0], quest


class AdventureGame(Game):
    """One solo journey; ``play()`` runs it to its end and returns the result."""

    family = "adventure-deck"

    def __init__(self, cards: Sequence[CardDef], agent: Agent, config: AdventureConfig | None = None) -> None:
        self.config = config or AdventureConfig()
        self.config.check()
        beginning, quest = deal(cards, self.config.sets)
        super().__init__((beginning, *quest), GameState(1, self.config.seed), [agent])
        self.resolve_depth = 0
        self._setup()

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        state = self.state
        for key in ZONE_KEYS:
            state.zones[key] = []
        deck = list(range(1, len(self.cards)))
        state.rng.shuffle(deck)
        state.zones[QUEST_DECK] = deck
        state.zones[LOCATION] = [0]
        state.counters.update(
            {
                HEALTH: self.config.health,
                WOUNDS: 0,
                WITCH_KINGS: 0,
                RING: 0,
                ARMOR: 0,
                WEAPONS: 0,
                AID: 0,
                SHIELD: 0,
                ATTACK: 0,
            }
        )
        state.counters[TAKEN] = 0
        state.turn = 1
        self.log("setup", len(deck), self.card_name(0))

    # ------------------------------------------------------------------ views
    def z(self, key: tuple[str, int]) -> list[int]:
        return self.state.zones[key]

    def location(self) -> int:
        return self.z(LOCATION)[0]

    def counter(self, name: str) -> int:
        return self.state.counters.get(name, 0)

    def health_left(self) -> int:
        return self.counter(HEALTH) - self.counter(WOUNDS)

    def effective_attack(self) -> int:
        """This turn's Attack as it will be taken: none while invisible, less the armor and any
        shield for this turn (known before drawing, so an Attack they bring below Frodo's health
        does not kill him mid-draw)."""
        if INVISIBLE in self.state.flags:
            return 0
        return max(0, self.counter(ATTACK) - self.counter(ARMOR) - self.counter(SHIELD))

    def direction(self) -> str:
        """The way chosen this turn ("" before choosing, or on a search turn)."""
        return str(self.state.result.get("direction", ""))

    def turns_left(self) -> int:
        """Turns still to play, this one included."""
        return max(0, self.config.turns - self.state.turn + 1)

    def searchable(self) -> list[int]:
        """Cards in the discard pile that the player may search back for (a ``search`` ability)."""
        return [card for card in self.z(DISCARD) if self.cards[card].has("search")]

    def trigger_sources(self) -> list[tuple[int, int]]:
        # A card's own `when`/`at` abilities listen while Frodo stands on it.
        location = self.state.zones[LOCATION]
        if location and self.cards[location[0]].triggers:
            return [(location[0], ME)]
        return []

    # ------------------------------------------------------------------ counters
    def set_counter(self, name: str, value: int) -> None:
        """Every change of a counter comes here, so the end conditions are checked at once."""
        counters = self.state.counters
        counters[name] = value
        if name == WITCH_KINGS and value >= self.config.witch_kings:
            self.log("witch kings", value)
            raise GameOver(LOST_WITCH_KINGS)
        if name in (HEALTH, WOUNDS) and self.health_left() <= 0:
            raise GameOver(LOST_HEALTH)

    def set_turn(self, value: int) -> None:
        self.state.turn = max(1, value)

    # ------------------------------------------------------------------ the game
    def play(self) -> dict[str, Any]:
        """Play turns until the journey ends; the result says whether it was won, and how."""
        try:
            while True:
                self.play_turn()
        except GameOver as over:
            self._finish(over.reason)
        return self.state.result

    def _finish(self, reason: str) -> None:
        state = self.state
        state.finished = True
        state.result.update(
            {
                "won": reason == WON,
                "reason": reason,
                "turn": state.turn,
                "cards left": len(self.z(QUEST_DECK)),
                "health": self.health_left(),
                "witch kings": self.counter(WITCH_KINGS),
                "ring used": self.counter(RING) > 0,
            }
        )
        state.result.pop("direction", None)
        self.log("end", reason, state.turn)

    def play_turn(self) -> None:
        state = self.state
        self.begin_action()
        self.log("turn", state.turn, track.symbol(state.turn))
        self.emit(ev.TURN_STARTED, ME)
        way: tuple[Any, ...] = self._choose_way().value  # type: ignore[assignment]
        if way[0] == "search":
            self._search_back(int(way[1]))
        else:
            self._travel(str(way[1]), int(way[2]))
        self._rest()
        self._end_turn()

    def _choose_way(self) -> Option:
        card = self.cards[self.location()]
        options = [
            Option(f"travel {d} ({n} card{'s' if n != 1 else ''})", ("travel", d, n)) for d, n in card.directions
        ]
        if not options:
            # A card without directions (a designed card may forget them): one step on.
            options = [Option("travel on (1 card)", ("travel", "on", 1))]
        current = self.location()
        for target in _distinct_names(self.cards, self.searchable()):
            if target != current:
                options.append(Option(f"search back for {self.card_name(target)}", ("search", target), target))
        return self.ask(ME, "way", f"{card.name}: which way?", options, current)

    # ------------------------------------------------------------------ travelling
    def _travel(self, direction: str, count: int) -> None:
        state = self.state
        state.result["direction"] = direction
        self.log("travel", direction, count)
        self._run_delayed()
        if self.ask_yes_no(ME, "ring", "Put on the Ring before drawing (the Attack counts as 0, a Witch King comes)?"):
            self.use_ring()
        blind = BLIND in state.flags
        drawn = self.z(DRAWN)
        for index in range(count):
            deck = self.z(QUEST_DECK)
            if not deck:
                break
            card = deck.pop()
            drawn.append(card)
            last = index == count - 1 or not deck
            self._draw_one(card, counts=last or not blind, offer=last or not blind)
            self._check_attack()
        self.emit(ev.TRAVEL_ENDED, ME)
        self._check_attack()
        self._take_attack()
        reached_end = not self.z(QUEST_DECK)
        destination = self._arrive()
        if reached_end:
            raise GameOver(WON)
        self._resolve_destination(destination)

    def _draw_one(self, card: int, counts: bool, offer: bool) -> None:
        """Add the card's aggression (unless a blind draw leaves it out), let triggers change it,
        then offer a weapon or an aid to count it as 0."""
        state = self.state
        before = self.counter(ATTACK)
        if counts:
            state.counters[ATTACK] = before + self.cards[card].aggression
        if counts:
            self.log("drawn", self.card_name(card), self.cards[card].aggression)
        else:
            # A blind draw is not seen (A Thick Fog in the Woods): the record keeps the card, but
            # the log a player reads must not show it.
            self.log("drawn unseen", self.card_name(card))
        self.emit(ev.CARD_DRAWN, ME, card)
        added = self.counter(ATTACK) - before
        if added <= 0 or not offer or INVISIBLE in state.flags:
            return
        name = self.card_name(card)
        if self.counter(AID) > 0 and self.ask_yes_no(
            ME, "aid", f"Use your aid to count {possessive(name)} {added} aggression as 0?", card
        ):
            state.counters[AID] -= 1
            state.counters[ATTACK] -= added
            self.log("aid", name)
        elif (
            self.counter(WEAPONS) > 0
            and ITEM_USED not in state.flags
            and self.ask_yes_no(
                ME, "weapon", f"Use a weapon to count {possessive(name)} {added} aggression as 0?", card
            )
        ):
            state.counters[WEAPONS] -= 1
            state.counters[ATTACK] -= added
            state.flags.add(ITEM_USED)
            self.log("weapon", name)

    def _check_attack(self) -> None:
        if self.effective_attack() >= self.health_left():
            self.log("overwhelmed", self.effective_attack(), self.health_left())
            raise GameOver(LOST_HEALTH)

    def _take_attack(self) -> None:
        taken = self.effective_attack()
        self.state.counters[TAKEN] = taken
        self.log("attack", taken)
        if taken:
            self.set_counter(WOUNDS, self.counter(WOUNDS) + taken)

    def _arrive(self) -> int:
        """The last card drawn becomes the location; the old location and the other cards drawn
        go on the discard pile (the beginning card is set aside: it is not part of the deck)."""
        drawn = self.z(DRAWN)
        destination = drawn.pop()
        self._leave_location()
        self.z(DISCARD).extend(drawn)
        drawn.clear()
        self.z(LOCATION).append(destination)
        self.log("arrive", self.card_name(destination))
        self.emit(ev.DESTINATION_REACHED, ME, destination)
        return destination

    def _leave_location(self) -> None:
        location = self.z(LOCATION)
        if location:
            old = location.pop()
            (self.z(SET_ASIDE) if self.cards[old].deck == "beginning" else self.z(DISCARD)).append(old)

    def _resolve_destination(self, card: int) -> None:
        definition = self.cards[card]
        if SKIP_EFFECT in self.state.flags and not definition.effect_always:
            self.log("effect skipped", definition.name)
            return
        self.resolve_effect(card)

    def resolve_effect(self, card: int, ability: str = "effect") -> None:
        """Resolve a card's ``effect`` (or ``search``) block, if it has one."""
        effect = self.cards[card].abilities.get(ability)
        if effect is None:
            return
        # Kept in the state (not on the game) so that a copy of a mid-turn state plays on the same.
        resolved = self.state.marks.setdefault(RESOLVED if ability == "effect" else SEARCHED, [])
        if card in resolved:
            # Cards can send each other round in a circle (The Rohirrim ride into Gollum, who walks
            # back to The Rohirrim): a card's effect resolves at most once a turn, which ends it.
            self.log("already resolved", self.card_name(card))
            return
        resolved.append(card)
        self.resolve_depth += 1
        try:
            if self.resolve_depth > RESOLVE_DEPTH:
                raise TriggerDepthError(self.card_name(card), RESOLVE_DEPTH, "cards resolving cards")
            self.log(ability, self.card_name(card))
            self.resolve(effect, Ctx(self, ME, card))
        finally:
            self.resolve_depth -= 1

    def use_ring(self) -> None:
        state = self.state
        state.flags.add(INVISIBLE)
        first = self.counter(RING) == 0
        state.counters[RING] = 1
        self.log("ring", "first use" if first else "again")
        self.set_counter(WITCH_KINGS, self.counter(WITCH_KINGS) + 1)

    def _run_delayed(self) -> None:
        """``next turn`` blocks from earlier turns start now that the way is chosen."""
        waiting, self.state.delayed = self.state.delayed, []
        for effect, owner, card in waiting:
            self.resolve(effect, Ctx(self, owner, card))

    # ------------------------------------------------------------------ what scripts may ask
    def advance(self, count: int) -> None:
        """Move ``count`` cards on without being attacked and without the new location's effect
        (an effect that always resolves still does)."""
        drawn = self.z(DRAWN)
        for _ in range(count):
            deck = self.z(QUEST_DECK)
            if not deck:
                break
            drawn.append(deck.pop())
        if not drawn:
            return
        self.log("advance", len(drawn))
        reached_end = not self.z(QUEST_DECK)
        destination = self._arrive()
        if reached_end:
            raise GameOver(WON)
        if self.cards[destination].effect_always:
            self.resolve_effect(destination)

    def retreat(self, count: int) -> None:
        """Walk ``count`` cards back along the journey: the location goes back on top of the
        quest deck and the card before it becomes the location, ``count`` times."""
        for _ in range(count):
            location = self.z(LOCATION)
            if not location or self.cards[location[0]].deck == "beginning":
                return
            self.z(QUEST_DECK).append(location.pop())
            previous = self.z(DISCARD) or self.z(SET_ASIDE)
            if not previous:
                return
            location.append(previous.pop())
        self.log("retreat", count, self.card_name(self.location()))

    def cancel_attack(self) -> None:
        """This turn's Attack counts as 0 after all: the wounds it dealt heal."""
        taken = self.counter(TAKEN)
        if taken:
            self.state.counters[WOUNDS] = max(0, self.counter(WOUNDS) - taken)
            self.state.counters[TAKEN] = 0
            self.log("attack cancelled", taken)

    def shuffle_into(self, cards: Sequence[int], key: tuple[str, int]) -> None:
        target = self.state.zones[key]
        for card in cards:
            self.take(card)
            target.append(card)
        self.state.rng.shuffle(target)
        self.log("shuffled in", len(cards), key[0])

    def take(self, card: int) -> bool:
        for cards in self.state.zones.values():
            if card in cards:
                cards.remove(card)
                return True
        return False

    # ------------------------------------------------------------------ searching back
    def _search_back(self, target: int) -> None:
        """Walk back through the discard pile to ``target``: the cards passed go back on top of
        the quest deck, no aggression counts and no effect but the target's search resolves."""
        state = self.state
        state.result["direction"] = ""
        state.delayed = []  # a search is not a journey: effects waiting for the next travel lapse
        moved = 0
        while self.location() != target:
            self.z(QUEST_DECK).append(self.z(LOCATION).pop())
            self.z(LOCATION).append(self.z(DISCARD).pop())
            moved += 1
        self.log("search", self.card_name(target), moved)
        self.resolve_effect(target, "search")

    # ------------------------------------------------------------------ resting and the end of a turn
    def _rest(self) -> None:
        state = self.state
        if NO_REST in state.flags:
            self.log("no rest")
            return
        if track.is_moon(state.turn):
            self._heal("night")
            return
        if self.counter(WOUNDS) and self.ask_yes_no(ME, "rest", "Rest now (wounds heal; two more turns go by)?"):
            self._heal("by choice")
            self.set_turn(state.turn + track.REST_COST)

    def _heal(self, how: str) -> None:
        self.state.counters[WOUNDS] = 0
        self.log("rest", how)

    def _end_turn(self) -> None:
        state = self.state
        self.emit(ev.TURN_ENDED, ME)
        for flag in TURN_FLAGS:
            state.flags.discard(flag)
        state.turn_triggers.clear()
        state.counters[ATTACK] = 0
        state.counters[TAKEN] = 0
        state.counters[AID] = 0
        state.counters[SHIELD] = 0
        state.marks.pop(RESOLVED, None)
        state.marks.pop(SEARCHED, None)
        state.result.pop("direction", None)
        self.set_turn(state.turn + 1)
        if state.turn > self.config.turns:
            raise GameOver(LOST_TIME)


def _distinct_names(cards: Sequence[CardDef], pool: list[int]) -> list[int]:
    seen: set[str] = set()
    out: list[int] = []
    for card in reversed(pool):  # the nearest copy first
        if cards[card].name not in seen:
            seen.add(cards[card].name)
            out.append(card)
    return out


def conserved(game: AdventureGame) -> bool:
    """Every card is in exactly one zone."""
    everywhere = [card for key in ZONE_KEYS for card in game.state.zones[key]]
    return sorted(everywhere) == list(range(len(game.cards)))
