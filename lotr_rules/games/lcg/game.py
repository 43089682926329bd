"""The LCG round on the generic engine: setup, the seven phases, and the rules they share.

A round: resource, planning, quest, travel, encounter, combat, refresh. Resource and refresh
are simultaneous (every player at once); planning, committing to the quest, engaging and
attacking go round the table from the first player. Action windows open after each step the
rules name, each player in turn order being offered an action (an event from hand) or a pass;
a window closes once every player still in the game has passed in a row.

Every choice is a decision of the engine's protocol (:meth:`Game.ask`), so any agent can play
any seat. The encounter side is played by the rules themselves. Card effects are the hooks of
:class:`~lotr_rules.games.lcg.record.LcgCard`; nothing here names a card.
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import attrs

from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.context import Ctx
from lotr_rules.engine.decisions import Agent, Option
from lotr_rules.engine.game import Game, GameOver
from lotr_rules.errors import ConfigError, InternalError
from lotr_rules.games.lcg import (
    combat,
    triggers,
    words_allies,
    words_damage,
    words_entering,
    words_objectives,
    words_protection,
    words_standing,
    words_timing,
)
from lotr_rules.games.lcg.lookup import RecordIndex, record_index
from lotr_rules.games.lcg.modes import Mode, starting_resources
from lotr_rules.games.lcg.record import CHARACTER_TYPES, LcgCard, LcgEvent, PlayerDeck, Scenario
from lotr_rules.games.lcg.state import (
    ACTIVE,
    BECKON,
    CONCEALED,
    DECK,
    DISCARD,
    ENCOUNTER_DECK,
    ENCOUNTER_DISCARD,
    ENGAGED,
    HAND,
    PLAY,
    QUEST,
    QUEST_DECK,
    QUEST_DONE,
    REMOVED,
    RESOLVING,
    SHADOWS,
    STAGING,
    UNTIL_PHASE,
    UNTIL_ROUND,
    VICTORY,
    LcgState,
)
from lotr_rules.native import attribute_names, mypyc_attr

#: a player whose threat reaches this is eliminated
THREAT_LIMIT = 50
STARTING_HAND = 6
#: at most this many restricted attachments on one character
RESTRICTED_LIMIT = 2
#: no game can last this long by the rules (threat rises every round); reaching it is a bug
ROUND_GUARD = 1000

PHASES = ("resource", "planning", "quest", "travel", "encounter", "combat", "refresh")

#: how a game ends, as ``result["reason"]``
WON = "completed the final quest stage"
LOST = "every player was eliminated"
#: why a player is out whose last hero left play other than by being destroyed
HERO_GONE = "every hero left play"
REASONS = (WON, LOST)

#: zones whose cards are in play (leaving them clears the card's state)
IN_PLAY = (PLAY, ENGAGED, STAGING, ACTIVE, QUEST)

PASS = Option("pass", None)
#: the steps of the quest phase done so far (``LcgGame.quest_step``)
STAGED = "staged"
RESOLVED = "resolved"


@attrs.frozen(slots=True)
class LcgConfig:
    scenario: Scenario
    players: tuple[PlayerDeck, ...]
    seed: int = 1
    first_player: int = 0
    #: whether players are offered the one mulligan of setup
    mulligan: bool = True
    #: how logs, options and views name the records whose title a card of another loaded set
    #: shares (``Aragorn (lcg-core)``); any other record is named by its title
    names: Mapping[LcgCard, str] = attrs.field(factory=dict, eq=False, hash=False)
    #: Easy Mode gives each hero a resource at setup (the scenario given is already the mode's:
    #: its encounter deck leaves out what Easy Mode leaves out; see ``modes.py``)
    mode: Mode = Mode.NORMAL

    def check(self) -> None:
        if not 1 <= len(self.players) <= 4:
            raise ConfigError("the LCG is for 1 to 4 players")
        if not 0 <= self.first_player < len(self.players):
            raise ConfigError("the first player must be one of the players")
        self.scenario.check()
        titles: set[str] = set()
        for deck in self.players:
            deck.check()
            for hero in deck.heroes:
                if hero.unique and hero.name in titles:
                    raise ConfigError(f"two players cannot both start with the unique hero {hero.name}")
                titles.add(hero.name)


def _definition(index: int, record: LcgCard) -> CardDef:
    # The engine's catalogue entry: names and types for logs and displays; the LCG's own
    # fields stay in the record.
    return CardDef(id=f"lcg-{index}", name=record.name, set_code="lcg", types=frozenset({record.type}), family="lcg")


class _Shared(NamedTuple):
    """What a game works out from its records alone, and never changes."""

    #: the records themselves, the very tuple the index was made from
    records: tuple[LcgCard, ...]
    cards: tuple[CardDef, ...]
    listened: frozenset[str]
    constant_cards: tuple[int, ...]
    lookups: RecordIndex


#: what was worked out for the games set up lately, by their records (a simulation sets up the
#: same decks and scenario game after game), shared by those games. A few only, so that memory
#: stays flat however many line-ups a long run plays
_SHARED: dict[tuple[LcgCard, ...], _Shared] = {}
_SHARED_KEPT = 16


def _shared(records: tuple[LcgCard, ...]) -> _Shared:
    # (records compare and hash by identity: a key is these very records)
    found = _SHARED.get(records)
    if found is None:
        if len(_SHARED) >= _SHARED_KEPT:
            _SHARED.clear()
        constant_cards = tuple(i for i, r in enumerate(records) if r.constants)
        found = _SHARED[records] = _Shared(
            records=records,
            cards=tuple(_definition(i, r) for i, r in enumerate(records)),
            listened=frozenset(t.point for r in records for t in r.triggers),
            constant_cards=constant_cards,
            lookups=RecordIndex(records, constant_cards),
        )
    return found


#: the turn order of n players from each first player, when no one is out: _ORDERS[n][first]
_ORDERS = tuple(tuple(tuple((first + i) % n for i in range(n)) for first in range(n)) for n in range(5))

#: the slots of each game class, as its copies copy them (worked out once per class)
_ATTRIBUTES: dict[type, tuple[str, ...]] = {}


@mypyc_attr(allow_interpreted_subclasses=True)
class LcgGame(Game[LcgState]):
    """One cooperative game; ``play_game()`` runs it to its end and returns the result."""

    family = "lcg"

    def __init__(self, config: LcgConfig, agents: Sequence[Agent], replay: Sequence[int] = ()) -> None:
        """``replay``: recorded answers, used before any agent is asked (setup asks too)."""
        self.check_config(config)
        if len(agents) != len(config.players):
            raise ConfigError(f"{len(config.players)} players need {len(config.players)} agents")
        self.config = config
        #: the attackers declared so far in the attack being declared (read by agents)
        self.declared_attackers: list[int] = []
        records: list[LcgCard] = []
        owners: list[int] = []
        for player, deck in enumerate(config.players):
            for record in (*deck.heroes, *deck.deck):
                records.append(record)
                owners.append(player)
        for record in config.scenario.quest:
            records.append(record)
            owners.append(-1)
        for record in config.scenario.encounter:
            for _ in range(record.copies):
                records.append(record)
                owners.append(-1)
        shared = _shared(tuple(records))
        # (the shared tuple of these records: the index knows its records by identity)
        self.records: tuple[LcgCard, ...] = shared.records
        #: player cards acting face down as enemies, by their own records (see ``post-guard``)
        self.masked: dict[int, LcgCard] = {}
        #: who owns each card (-1: the encounter and quest decks)
        self.owners: tuple[int, ...] = tuple(owners)
        #: the trigger points some card of this game answers, and how deep events are nested now
        self.listened: frozenset[str] = shared.listened
        self.trigger_depth = 0
        #: the cards whose lasting changes ('while' blocks) a stat must look at
        self.constant_cards: tuple[int, ...] = shared.constant_cards
        self._reading_constants = False
        #: the records' abilities by trigger point and 'while' blocks by stat (see lookup.py)
        self.record_index = shared.lookups
        #: the zone each card was last found in: only a hint, checked at every use (cards move
        #: between zones in many places), and shared with the game's copies, which check it too
        self._where: dict[int, tuple[str, int]] = {}
        #: the enemy attacking and the character defending, while an enemy attacks (else -1)
        self.attacking = -1
        self.defending = -1
        #: the characters declared as defenders after the first, when several may defend (else [])
        self.more_defenders: list[int] = []
        #: the enemy a player attack is against, from its choice to its end (else -1)
        self.attack_target = -1
        #: the event the ability resolving now answers (a Response may cancel it)
        self.answering: LcgEvent | None = None
        #: why a player whose last hero leaves play now is out (set while a card is destroyed)
        self._hero_gone_why = HERO_GONE
        #: encounter cards being revealed that gained surge from their own effect (immutable, so
        #: that a copy of the game mid-reveal keeps its own)
        self.surging: frozenset[int] = frozenset()
        #: attachments discarded because their host left play -> that host, until they move
        #: again: their abilities answer the host's leaving (replaced, never changed in place,
        #: so that a copy of the game keeps its own)
        self.left_hosts: dict[int, int] = {}
        #: attachments that left play on their own (discarded as a cost) -> the card they were
        #: attached to, until they move again: the rest of their effect still names that card
        #: as "attached ally" (replaced, never changed in place, like ``left_hosts``)
        self.former_hosts: dict[int, int] = {}
        #: the X chosen and paid for the card with a cost of X being played now
        self.paid_x = 0
        #: the names of the cards whose title is shared with a card of another loaded set
        self.labels: dict[int, str] = {
            card: config.names[r] for card, r in enumerate(records) if config.names.get(r, r.name) != r.name
        }
        #: how far this quest phase has come: "" (committing), STAGED, then RESOLVED (its
        #: committed characters stay committed to the phase's end, but their willpower counts no
        #: more); read by agents
        self.quest_step = ""
        super().__init__(shared.cards, LcgState(len(config.players), config.seed), agents)
        self.replay_queue.extend(replay)
        # setup itself may end the game (a scenario takes a lone hero prisoner): the game is
        # over before its first round, with its result recorded like any other
        with contextlib.suppress(GameOver):
            self._setup()

    def card_name(self, card: int) -> str:
        """The card's title, or its title and set where a card of another loaded set shares it
        (the rules count by title: they read ``records[card].name``)."""
        if self.labels:
            label = self.labels.get(card)
            if label is not None:
                return label
        return self.cards[card].name

    def card_lines(self, card: int, *, with_state: bool = True) -> list[str] | None:
        """The card's face from its record (numbers, traits, keywords, text) and, while it is in
        play, its stats and state now."""
        from lotr_rules.games.lcg.view import card_lines

        return card_lines(self, card, with_state=with_state)

    # ------------------------------------------------------------------ copies
    def check_config(self, config: LcgConfig) -> None:
        """Refuses a table the rules do not allow (a subclass that lays out its own table checks
        less; a method rather than a subclass of the config, which the compiled build refuses)."""
        config.check()

    def copy(self, agents: Sequence[Agent] | None = None) -> LcgGame:
        """An independent game in the same state, sharing only what never changes."""
        # Not copy.copy: where the engine's Game is compiled (the compiled build), copy.copy
        # would keep only the attributes the compiler knows and drop this class's own.
        cls = type(self)
        twin = cls.__new__(cls)
        names = _ATTRIBUTES.get(cls)
        if names is None:
            names = _ATTRIBUTES[cls] = attribute_names(cls)
        for name in names:
            setattr(twin, name, getattr(self, name))
        if hasattr(self, "__dict__"):  # compiled, the class keeps no __dict__ (a subclass may)
            twin.__dict__.update(self.__dict__)
        twin.state = self.state.copy()
        twin.agents = list(agents if agents is not None else self.agents)
        twin.replay_queue = deque(self.replay_queue)
        twin.pending = list(self.pending)
        twin.declared_attackers = list(self.declared_attackers)
        return twin

    # ------------------------------------------------------------------ zones
    def z(self, name: str, owner: int = -1) -> list[int]:
        return self.state.zones[(name, owner)]

    def locate(self, card: int) -> tuple[str, int]:
        zones = self.state.zones
        key = self._where.get(card)
        if key is not None and card in zones[key]:
            return key
        for key, cards in zones.items():
            if card in cards:
                self._where[card] = key
                return key
        raise InternalError(f"card {card} is in no zone")

    def move(self, card: int, name: str, owner: int = -1, *, top: bool = False) -> None:
        """Move a card; leaving play clears its state and discards what was attached to it."""
        where, who = self.locate(card)
        self.state.zones[(where, who)].remove(card)
        if self.left_hosts and card in self.left_hosts:
            self.left_hosts = {a: h for a, h in self.left_hosts.items() if a != card}
        if self.former_hosts and card in self.former_hosts:
            self.former_hosts = {a: h for a, h in self.former_hosts.items() if a != card}
        if where == SHADOWS and name != SHADOWS:
            self.state.shadow_of.pop(card, None)  # a shadow card put elsewhere is dealt to no one
        destination = self.state.zones[(name, owner)]
        if top:
            destination.insert(0, card)
        else:
            destination.append(card)
        # An enemy moving between the staging area and engagement, or a location travelled
        # to, stays in play and keeps its state.
        if where in IN_PLAY and name not in IN_PLAY:
            self._left_play(card)
            if self.records[card].objective_ally:
                words_allies.objective_ally_left(self, card, where)
            # A player whose last hero leaves play is out at once, before anything responds to
            # the card leaving (their own cards leave the game with them).
            owner = self.owners[card]
            hero = self.records[card].type == "hero"
            if hero and owner >= 0 and not self.state.eliminated[owner] and not self.heroes(owner):
                self.eliminate(owner, self._hero_gone_why)
            if "left play" in self.listened:
                triggers.fire(self, "left play", self.owners[card] if self.owners[card] >= 0 else who, card)

    def _left_play(self, card: int) -> None:
        state = self.state
        state.exhausted.discard(card)
        state.committed.discard(card)
        state.damage.pop(card, None)
        state.progress.pop(card, None)
        state.resources.pop(card, None)
        host = state.attached_to.pop(card, -1)
        if host >= 0 and self.locate(host)[0] in IN_PLAY:
            self.former_hosts = {**self.former_hosts, card: host}
        words_entering.forget(self, card)
        if self.masked:
            words_objectives.unmask(self, card)
        state.effects = [effect for effect in state.effects if effect[0] != card]
        # A card that leaves play and comes back is a new card: its limits start afresh.
        state.used = {key: until for key, until in state.used.items() if key[0] != card}
        state.uses = {key: count for key, count in state.uses.items() if key[0] != card}
        for attachment in [a for a, host in state.attached_to.items() if host == card]:
            self.log("discarded", self.owners[attachment], self.card_name(attachment), "its host left play")
            self.discard(attachment)
            if self.records[attachment].triggers:
                self.left_hosts = {**self.left_hosts, attachment: card}
        for shadow in [s for s, enemy in state.shadow_of.items() if enemy == card]:
            self.discard(shadow)

    def discard(self, card: int) -> None:
        """To the discard pile of the deck the card came from."""
        owner = self.owners[card]
        self.state.shadow_of.pop(card, None)
        host = self.state.attached_to.get(card, -1)
        if owner < 0:
            self.move(card, ENCOUNTER_DISCARD)
        elif self.state.eliminated[owner]:
            self.move(card, REMOVED, owner)
        else:
            self.move(card, DISCARD, owner)
        if host >= 0:
            self.check_lethal()  # the host may have lost the hit points the attachment gave

    def check_lethal(self) -> None:
        """Destroy every card whose damage has reached its hit points as they are now.

        Damage is checked when dealt, but hit points can also fall later (an attachment leaves,
        an effect ends), and a card is destroyed whenever its damage reaches them.
        """
        while self.state.damage:
            # the first card (by number) whose damage reaches its hit points, if any
            doomed = next((c for c, d in sorted(self.state.damage.items()) if d >= self.stat(c, "hit_points")), -1)
            if doomed < 0:
                return
            self.destroy(doomed)

    def defeat(self, card: int) -> None:
        """An enemy destroyed or a location explored: to the victory display if it scores."""
        if self.records[card].victory > 0:
            self.move(card, VICTORY)
        else:
            self.discard(card)

    # ------------------------------------------------------------------ players
    def active_players(self) -> list[int]:
        return [p for p in range(self.state.num_players) if not self.state.eliminated[p]]

    def turn_order(self) -> list[int]:
        """Players still in the game, from the first player clockwise."""
        state = self.state
        n = state.num_players
        start = state.first_player
        if True not in state.eliminated and n < len(_ORDERS):
            return list(_ORDERS[n][start])  # (a new list: callers may change theirs)
        return [p for p in ((start + i) % n for i in range(n)) if not state.eliminated[p]]

    def seats(self) -> tuple[int, ...]:
        """The turn order as a tuple that callers share and never change: for the loops that
        only read it (events, windows), which ask for it tens of thousands of times a hundred
        games and need no list of their own."""
        state = self.state
        n = state.num_players
        if True not in state.eliminated and n < len(_ORDERS):
            return _ORDERS[n][state.first_player]
        return tuple(self.turn_order())

    def heroes(self, player: int) -> list[int]:
        records = self.records
        return [c for c in self.state.zones[(PLAY, player)] if records[c].type == "hero"]

    def characters(self, player: int) -> list[int]:
        records = self.records
        return [c for c in self.state.zones[(PLAY, player)] if records[c].type in CHARACTER_TYPES]

    def ready(self, card: int) -> bool:
        return card not in self.state.exhausted

    def attachments(self, card: int) -> list[int]:
        return sorted(a for a, host in self.state.attached_to.items() if host == card)

    def counts_as(self, card: int, types: frozenset[str]) -> bool:
        """An encounter card attached to a card counts as an attachment while it is attached
        (Caught in a Web, a claimed objective: "counts as a Condition attachment"; the trait is
        the card's own to give)."""
        return "attachment" in types and card in self.state.attached_to

    def controller(self, card: int) -> int:
        """The player who controls a card, or whose card it is (encounter cards: the player
        engaged with it, else the first player, who decides for the encounter side)."""
        who = self.locate(card)[1]
        if who >= 0:
            return who  # (an eliminated player's card stays theirs: its abilities cannot be used)
        owner = self.owners[card]
        return owner if owner >= 0 and not self.state.eliminated[owner] else self.state.first_player

    def engaged_with(self, enemy: int) -> int:
        """The player an enemy is engaged with, or -1."""
        where, who = self.locate(enemy)
        return who if where == ENGAGED else -1

    # ------------------------------------------------------------------ stats
    def stat(self, card: int, stat: str) -> int:
        """A stat as it is now: printed value, attachments' grants, lasting effects (never below 0)."""
        records = self.records
        value: int = getattr(records[card], stat)  # the printed value (LcgCard.base)
        state = self.state
        # (a sum: the order the attachments and effects are counted in does not matter)
        for attachment, host in state.attached_to.items():
            if host == card:
                for granted, amount in records[attachment].grants:
                    if granted == stat and not words_protection.spared(self, attachment, card):
                        value += amount
        for target, changed, amount, _until in state.effects:
            if target == card and changed == stat:
                value += amount
        if self.constant_cards and not self._reading_constants:
            index = self.record_index
            if index.records is not records:
                index = record_index(self)
            if stat in index.constants:  # (else no 'while' block changes this stat)
                value += self._constant_changes(card, stat)
        return value if value > 0 else 0

    def _constant_changes(self, card: int, stat: str) -> int:
        """What the 'while' blocks of cards hold for this stat now. A stat read while working
        them out (a change to 'each character with 2 willpower') reads the cards without them."""
        # (only the blocks naming this stat, in the order the cards and their blocks come)
        changes = record_index(self).constants_of(stat)
        if not changes:
            return 0
        total = 0
        # A 'while' condition reads only its card and the game, never a player (see HOLDS in
        # the vocabulary), so it is asked first, on one context for every card: most sources
        # lie in a deck or a hand, and finding their controller would cost more than the rest.
        probe = Ctx(self, -1, -1)
        self._reading_constants = True
        try:
            for source, constant in changes:
                probe.this = source
                if not constant.holds(probe):
                    continue
                ctx = Ctx(self, self.controller(source), source)
                if card in constant.targets(ctx) and not words_protection.spared(self, source, card):
                    total += constant.amount(ctx)
        finally:
            self._reading_constants = False
        return total

    def traits_of(self, card: int) -> frozenset[str]:
        """The printed traits and those a card in play grants it now (``give trait ...``)."""
        granted = self.granted(card, "trait")
        if not granted:
            return self.records[card].traits
        # a script writes a trait in lower case with hyphens ('dol-guldur'); a record as printed
        return self.records[card].traits | {" ".join(p.capitalize() for p in w.split("-")) for w in granted}

    def granted(self, card: int, quality: str) -> frozenset[str]:
        """The words of a quality ("trait", "resource-icon") the 'while' blocks of cards grant
        this card now. Like a stat, it is worked out when read; a grant read while working out
        the cards a grant reaches sees the cards without any."""
        if not self.constant_cards or self._reading_constants:
            return frozenset()
        changes = record_index(self).constants_of(quality)
        if not changes:
            return frozenset()
        words: set[str] = set()
        self._reading_constants = True
        try:
            probe = Ctx(self, -1, -1)  # (as in _constant_changes)
            for source, constant in changes:
                if not constant.word or constant.word in words:
                    continue
                probe.this = source
                if not constant.holds(probe):
                    continue
                ctx = Ctx(self, self.controller(source), source)
                if card in constant.targets(ctx) and not words_protection.spared(self, source, card):
                    words.add(constant.word)
        finally:
            self._reading_constants = False
        return frozenset(words)

    def add_effect(self, card: int, stat: str, amount: int, until: str = UNTIL_PHASE) -> None:
        """A lasting change to a card's stat, until the end of the phase or of the round."""
        if until not in (UNTIL_PHASE, UNTIL_ROUND):
            raise InternalError(f"effects last a phase or a round, not {until!r}")
        self.state.effects.append((card, stat, amount, until))

    def remaining_hit_points(self, card: int) -> int:
        return self.stat(card, "hit_points") - self.state.damage.get(card, 0)

    def staging_threat(self) -> int:
        """The threat the staging area counts: a card concealed for the phase counts none."""
        staged = 0
        for card in self.state.zones[(STAGING, -1)]:
            if not self.rule_holds(card, CONCEALED):
                staged += self.stat(card, "threat")
        # what a card adds to the staging area as a whole ('darken'), whatever cards are in it
        return staged + words_objectives.darkness(self)

    def rule_holds(self, card: int, rule: str) -> bool:
        """Whether a rule words put on a card holds now: for the phase (a lasting effect, see
        ``add_rule``) or while a card's 'while' block says so (a constant naming the rule)."""
        for target, changed, _amount, _until in self.state.effects:
            if target == card and changed == rule:
                return True
        if not self.constant_cards or self._reading_constants:
            return False
        index = self.record_index
        if index.records is not self.records:
            index = record_index(self)
        # (no 'while' block naming the rule: none to ask)
        return rule in index.constants and self._constant_changes(card, rule) > 0

    def add_rule(self, card: int, rule: str, until: str = UNTIL_PHASE) -> None:
        """A rule on a card (it counts no threat...) until the end of the phase or round; it ends
        sooner if the card leaves play, as every lasting effect on it does."""
        self.add_effect(card, rule, 1, until)

    def committed_willpower(self) -> int:
        return sum(self.stat(card, "willpower") for card in sorted(self.state.committed))

    # ------------------------------------------------------------------ decisions
    def choose(self, player: int, kind: str, prompt: str, options: Sequence[Option], source: int = -1) -> Any:
        return self.ask(player, kind, prompt, tuple(options), source).value

    def card_option(self, card: int, label: str = "") -> Option:
        """An option about a card; a face-down shadow card is offered by the enemy it was dealt
        to, never by its name."""
        enemy = self.state.shadow_of.get(card, -1)
        if not label and enemy >= 0 and self.locate(card)[0] == SHADOWS:
            label = f"the face-down card dealt to {self.card_name(enemy)}"
        return Option(label or self.card_name(card), card, card)

    # ------------------------------------------------------------------ threat and the end
    def raise_threat(self, player: int, amount: int) -> None:
        if self.state.eliminated[player] or amount == 0:
            return
        self.state.threat[player] = max(0, self.state.threat[player] + amount)
        self.log("threat", player, amount, self.state.threat[player])
        if self.state.threat[player] >= THREAT_LIMIT:
            self.eliminate(player, f"threat reached {THREAT_LIMIT}")

    def eliminate(self, player: int, why: str) -> None:
        """The player is out: engaged enemies go back to staging, the player's cards leave the game."""
        state = self.state
        if state.eliminated[player]:
            return
        self.log("eliminated", player, why)
        for enemy in list(self.z(ENGAGED, player)):
            self.move(enemy, STAGING)
            for shadow in [s for s, e in state.shadow_of.items() if e == enemy]:
                self.discard(shadow)
        state.eliminated[player] = True
        for name in (PLAY, HAND, DECK, DISCARD):
            for card in list(self.z(name, player)):
                if card not in self.z(name, player):
                    continue  # an attachment already discarded with its host
                if self.owners[card] < 0:
                    self.discard(card)  # an encounter card attached here goes back to its discard pile
                else:
                    self.move(card, REMOVED, player)
        # The player's attachments on other players' cards leave with them.
        for attachment in [a for a in state.attached_to if self.owners[a] == player]:
            self.move(attachment, REMOVED, player)
        if not self.active_players():
            self.finish(LOST)
        if state.first_player == player:
            state.first_player = self._next_active(player)

    def _next_active(self, player: int) -> int:
        n = self.state.num_players
        for i in range(1, n + 1):
            candidate = (player + i) % n
            if not self.state.eliminated[candidate]:
                return candidate
        return player

    def win(self) -> None:
        """A card effect says the players have won (a final stage with its own way to win)."""
        self.finish(WON)

    def finish(self, reason: str) -> None:
        state = self.state
        state.finished = True
        state.result = {
            "reason": reason,
            "won": reason == WON,
            "rounds": state.turn,
            "threat": state.threat[:],
            "victory points": sum(self.records[c].victory for c in self.z(VICTORY)),
        }
        self.log("game over", reason)
        raise GameOver(reason)

    # ------------------------------------------------------------------ damage
    def deal_damage(self, card: int, amount: int, source: int = -1) -> bool:
        """Damage on a character or an enemy; enough of it destroys the card. Whether this
        damage destroyed it (an attack that destroys an enemy triggers abilities).

        Responses to "would damage" resolve first: they may cancel the damage, or change its
        amount or the card that takes it instead (RR "Cancel", "Damage")."""
        if amount <= 0:
            return False
        event = triggers.fire(self, "would damage", self.controller(card), card, amount, source)
        card, amount = event.subject, event.amount
        if event.cancelled or amount <= 0 or self.locate(card)[0] not in IN_PLAY:
            return False
        state = self.state
        state.damage[card] = state.damage.get(card, 0) + amount
        self.log("damage", self.card_name(card), amount)
        player = self.controller(card)
        if "damage placed" in self.listened and words_damage.cancelled(self, player, card, amount, source):
            return False  # cancelled before anything could see it dealt (nor destroy the card)
        destroyed = self.remaining_hit_points(card) <= 0
        if destroyed:
            self.destroy(card)
        triggers.fire(self, "damaged", player, card, amount, source)
        if source >= 0 and self.records[card].is_character:
            # the same damage seen from the card that dealt it: 'it' is the character damaged
            triggers.fire(self, "damages", player, source, amount, card)
        return destroyed

    def destroy(self, card: int) -> None:
        record = self.records[card]
        self.log("destroyed", self.card_name(card))
        player = self.controller(card)
        if record.type == "enemy":
            self.defeat(card)
            triggers.fire(self, "defeated", player, card)
            return
        self._hero_gone_why = "every hero was destroyed"
        try:
            self.discard(card)
        finally:
            self._hero_gone_why = HERO_GONE
        triggers.fire(self, "destroyed", player, card)

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        state = self.state
        rng = state.rng
        state.first_player = self.config.first_player
        for card, record in enumerate(self.records):
            owner = self.owners[card]
            if owner >= 0:
                if record.type == "hero":
                    self.z(PLAY, owner).append(card)
                    state.resources[card] = starting_resources(self.config.mode)
                    state.threat[owner] += record.threat_cost
                else:
                    self.z(DECK, owner).append(card)
            elif record.type == "quest":
                self.z(QUEST_DECK).append(card)
            else:
                self.z(ENCOUNTER_DECK).append(card)
        for player in range(state.num_players):
            rng.shuffle(self.z(DECK, player))
        rng.shuffle(self.z(ENCOUNTER_DECK))
        # Quest cards in stage order, stage 1 on top (the list keeps scenario order, so sort).
        self.z(QUEST_DECK).sort(key=lambda c: (self.records[c].stage, c))
        for player in range(state.num_players):
            self.draw(player, STARTING_HAND)
        if self.config.mulligan:
            for player in self.turn_order():
                if self.ask_yes_no(player, "mulligan", "Shuffle your hand back and draw 6 new cards?"):
                    hand = self.z(HAND, player)
                    self.z(DECK, player).extend(hand)
                    hand.clear()
                    rng.shuffle(self.z(DECK, player))
                    self.draw(player, STARTING_HAND)
                    self.log("mulligan", player)
        self.advance_quest()
        state.phase = "setup done"

    def draw(self, player: int, count: int) -> int:
        """Draw from the top of the deck; an empty deck draws nothing."""
        # an effect may forbid drawing (a location while it is the active one)
        asked = "would draw" in self.listened and count > 0
        if asked and triggers.fire(self, "would draw", player, amount=count).cancelled:
            self.log("no draw", player)
            return 0
        deck = self.z(DECK, player)
        drawn = 0
        while drawn < count and deck:
            self.z(HAND, player).append(deck.pop(0))
            drawn += 1
        return drawn

    # ------------------------------------------------------------------ the quest deck
    def advance_quest(self) -> None:
        """Put the current stage away and reveal the next; completing the last one wins.

        Some scenarios give a stage two or more quest cards of the same number, of which only
        one is played, picked at random when the stage before it is completed (the core set's
        Passage Through Mirkwood, stage 3). The others stay in the quest deck unplayed: the next
        stage is the lowest one above the stage just completed."""
        current = self.z(QUEST)
        reached = 0
        if current:
            reached = self.records[current[0]].stage
            self.move(current[0], QUEST_DONE)
        ahead = [c for c in self.z(QUEST_DECK) if self.records[c].stage > reached]
        if not ahead:
            self.finish(WON)
        lowest = min(self.records[c].stage for c in ahead)
        candidates = [c for c in ahead if self.records[c].stage == lowest]
        stage = candidates[0]
        if len(candidates) > 1:
            # (the random number is drawn only where a stage has alternatives: games of
            # scenarios without them play exactly as before)
            stage = candidates[self.state.rng.below(len(candidates))]
            others = [self.records[c].back_name or self.card_name(c) for c in candidates if c != stage]
            self.log("quest picked", lowest, self.records[stage].back_name or self.card_name(stage), others)
        self.move(stage, QUEST)
        record = self.records[stage]
        self.state.progress[stage] = 0
        self.log("quest stage", record.stage, record.back_name or record.name)
        for name in record.setup_staging:
            found = [c for c in self.z(ENCOUNTER_DECK) if self.records[c].name == name]
            if not found:
                raise ConfigError(f"quest stage '{record.name}' sets up '{name}', which is not in the encounter deck")
            self.move(found[0], STAGING)
            self.log("setup", self.card_name(found[0]))
        if record.when_revealed is not None:
            record.when_revealed(self, self.state.first_player, stage)
            self.check_lethal()

    def progress_on(self, card: int, amount: int) -> None:
        """Progress placed on one location or quest stage by a card effect: enough explores the
        location or completes the stage, as progress from questing does."""
        if amount <= 0:
            return
        where = self.locate(card)[0]
        if where == QUEST:
            self.state.progress[card] = self.state.progress.get(card, 0) + amount
            self.log("progress", self.card_name(card), amount)
            self._progressed(card)
            if self.locate(card)[0] == QUEST and self.state.progress[card] >= self.stat(card, "quest_points"):
                self._complete_stage(card)
            return
        if where not in (ACTIVE, STAGING):
            return
        self.state.progress[card] = self.state.progress.get(card, 0) + amount
        self.log("progress", self.card_name(card), amount)
        if self.state.progress[card] >= self.stat(card, "quest_points"):
            self.log("explored", self.card_name(card))
            self.defeat(card)
            triggers.fire(self, "explored", self.state.first_player, card)

    def place_progress(self, amount: int) -> None:
        """Progress goes to the active location until it is explored, the rest to the quest."""
        active = self.z(ACTIVE)
        if active and amount > 0:
            location = active[0]
            needed = self.stat(location, "quest_points") - self.state.progress.get(location, 0)
            placed = min(needed, amount)
            self.state.progress[location] = self.state.progress.get(location, 0) + placed
            amount -= placed
            self.log("progress", self.card_name(location), placed)
            if self.state.progress[location] >= self.stat(location, "quest_points"):
                self.log("explored", self.card_name(location))
                self.defeat(location)
                triggers.fire(self, "explored", self.state.first_player, location)
        if amount > 0:
            stage = self.z(QUEST)[0]
            self.state.progress[stage] = self.state.progress.get(stage, 0) + amount
            self.log("progress", self.card_name(stage), amount)
            self._progressed(stage)
            if self.locate(stage)[0] == QUEST and self.state.progress[stage] >= self.stat(stage, "quest_points"):
                self._complete_stage(stage)

    def _progressed(self, stage: int) -> None:
        """Progress was just placed on the quest stage: its Responses answer before the stage
        is checked for completion."""
        if "progressed" in self.listened:
            triggers.fire(self, "progressed", self.state.first_player, stage)

    def _complete_stage(self, stage: int) -> None:
        """A stage with enough progress is defeated, unless an effect says it cannot be now
        (a stage that cannot be defeated while an enemy is in play): its progress stays, and
        the next progress placed on it tries again."""
        if self.records[stage].quest_points == 0:
            return  # a stage without quest points is never defeated by progress
        held = "would complete" in self.listened
        if held and triggers.fire(self, "would complete", self.state.first_player, stage).cancelled:
            self.log("not completed", self.card_name(stage))
            return
        triggers.fire(self, "quest completed", self.state.first_player, stage)
        if self.locate(stage) == (QUEST, -1):
            self.advance_quest()

    # ------------------------------------------------------------------ the encounter deck
    def reveal_encounter(self, player: int, chain: frozenset[int] = frozenset()) -> None:
        """Reveal the top encounter card: Doomed, When Revealed, then where it goes; Surge reveals
        again. ``chain``: the cards the surges leading here revealed. A surge reveals nothing once
        every card left in the encounter deck was revealed in its chain: a surge card that comes
        back into a deck of itself alone (Eastern Crows, shuffled back when destroyed as it is
        revealed) would otherwise be revealed for ever, which the rules leave open."""
        deck = self.z(ENCOUNTER_DECK)
        if not deck and self.state.phase == "quest":
            self.reshuffle_encounter()
        if not deck:
            self.log("encounter deck empty")
            return
        if chain and all(each in chain for each in deck):
            return
        card = deck[0]
        record = self.records[card]
        self.log("revealed", self.card_name(card))
        if record.type == "treachery":
            self.move(card, RESOLVING)
        else:
            self.move(card, STAGING)
        triggers.fire(self, "as revealed", player, card)
        if record.doomed:
            for each in self.turn_order():
                self.raise_threat(each, record.doomed)
        if record.when_revealed is not None:
            # A Response may cancel the When Revealed effect before it resolves (RR "Cancel").
            if triggers.fire(self, "would reveal", player, card, source=card).cancelled:
                self.log("cancelled", self.card_name(card), "when revealed")
            else:
                record.when_revealed(self, player, card)
                self.check_lethal()
        if record.type == "treachery" and self.locate(card) == (RESOLVING, -1):
            self.discard(card)
        if record.guarded and self.locate(card) == (STAGING, -1):
            words_objectives.guard_one(self, card)  # the Guarded keyword (RR "Guarded")
        triggers.fire(self, "revealed", player, card)
        gained = card in self.surging
        self.surging = self.surging - {card}
        if record.surge or gained:
            self.log("surge", self.card_name(card))
            self.reveal_encounter(player, chain | {card})

    def gain_surge(self, card: int) -> None:
        """The encounter card being revealed gains surge ("it gains surge"): once it resolved,
        one more card is revealed, as for the printed keyword."""
        self.surging = self.surging | {card}

    def reshuffle_encounter(self) -> None:
        discard = self.z(ENCOUNTER_DISCARD)
        if discard:
            self.z(ENCOUNTER_DECK).extend(discard)
            discard.clear()
            self.state.rng.shuffle(self.z(ENCOUNTER_DECK))
            self.log("encounter deck reshuffled")

    # ------------------------------------------------------------------ paying and playing
    def matching_heroes(self, player: int, card: int) -> list[int]:
        records = self.records
        sphere = records[card].sphere
        if sphere == "neutral":
            return self.heroes(player)
        heroes = [c for c in self.state.zones[(PLAY, player)] if records[c].type == "hero"]
        if not record_index(self).constants_of("resource-icon"):
            # no card of the game grants a resource icon
            return [h for h in heroes if records[h].sphere == sphere]
        # a hero's own sphere is its resource icon; a card in play may grant it another
        return [h for h in heroes if records[h].sphere == sphere or sphere in self.granted(h, "resource-icon")]

    def can_pay(self, player: int, card: int) -> bool:
        record = self.records[card]
        heroes = self.matching_heroes(player, card)
        if not heroes:
            return False  # a zero-cost card still needs a hero of its sphere
        resources = self.state.resources
        if record.pay_from and sum(1 for h in heroes if resources.get(h, 0) > 0) < record.pay_from:
            return False  # it must be paid from that many different heroes' pools
        total = 0
        for hero in heroes:
            total += resources.get(hero, 0)
        return total >= self.cost_of(card)

    def cost_of(self, card: int) -> int:
        """What the card costs to play now: its printed cost, changed by the 'while' blocks of
        cards that hold now (``all allies cost 1 more``), never below 0."""
        cost = self.records[card].cost
        if self.constant_cards and "cost" in record_index(self).constants:
            cost += self._constant_changes(card, "cost")
        return max(0, cost)

    def pay(self, player: int, card: int, due: int | None = None) -> None:
        """Pay the card's cost (``due``: what a cost of X came to)."""
        # The pools with the most resources pay first (ties: the earlier hero), so the payment
        # leaves as many pools able to pay as it can; the rules leave the split to the player.
        if due is None:
            due = self.cost_of(card)
        payers = sorted(self.matching_heroes(player, card), key=lambda h: (-self.state.resources[h], h))
        for hero in payers[: self.records[card].pay_from]:
            # a card paid from several heroes' pools: 1 from each of them first
            if due > 0:
                self.state.resources[hero] -= 1
                due -= 1
        for hero in payers:
            taken = min(due, self.state.resources[hero])
            self.state.resources[hero] -= taken
            due -= taken
        if due:
            raise InternalError(f"could not pay for {self.card_name(card)}")

    def choose_x(self, player: int, card: int) -> int:
        """The X of a card whose printed cost is X: its player chooses it, from 0 to what the
        pools that may pay for the card hold (RR "X")."""
        most = sum(self.state.resources.get(h, 0) for h in self.matching_heroes(player, card))
        options = [Option(f"X = {x}", x) for x in range(most + 1)]
        chosen: int = self.choose(player, "x", f"Choose X for {self.card_name(card)} (you pay X)", options, card)
        return chosen

    def unique_in_play(self, card: int) -> bool:
        """The unique rule: a unique card cannot enter play while its title is in play."""
        record = self.records[card]
        if not record.unique:
            return False
        in_play = [c for p in range(self.state.num_players) for c in self.z(PLAY, p)]
        return any(self.records[c].name == record.name for c in in_play if c != card)

    def hosts(self, player: int, attachment: int) -> list[int]:
        """The cards the player may attach this attachment to: by its record, characters (or
        only heroes, or only allies) of the player or of any player, enemies engaged with the
        player or any enemy in play, locations in play; and its own condition, if any."""
        record = self.records[attachment]
        kind, anyone = record.attach_to, record.attach_scope in ("any", "engaged")
        # (any player's: the player's own cards first, then the others' in turn order)
        players = [player, *(p for p in self.turn_order() if p != player)] if anyone else [player]
        if kind == "enemy":
            pools = [c for p in players for c in self.z(ENGAGED, p)]
            candidates = [*pools, *self.z(STAGING)] if record.attach_scope == "any" else pools
        elif kind == "location":
            candidates = [*self.z(ACTIVE), *self.z(STAGING)]
        else:
            candidates = [c for p in players for c in self.characters(p)]
        found = [
            c
            for c in candidates
            if self.records[c].type == kind or (kind == "character" and self.records[c].is_character)
        ]
        found = [c for c in found if not words_objectives.barred(self, c)]
        # (playing an attachment is its player card's effect: never on a card immune to those)
        found = words_protection.reachable(self, attachment, found)
        if record.restricted:
            found = [c for c in found if not words_protection.restricted_barred(self, c)]
        if record.attach_if is not None:
            check = record.attach_if
            found = [c for c in found if check(self, player, c)]
        return found

    def playable(self, player: int, planning: bool) -> list[Option]:
        """What the player may play from hand now: events always, allies and attachments when planning."""
        options: list[Option] = []
        phase = self.state.phase
        for card in self.z(HAND, player):
            record = self.records[card]
            # what could not be played now whatever its cost is passed over before the cost is
            # worked out (the checks read the state and change nothing, so their order is free)
            if record.type == "event":
                if record.action is None or (record.action_phase and record.action_phase != phase):
                    continue
            elif not planning or record.type not in ("ally", "attachment"):
                continue
            if not self.can_pay(player, card) or self.unique_in_play(card):
                continue
            if record.type == "event" and record.action is not None:
                if record.action_phase and record.action_phase != self.state.phase:
                    continue  # a Combat Action (and the like) is played only in its phase
                if record.action_check is None or record.action_check(self, player, card):
                    options.append(Option(f"play {self.card_name(card)}", (card, -1), card))
            elif planning and record.type == "ally" and not words_objectives.rationed(self, card):
                options.append(Option(f"play {self.card_name(card)}", (card, -1), card))
            elif planning and record.type == "attachment":
                for host in self.hosts(player, card):
                    options.append(
                        Option(f"attach {self.card_name(card)} to {self.card_name(host)}", (card, host), card)
                    )
        return options

    def play(self, player: int, card: int, host: int = -1) -> None:
        record = self.records[card]
        if record.variable_cost:
            self.paid_x = self.choose_x(player, card)
            self.pay(player, card, self.paid_x)
        else:
            self.pay(player, card)
        self.log("played", player, self.card_name(card), self.card_name(host) if host >= 0 else "")
        if record.variable_cost:
            self.log("x paid", player, self.card_name(card), self.paid_x)
        if record.type == "event":
            # Resolved first, then put in its owner's discard pile (seed, "Event Cards").
            self.move(card, RESOLVING)
            if record.action is not None:
                record.action(self, player, card)
                self.check_lethal()
            if self.locate(card) == (RESOLVING, -1):
                self.discard(card)
            return
        if record.type == "ally":
            words_objectives.note_played(self, card)
        self.move(card, PLAY, player)
        if record.type == "attachment":
            self.attach(card, host)
        triggers.fire(self, "enters play", player, card)
        if "played" in self.listened:
            triggers.fire(self, "played", player, card)

    def attach(self, attachment: int, host: int) -> None:
        """Attach a card in play to a host; it stays in its controller's play area and is
        discarded when the host leaves play (RR "Attachment Cards")."""
        self.state.attached_to[attachment] = host
        if not self.records[attachment].restricted:
            return
        restricted = [a for a in self.attachments(host) if self.records[a].restricted]
        while len(restricted) > RESTRICTED_LIMIT:
            owner = self.owners[host]
            options = [self.card_option(a) for a in restricted]
            chosen = self.choose(owner, "restricted", "Discard a restricted attachment (at most 2)", options, host)
            self.discard(chosen)
            restricted.remove(chosen)

    def attach_from(self, card: int, host: int) -> None:
        """Put a card from outside play (an encounter card revealed, a card from a deck) into
        play attached to ``host``: into the play area of the host's player, or of the first
        player for an encounter host. For card scripts ("attach this card to a hero")."""
        if self.locate(host)[0] not in IN_PLAY:
            raise InternalError(f"cannot attach to {self.card_name(host)}: it is not in play")
        holder = self.controller(host)
        self.move(card, PLAY, holder)
        self.log("attached", self.card_name(card), self.card_name(host))
        self.attach(card, host)

    # ------------------------------------------------------------------ action windows
    def action_window(self, step: str) -> None:
        """Each player in turn order may act or pass; the window closes when all pass in a row."""
        passes = 0
        while not self.state.finished:
            order = self.seats()
            if passes >= len(order):
                return
            for player in order:
                if self.state.eliminated[player]:
                    continue
                options = self.playable(player, planning=False)
                if triggers.has_actions(self):
                    options += triggers.action_options(self, player)
                if not options:
                    passes += 1
                else:
                    value = self.choose(player, "action", f"Action window ({step})", [PASS, *options])
                    if value is None:
                        passes += 1
                    else:
                        passes = 0
                        self.begin_action()
                        if value[0] == "ability":
                            triggers.use_action(self, player, value[1], value[2])
                        else:
                            self.play(player, *value)
                if passes >= len(self.seats()):
                    return

    # ------------------------------------------------------------------ the round
    def play_game(self) -> dict[str, Any]:
        try:
            while not self.state.finished:
                self.play_round()
        except GameOver:
            pass
        return self.state.result

    def play_round(self) -> None:
        state = self.state
        state.turn += 1
        if state.turn > ROUND_GUARD:
            raise InternalError("the game went on past any round the rules allow")
        self.log("round", state.turn, state.first_player)
        for phase in PHASES:
            self.run_phase(phase)
        triggers.fire(self, "round ends", self.state.first_player)
        words_entering.resolve_waiting(self, "round ends")
        state.effects = [e for e in state.effects if e[3] != UNTIL_ROUND]
        state.used = {key: until for key, until in state.used.items() if until != UNTIL_ROUND}
        self._forget_uses(UNTIL_ROUND)
        words_objectives.new_round(self)
        self.check_lethal()

    def _forget_uses(self, until: str) -> None:
        """The uses counted towards limits of this period start again."""
        uses = self.state.uses
        for key in [k for k in uses if self.records[k[0]].triggers[k[1]].limit == until]:
            del uses[key]

    def run_phase(self, phase: str) -> None:
        """One phase of the round, then the end of the effects that last for a phase."""
        if phase not in PHASES:
            raise InternalError(f"no phase {phase!r}")
        self.state.phase = phase
        self.log("phase", phase)
        triggers.fire(self, "phase begins", self.state.first_player)
        getattr(self, f"{phase}_phase")()
        if phase == "combat":
            triggers.fire(self, "combat phase ends", self.state.first_player)
        triggers.fire(self, "phase ends", self.state.first_player)
        words_entering.resolve_waiting(self, "phase ends")
        self.state.effects = [e for e in self.state.effects if e[3] != UNTIL_PHASE]
        self.state.held_back.clear()
        self.state.permitted.clear()
        self.state.used = {key: until for key, until in self.state.used.items() if until != UNTIL_PHASE}
        self._forget_uses(UNTIL_PHASE)
        self.check_lethal()

    def resource_phase(self) -> None:
        words_timing.resource_phase_begins(self)
        for player in self.turn_order():
            for hero in self.heroes(player):
                if words_protection.collect_barred(self, hero):
                    continue
                self.state.resources[hero] = self.state.resources.get(hero, 0) + 1
                words_standing.resources_placed(self, hero, 1)
            self.draw(player, 1)
        self.action_window("resource")

    def planning_phase(self) -> None:
        for player in self.turn_order():
            while not self.state.eliminated[player]:
                options = self.playable(player, planning=True)
                if not options:
                    break
                value = self.choose(player, "plan", "Play an ally or an attachment, or pass", [PASS, *options])
                if value is None:
                    break
                self.begin_action()
                self.play(player, *value)
        self.action_window("planning")

    def quest_phase(self) -> None:
        state = self.state
        self.quest_step = ""
        if "quest begins" in self.listened:
            triggers.fire(self, "quest begins", state.first_player)
        self.action_window("quest begins")
        for player in self.turn_order():
            while True:
                free = [
                    c
                    for c in self.characters(player)
                    if self.ready(c) and c not in state.committed and not words_protection.commit_barred(self, c)
                ]
                if not free:
                    break
                options = [Option("done", None), *(self.card_option(c) for c in free)]
                card = self.choose(player, "commit", "Commit a character to the quest", options)
                if card is None:
                    break
                state.exhausted.add(card)
                state.committed.add(card)
                self.log("committed", player, self.card_name(card))
                triggers.fire(self, "committed", player, card)
        self.action_window("after committing")
        self.staging_step()
        self.quest_step = STAGED
        self.action_window("after staging")
        willpower = self.committed_willpower()
        threat = self.staging_threat()
        self.quest_step = RESOLVED
        self.log("quest resolution", willpower, threat)
        if willpower > threat:
            self.place_progress(willpower - threat)
            if "quest succeeded" in self.listened:
                triggers.fire(self, "quest succeeded", self.state.first_player)
        elif threat > willpower:
            for player in self.turn_order():
                self.raise_threat(player, threat - willpower)
            if "quest failed" in self.listened:
                triggers.fire(self, "quest failed", self.state.first_player)
        # committed characters stay committed until the quest phase ends, through its last
        # action window (rulebook, "Quest Phase": committed through the end of the phase)
        self.action_window("after quest resolution")
        state.committed.clear()

    def staging_step(self) -> None:
        """Each player still in the game reveals an encounter card, unless an effect skips the
        step; once it is done, the abilities answering its end resolve (a card more revealed)."""
        if "would stage" in self.listened and triggers.fire(self, "would stage", self.state.first_player).cancelled:
            self.log("staging skipped")
            return
        for player in self.turn_order():
            self.reveal_encounter(player)
        triggers.fire(self, "staging done", self.state.first_player)

    def travel_phase(self) -> None:
        self.action_window("travel begins")
        if not self.z(ACTIVE):
            first = self.state.first_player
            locations = [
                c
                for c in self.z(STAGING)
                if self.records[c].type == "location"
                and not words_allies.travel_barred(self, c)
                and (self.records[c].travel_check is None or self.records[c].travel_check(self, first, c))  # type: ignore[misc]
            ]
            # a location that beckons must be travelled to: the players choose only among those
            beckoning = [c for c in locations if self.rule_holds(c, BECKON)]
            if locations:
                player = self.state.first_player
                options = [
                    *([] if beckoning else [Option("do not travel", None)]),
                    *(self.card_option(c, f"travel to {self.card_name(c)}") for c in beckoning or locations),
                ]
                card = self.choose(player, "travel", "Travel to a location?", options)
                if card is not None:
                    # progress already on the location stays on it (RR "Travel Phase")
                    self.move(card, ACTIVE)
                    self.log("travelled", self.card_name(card))
                    travel = self.records[card].travel
                    if travel is not None:
                        travel(self, player, card)
                        self.check_lethal()
                    triggers.fire(self, "travelled", player, card)
        self.action_window("travel")

    def encounter_phase(self) -> None:
        combat.encounter_phase(self)

    def combat_phase(self) -> None:
        combat.combat_phase(self)

    def refresh_phase(self) -> None:
        state = self.state
        if "would ready" in self.listened:
            # each card readies unless an effect keeps it exhausted (a condition on a hero)
            for card in sorted(state.exhausted):
                if card not in state.exhausted:
                    continue
                if triggers.fire(self, "would ready", self.controller(card), card).cancelled:
                    self.log("stays exhausted", self.card_name(card))
                else:
                    state.exhausted.discard(card)
        else:
            state.exhausted.clear()
        for player in self.turn_order():
            self.raise_threat(player, 1)
        state.first_player = self._next_active(state.first_player)
        self.log("first player", state.first_player)
        self.action_window("refresh")

    # ------------------------------------------------------------------ checks
    def all_cards(self) -> list[int]:
        """Every card instance, from the zones (each must appear exactly once)."""
        return sorted(c for cards in self.state.zones.values() for c in cards)
