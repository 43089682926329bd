"""The deck-building game's rules: setup, the turn, buying, Attacks and Ambushes, the end.

These are the rules the Two Towers rulebook states in prose (the Fellowship of the Ring set runs
on the same rules, without The Wall). Card behaviour is never written here: cards are scripts,
compiled to effects that call the primitives at the bottom of this module.
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Callable, Sequence
from itertools import chain, compress
from operator import attrgetter
from typing import Any

from lotr_rules.cards import impossible
from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.lasting import CANNOT_BE_DESTROYED, STAYS_IN_FRONT
from lotr_rules.engine import events as ev
from lotr_rules.engine.cards import CardDef, CostChangeDef, Effect
from lotr_rules.engine.context import Ctx
from lotr_rules.engine.decisions import Agent, DecisionRequest, Option
from lotr_rules.engine.facts import HAS_FRONT_TRIGGER, DefinitionTable
from lotr_rules.engine.game import TRIGGER_DEPTH, Game, GameOver, GameState
from lotr_rules.engine.selection import Placement
from lotr_rules.errors import ConfigError, IllegalChoiceError, TriggerDepthError
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.limits import MAX_ACTION_USES, MAX_COPIES_PER_GAME, ScriptNumberError, in_script_range
from lotr_rules.native import attribute_names, mypyc_attr

#: the state counters that say which of Impossible Mode's rule changes are in force
_CORRUPTION_RETURNS = impossible.counter_name(impossible.CORRUPTION_RETURNS)
_DEFEND_YOUR_RIGHT = impossible.counter_name(impossible.DEFEND_YOUR_RIGHT)
_WALL_LOSES = impossible.counter_name(impossible.WALL_DEPLETED_EVERYONE_LOSES)

HAND_SIZE = 5
PATH_SLOTS = 5
WALL_PER_PLAYER = 5

# Zone names. Player zones are keyed (name, seat); shared zones (name, -1).
HAND, DECK, DISCARD, PLAYED, FRONT, REVEALED, HERO = ("hand", "deck", "discard", "played", "front", "revealed", "hero")
PATH, MAIN, VALOR, CORRUPTION, ARCHENEMY = "path", "main deck", "valor", "corruption", "archenemy"
WALL, WALL_DISCARD, DESTROYED, BOX, BEHIND = "wall", "wall discard", "destroyed", "box", "behind stacks"
PLAYER_ZONES = (HAND, DECK, DISCARD, PLAYED, FRONT, REVEALED, HERO)
#: marks the cards a player put into play from another player's zone, under their owner's seat
BELONGS_TO = "belongs to"
SHARED_ZONES = (PATH, MAIN, VALOR, CORRUPTION, ARCHENEMY, WALL, WALL_DISCARD, DESTROYED, BOX, BEHIND)
#: zones whose cards a player "controls" (the Dead Marshes clarification); revealed cards are
#: still part of the deck they were revealed from
CONTROLLED = (HAND, DECK, DISCARD, PLAYED, FRONT, REVEALED)
#: zones whose cards are part of a player's deck when the game ends
OWNED = (HAND, DECK, DISCARD, PLAYED, FRONT, REVEALED)

#: Where a card returns to when it is "returned": its stack, by the deck it came from.
HOME_BY_DECK = {"valor": VALOR, "corruption": CORRUPTION, "one ring": BEHIND, "archenemy": ARCHENEMY}


_END_TURN = Option("end turn", "end")
_END_ONLY = (_END_TURN,)
_CARD_PLAYED, _TURN_STARTED, _TURN_ENDED = ev.CARD_PLAYED, ev.TURN_STARTED, ev.TURN_ENDED
_CARD_BOUGHT, _CARD_GAINED, _ENEMY_DEFEATED = ev.CARD_BOUGHT, ev.CARD_GAINED, ev.ENEMY_DEFEATED
_AMBUSH_PENDING = ("ambush pending", -1)
#: the keys of the shared zones the main phase reads at every decision, made once
_PATH_KEY, _VALOR_KEY, _ARCHENEMY_KEY = (PATH, -1), (VALOR, -1), (ARCHENEMY, -1)

#: The order zones are searched in for a card: the Path, the stacks and the hands first (where
#: most cards that move are taken from, measured over many games), the big decks and piles last.
_SEARCH_RANK = {
    name: rank
    for rank, name in enumerate(
        (
            *(PATH, VALOR, CORRUPTION, ARCHENEMY, HAND, REVEALED, FRONT, DISCARD, PLAYED),
            *(BEHIND, WALL_DISCARD, WALL, HERO, DECK, DESTROYED, MAIN, BOX),
        )
    )
}


def _search_rank(key: tuple[str, int]) -> tuple[int, int]:
    return _SEARCH_RANK.get(key[0], len(_SEARCH_RANK)), key[1]


@functools.lru_cache(maxsize=64)
def _search_order(zones: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    """The zones of a game in the order :meth:`DeckbuildingGame.locate` searches them: the same
    for every game with the same zones (the same number of players)."""
    return tuple(sorted(zones, key=_search_rank))


_CHANGES_COSTS = attrgetter("changes_costs")
_COST_CHANGES = attrgetter("cost_changes")


#: What the main-phase options say for a card, per definition (see :mod:`lotr_rules.engine.facts`).
_PLAY_LABEL: DefinitionTable[str] = DefinitionTable(lambda c: f"play {c.name}")
_BUY_LABEL: DefinitionTable[str] = DefinitionTable(
    lambda c: f"{'defeat' if c.title == 'archenemy' else 'buy'} {c.name} ({c.cost})"
)
_HAS_QUEST: DefinitionTable[bool] = DefinitionTable(lambda c: c.quest is not None)
_HAS_ACTION: DefinitionTable[bool] = DefinitionTable(lambda c: c.action is not None)
_HAS_DEFENSE: DefinitionTable[bool] = DefinitionTable(lambda c: "defense" in c.abilities)
#: What playing a card reads of it: whether it goes in front of its player (else to the cards
#: played this turn), its name, its Power, its play effect.
_PLAYING: DefinitionTable[tuple[bool, str, int, Effect | None]] = DefinitionTable(
    lambda c: ("location" in c.types, c.name, c.power, c.abilities.get("play"))
)


class _CopyOptions(dict[int, Option]):
    """The main-phase option of one card's copies, one per instance id, made the first time it
    is asked for. An option names the card by its definition and the copy by its instance id,
    and a copy's instance id is the same in every game dealt alike (the main deck's cards are
    made in catalogue order): kept per definition, an option made once serves every later game
    of the process, where kept per game it was made anew in every game."""

    __slots__ = ("label", "verb")

    def __init__(self, label: str, verb: str) -> None:
        super().__init__()
        self.label = label
        self.verb = verb

    def __missing__(self, card: int) -> Option:
        # tuple.__new__ straight away: the named tuple's own __new__ is a Python function
        option = self[card] = _new_record(Option, (self.label, (self.verb, card), card))
        return option


#: per definition, its copies' options to play it and to buy (or defeat) it
_PLAY_OPTIONS: DefinitionTable[_CopyOptions] = DefinitionTable(lambda c: _CopyOptions(_PLAY_LABEL[c], "play"))
_BUY_OPTIONS: DefinitionTable[_CopyOptions] = DefinitionTable(lambda c: _CopyOptions(_BUY_LABEL[c], "buy"))
_new_record = tuple.__new__


#: per class of game: its slots and its bases' (the attributes a copy takes over), and a reader
#: of all of them at once
_SLOTS: dict[type, tuple[tuple[str, ...], Callable[[object], tuple[object, ...]]]] = {}


def _shallow_copy(game: DeckbuildingGame) -> DeckbuildingGame:
    """A new game object holding the same attributes as ``game`` (what ``copy.copy`` makes, at a
    fraction of its cost for an object with slots)."""
    cls = type(game)
    known = _SLOTS.get(cls)
    if known is None:
        names = attribute_names(cls)
        known = _SLOTS[cls] = (names, attrgetter(*names))
    names, read = known
    # not object.__new__: a compiled class allocates its instances itself
    twin: DeckbuildingGame = cls.__new__(cls)
    for name, value in zip(names, read(game), strict=True):
        setattr(twin, name, value)
    if hasattr(game, "__dict__"):  # a subclass without slots of its own
        twin.__dict__.update(game.__dict__)
    return twin


@mypyc_attr(allow_interpreted_subclasses=True)
class DeckbuildingGame(Game):
    # Slots, not a __dict__: every action reads these, and an object with as many attributes
    # as a game has keeps them in a dict of its own, read through a hashed lookup each time,
    # where a slot is read straight from the object (about 5% of a turn, measured).
    __slots__ = (
        "_affordable",
        "_fronts",
        "_general_options_needed",
        "_hand_distinct",
        "_hand_plays",
        "_hand_seen",
        "_hands",
        "_has_actions",
        "_has_defense",
        "_has_front_trigger",
        "_hero_sources",
        "_looking",
        "_path",
        "_path_costs",
        "_path_offers",
        "_path_seen",
        "_played",
        "_prices_change",
        "_quest_cards",
        "_revealed",
        "_search_order",
        "_stack",
        "_static_costs",
        "_valor",
        "catalogue",
        "config",
        "use_wall",
        "zones",
    )
    family = "deckbuilding"

    def __init__(
        self,
        catalogue: Catalogue,
        config: GameConfig,
        agents: Sequence[Agent],
        *,
        state: GameState | None = None,
        instances: Sequence[CardDef] | None = None,
    ) -> None:
        self.config = config
        self.catalogue = catalogue
        if instances is None or state is None:
            instances, state = _setup(catalogue, config)
        super().__init__(instances, state, agents)
        self.use_wall: bool = bool(state.counters.get("use wall", 0))
        self.zones = state.zones
        # Per-instance facts and per-seat lists looked up on every action: computed once per
        # game object so the hot loop does index lookups instead of dict and attribute chains.
        self._seat_lists()
        #: whether some player may have cards marked 'looked at' (set by look, cleared once an
        #: effect has resolved): most effects look at nothing, and the tidy-up skips the marks
        self._looking = any(state.marks.get(("looked at", p)) for p in range(state.num_players))
        cards = self.cards
        self._has_front_trigger = HAS_FRONT_TRIGGER.per_instance(cards)
        self._has_defense = _HAS_DEFENSE.per_instance(cards)
        self._quest_cards = frozenset(compress(range(len(cards)), _HAS_QUEST.per_instance(cards)))
        # Where to look for a card, likeliest first (see locate).
        self._search_order = _search_order(tuple(state.zones))
        #: the hand and the Path as action_options last saw them, and what they offered then
        #: (see there); shared by copies, as they are replaced, never changed
        self._hand_seen: list[int] = []
        self._hand_plays: tuple[Option, ...] = ()
        self._hand_distinct = True
        self._path_seen: list[int] = []
        self._path_costs: list[int] = []
        self._path_offers: list[Option] = []
        #: the offers the Power pays for, by amount of Power, for the Path last seen
        self._affordable: dict[int, tuple[Option, ...]] = {}
        # Cost changes and action abilities: only a game with a card that has them prices buys
        # one by one and offers actions, so games without them run exactly as they always did.
        kinds = set(cards)
        self._prices_change = any(map(_CHANGES_COSTS, kinds))
        self._has_actions = any(map(_HAS_ACTION.__getitem__, kinds))
        self._general_options_needed = self._prices_change or self._has_actions
        self._static_costs = frozenset(compress(range(len(cards)), map(_COST_CHANGES, cards)))
        # A hero never leaves its seat, so the heroes whose abilities listen are found once.
        self._hero_sources = [
            (card, seat)
            for seat in range(state.num_players)
            for card in state.zones.get((HERO, seat), ())
            if self._has_front_trigger[card]
        ]

    # ------------------------------------------------------------------ zones
    def _seat_lists(self) -> None:
        """The zone lists the hot loop reads, found once per game object (a copy finds its own)."""
        zones = self.zones
        seats = range(self.state.num_players)
        self._fronts = [zones[(FRONT, p)] for p in seats]
        self._revealed = [zones[(REVEALED, p)] for p in seats]
        self._hands = [zones[(HAND, p)] for p in seats]
        self._played = [zones[(PLAYED, p)] for p in seats]
        self._path = zones[_PATH_KEY]
        self._valor = zones[_VALOR_KEY]
        self._stack = zones[_ARCHENEMY_KEY]

    def z(self, name: str, owner: int = -1) -> list[int]:
        return self.zones[(name, owner)]

    def copy(self, agents: Sequence[Agent] | None = None) -> DeckbuildingGame:
        """An independent game in the same state (its digest equals this one's).

        Search bots copy games constantly, so this shares everything immutable (the card
        instances and lookup tables) and copies only the state. The options remembered for a
        Path are shared too: they are kept with the Path they were made for, and replaced, never
        changed, when a game's Path changes.
        """
        twin = _shallow_copy(self)
        twin.state = self.state.copy()
        twin.zones = twin.state.zones
        twin._seat_lists()
        twin.agents = list(agents if agents is not None else self.agents)
        twin.replay_queue = deque(self.replay_queue)
        twin.pending = list(self.pending)
        return twin

    def locate(self, card: int) -> tuple[str, int, list[int]] | None:
        # A card is in one place only, so the order the zones are searched in changes nothing
        # but the cost: the small zones that cards are taken from most go first.
        zones = self.zones
        for key in self._search_order:
            cards = zones[key]
            if card in cards:
                return key[0], key[1], cards
        if len(self._search_order) != len(zones):  # a zone made after the game began
            for (name, owner), cards in zones.items():
                if card in cards:
                    return name, owner, cards
        for holder, cards in self.state.under.items():
            if card in cards:
                return "under", holder, cards
        return None

    def take(self, card: int) -> tuple[str, int] | None:
        """Remove a card from wherever it is; returns where it was. A card that stays in front of
        its player for the rest of the game (Breached) is not taken from there: None."""
        found = self.locate(card)
        if found is None:
            return None
        name, owner, cards = found
        if name == FRONT and self.cards[card].lasting == STAYS_IN_FRONT:
            return None
        cards.remove(card)
        return name, owner

    def trigger_sources(self) -> list[tuple[int, int]]:
        has = self._has_front_trigger
        out: list[tuple[int, int]] = list(self._hero_sources)
        for seat, front in enumerate(self._fronts):
            if front:
                for card in front:
                    if has[card]:
                        out.append((card, seat))
        return out

    @property
    def current(self) -> int:
        return self.state.current

    def opponents(self, player: int) -> list[int]:
        """Every other player, clockwise starting from the one on ``player``'s left."""
        n = self.state.num_players
        return [(player + i) % n for i in range(1, n)]

    def clockwise_from(self, player: int) -> list[int]:
        n = self.state.num_players
        return [(player + i) % n for i in range(n)]

    # ------------------------------------------------------------------ running
    def play_game(self) -> dict[str, Any]:
        """Play until an end condition is met; returns the result (scores, winner, reason)."""
        try:
            while not self.state.finished:
                self.take_turn()
        except GameOver as over:
            self.finish(over.reason)
        return self.state.result

    def take_turn(self) -> None:
        state = self.state
        player = state.current
        if state.turn >= self.config.max_turns:
            raise GameOver("turn limit reached")
        state.turn += 1
        state.log.append(("turn", player, state.turn))
        self.steps = 0
        if state.marks[_AMBUSH_PENDING]:
            self._resolve_ambushes(player)
            self.steps = 0
        # The hero's own Ongoing ability first (the hero is in play before any card), then the
        # cards in front of the player.
        hero = state.zones.get((HERO, player), ())
        front = self._fronts[player]
        if front or hero:
            cards = self.cards
            for card in [*hero, *front]:
                ongoing = cards[card].abilities.get("ongoing")
                if ongoing is not None:
                    self.resolve(ongoing, Ctx(self, player, card))
        if _TURN_STARTED in self._listened:
            self.emit(_TURN_STARTED, player)
        self._main_phase(player)
        self.end_turn(player)

    def _main_phase(self, player: int) -> None:
        quests = self._quest_cards
        fronts = self._fronts
        # the fronts as last seen, and whether a card with a Quest was among them then: the
        # fronts seldom change within a turn, a list comparison says when they have
        fronts_seen: list[list[int]] = []
        quests_in_front: list[tuple[int, int]] = []
        hand = self._hands[player]
        while True:
            self.steps = 0  # a new top-level action: begin_action(), inlined in the hot loop
            options = self.action_options(player)
            count = len(options)
            if count < 2 or self.replay_queue or self.on_decision is not None:
                choice = self.ask(player, "action", "your move", options)
            else:
                # ask(), inlined for the decision every turn asks most: nothing is forced, replayed
                # or watched, so all it does is ask the agent and record the answer.
                request = _new_record(DecisionRequest, (player, "action", "your move", options, -1, ""))
                index = self.agents[player].choose(self, request)
                if not 0 <= index < count:
                    raise IllegalChoiceError(f"choice {index} is not one of the {count} options of 'your move'")
                self.state.choices.append(index)
                choice = options[index]
            if choice is _END_TURN:
                return
            what: tuple[str, int] = choice.value  # type: ignore[assignment]  # every other option is (kind, card)
            kind, card = what
            if kind == "play":
                hand.remove(card)
                self.play_card(player, card)
            elif kind == "use":
                self.use_action(player, card)
            else:
                self.buy(player, card)
            # _check_quests(), its first test inlined: most games have no quest card in front
            if quests:
                if fronts != fronts_seen:
                    fronts_seen = [front[:] for front in fronts]
                    quests_in_front = self._quests_in_front()
                if quests_in_front:
                    self._check_quests_of(quests_in_front)

    def action_options(self, player: int) -> tuple[Option, ...]:
        """The main-phase options: play a card of the hand (one per kind of card), buy or defeat
        what the Power pays for, end the turn.

        A turn asks this after every card played, so it is kept cheap: each option is made once
        per instance and reused; the hand's options are worked out again only when the hand has
        changed since the last time, and only in part when all that changed is that its first
        card was played; what the Path offers is worked out again only when the Path has changed,
        and which of it the Power pays for once per amount of Power while the Path stays as it is.
        The options are one tuple, joined from those parts, that the decision uses as it is."""
        hand = self._hands[player]
        seen = self._hand_seen
        if hand != seen:
            if self._hand_distinct and hand == seen[1:]:
                # One option per card, as each card was of its own kind: the rest are unchanged.
                self._hand_plays = self._hand_plays[1:]
            else:
                self._hand_plays, self._hand_distinct = self._plays(hand)
            self._hand_seen = hand[:]  # a copy: the hand itself changes in place
        power = self.state.counters.get("power", 0)
        if self._general_options_needed:
            return self._general_options(player, power)
        path = self._path
        if path != self._path_seen:
            self._see_path(path)
        # The offers whose cost the Power pays, in Path order: the same for the same Power.
        affordable = self._affordable.get(power)
        if affordable is None:
            affordable = tuple(compress(self._path_offers, map(power.__ge__, self._path_costs)))
            self._affordable[power] = affordable
        valor = self._valor
        stack = self._stack
        cards = self.cards
        if valor and (top := cards[valor[-1]]).cost <= power:
            tail: tuple[Option, ...] = (_BUY_OPTIONS[top][valor[-1]],)
            if stack and (enemy := cards[stack[-1]]).cost <= power and self._archenemy_available():
                tail += (_BUY_OPTIONS[enemy][stack[-1]],)
            tail += _END_ONLY
        elif stack and (enemy := cards[stack[-1]]).cost <= power and self._archenemy_available():
            tail = (_BUY_OPTIONS[enemy][stack[-1]], _END_TURN)
        else:
            tail = _END_ONLY
        return self._hand_plays + affordable + tail

    def _see_path(self, path: list[int]) -> None:
        """What a Path that has changed offers, and its costs; the affordable offers are worked out
        afresh for it."""
        self._path_seen = path[:]
        self._path_costs, self._path_offers = self._offers(path)
        self._affordable = {}

    def _general_options(self, player: int, power: int) -> tuple[Option, ...]:
        """The main-phase options of a game with action abilities or cost changes: the actions
        that may be used now and the buys (each at the price it would be paid, when prices
        change) follow the hand's plays."""
        options = list(self._hand_plays)
        if self._has_actions:
            options.extend(self._action_uses(player, power))
        if self._prices_change:
            options.extend(self._priced_offers(player, power))
            options.append(_END_TURN)
            return tuple(options)
        path = self._path
        if path != self._path_seen:
            self._see_path(path)
        options.extend(compress(self._path_offers, map(power.__ge__, self._path_costs)))
        cards = self.cards
        valor = self.zones[(VALOR, -1)]
        if valor and (top := cards[valor[-1]]).cost <= power:
            options.append(_BUY_OPTIONS[top][valor[-1]])
        stack = self.zones[(ARCHENEMY, -1)]
        if stack and (enemy := cards[stack[-1]]).cost <= power and self._archenemy_available():
            options.append(_BUY_OPTIONS[enemy][stack[-1]])
        options.append(_END_TURN)
        return tuple(options)

    def _priced_offers(self, player: int, power: int) -> list[Option]:
        """The buy options when cost changes are in play: each at the price it would be paid,
        which its label shows."""
        cards = self.cards
        options: list[Option] = []
        seen: set[CardDef] = set()
        for card, _zone in self.buyable(player):
            definition = cards[card]
            if definition in seen:
                continue
            seen.add(definition)
            price = self.price(player, card)
            if price <= power:
                verb = "defeat" if definition.title == "archenemy" else "buy"
                options.append(Option(f"{verb} {definition.name} ({price})", ("buy", card), card))
        return options

    def _plays(self, hand: list[int]) -> tuple[tuple[Option, ...], bool]:
        """The play option of each kind of card in the hand (its first copy), and whether every
        card of the hand is of a kind of its own."""
        # Copies of a card share one definition object: one option per kind of card. A plain
        # loop: for a hand of a few cards it is several times cheaper than building dicts.
        cards = self.cards
        options = _PLAY_OPTIONS
        kinds: set[CardDef] = set()
        plays: list[Option] = []
        for card in hand:
            kind = cards[card]
            if kind not in kinds:
                kinds.add(kind)
                plays.append(options[kind][card])
        return tuple(plays), len(plays) == len(hand)

    def _offers(self, path: list[int]) -> tuple[list[int], list[Option]]:
        """The buy option of each kind of card on the Path (its first copy), and their costs."""
        cards = self.cards
        options = _BUY_OPTIONS
        kinds: set[CardDef] = set()
        costs: list[int] = []
        offers: list[Option] = []
        for card in path:
            kind = cards[card]
            if kind not in kinds:
                kinds.add(kind)
                costs.append(kind.cost)
                offers.append(options[kind][card])
        return costs, offers

    def _archenemy_available(self) -> bool:
        state = self.state
        return bool(state.counters.get("archenemy face up", 0)) and "defeated this turn" not in state.flags

    def buyable(self, player: int) -> list[tuple[int, str]]:
        out = [(card, PATH) for card in self.z(PATH)]
        valor = self.z(VALOR)
        if valor:
            out.append((valor[-1], VALOR))
        stack = self.z(ARCHENEMY)
        if stack and self._archenemy_available():
            out.append((stack[-1], ARCHENEMY))
        return out

    # ------------------------------------------------------------------ playing and buying
    def play_from_hand(self, player: int, card: int) -> None:
        self.z(HAND, player).remove(card)
        if self._lent:
            self._forget_lent(card)
        self.play_card(player, card)

    # ------------------------------------------------------------------ whose a card is
    # A card belongs to the player whose hand, deck or discard pile (or cards revealed or looked
    # at from that deck) it is among. Played from another player's zone (a card they revealed),
    # it stays theirs while it is in play: ``("belongs to", seat)`` lists those cards, the only
    # ones whose owner is not the player whose zone holds them.
    def owner_of(self, card: int) -> int:
        """The player ``card`` belongs to; -1 for a card in no player's zone."""
        found = self.locate(card)
        if found is None or found[1] < 0 or found[0] not in PLAYER_ZONES:
            return -1
        if self._lent and found[0] in (PLAYED, FRONT):
            for seat in range(self.state.num_players):
                if card in self.state.marks.get((BELONGS_TO, seat), ()):
                    return seat
        return found[1]

    def holder_of(self, card: int) -> int:
        """The player whose zone holds ``card`` now; -1 for a card in no player's zone."""
        found = self.locate(card)
        if found is None or found[1] < 0 or found[0] not in PLAYER_ZONES:
            return -1
        return found[1]

    def lend(self, card: int, owner: int, player: int) -> None:
        """``player`` puts ``owner``'s card into play: it stays ``owner``'s."""
        self._forget_lent(card)
        if owner >= 0 and owner != player:
            self.state.marks.setdefault((BELONGS_TO, owner), []).append(card)

    @property
    def _lent(self) -> bool:
        marks = self.state.marks
        return any(marks.get((BELONGS_TO, seat)) for seat in range(self.state.num_players))

    def _forget_lent(self, card: int) -> None:
        for seat in range(self.state.num_players):
            lent = self.state.marks.get((BELONGS_TO, seat))
            if lent and card in lent:
                lent.remove(card)

    def _forget_left_play(self) -> None:
        """Cards lent to a player that have left play (discarded as the turn ends) are that
        player's now, wherever they went."""
        in_play = {c for seat in range(self.state.num_players) for c in (*self.z(PLAYED, seat), *self.z(FRONT, seat))}
        for seat in range(self.state.num_players):
            lent = self.state.marks.get((BELONGS_TO, seat))
            if lent:
                lent[:] = [c for c in lent if c in in_play]

    def play_card(self, player: int, card: int) -> None:
        """Put a card into play and resolve it fully before any secondary trigger."""
        state = self.state
        in_front, name, power, effect = _PLAYING[self.cards[card]]
        (self._fronts if in_front else self._played)[player].append(card)
        state.log.append(("play", player, name))
        if self.resolving >= TRIGGER_DEPTH:
            # a card that plays a card that plays a card... ('play this' in a 'play' ability)
            raise TriggerDepthError(name, TRIGGER_DEPTH, "cards playing cards")
        self.resolving += 1
        try:
            if power and player == state.current:
                # add_power(), inlined: Power only exists on your own turn.
                counters = state.counters
                counters["power"] = counters.get("power", 0) + power
            if effect is not None:
                effect(Ctx(self, player, card))
            if _CARD_PLAYED in self._listened:
                self.emit(_CARD_PLAYED, player, card)
        finally:
            self.resolving -= 1
        if self.resolving == 0:
            # after_resolution(), called only when there is something to tidy up: most plays
            # reveal and look at nothing
            if self._looking or any(self._revealed):
                self.after_resolution()
            if self.pending:
                self.flush_pending()

    def buy(self, player: int, card: int) -> None:
        definition = self.cards[card]
        counters = self.state.counters
        price = definition.cost
        if self._prices_change:
            price = self.price(player, card)
            self._use_next_changes(player, card)
        counters["power"] = counters.get("power", 0) - price
        source = self.take(card)
        assert source is not None
        self.log("buy", player, definition.name, price)
        if source[0] == ARCHENEMY:
            # The next Archenemy stays face down until this turn ends: one defeat a turn.
            self.state.flags.add("defeated this turn")
            counters["archenemy face up"] = 0
            self._mark_gained(player, card)
            self._mark_defeated(player, card)
            self.z(DISCARD, player).append(card)
            self.emit(ev.CARD_BOUGHT, player, card)
            self.emit(ev.CARD_GAINED, player, card)
            self.emit(ev.ENEMY_DEFEATED, player, card)
            if not self.z(ARCHENEMY):
                raise GameOver("final archenemy defeated")
            return
        self.receive(player, card, from_path=source[0] == PATH, bought=True)

    def receive(self, player: int, card: int, *, from_path: bool, bought: bool = False) -> None:
        """A card bought or gained goes to the discard pile; a Fortune is played and destroyed."""
        definition = self.cards[card]
        self._mark_gained(player, card)
        fortune = definition.abilities.get("fortune")
        if fortune is not None:
            self.log("fortune", player, definition.name)
            self.z(PLAYED, player).append(card)
            self.resolve(fortune, Ctx(self, player, card))
            self._destroy(player, card)
        else:
            self.z(DISCARD, player).append(card)
        listened = self._listened  # emit()'s own first test, made here: most games hear none
        if bought and _CARD_BOUGHT in listened:
            self.emit(_CARD_BOUGHT, player, card)
        if _CARD_GAINED in listened:
            self.emit(_CARD_GAINED, player, card)
        if from_path and "enemy" in definition.types:
            # Defeating an Enemy is buying or gaining it from the Path (the FAQ): an Enemy gained
            # from anywhere else is gained, not defeated.
            self._mark_defeated(player, card)
            if _ENEMY_DEFEATED in listened:
                self.emit(_ENEMY_DEFEATED, player, card)

    def _mark_gained(self, player: int, card: int) -> None:
        self.state.marks.setdefault(("gained this turn", player), []).append(card)

    def _mark_defeated(self, player: int, card: int) -> None:
        self.state.marks.setdefault(("defeated this turn", player), []).append(card)

    def defeated_this_turn(self, player: int) -> list[int]:
        """The Enemies (Archenemies included) ``player`` defeated this turn."""
        return self.state.marks.get(("defeated this turn", player), [])

    # ------------------------------------------------------------------ end of turn
    def end_turn(self, player: int) -> None:
        self.steps = 0
        state = self.state
        zones = self.zones
        hand = zones[(HAND, player)]
        before = len(hand)
        if _TURN_ENDED in self._listened:
            self.emit(_TURN_ENDED, player)
        # Cards drawn by end-of-turn effects (Dead Marshes drawing for a Haldir destroyed now)
        # join the next hand rather than being discarded with this one.
        drawn_now = hand[before:]
        del hand[before:]
        state.turn_triggers.clear()
        discard = zones[(DISCARD, player)]
        played = zones[(PLAYED, player)]
        discard.extend(played)
        discard.extend(hand)
        played.clear()
        hand.clear()
        if self._lent:
            self._forget_left_play()
        state.counters["power"] = 0
        state.flags.discard("defeated this turn")
        state.cost_changes.clear()
        # "This turn" is the turn now ending for everyone, including cards others gained in it
        # (and the events counted and actions used in it).
        for (name, _owner), marked in state.marks.items():
            if marked and name.endswith(" this turn"):
                marked.clear()
        self.draw(player, HAND_SIZE)
        hand.extend(drawn_now)
        self._refill_path()
        self._check_quests()
        self.state.current = (player + 1) % self.state.num_players
        self._flip_archenemy()

    def _refill_path(self) -> None:
        path = self.z(PATH)
        main = self.z(MAIN)
        pending = self.state.marks[("ambush pending", -1)]
        while len(path) < PATH_SLOTS:
            if not main:
                raise GameOver("path could not be refilled")
            card = main.pop()
            path.append(card)
            if "ambush" in self.cards[card].abilities:
                pending.append(card)

    def _flip_archenemy(self) -> None:
        counters = self.state.counters
        stack = self.z(ARCHENEMY)
        if stack and not counters.get("archenemy face up", 0):
            counters["archenemy face up"] = 1
            top = stack[-1]
            self.log("archenemy", self.cards[top].name)
            self.emit(ev.ARCHENEMY_REVEALED, self.state.current, top)
            ambush = self.cards[top].abilities.get("group ambush")
            if ambush is not None:
                self.begin_action()
                defendable = self.cards[top].group_ambush_defendable
                ctx = Ctx(self, self.state.current, top, controller=-1)
                self.resolve(
                    lambda c: self.attack(c, self._everyone_from_next, ambush, defendable, "group ambush"), ctx
                )

    def _everyone_from_next(self, ctx: Ctx) -> list[int]:
        return self.clockwise_from(self.state.current)

    def _resolve_ambushes(self, player: int) -> None:
        pending = self.state.marks[_AMBUSH_PENDING]
        path = self.zones[(PATH, -1)]
        waiting = [card for card in pending if card in path]
        pending.clear()
        while waiting:
            options = [Option(f"resolve the Ambush of {self.cards[c].name}", c, c) for c in waiting]
            chosen = self.ask(player, "ambush order", "which Ambush first?", options)
            card = int(chosen.value)  # type: ignore[call-overload]
            waiting.remove(card)
            self.begin_action()
            ambush = self.cards[card].abilities["ambush"]
            ctx = Ctx(self, player, card, controller=-1)
            self.resolve(self._ambush_effect(player, ambush), ctx)

    def _ambush_effect(self, player: int, ambush: Effect) -> Effect:
        def run(ctx: Ctx) -> None:
            self.attack(ctx, lambda _ctx: [player], ambush, True, "ambush")

        return run

    # ------------------------------------------------------------------ Attacks and Defense
    def attack(
        self,
        ctx: Ctx,
        targets: Callable[[Ctx], list[int]],
        body: Effect,
        defendable: bool,
        kind: str = "attack",
    ) -> None:
        """Each target may avoid the Attack with one Defense; the rest are affected, in order."""
        hit = 0
        for target in targets(ctx):
            if defendable and self.offer_defense(target, ctx.this, kind):
                continue
            hit += 1
            self.log("hit", target, self.cards[ctx.this].name, kind)
            body(ctx.for_player(target))
        ctx.hit = hit
        if ev.ATTACK_MADE in self._listened:
            self.emit(ev.ATTACK_MADE, ctx.controller if ctx.controller >= 0 else ctx.player, ctx.this)

    def defense_cards(self, player: int) -> list[int]:
        has = self._has_defense
        out = [c for c in self._hands[player] if has[c]]
        front = self._fronts[player]
        if front:
            out.extend([c for c in front if has[c]])
        return out

    def offer_defense(self, player: int, source: int, kind: str) -> bool:
        """One Defense may avoid an Attack or Ambush. In Impossible Mode, when the Ambushed
        player does not defend against a Path card, the player on their left may protect them
        (they cannot refuse the aid)."""
        name = self.cards[source].name
        if self._defend_with(player, player, source, f"{name}: defend?", "take it"):
            return True
        if self.state.counters.get(_DEFEND_YOUR_RIGHT) and kind == "ambush" and self.state.num_players > 1:
            helper = (player + 1) % self.state.num_players
            prompt = f"{name} ambushes player {player + 1}: protect them?"
            return self._defend_with(helper, player, source, prompt, "don't protect")
        return False

    def _defend_with(self, seat: int, protected: int, source: int, prompt: str, decline: str) -> bool:
        cards = self.defense_cards(seat)
        if not cards:
            return False
        options = [Option(decline, None)]
        suffix = "" if seat == protected else f" (protecting player {protected + 1})"
        options.extend(Option(f"defend with {self.cards[c].name}{suffix}", c, c) for c in cards)
        chosen = self.ask(seat, "defend", prompt, options, source)
        if chosen.value is None:
            return False
        card = int(chosen.value)  # type: ignore[call-overload]
        self.log("defend", seat, self.cards[card].name, self.cards[source].name)
        defense = self.cards[card].abilities["defense"]
        defense(Ctx(self, seat, card))
        if ev.ATTACK_DEFENDED in self._listened:
            self.emit(ev.ATTACK_DEFENDED, seat, card)
        return True

    # ------------------------------------------------------------------ primitives
    def add_power(self, ctx: Ctx, amount: int) -> None:
        # Power only exists on your own turn; a Fortune gained on another's turn adds none.
        if ctx.player == self.state.current:
            counters = self.state.counters
            total = counters.get("power", 0) + amount
            if not in_script_range(total):
                raise ScriptNumberError(self.cards[ctx.this].name if ctx.this >= 0 else "?", total)
            counters["power"] = total

    # ------------------------------------------------------------------ Power as a quantity
    def power_of(self, player: int) -> int:
        """The Power ``player`` has: only the active player has any."""
        return self.state.counters.get("power", 0) if player == self.state.current else 0

    def lose_power(self, ctx: Ctx, amount: int) -> None:
        """Take Power away ('-N power'): it never goes below 0, and a negative amount takes none."""
        if ctx.player == self.state.current and amount > 0:
            counters = self.state.counters
            counters["power"] = max(0, counters.get("power", 0) - amount)

    def pay_power(self, ctx: Ctx, amount: int) -> bool:
        """Pay Power for what follows ('pay N power { ... }'): refused, and logged as refused,
        when the player has less than that (or it is not their turn)."""
        amount = max(0, amount)
        name = self.cards[ctx.this].name if ctx.this >= 0 else "?"
        have = self.power_of(ctx.player)
        if ctx.player != self.state.current or have < amount:
            self.log("cannot pay", ctx.player, name, amount, have)
            return False
        self.state.counters["power"] = have - amount
        self.log("pay", ctx.player, name, amount)
        return True

    # ------------------------------------------------------------------ cost changes
    def price(self, player: int, card: int) -> int:
        """What ``player`` pays to buy (or defeat) ``card`` now: its cost with every change that
        holds, never below 0."""
        cost: int = self.cards[card].cost
        if not self._prices_change:
            return cost
        state = self.state
        for change, who, amount, _once, source, owner in state.cost_changes:
            if who == player and change.test(Ctx(self, owner, source), card):
                cost += amount
        if self._static_costs:
            for seat, front in enumerate(self._fronts):
                for source in front:
                    if source in self._static_costs:
                        for change in self.cards[source].cost_changes:
                            ctx = Ctx(self, seat, source)
                            if player in change.players(ctx) and change.test(ctx, card):
                                # a change of a negative amount changes nothing (W216)
                                cost += max(0, change.amount(ctx)) * change.sign
        return max(0, cost)

    def add_cost_change(self, ctx: Ctx, change: CostChangeDef) -> None:
        """A cost change for the rest of this turn (or for the next matching buy only); its
        amount is worked out now, and a negative amount changes nothing (W216)."""
        amount = max(0, change.amount(ctx)) * change.sign
        self.state.cost_changes.append((change, ctx.player, amount, change.once, ctx.this, ctx.player))

    def _use_next_changes(self, player: int, card: int) -> None:
        """A buy uses up the 'next ... costs' changes that applied to it."""
        changes = self.state.cost_changes
        if changes:
            self.state.cost_changes = [
                entry
                for entry in changes
                if not (entry[3] and entry[1] == player and entry[0].test(Ctx(self, entry[5], entry[4]), card))
            ]

    # ------------------------------------------------------------------ action abilities
    def _action_uses(self, player: int, power: int) -> list[Option]:
        """The actions ``player`` may use now: one per card that has an action (their hero, a
        card in front of them or played this turn) that is not used up this turn and whose cost
        the Power pays."""
        cards = self.cards
        used = self.state.marks.get(("actions this turn", player), [])
        options: list[Option] = []
        hero = self.zones.get((HERO, player), ())
        for card in [*hero, *self._fronts[player], *self.zones[(PLAYED, player)]]:
            action = cards[card].action
            if action is None:
                continue
            times = used.count(card)
            if times >= MAX_ACTION_USES or (action.once and times):
                continue
            cost = max(0, action.cost(Ctx(self, player, card))) if action.cost is not None else 0
            if cost > power:
                continue
            label = f"use {cards[card].name}" + (f" (pay {cost})" if cost else "")
            options.append(Option(label, ("use", card), card))
        return options

    def use_action(self, player: int, card: int) -> None:
        """Use a card's action ability: pay its cost, then resolve it."""
        action = self.cards[card].action
        assert action is not None
        ctx = Ctx(self, player, card)
        cost = max(0, action.cost(ctx)) if action.cost is not None else 0
        counters = self.state.counters
        counters["power"] = counters.get("power", 0) - cost
        self.state.marks.setdefault(("actions this turn", player), []).append(card)
        self.log("action", player, self.cards[card].name, cost)
        self.resolve(action.effect, ctx)

    def _refill_deck(self, player: int) -> bool:
        """The rulebook reshuffles only when a card must be drawn, discarded or revealed."""
        deck = self.z(DECK, player)
        if deck:
            return True
        discard = self.z(DISCARD, player)
        if not discard:
            return False
        deck.extend(discard)
        discard.clear()
        self.state.rng.shuffle(deck)
        self.log("reshuffle", player)
        return True

    def draw(self, player: int, count: int) -> int:
        zones = self.zones
        hand = zones[(HAND, player)]
        deck = zones[(DECK, player)]
        heard = ev.CARD_DRAWN in self._listened
        drawn = 0
        for _ in range(count):
            if not deck and not self._refill_deck(player):
                break
            card = deck.pop()
            hand.append(card)
            drawn += 1
            if heard:
                self.emit(ev.CARD_DRAWN, player, card)
        return drawn

    def draw_wall(self, ctx: Ctx, count: int) -> list[int]:
        """Draw and resolve Wall cards one at a time; returns the cards drawn."""
        drawn: list[int] = []
        if not self.use_wall:
            return drawn
        wall = self.z(WALL)
        for _ in range(count):
            if not wall:
                break
            card = wall.pop()
            drawn.append(card)
            definition = self.cards[card]
            self.log("wall", ctx.player, definition.name)
            # A Wall card goes to The Wall's discard pile as it resolves; one that sticks to
            # the player (Breached) moves itself in front of them with `keep this`.
            self.z(WALL_DISCARD).append(card)
            effect = definition.abilities.get("play")
            if effect is not None:
                effect(Ctx(self, ctx.player, card))
            if not wall:
                raise GameOver("wall deck depleted")
        return drawn

    def discard_cards(self, ctx: Ctx, cards: list[int]) -> None:
        for card in cards:
            where = self.take(card)
            if where is not None:
                self.z(DISCARD, ctx.player).append(card)
                self.state.log.append(("discard", ctx.player, self.cards[card].name))
                if ev.CARD_DISCARDED in self._listened:
                    self.emit(ev.CARD_DISCARDED, ctx.player, card)

    def destroy_card(self, ctx: Ctx, card: int) -> None:
        self._destroy(ctx.player, card)

    def _destroy(self, player: int, card: int) -> None:
        if self.cards[card].lasting == CANNOT_BE_DESTROYED:
            return  # The One Ring cannot be destroyed: the command leaves it where it is
        where = self.take(card)
        if where is None:
            return
        definition = self.cards[card]
        if self.state.counters.get(_CORRUPTION_RETURNS) and definition.deck == "corruption":
            self.z(CORRUPTION).append(card)
        else:
            self.z(DESTROYED).append(card)
        self.log("destroy", player, definition.name)
        if ev.CARD_DESTROYED in self._listened:
            controlled = where[1] == player and where[0] in CONTROLLED
            self.emit(ev.CARD_DESTROYED, player, card, origin="controlled" if controlled else "")

    def gain_card(self, ctx: Ctx, card: int) -> None:
        where = self.take(card)
        if where is None:
            return
        self.log("gain", ctx.player, self.cards[card].name)
        self.receive(ctx.player, card, from_path=where[0] == PATH)

    def reveal(self, ctx: Ctx, count: int, reshuffle: bool) -> list[int]:
        deck = self.z(DECK, ctx.player)
        revealed_zone = self.z(REVEALED, ctx.player)
        out: list[int] = []
        for _ in range(count):
            if not deck and (not reshuffle or not self._refill_deck(ctx.player)):
                break
            card = deck.pop()
            revealed_zone.append(card)
            out.append(card)
            self.log("reveal", ctx.player, self.cards[card].name)
            self.emit(ev.CARD_REVEALED, ctx.player, card)
        return out

    def look(self, ctx: Ctx, count: int) -> list[int]:
        """The top ``count`` cards of the player's deck, seen by them alone: the log says how
        many (never which); they stay on the deck, marked for the zone 'looked at'."""
        deck = self.z(DECK, ctx.player)
        seen = list(reversed(deck[-count:])) if count > 0 else []
        self.state.marks[("looked at", ctx.player)] = seen
        self._looking = True
        # The names ride along for the looking player's own screen; every other view shows the count.
        self.log("look", ctx.player, len(seen), tuple(self.cards[card].name for card in seen))
        return seen

    def after_resolution(self) -> None:
        """Revealed cards that no effect moved go back on top of their deck, in order."""
        if self._looking:
            self._looking = False
            marks = self.state.marks
            for player in range(self.state.num_players):
                if marks.get(("looked at", player)):
                    marks[("looked at", player)] = []
        if not any(self._revealed):
            return
        for player, revealed in enumerate(self._revealed):
            if revealed:
                self.zones[(DECK, player)].extend(reversed(revealed))
                revealed.clear()

    def put(self, ctx: Ctx, card: int, placement: Placement) -> None:
        if placement.position == "under":
            if placement.under_ref == "this":
                holder = ctx.this
            elif placement.under_ref == "it":
                holder = ctx.it
            else:
                named = ctx.vars.get(placement.under_name)
                holder = named[0] if isinstance(named, list) and named else -1
            if holder < 0:
                return
            where = self.take(card)
            if where is None:
                return
            self.state.under.setdefault(holder, []).append(card)
            self._wall_emptied(where)
            return
        zone = placement.zone
        assert zone is not None and zone.lists is not None
        if placement.owner:
            seat = self.holder_of(card) if placement.holder else self.owner_of(card)
            if seat < 0:
                return  # a card in no player's zone has no owner: it stays where it is
            ctx = ctx.for_player(seat)
        target = zone.lists(ctx)[0]
        where = self.take(card)
        if where is None:
            return
        # a card the player looked at stays unknown to the others as it moves
        seen = card in self.state.marks.get(("looked at", ctx.player), ())
        self.log("put", ctx.player, "a card" if seen else self.cards[card].name, f"{placement.position} of {zone.name}")
        if placement.position == "top":
            target.append(card)
        else:
            target.insert(0, card)
        self._wall_emptied(where)

    def _wall_emptied(self, where: tuple[str, int]) -> None:
        """The Wall deck running out ends the game however it runs out."""
        if where[0] == WALL and self.use_wall and not self.z(WALL):
            raise GameOver("wall deck depleted")

    def take_ring(self, ctx: Ctx) -> None:
        for card in self.z(BEHIND) + [c for p in range(self.state.num_players) for c in self.z(FRONT, p)]:
            if self.cards[card].deck == "one ring":
                if card in self.z(FRONT, ctx.player):
                    return
                self.take(card)
                self.z(FRONT, ctx.player).append(card)
                self.log("ring", ctx.player)
                return

    def return_card(self, ctx: Ctx, card: int) -> None:
        home = HOME_BY_DECK.get(self.cards[card].deck, DESTROYED)
        if self.take(card) is not None:
            self.z(home).append(card)

    def keep_in_front(self, ctx: Ctx, card: int) -> None:
        if self.take(card) is not None:
            self.z(FRONT, ctx.player).append(card)

    # ------------------------------------------------------------------ state questions
    def wall_breached(self) -> bool:
        return any("wall" in self.cards[c].types for p in range(self.state.num_players) for c in self.z(FRONT, p))

    def ring_holder(self) -> int:
        for p in range(self.state.num_players):
            for card in self.z(FRONT, p):
                if self.cards[card].deck == "one ring":
                    return p
        return -1

    def current_archenemy(self) -> list[int]:
        stack = self.z(ARCHENEMY)
        if stack and self.state.counters.get("archenemy face up", 0):
            return [stack[-1]]
        return []

    # ------------------------------------------------------------------ quests and scoring
    def _check_quests(self) -> None:
        """Quests in front of their owner whose goal is met are done (checked after every action).

        A game has only a few cards with a Quest: a front without any is passed over at once."""
        quest_cards = self._quest_cards
        if not quest_cards or quest_cards.isdisjoint(chain.from_iterable(self._fronts)):
            return
        self._check_quests_of(self._quests_in_front())

    def _quests_in_front(self) -> list[tuple[int, int]]:
        """(seat, card) for each card with a Quest in front of a player, seat by seat."""
        quest_cards = self._quest_cards
        return [(seat, card) for seat, front in enumerate(self._fronts) for card in front if card in quest_cards]

    def _check_quests_of(self, in_front: list[tuple[int, int]]) -> None:
        """The Quests among ``in_front`` (see :meth:`_quests_in_front`) whose goal is met now are done."""
        if not in_front:
            return
        done = self.state.marks[("quests done", -1)]
        cards = self.cards
        for seat, card in in_front:
            if card in done:
                continue
            quest = cards[card].quest
            if quest is not None and quest.goal(Ctx(self, seat, card)):
                done.append(card)
                self.log("quest", seat, cards[card].name)

    def score(self, player: int) -> int:
        total = 0
        done = self.state.marks[("quests done", -1)]
        for zone in OWNED:
            for card in self.z(zone, player):
                definition = self.cards[card]
                if definition.victory_fn is not None:
                    total += definition.victory_fn(Ctx(self, player, card))
                else:
                    total += definition.victory
                if definition.quest is not None and card in done:
                    total += definition.quest.reward(Ctx(self, player, card))
        return total

    def finish(self, reason: str) -> None:
        self._check_quests()
        state = self.state
        state.finished = True
        scores = [self.score(p) for p in range(state.num_players)]
        archenemies = [
            sum(1 for z in OWNED for c in self.z(z, p) if self.cards[c].title == "archenemy")
            for p in range(state.num_players)
        ]
        everyone_loses = bool(state.counters.get(_WALL_LOSES)) and reason == "wall deck depleted"
        winners: list[int] = []
        if not everyone_loses:
            best = max(zip(scores, archenemies, strict=True))
            winners = [p for p in range(state.num_players) if (scores[p], archenemies[p]) == best]
        state.result = {
            "reason": reason,
            "turns": state.turn,
            "scores": scores,
            "archenemies": archenemies,
            "winners": winners,
            "heroes": [
                self.cards[self.z(HERO, p)[0]].name if self.z(HERO, p) else "" for p in range(state.num_players)
            ],
        }
        self.log("end", reason, scores, winners)


# ---------------------------------------------------------------------- setup
def hero_named(heroes: Sequence[str], wanted: str) -> str:
    """The hero a player means by ``wanted`` (any case): the hero of exactly that name, else the
    one hero whose name starts with it as a whole word ("Gimli" for "Gimli son of Glóin"). With
    both sets in play "Legolas" is one hero's whole name and another's first word: the whole name
    wins; "Frodo" starts two names and is refused, naming both."""
    low = wanted.strip().lower()
    exact = [h for h in heroes if h.lower() == low]
    if exact:
        return exact[0]
    starts = [h for h in heroes if h.lower().startswith(low + " ")]
    if len(starts) == 1:
        return starts[0]
    if starts:
        raise ConfigError(f"'{wanted}' could be {' or '.join(starts)}: say which")
    raise ConfigError(f"no hero named '{wanted}'; heroes: {', '.join(heroes)}")


def _setup(catalogue: Catalogue, config: GameConfig) -> tuple[list[CardDef], GameState]:
    """Build the card instances and the opening state, as the rulebook's Setup describes."""
    by_deck = catalogue.by_deck(config.sets)
    mix = _mixed(catalogue, config, by_deck)
    level_counts = {lv: [c for c in by_deck.get("archenemy", []) if c.level == lv] for lv in (1, 2, 3, 4)}
    if not by_deck.get("impossible archenemy" if config.impossible else "", []) and (
        not level_counts[1] or not level_counts[4]
    ):
        raise ConfigError(
            "the sets in play have no complete Archenemy stack (a level 1 and a level 4 Archenemy are needed); "
            "add a set that has one, such as two-towers"
        )
    max_archenemies = 2 + len(level_counts[2]) + len(level_counts[3])
    config.validate(max_archenemies)
    state = GameState(config.players, config.seed)
    rng = state.rng
    instances: list[CardDef] = []

    def make(definition: CardDef, count: int = 1) -> list[int]:
        if len(instances) + count > MAX_COPIES_PER_GAME:
            raise ConfigError(
                f"the game would hold more than {MAX_COPIES_PER_GAME} card copies (at '{definition.name}');"
                " play with fewer sets, or smaller decks"
            )
        ids = list(range(len(instances), len(instances) + count))
        instances.extend([definition] * count)
        return ids

    for p in range(config.players):
        for zone in PLAYER_ZONES:
            state.zones[(zone, p)] = []
    for zone in SHARED_ZONES:
        state.zones[(zone, -1)] = []
    state.marks[("ambush pending", -1)] = []
    state.marks[("quests done", -1)] = []
    for p in range(config.players):
        state.marks[("gained this turn", p)] = []

    # Heroes: dealt at random unless chosen.
    heroes = by_deck.get("hero", [])
    if config.heroes:
        by_name = {h.name: h for h in heroes}
        chosen = [by_name[hero_named(list(by_name), wanted)] for wanted in config.heroes]
    else:
        if len(heroes) < config.players:
            raise ConfigError(f"the sets in play have {len(heroes)} heroes for {config.players} players")
        chosen = rng.sample(list(heroes), config.players)
    starters = catalogue.starting_deck(config.sets)
    for p, hero in enumerate(chosen):
        state.zones[(HERO, p)].extend(make(hero))
        deck = state.zones[(DECK, p)]
        if hero.starting_card:
            deck.extend(make(catalogue.get(hero.starting_card, (hero.set_code, *config.sets))))
        for starter, count in starters:
            deck.extend(make(catalogue.get(starter, config.sets), count))
        rng.shuffle(deck)

    main = state.zones[(MAIN, -1)]
    if mix is None:
        for definition in by_deck.get("main", []):
            main.extend(make(definition, definition.copies))
    else:
        for definition in mix[0]:
            main.extend(make(definition))
    rng.shuffle(main)

    # The Archenemy stack: level 4 at the bottom, then level 3s, level 2s, level 1 face up on top.
    stack = state.zones[(ARCHENEMY, -1)]
    box = state.zones[(BOX, -1)]
    # Impossible Mode is the set's own: the pack of Impossible Archenemies of the set whose
    # Archenemies the game uses (each set has its pack, in a fixed order), and the rule changes
    # its manifest lists (three for The Two Towers, one for The Fellowship of the Ring).
    pack_set, rules = impossible_mode(catalogue, config.sets, by_deck, config.impossible)
    state.counters.update(impossible.counters(rules))
    if pack_set is not None:
        pack = [c for c in by_deck.get("impossible archenemy", []) if c.set_code == pack_set]
        for definition in sorted(pack, key=lambda c: (-(c.level or 0), c.id)):
            stack.extend(make(definition))
        for definition in by_deck.get("archenemy", []):
            box.extend(make(definition))
    else:
        middle = config.archenemies - 2
        level3 = (middle + 1) // 2 if middle % 2 else middle // 2
        level2 = middle - level3
        for level in (4,):
            for definition in level_counts[level]:
                stack.extend(make(definition))
        for level, count in ((3, level3), (2, level2)):
            pool = list(level_counts[level])
            rng.shuffle(pool)
            if config.avoid_archenemies:
                # A Plan 2 match's second game meets Archenemies the first did not, as far as this
                # level has them (a stable sort: the shuffled order stays among the rest).
                pool.sort(key=lambda card: card.name in config.avoid_archenemies)
            for definition in pool[:count]:
                stack.extend(make(definition))
            for definition in pool[count:]:
                box.extend(make(definition))
        for definition in level_counts[1]:
            stack.extend(make(definition))
    state.counters["archenemy face up"] = 1

    # The stacks hold 16 Valor and 20 Corruption whatever the sets in play: with several sets,
    # the first set in play that has a stack provides it.
    for deck_name, zone in (("valor", VALOR), ("corruption", CORRUPTION), ("one ring", BEHIND)):
        candidates = by_deck.get(deck_name, [])
        if candidates:
            provider = next(code for code in config.sets if any(c.set_code == code for c in candidates))
            for definition in candidates:
                if definition.set_code == provider:
                    state.zones[(zone, -1)].extend(make(definition, definition.copies))

    if mix is not None:
        # Cards a mix left out of the main deck are set aside in the box.
        for definition in mix[1]:
            box.extend(make(definition))
    if config.use_wall is not None:
        use_wall = config.use_wall
    elif mix is None:
        use_wall = catalogue.uses_wall(config.sets)
    else:
        # A mixed game uses The Wall only if the cards in play call for it (the rulebook's
        # combining chapter): Enemies, Artifacts or Archenemies of a set that uses The Wall.
        use_wall = _mix_uses_wall(catalogue, [instances[c] for c in (*main, *stack)])
    state.counters["use wall"] = int(use_wall)
    wall_cards: list[int] = []
    for definition in by_deck.get("wall", []):
        wall_cards.extend(make(definition, definition.copies))
    breach = [i for d in by_deck.get("breach", []) for i in make(d, d.copies)]
    if use_wall:
        rng.shuffle(wall_cards)
        keep = WALL_PER_PLAYER * config.players
        wall = state.zones[(WALL, -1)]
        wall.extend(wall_cards[:keep])
        box.extend(wall_cards[keep:])
        wall.extend(breach)
        rng.shuffle(wall)
    else:
        box.extend(wall_cards)
        box.extend(breach)

    # The Path: five cards; Fortunes go to the bottom of the main deck and are replaced.
    path = state.zones[(PATH, -1)]
    guard = 0
    while len(path) < PATH_SLOTS and main and guard < 1000:
        guard += 1
        card = main.pop()
        if instances[card].abilities.get("fortune") is not None and any(
            instances[c].abilities.get("fortune") is None for c in main
        ):
            main.insert(0, card)
        else:
            path.append(card)

    state.current = rng.below(config.players)
    for p in range(config.players):
        hand = state.zones[(HAND, p)]
        deck = state.zones[(DECK, p)]
        for _ in range(min(HAND_SIZE, len(deck))):
            hand.append(deck.pop())
    return instances, state


def impossible_mode(
    catalogue: Catalogue, sets: Sequence[str], by_deck: dict[str, list[CardDef]], on: bool
) -> tuple[str | None, frozenset[str]]:
    """The set whose Impossible Archenemies make the stack (None: the regular stack is used) and
    the rule changes in force. ``by_deck["archenemy"]`` holds the regular Archenemies the game
    uses. Outside Impossible Mode: (None, no change)."""
    if not on:
        return None, frozenset()
    code = impossible.impossible_set(sets, by_deck.get("archenemy", []), by_deck.get("impossible archenemy", []))
    return code, impossible.rules_of(code, catalogue.sets)


def _mixed(
    catalogue: Catalogue, config: GameConfig, by_deck: dict[str, list[CardDef]]
) -> tuple[tuple[CardDef, ...], tuple[CardDef, ...]] | None:
    """A mixed game's main deck and set-aside cards, one entry per physical card (``config.mix``;
    None for the unmixed game). ``by_deck`` is changed to deal the mix's Heroes and Archenemies."""
    if not config.mix:
        config.check_mix()
        # Setup has one level 1 Archenemy on top and one level 4 last, so with several sets in
        # play one set's Archenemies are used: the first set in play with a whole stack.
        from lotr_rules.games.deckbuilding.mix import one_stack

        by_deck["archenemy"] = list(one_stack(by_deck.get("archenemy", []), config.sets))
        return None
    from lotr_rules.games.deckbuilding.mix import build_mix

    mix = build_mix(catalogue, config)
    by_deck["hero"] = list(mix.heroes)
    by_deck["archenemy"] = list(mix.archenemies)
    return mix.main, mix.set_aside


def _mix_uses_wall(catalogue: Catalogue, cards: Sequence[CardDef]) -> bool:
    from lotr_rules.games.deckbuilding.mix import uses_wall

    return uses_wall(catalogue, cards)
