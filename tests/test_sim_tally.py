"""Running tallies: merging disjoint games is the tally of all of them, in any order; the raw form
round-trips; memory does not grow with the number of games."""

from __future__ import annotations

import json
import tracemalloc
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lotr_rules.sim import families
from lotr_rules.sim.families import SimSettings
from lotr_rules.sim.results import GameResult, MatchOutcome, owned_cards
from lotr_rules.sim.runner import run_simulation
from lotr_rules.sim.tally import GameRanges, Tally

HEROES = ("Aragorn", "Gimli", "Legolas", "Frodo", "Sam")
CARDS = ("Valor", "Lembas", "Shelob", "Elven Cloak")


@st.composite
def game_results(draw: st.DrawFn, index: int) -> GameResult:
    players = draw(st.integers(1, 4))
    heroes = tuple(draw(st.permutations(HEROES))[:players])
    scores = tuple(draw(st.lists(st.integers(-5, 60), min_size=players, max_size=players)))
    winners = tuple(sorted(draw(st.sets(st.integers(0, players - 1), max_size=players))))
    owned = tuple(
        owned_cards(draw(st.dictionaries(st.sampled_from(CARDS), st.integers(0, 4), max_size=3)))
        for _ in range(players)
    )
    result = GameResult(
        index=index,
        seed=draw(st.integers(0, 2**32)),
        reason=draw(st.sampled_from(("final archenemy defeated", "wall deck depleted", "path empty"))),
        turns=draw(st.integers(1, 150)),
        heroes=heroes,
        scores=scores,
        winners=winners,
        first_player=draw(st.integers(0, players - 1)),
        final_defeated=draw(st.none() | st.booleans()),
        owned=owned,
    )
    if draw(st.booleans()):
        second = attrs.evolve(result, heroes=tuple(reversed(heroes)), turns=result.turns + 1)
        totals = tuple(a + b for a, b in zip(result.scores, second.scores, strict=True))
        best = max(totals)
        result = attrs.evolve(
            result, match=MatchOutcome(second, totals, tuple(s for s, t in enumerate(totals) if t == best))
        )
    return result


@st.composite
def simulations(draw: st.DrawFn) -> list[GameResult]:
    games = draw(st.integers(0, 12))
    return [draw(game_results(index)) for index in range(games)]


@given(simulations(), st.data())
@settings(max_examples=30, deadline=None)
def test_merging_any_split_gives_the_tally_of_all_games(results: list[GameResult], data: st.DataObject) -> None:
    whole = Tally.of(results)
    assert whole.copy() == whole
    shuffled = data.draw(st.permutations(results))
    cut = data.draw(st.integers(0, len(results)))
    one, two = Tally.of(shuffled[:cut]), Tally.of(shuffled[cut:])
    two.merge(one)
    assert two == whole
    assert two.summary() == whole.summary()
    assert json.dumps(two.summary()) == json.dumps(whole.summary())


@given(simulations())
@settings(max_examples=30, deadline=None)
def test_raw_form_round_trips_through_json(results: list[GameResult]) -> None:
    tally = Tally.of(results)
    again = Tally.from_json(json.loads(json.dumps(tally.to_json())))
    assert again == tally
    assert again.summary() == tally.summary()


def test_a_game_cannot_be_counted_twice() -> None:
    result = GameResult(index=3, seed=0, reason="r", turns=1, heroes=("A",), scores=(1,), winners=(0,))
    tally = Tally.of([result])
    with pytest.raises(ValueError, match="games 4 to 4 are already counted"):
        tally.add(result)
    with pytest.raises(ValueError, match="counted in both"):
        tally.merge(Tally.of([result]))


def test_game_ranges_join_and_report_what_is_missing() -> None:
    ranges = GameRanges()
    for start, stop in [(10, 20), (0, 5), (5, 10), (30, 31)]:
        ranges.add(start, stop)
    assert list(ranges) == [(0, 20), (30, 31)]
    assert len(ranges) == 21
    assert list(ranges.missing(0, 40)) == [(20, 30), (31, 40)]
    assert list(ranges.missing(2, 19)) == []
    assert ranges.overlaps(19, 25) and not ranges.overlaps(20, 30)


@pytest.mark.parametrize(
    "damage",
    [
        lambda raw: raw.update(version=99),
        lambda raw: raw.update(played=-1),
        lambda raw: raw.update(heroes={"A": [1, 2]}),
        lambda raw: raw.pop("owned"),
        lambda raw: raw.update(game_ranges="all"),
    ],
)
def test_a_damaged_raw_tally_is_refused(damage: Any) -> None:
    raw = Tally.of([GameResult(index=0, seed=0, reason="r", turns=1, heroes=("A",), scores=(1,), winners=(0,))])
    data = raw.to_json()
    damage(data)
    with pytest.raises(ValueError):
        Tally.from_json(data)


# ---------------------------------------------------------------------- memory stays flat
class _DiceFamily:
    """A made-up family whose games cost next to nothing, so that many thousands can be played."""

    name = "dice"
    description = "a roll of the dice"
    bots = ("any",)

    def load(self, card_paths: Sequence[Path]) -> None:
        return None

    def check(self, catalogue: Any, settings: SimSettings) -> None:
        return None

    def play(self, catalogue: Any, settings: SimSettings, index: int, seed: int) -> GameResult:
        winner = seed % 3
        return GameResult(
            index=index,
            seed=seed,
            reason="rolled",
            turns=seed % 40,
            heroes=("North", "East", "West"),
            scores=tuple(int(seat == winner) for seat in range(3)),
            winners=(winner,),
            owned=(owned_cards({"Valor": seed % 3}), (), owned_cards({"Lembas": 1})),
        )


def _peak_bytes(games: int) -> int:
    tracemalloc.start()
    try:
        run = run_simulation(SimSettings(family="dice", games=games, players=3), workers=1)
        assert run.tally.games == games
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_memory_does_not_grow_with_the_number_of_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(families._REGISTRY, "dice", _DiceFamily())
    _peak_bytes(6_000)  # the first runs pay for imports and caches that are made once
    small, large = _peak_bytes(400), _peak_bytes(6_000)
    # Kept per game, 5,600 more results would take megabytes; tallied, the peak is the same.
    assert large < small + 64 * 1024, (small, large)
