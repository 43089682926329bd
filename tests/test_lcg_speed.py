"""What makes the Card Game fast must not change a single game.

The look-ups worked out once from the records, the zones remembered as hints, the one-pass copy,
the firing of events to the cards that could answer them and the bot's commit shortcut each take
a short way to an answer the long way also gives: these tests hold each to the long way, on real
core set games stopped at decisions that hypothesis draws. (The recorded games of the other LCG
tests and the side-by-side run of ``benchmarks/lcg_speed.py`` check whole games.)
"""

from __future__ import annotations

import contextlib
import functools
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import Game, GameOver
from lotr_rules.games.lcg import outlook, state, triggers
from lotr_rules.games.lcg.bots import LcgHeuristicAgent, RandomAgent
from lotr_rules.games.lcg.game import IN_PLAY, LcgGame
from lotr_rules.games.lcg.lookup import record_index
from lotr_rules.games.lcg.record import POINTS, LcgEvent
from lotr_rules.games.lcg.recording import LcgTable
from lotr_rules.games.lcg.state import DISCARD, PLAY
from lotr_rules.sim.families import SimSettings
from lotr_rules.sim.lcg import LcgFamily


@functools.cache
def _table() -> LcgTable:
    family = LcgFamily()
    settings = SimSettings(family="lcg", players=1, scenario="passage-through-mirkwood", decks=("leadership",))
    return family.table(family.load(()), settings)


class _Stop(Exception):
    pass


class _Stopping:
    """An agent that plays like ``inner`` and stops the game at its ``at``-th decision (once
    ``at`` is set: the game's setup asks too)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.at = 0
        self.asked = 0

    def choose(self, game: Game, request: DecisionRequest) -> int:
        self.asked += 1
        if self.at and self.asked >= self.at:
            raise _Stop
        return int(self.inner.choose(game, request))


def _stopped(seed: int, at: int, *, heuristic: bool = True) -> LcgGame:
    """A core set game of the leadership deck stopped at its ``at``-th decision (or finished)."""
    bot = LcgHeuristicAgent(seed) if heuristic else RandomAgent(seed)
    agent = _Stopping(bot)
    game = LcgGame(attrs.evolve(_table().config, seed=seed), [agent])
    agent.at = agent.asked + at
    with contextlib.suppress(_Stop, GameOver):
        game.play_game()
    return game


def test_the_index_lists_what_walking_the_records_finds() -> None:
    game = _stopped(1, 1)
    index = record_index(game)
    records = game.records
    for point in POINTS:
        for kind, found in (("forced", index.forced_at(point)), ("response", index.responses_at(point))):
            walked = {c for c, r in enumerate(records) for t in r.triggers if t.kind == kind and t.point == point}
            assert found == walked, (kind, point)
    assert index.actions == {c for c, r in enumerate(records) for t in r.triggers if t.kind == "action"}
    assert index.with_triggers == {c for c, r in enumerate(records) if r.triggers}
    for stat in ("willpower", "attack", "trait", "resource-icon", "threat"):
        walked_blocks = [(s, k) for s in game.constant_cards for k in records[s].constants if k.stat == stat]
        assert list(index.constants_of(stat)) == walked_blocks
    assert index.constants_of("willpower") and (index.forced or index.responses)  # the deck and quest have some


def test_new_records_get_a_new_index() -> None:
    """A card masked as an enemy replaces the game's records: the index follows them."""
    game = _stopped(1, 1)
    before = record_index(game)
    game.records = tuple(list(game.records))  # (the same records in a new tuple)
    after = record_index(game)
    assert after is not before and after.records is game.records
    assert record_index(game) is after


def test_games_of_one_line_up_share_what_their_records_decide() -> None:
    first, second = _stopped(1, 1), _stopped(2, 1)
    assert first.cards is second.cards
    assert first.record_index is second.record_index
    assert first.constant_cards == second.constant_cards and first.listened == second.listened


def test_a_card_moved_behind_the_games_back_is_found_where_it_is() -> None:
    """The zone a card was last found in is a hint: a rule moving it by hand is not fooled."""
    game = _stopped(1, 1)
    hero = game.heroes(0)[0]
    assert game.locate(hero) == (PLAY, 0)
    game.z(PLAY, 0).remove(hero)
    game.z(DISCARD, 0).append(hero)
    assert game.locate(hero) == (DISCARD, 0)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), at=st.integers(1, 120))
def test_a_copy_is_the_same_game_and_shares_nothing_that_changes(seed: int, at: int) -> None:
    game = _stopped(seed, at)
    twin = game.copy()
    assert twin.state.digest() == game.state.digest()
    assert twin.state.canonical() == game.state.canonical()
    digest = game.state.digest()
    for name in (*state.PLAYER_ZONES,):
        twin.z(name, 0).append(10_000)
    twin.state.exhausted.add(10_000)
    twin.state.damage[10_000] = 1
    twin.state.log.append(("round", 99, 0))
    twin.state.rng.next32()
    assert game.state.digest() == digest


def test_the_one_pass_copy_copies_what_the_engine_copies(monkeypatch: pytest.MonkeyPatch) -> None:
    assert state._ONE_PASS, "the engine's state fields changed: LcgState.copy goes the long way"
    game = _stopped(3, 60)
    quick = game.state.copy()
    monkeypatch.setattr(state, "_ONE_PASS", False)
    slow = game.state.copy()
    assert quick.canonical() == slow.canonical()
    assert quick.log == slow.log and quick.choices == slow.choices and quick.result == slow.result


def _ready_after_committing_on_a_copy(game: LcgGame, player: int, card: int) -> bool:
    """The bot's question the long way: always on a copy of the game."""
    twin = game.copy([LcgHeuristicAgent(seat, look_ahead=False) for seat in range(len(game.agents))])
    twin.on_decision = None
    twin.replay_queue.clear()
    try:
        twin.state.exhausted.add(card)
        twin.state.committed.add(card)
        triggers.fire(twin, "committed", player, card)
    except GameOver:
        return False
    return twin.ready(card)


class _Checking:
    """The heuristic bot, checking at every commit decision that the shortcut answers as the
    copy does for every character offered."""

    def __init__(self) -> None:
        self.bot = LcgHeuristicAgent(0)
        self.checked = 0
        self.readied = 0

    def choose(self, game: Game, request: DecisionRequest) -> int:
        if request.kind == "commit" and isinstance(game, LcgGame):
            for option in request.options:
                if option.value is None:
                    continue
                digest = game.state.digest()
                quick = outlook.ready_after_committing(game, request.player, option.card, self.bot._plain)
                assert game.state.digest() == digest  # the check on the game itself left it as it was
                assert quick == _ready_after_committing_on_a_copy(game, request.player, option.card)
                self.checked += 1
                self.readied += quick
        return int(self.bot.choose(game, request))


def test_the_commit_shortcut_answers_as_trying_on_a_copy() -> None:
    agent = _Checking()
    for seed in range(4):
        agent.bot = LcgHeuristicAgent(seed)
        LcgGame(attrs.evolve(_table().config, seed=seed), [agent]).play_game()
    # Aragorn readies himself once committed: both answers come up
    assert agent.checked > 20 and 0 < agent.readied < agent.checked


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), at=st.integers(1, 80), heuristic=st.booleans())
def test_an_event_no_ability_answers_changes_nothing_when_fired(seed: int, at: int, heuristic: bool) -> None:
    """``answerable`` false: firing the event leaves the game exactly as it was (the commit
    shortcut relies on it)."""
    game = _stopped(seed, at, heuristic=heuristic)
    if game.state.finished:
        return
    subjects = [c for key, cards in game.state.zones.items() if key[0] in IN_PLAY for c in cards]
    for point in POINTS:
        for subject in subjects:
            event = LcgEvent(point, game.state.first_player, subject)
            if triggers.answerable(game, event):
                continue
            twin = game.copy()
            triggers.fire(twin, point, game.state.first_player, subject)
            assert twin.state.digest() == game.state.digest(), (point, game.card_name(subject))
