"""The generic game runner: state, decisions, events, triggers and budgets.

A game family subclasses :class:`Game` with its turn structure. Everything here is shared by
every family: one seeded RNG per game, every choice asked through a :class:`DecisionRequest`
and recorded, events dispatched to the triggers listening for them (secondary triggers wait
until the card being played has fully resolved), and step budgets so that no card script can
run forever.
"""

from __future__ import annotations

import hashlib
import json
from collections import deque
from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any, Generic

from lotr_rules.engine.cards import CardDef, CostChangeDef, TriggerDef
from lotr_rules.engine.context import Ctx
from lotr_rules.engine.decisions import Agent, DecisionRequest, Option
from lotr_rules.engine.events import Event
from lotr_rules.engine.facts import HAS_SELF_TRIGGER
from lotr_rules.engine.rng import Rng
from lotr_rules.errors import IllegalChoiceError, InternalError, ScriptBudgetError, TriggerDepthError
from lotr_rules.native import StateVar, mypyc_attr

#: Effect steps (loop iterations and trigger firings) allowed within one top-level action.
STEP_BUDGET = 10_000
#: How deeply triggers may set off triggers before the chain is stopped.
TRIGGER_DEPTH = 50

ZoneKey = tuple[str, int]
_LISTENS = attrgetter("listens")
_COUNTS = attrgetter("counts")
_new_request = tuple.__new__
LogEntry = tuple[Any, ...]


class GameOver(Exception):
    """Raised inside effects when an end condition is met: the game ends at once."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@mypyc_attr(allow_interpreted_subclasses=True)
class GameState:
    """Everything that changes during a game, and nothing that does not.

    Cards are instance ids (indexes into the game's catalogue). Zones are plain lists keyed by
    ``(name, owner)`` with owner -1 for shared zones, so a copy is a handful of list copies.
    """

    __slots__ = (
        "choices",
        "cost_changes",
        "counters",
        "current",
        "delayed",
        "finished",
        "flags",
        "log",
        "marks",
        "num_players",
        "result",
        "rng",
        "turn",
        "turn_triggers",
        "under",
        "zones",
    )

    def __init__(self, num_players: int, seed: int) -> None:
        self.num_players = num_players
        self.zones: dict[ZoneKey, list[int]] = {}
        self.under: dict[int, list[int]] = {}
        # Book-keeping lists that are not places (cards gained this turn, quests done): kept
        # apart from the zones so a card is only ever *in* one zone.
        self.marks: dict[ZoneKey, list[int]] = {}
        self.counters: dict[str, int] = {}
        self.flags: set[str] = set()
        self.turn_triggers: list[tuple[TriggerDef, int, int]] = []
        #: effects waiting for a later turn (``next turn { ... }``): (effect, owner, card)
        self.delayed: list[tuple[Callable[[Ctx], None], int, int]] = []
        #: changes to what cards cost for the rest of this turn: (the change, the player whose
        #: buys it changes, its amount, whether only the next matching buy, its card, its owner)
        self.cost_changes: list[tuple[CostChangeDef, int, int, bool, int, int]] = []
        self.log: list[LogEntry] = []
        self.choices: list[int] = []
        self.rng = Rng(seed)
        self.turn = 0
        self.current = 0
        self.finished = False
        self.result: dict[str, Any] = {}

    def copy(self) -> GameState:
        other = GameState.__new__(GameState)
        other.num_players = self.num_players
        other.zones = {key: cards[:] for key, cards in self.zones.items()}
        other.under = {key: cards[:] for key, cards in self.under.items()}
        other.marks = {key: cards[:] for key, cards in self.marks.items()}
        other.counters = self.counters.copy()
        other.flags = self.flags.copy()
        other.turn_triggers = self.turn_triggers[:]
        other.delayed = self.delayed[:]
        other.cost_changes = self.cost_changes[:]
        # The log and choices only ever grow: a copy shares nothing, but copying them lazily
        # would complicate every append, and they are short lists of tuples.
        other.log = self.log[:]
        other.choices = self.choices[:]
        other.rng = self.rng.copy()
        other.turn = self.turn
        other.current = self.current
        other.finished = self.finished
        other.result = dict(self.result)
        return other

    def canonical(self) -> dict[str, Any]:
        """A JSON-able view of the state that two equal games share exactly: a snapshot, holding
        copies of the state's lists, never the lists themselves (a view taken before a change
        must not change with it: a Forced effect's view before and after are compared)."""
        view = {
            "zones": sorted([list(key), cards[:]] for key, cards in self.zones.items()),
            "under": sorted([key, cards[:]] for key, cards in self.under.items() if cards),
            "marks": sorted([list(key), cards[:]] for key, cards in self.marks.items() if cards),
            "counters": sorted(self.counters.items()),
            "flags": sorted(self.flags),
            "turn_triggers": [[t.label, owner, card] for t, owner, card in self.turn_triggers],
            "rng": self.rng.state,
            "turn": self.turn,
            "current": self.current,
            "finished": self.finished,
            "choices": len(self.choices),
        }
        if self.delayed:  # only when there are any, so that earlier records keep their digests
            view["delayed"] = [[owner, card] for _effect, owner, card in self.delayed]
        if self.cost_changes:  # likewise
            view["cost_changes"] = [[who, amount, once, card] for _c, who, amount, once, card, _o in self.cost_changes]
        return view

    def digest(self) -> str:
        text = json.dumps(self.canonical(), sort_keys=True, separators=(",", ":"), default=str)
        return hashlib.sha256(text.encode()).hexdigest()[:32]


#: the state class of a family's games. A family's game narrows its ``state`` to its own state
#: class through this variable rather than by redeclaring the attribute: the compiled build
#: keeps one attribute of one type down the class tree (it erases the variable to GameState).
#: Covariant, so that a family's game is a ``Game`` wherever one is asked for; defaulting to
#: GameState, so that a plain ``Game`` is ``Game[GameState]``.
StateT = StateVar("StateT", bound="GameState", default="GameState", covariant=True)


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(Generic[StateT]):
    """A game in progress: the catalogue of card instances, the state and the seats' agents."""

    # Slots: the turn loop reads these on every action (a family's subclass adds its own).
    __slots__ = (
        "_counted",
        "_has_self_trigger",
        "_listened",
        "agents",
        "cards",
        "on_decision",
        "pending",
        "replay_queue",
        "resolving",
        "state",
        "steps",
        "trigger_depth",
    )

    family = "generic"

    def __init__(self, cards: Sequence[CardDef], state: StateT, agents: Sequence[Agent]) -> None:
        self.cards = tuple(cards)
        self.state: StateT = state
        self.agents = list(agents)
        self.replay_queue: deque[int] = deque()
        self.resolving = 0
        self.steps = 0
        self.trigger_depth = 0
        self.pending: list[tuple[TriggerDef, Ctx]] = []
        self.on_decision: Callable[[DecisionRequest, int], None] | None = None
        self._has_self_trigger = HAS_SELF_TRIGGER.per_instance(self.cards)
        kinds = set(self.cards)
        self._listened: frozenset[str] = frozenset().union(*map(_LISTENS, kinds))
        #: the event kinds counted per turn, for 'for the first time this turn' triggers
        self._counted: frozenset[str] = frozenset().union(*map(_COUNTS, kinds))

    # ------------------------------------------------------------------ logging
    def counts_as(self, card: int, types: frozenset[str]) -> bool:
        """Whether the card counts as one of these card types besides its printed ones, as the
        game stands (a family's rule; none here)."""
        return False

    def log(self, *entry: Any) -> None:
        self.state.log.append(entry)

    def card_name(self, card: int) -> str:
        return self.cards[card].name

    def card_lines(self, card: int, *, with_state: bool = True) -> list[str] | None:
        """What a person asking about a card of this game sees (``i N`` at the terminal), for a
        family whose own records say more than the card's face; None: show the face.
        ``with_state``: also what is public of the card now."""
        return None

    # ------------------------------------------------------------------ decisions
    def ask(
        self,
        player: int,
        kind: str,
        prompt: str,
        options: Sequence[Option],
        source: int = -1,
        words: str = "",
    ) -> Option:
        """Ask ``player`` to pick one of ``options``; a single option resolves by itself."""
        count = len(options)
        if count < 2:
            if not count:
                raise InternalError(f"decision {kind!r} offered no options")
            self.state.log.append(("forced", player, kind, options[0].label))
            return options[0]
        # tuple.__new__ straight away: the named tuple's own __new__ is a Python function, and
        # this runs for every decision of every game.
        request = _new_request(
            DecisionRequest,
            (player, kind, prompt, options if type(options) is tuple else tuple(options), source, words),
        )
        index = self.replay_queue.popleft() if self.replay_queue else self.agents[player].choose(self, request)
        if not 0 <= index < count:
            raise IllegalChoiceError(f"choice {index} is not one of the {count} options of '{prompt}'")
        self.state.choices.append(index)
        if self.on_decision is not None:
            self.on_decision(request, index)
        return options[index]

    def ask_yes_no(self, player: int, kind: str, prompt: str, source: int = -1, words: str = "") -> bool:
        answer = self.ask(player, kind, prompt, (Option("yes", True), Option("no", False)), source, words)
        return bool(answer.value)

    # ------------------------------------------------------------------ budgets
    def step(self, card: int) -> None:
        self.steps += 1
        if self.steps > STEP_BUDGET:
            raise ScriptBudgetError(self.cards[card].name if card >= 0 else "?", STEP_BUDGET)

    def begin_action(self) -> None:
        """A new top-level action (a card played, a buy, a turn's end): budgets start afresh."""
        self.steps = 0

    # ------------------------------------------------------------------ events and triggers
    def trigger_sources(self) -> list[tuple[int, int]]:
        """(card, owner) pairs whose "front"-scoped triggers are listening. Families override."""
        return []

    def emit(self, kind: str, player: int, card: int = -1, origin: str = "") -> None:
        if kind not in self._listened:
            return  # no card in this game ever listens for it
        if self._counted and kind in self._counted:
            # what 'for the first time this turn' reads: the family clears these as a turn ends
            self.state.marks.setdefault((f"{kind} this turn", player), []).append(card)
        sources = self.trigger_sources()
        if not sources and not self.state.turn_triggers and (card < 0 or not self._has_self_trigger[card]):
            return  # the common case: nothing listens
        event = Event(kind, player, card, origin)
        fired: list[tuple[TriggerDef, Ctx]] = []
        if card >= 0:
            for trigger in self.cards[card].triggers:
                if trigger.scope == "self" and trigger.event == kind:
                    ctx = Ctx(self, player, card, it=card)
                    if trigger.matches(ctx, card):
                        fired.append((trigger, ctx))
        for source, owner in sources:
            for trigger in self.cards[source].triggers:
                if trigger.scope == "front" and trigger.event == kind:
                    ctx = Ctx(self, owner, source, it=card)
                    if self._event_for(trigger, ctx, event):
                        fired.append((trigger, ctx))
        if self.state.turn_triggers:
            for entry in list(self.state.turn_triggers):
                trigger, owner, source = entry
                if trigger.event == kind:
                    ctx = Ctx(self, owner, source, it=card)
                    if self._event_for(trigger, ctx, event):
                        fired.append((trigger, ctx))
                        if trigger.once and entry in self.state.turn_triggers:
                            self.state.turn_triggers.remove(entry)
        for trigger, ctx in fired:
            if self.resolving > 0:
                self.pending.append((trigger, ctx))
            else:
                self.fire(trigger, ctx)

    def _event_for(self, trigger: TriggerDef, ctx: Ctx, event: Event) -> bool:
        # "you gain/destroy/play ..." triggers only hear about their owner's events.
        if event.player != ctx.player and trigger.event not in ("ArchenemyRevealed",):
            return False
        ctx.vars["__origin"] = [1] if event.origin else []
        return trigger.matches(ctx, event.card)

    def fire(self, trigger: TriggerDef, ctx: Ctx) -> None:
        self.step(ctx.this)
        self.trigger_depth += 1
        try:
            if self.trigger_depth > TRIGGER_DEPTH:
                raise TriggerDepthError(self.cards[ctx.this].name, TRIGGER_DEPTH)
            self.log("trigger", ctx.player, self.cards[ctx.this].name, trigger.label)
            trigger.effect(ctx)
        finally:
            self.trigger_depth -= 1

    def resolve(self, effect: Callable[[Ctx], None], ctx: Ctx) -> None:
        """Run a card's effect, then the secondary triggers it set off (rulebook order)."""
        self.resolving += 1
        try:
            effect(ctx)
        finally:
            self.resolving -= 1
        if self.resolving == 0:
            self.after_resolution()
            self.flush_pending()

    def after_resolution(self) -> None:
        """Tidy-up a family's rules need once an effect has fully resolved."""

    def flush_pending(self) -> None:
        while self.pending:
            trigger, ctx = self.pending.pop(0)
            self.fire(trigger, ctx)
            # A trigger's effect is an effect too: the family's tidy-up follows it (cards it
            # revealed and left go back on top of their deck).
            if trigger.tidies:
                self.after_resolution()
