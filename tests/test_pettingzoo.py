"""The PettingZoo environments (lotr_rules.pettingzoo, docs/pettingzoo.md): PettingZoo's own API
test, reproducible seeds, masks that are the legal options, whole games, no hidden information in
an observation, and no game thread left behind."""

from __future__ import annotations

import gc
import sys
import threading
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="needs the rl extra")

import numpy as np
from pettingzoo.test import api_test, seed_test

from lotr_rules.errors import UserError
from lotr_rules.games.lcg.game import WON
from lotr_rules.games.lcg.state import ENCOUNTER_DECK, SHADOWS
from lotr_rules.pettingzoo import MAX_ACTIONS, env, sections
from lotr_rules.pettingzoo.driver import THREAD_PREFIX, DecisionDriver
from lotr_rules.pettingzoo.environment import LotrEnv
from lotr_rules.pettingzoo.features import bucket

MINI = ["tests/data/lcg-mini"]
FAMILIES: dict[str, Callable[[], LotrEnv]] = {
    "lcg": lambda: env("lcg", decks=["leadership", "tactics"]),
    "deckbuilding": lambda: env("deckbuilding", players=3),
}


def game_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith(THREAD_PREFIX)]


@pytest.fixture(autouse=True)
def no_thread_left() -> Any:
    yield
    assert not game_threads(), "a test left a game thread running"


def random_steps(table: LotrEnv, seed: int, limit: int | None = None) -> list[tuple[str, int]]:
    """Play ``table`` (already reset) with a seeded random policy, to the end or ``limit`` decisions."""
    rng = np.random.default_rng(seed)
    taken = []
    for agent in table.agent_iter():
        observation, _reward, terminated, truncated, _info = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        if limit is not None and len(taken) >= limit:
            break
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        taken.append((agent, action))
        table.step(action)
    return taken


# PettingZoo's checker names its own classic games as the ones allowed a dictionary observation
# (the vector beside the action mask) and warns about every other environment that has one: the
# environments here follow those games' shape on purpose, so the two warnings say nothing.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("family", FAMILIES)
def test_pettingzoos_api_test_passes(family: str) -> None:
    table = FAMILIES[family]()
    try:
        api_test(table, num_cycles=200)
    finally:
        table.close()


@pytest.mark.parametrize("family", FAMILIES)
def test_the_same_seed_and_actions_give_the_same_observations(family: str) -> None:
    def trace(seed: int) -> list[Any]:
        table = FAMILIES[family]()
        table.reset(seed=seed)
        rng = np.random.default_rng(5)
        seen: list[Any] = []
        for agent in table.agent_iter(400):
            observation, reward, terminated, truncated, _info = table.last()
            seen.append((agent, observation["observation"].tobytes(), observation["action_mask"].tobytes(), reward))
            table.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        table.close()
        return seen

    first = trace(11)
    assert first == trace(11)
    assert first != trace(12)


@pytest.mark.parametrize("family", FAMILIES)
def test_pettingzoos_seed_test_passes(family: str) -> None:
    made: list[LotrEnv] = []

    def make() -> LotrEnv:
        made.append(FAMILIES[family]())
        return made[-1]

    try:
        seed_test(make, num_cycles=100)
    finally:
        for table in made:
            table.close()


def test_a_reset_without_a_seed_plays_the_next_seed() -> None:
    table = env("lcg", scenario="mini-quest", decks=["wardens"], cards=MINI, seed=4)
    table.reset()
    first = table.observe(table.agent_selection)["observation"].copy()
    digest = table.game.state.digest()
    table.reset(seed=4)
    assert table.game.state.digest() == digest
    assert np.array_equal(table.observe(table.agent_selection)["observation"], first)
    table.reset(seed=20)
    table.reset()
    assert table.seed == 21
    table.close()


@pytest.mark.parametrize("family", FAMILIES)
def test_the_mask_is_the_legal_options_of_the_seat_asked(family: str) -> None:
    table = FAMILIES[family]()
    table.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(150):
        agent = table.agent_selection
        if table.terminations[agent]:
            break
        request = table._driver.request  # type: ignore[union-attr]
        assert request is not None
        assert agent == f"player_{request.player}"
        mask = table.observe(agent)["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (MAX_ACTIONS,)
        assert list(mask) == [1] * len(request.options) + [0] * (MAX_ACTIONS - len(request.options))
        assert table.infos[agent]["options"] == [option.label for option in request.options]
        for other in table.agents:
            if other != agent:
                assert not table.observe(other)["action_mask"].any()
        with pytest.raises(ValueError, match="not legal"):
            table.step(len(request.options))
        table.step(int(rng.choice(np.flatnonzero(mask))))
    table.close()


def test_card_game_rewards_follow_the_result_won_or_lost() -> None:
    """Random play wins the small test quest now and then: each game's reward is its result."""
    table = env("lcg", scenario="mini-quest", decks=["wardens"], cards=MINI)
    outcomes: set[float] = set()
    for seed in range(80):
        table.reset(seed=seed)
        rng = np.random.default_rng(seed)
        while not table.terminations["player_0"]:
            mask = table.observe("player_0")["action_mask"]
            table.step(int(rng.choice(np.flatnonzero(mask))))
        reward = table._cumulative_rewards["player_0"]
        assert reward == (1.0 if table.game.state.result["won"] else -1.0)
        outcomes.add(reward)
        if len(outcomes) == 2:
            break
    table.close()
    assert outcomes == {1.0, -1.0}


def test_every_card_game_seat_shares_the_reward() -> None:
    family = env("lcg", decks=["leadership", "tactics", "spirit"]).family
    assert family.rewards({"reason": WON}) == [1.0, 1.0, 1.0]
    assert family.rewards({"reason": "every player was eliminated"}) == [-1.0, -1.0, -1.0]


@pytest.mark.parametrize("family", FAMILIES)
def test_random_agents_play_whole_games_and_get_the_documented_rewards(family: str) -> None:
    table = FAMILIES[family]()
    table.reset(seed=2)
    final: dict[str, float] = {}
    rng = np.random.default_rng(2)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _info = table.last()
        assert not truncated
        if terminated:
            final[agent] = reward
            table.step(None)
        else:
            table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    result = table.game.state.result
    table.close()
    assert set(final) == set(table.possible_agents)
    if family == "lcg":
        shared = 1.0 if result["won"] else -1.0
        assert all(reward == shared for reward in final.values())
    else:
        winners = {f"player_{w}" for w in result["winners"]}
        assert winners and all(final[a] == (1.0 if a in winners else -1.0) for a in final)


def test_max_decisions_truncates_with_no_reward_and_ends_the_thread() -> None:
    table = env("deckbuilding", players=2, max_decisions=25)
    table.reset(seed=1)
    taken = random_steps(table, 1)
    assert len(taken) == 25
    assert not game_threads()
    table.close()


# ---------------------------------------------------------------------- hidden information
def _swap_in(cards: list[int], old: int, new: int) -> None:
    cards[cards.index(old)] = new


def test_a_card_game_observation_holds_nothing_the_seat_cannot_see() -> None:
    """Other seats' hands, every deck's order and face-down shadow cards changed: the seat sees
    the same; the seat whose hand changed does not (so the change was real)."""
    table = env("lcg", decks=["leadership", "tactics"])
    checked = False
    for seed in range(30):
        table.reset(seed=seed)
        rng = np.random.default_rng(seed)
        while table.agents and not table.terminations[table.agent_selection]:
            game = table.game
            if game.z(SHADOWS) and game.z(ENCOUNTER_DECK):
                break
            table.step(int(rng.choice(np.flatnonzero(table.observe(table.agent_selection)["action_mask"]))))
        else:
            continue
        seat = int(table.agent_selection.split("_")[1])
        other = 1 - seat
        before = table.observe(table.agent_selection)["observation"].copy()
        other_before = table.observe(f"player_{other}")["observation"].copy()
        state = game.state
        hand, deck = game.z("hand", other), game.z("deck", other)
        changed = [c for c in deck if game.card_name(c) not in {game.card_name(h) for h in hand}]
        if not hand or not changed:
            continue
        held, drawn = hand[0], changed[0]
        _swap_in(hand, held, drawn)
        _swap_in(deck, drawn, held)
        for zone in (game.z("deck", 0), game.z("deck", 1), game.z(ENCOUNTER_DECK)):
            zone.reverse()
        shadow, unseen = game.z(SHADOWS)[0], game.z(ENCOUNTER_DECK)[0]
        _swap_in(game.z(SHADOWS), shadow, unseen)
        _swap_in(game.z(ENCOUNTER_DECK), unseen, shadow)
        state.shadow_of[unseen] = state.shadow_of.pop(shadow)
        assert np.array_equal(table.observe(table.agent_selection)["observation"], before)
        assert not np.array_equal(table.observe(f"player_{other}")["observation"], other_before)
        checked = True
        break
    table.close()
    assert checked, "no game reached a shadow card"


def test_a_deckbuilding_observation_holds_nothing_the_seat_cannot_see() -> None:
    table = env("deckbuilding", players=3)
    table.reset(seed=4)
    random_steps(table, 4, limit=60)
    game = table.game
    seat = int(table.agent_selection.split("_")[1])
    before = {a: table.observe(a)["observation"].copy() for a in table.agents}
    for other in range(3):
        if other == seat:
            continue
        hand, deck = game.z("hand", other), game.z("deck", other)
        if len(deck) < 2:
            deck.extend(game.z("discard", other))
            game.z("discard", other).clear()
        swap = next(c for c in deck if game.card_name(c) != game.card_name(hand[0]))
        held = hand[0]
        _swap_in(hand, held, swap)
        _swap_in(deck, swap, held)
    for zone in [game.z("deck", p) for p in range(3)] + [game.z("main deck")]:
        zone.reverse()
    assert np.array_equal(table.observe(table.agent_selection)["observation"], before[table.agent_selection])
    others = [a for a in table.agents if a != table.agent_selection]
    assert all(not np.array_equal(table.observe(a)["observation"], before[a]) for a in others)
    table.close()


# ---------------------------------------------------------------------- threads
def test_close_ends_a_game_in_progress_and_reset_ends_the_last_one() -> None:
    table = env("lcg", decks=["leadership", "tactics"])
    table.reset(seed=1)
    random_steps(table, 1, limit=5)
    assert len(game_threads()) == 1
    table.reset(seed=2)
    random_steps(table, 2, limit=5)
    assert len(game_threads()) == 1  # the first game's thread has ended
    table.close()
    assert not game_threads()
    table.close()  # a second close does nothing


def test_a_forgotten_environment_ends_its_thread_when_collected() -> None:
    table = env("deckbuilding", players=2)
    table.reset(seed=1)
    assert len(game_threads()) == 1
    del table
    gc.collect()
    for thread in game_threads():
        thread.join(timeout=5)
    assert not game_threads()


def test_an_error_in_the_game_reaches_the_caller_and_ends_the_thread() -> None:
    def broken(agents: Any) -> Any:
        raise UserError("the game could not be set up")

    driver = DecisionDriver(broken, 1)
    with pytest.raises(UserError, match="could not be set up"):
        driver.start()
    driver.close()
    assert driver.done


# ---------------------------------------------------------------------- set-up
@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"game": "lcg"}, "needs decks"),
        ({"game": "lcg", "decks": ["leadership"], "scenario": "no-such-quest"}, "no-such-quest"),
        ({"game": "lcg", "decks": ["leadership"], "impossible": True}, "for the deck-building games"),
        ({"game": "deckbuilding", "players": 2, "flavour": 1}, "unknown deck-building option"),
        ({"game": "deckbuilding", "players": 9}, "players"),
        ({"game": "deckbuilding", "decks": ["leadership"]}, "for the Card Game"),
    ],
)
def test_bad_settings_are_refused_when_the_environment_is_made(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(UserError, match=message):
        env(**kwargs)


def test_without_the_extra_the_import_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [n for n in sys.modules if n.startswith("lotr_rules.pettingzoo")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    with pytest.raises(ImportError, match=r"'rl' extra .*lotr-rules\[rl\]"):
        import lotr_rules.pettingzoo  # noqa: F401


@pytest.mark.parametrize("family", FAMILIES)
def test_the_observation_is_as_wide_as_its_sections(family: str) -> None:
    table = FAMILIES[family]()
    table.reset(seed=0)
    width = sum(w for _, w in sections(family))
    assert table.observe(table.agent_selection)["observation"].shape == (width,)
    table.close()


@pytest.mark.parametrize(
    ("make", "shows"),
    [
        (lambda: env("lcg", decks="leadership,tactics", render_mode="ansi"), "Your hand:"),
        (lambda: env("deckbuilding", players=2, render_mode="ansi"), "Your hand:"),
    ],
)
def test_render_shows_the_table_as_the_seat_to_act_sees_it(make: Callable[[], LotrEnv], shows: str) -> None:
    table = make()
    table.reset(seed=1)
    text = table.render()
    table.close()
    assert text is not None and shows in text


def test_render_without_a_mode_draws_nothing() -> None:
    table = env("deckbuilding", players=2)
    table.reset(seed=1)
    with pytest.warns(UserWarning, match="render_mode"):
        assert table.render() is None
    table.close()


def test_each_action_slot_describes_its_option() -> None:
    """The options section, as docs/pettingzoo.md lays it out: legal, card bucket, cost, declines."""
    table = env("lcg", decks=["leadership", "tactics"])
    table.reset(seed=2)
    rng = np.random.default_rng(2)
    kinds = dict(sections("lcg"))["decision"] - 2
    seen_card = seen_decline = False
    while table.agents and not table.terminations[table.agent_selection]:
        request = table._driver.request  # type: ignore[union-attr]
        assert request is not None
        observation = table.observe(table.agent_selection)["observation"]
        slots = observation[2 + kinds : 2 + kinds + MAX_ACTIONS * 4].reshape(MAX_ACTIONS, 4)
        assert observation[0] == 1.0 and observation[1] == pytest.approx(len(request.options) / MAX_ACTIONS)
        assert observation[2 + bucket(request.kind, 16)] == 1.0
        for option, slot in zip(request.options, slots, strict=False):
            assert slot[0] == 1.0
            if option.card >= 0:
                seen_card = True
                assert slot[1] == pytest.approx((bucket(table.game.card_name(option.card)) + 1) / 64)
                assert slot[2] == pytest.approx(min(table.game.records[option.card].cost / 10, 1.0))
            elif option.value is False or option.value is None:
                seen_decline = True
                assert slot[3] == 1.0
        assert not slots[len(request.options) :].any()
        table.step(int(rng.integers(len(request.options))))
    table.close()
    assert seen_card and seen_decline
