"""Which Card Game decisions are worth asking a person (issue 30, "Prompts that matter").

An action window opens after every step the rules name, and a player holding any event they
could pay for is asked at each one. Most of those questions have one sensible answer, pass: the
event would change nothing now (a ready-an-ally event with no ally exhausted, a healing event
with no damage anywhere). :func:`worth_offering` keeps the options that can do something now,
and :func:`needs_person` says whether a decision is still worth a question: the terminal seat
(and the browser) pass an action window by themselves when nothing in it is.

"Would change nothing" is tried, never guessed: the option is played on copies of the game, once
for each way of answering the questions its effect asks, and so is what it costs alone (the
event's resources, its Action's own cost and its trip to the discard pile; an ability's
exhausting or paying). When every way of playing it ends in a state that paying its cost alone
can end in, its effect changes nothing. A change to a stat that ends with the phase, in a phase
where the rules never read that stat (+1 attack in the resource phase, +1 willpower in the
combat phase), counts as none: it is over before anything reads it. An option with too many ways to try, or that a copy
cannot play through (it ends the game), is kept: it may well do something.

The bots are offered every option the rules allow, as before: playing a card that does nothing
is legal (a waste, which a bot's own judgement avoids or not), and filtering it for them would
change every game they play. This only spares people questions.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, cast

from lotr_rules.engine.decisions import DecisionRequest, Option
from lotr_rules.engine.game import Game, GameOver
from lotr_rules.errors import LotrError
from lotr_rules.games.lcg import triggers
from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.games.lcg.state import RESOLVING, UNTIL_PHASE

#: the decisions that offer cards to play and abilities to use, or pass: action windows (an
#: event or an Action) and the planning phase's plays (allies, attachments and events)
WINDOWS = frozenset({"action", "plan"})


#: at most this many ways of answering an effect's questions are tried; past them, the option
#: is kept (it may well do something)
TRIES = 24


class _Asked(Exception):
    """The effect tried on a copy asked a question past the answers it was given."""

    def __init__(self, count: int) -> None:
        super().__init__("asked")
        self.count = count


class _Answers:
    """Answers the questions of an effect tried on a copy from a list, in order; one question
    more stops the try, saying how many options it had."""

    name = "trying"

    def __init__(self, answers: tuple[int, ...]) -> None:
        self.answers = list(answers)

    def choose(self, game: Game, request: DecisionRequest) -> int:
        if not self.answers:
            raise _Asked(len(request.options))
        return self.answers.pop(0)


def needs_person(game: LcgGame, request: DecisionRequest) -> bool:
    """Whether to ask a person this decision: an action window (or a planning play) only when
    one of its options can do something now (else passing is the only sensible answer); any
    other decision, yes."""
    if request.kind not in WINDOWS:
        return True
    return len(worth_offering(game, request)) > 1


def worth_offering(game: LcgGame, request: DecisionRequest) -> tuple[int, ...]:
    """The indices of the options worth showing a person: in an action window or a planning
    play, pass and every option that can do something now (an ally or an attachment always
    does: it enters play); in any other decision, every option."""
    if request.kind not in WINDOWS:
        return tuple(range(len(request.options)))
    return tuple(
        index
        for index, option in enumerate(request.options)
        if option.value is None or _enters_play(game, option) or changes_something(game, request.player, option)
    )


def _enters_play(game: LcgGame, option: Option) -> bool:
    """An ally or attachment played from hand: it enters play, which is always a change."""
    value = cast("tuple[Any, ...]", option.value)
    return value[0] != "ability" and game.records[int(value[0])].type != "event"


def changes_something(game: LcgGame, player: int, option: Option) -> bool:
    """Whether playing an action window's option (an event from hand, ``(card, host)``, or an
    Action, ``("ability", card, index)``) can change more than what it costs: whether some way
    of answering its questions ends in a state that no way of paying its cost alone ends in."""
    value = cast("tuple[Any, ...]", option.value)
    full: Callable[[LcgGame], None]
    cost: Callable[[LcgGame], None]
    if value[0] == "ability":
        card, index = int(value[1]), int(value[2])

        def full(twin: LcgGame) -> None:
            triggers.use_action(twin, player, card, index)

        def cost(twin: LcgGame) -> None:
            triggers.use_action(twin, player, card, index, effect=False)

    else:
        card, host = int(value[0]), int(value[1])

        def full(twin: LcgGame) -> None:
            twin.play(player, card, host)

        def cost(twin: LcgGame) -> None:
            _pay_for_event(twin, player, card)

    played = _outcomes(game, full)
    if played is None:
        return True
    paid = _outcomes(game, cost)
    return paid is None or not played <= paid


def _pay_for_event(game: LcgGame, player: int, card: int) -> None:
    """What playing an event costs, as :meth:`LcgGame.play` pays it, without its effect: its
    resources (X chosen), its Action's own cost, and its trip to the discard pile."""
    record = game.records[card]
    if record.variable_cost:
        game.paid_x = game.choose_x(player, card)
        game.pay(player, card, game.paid_x)
    else:
        game.pay(player, card)
    game.move(card, RESOLVING)
    if record.action_cost is not None:
        record.action_cost(game, player, card)
    if game.locate(card) == (RESOLVING, -1):
        game.discard(card)


#: the stats the rules read only in one phase: willpower when the quest is resolved, attack and
#: defense when attacks are made (the combat phase)
_READ_IN = {"willpower": "quest", "attack": "combat", "defense": "combat"}


def _unread(effect: list[Any], phase: str) -> bool:
    """A change to a stat that ends with this phase, in a phase where the rules never read that
    stat (+1 attack in the resource phase): it ends before it could change anything."""
    _card, stat, _amount, until = effect
    read_in = _READ_IN.get(str(stat))
    return until == UNTIL_PHASE and read_in is not None and read_in != phase


def _outcomes(game: LcgGame, run: Callable[[LcgGame], None]) -> set[str] | None:
    """The states ``run`` may leave a copy of the game in, one for each way of answering its
    questions; None when they could not all be seen (too many, the game ended, a script stopped)."""
    found: set[str] = set()
    waiting: list[tuple[int, ...]] = [()]
    tries = 0
    while waiting:
        answers = waiting.pop()
        tries += 1
        if tries > TRIES:
            return None
        # (one list of answers for every seat: the questions come one at a time, whoever answers)
        shared = _Answers(answers)
        twin = game.copy([shared for _ in game.agents])
        twin.replay_queue.clear()
        twin.begin_action()
        try:
            run(twin)
            twin.check_lethal()
        except _Asked as asked:
            waiting.extend((*answers, index) for index in range(asked.count))
            continue
        except (GameOver, LotrError):
            return None
        view = twin.state.canonical()
        view.pop("choices", None)
        view["effects"] = [e for e in view["effects"] if not _unread(e, twin.state.phase)]
        found.add(json.dumps(view, sort_keys=True, separators=(",", ":"), default=str))
    return found
