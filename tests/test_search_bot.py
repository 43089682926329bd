"""The search bot (issue 33): information-set Monte Carlo search over the heuristic bot's playouts.

It never reads what its seat cannot see, it is reproducible from its seed at a given number of
playouts whatever the worker processes, it keeps to its budget, and it finds a better move than
its prior when the playouts show one.
"""

from __future__ import annotations

import functools
from pathlib import Path

import attrs
import pytest
from lcg_table import clear_staging, put, table

from lotr_rules.agents.bots import HeuristicAgent
from lotr_rules.agents.search import lcg as search_lcg
from lotr_rules.agents.search.core import Budget, parse_budget, pick
from lotr_rules.agents.search.deckbuilding import DeckbuildingSearchAgent
from lotr_rules.agents.search.lcg import LcgSearchAgent, determinize
from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.cli import main
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.engine.rng import Rng
from lotr_rules.errors import UserError
from lotr_rules.games import vocabulary_for
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import DECK as DB_DECK
from lotr_rules.games.deckbuilding.game import HAND as DB_HAND
from lotr_rules.games.deckbuilding.game import MAIN, DeckbuildingGame
from lotr_rules.games.lcg.bots import LcgHeuristicAgent
from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.games.lcg.recording import new_table
from lotr_rules.games.lcg.state import DECK, ENCOUNTER_DECK, ENGAGED, HAND, QUEST, SHADOWS
from lotr_rules.sim.families import SimSettings
from lotr_rules.sim.runner import run_simulation

MINI = Path(__file__).resolve().parent / "data" / "lcg-mini"


@functools.cache
def _catalogue() -> Catalogue:
    return load_sets(vocabulary=vocabulary_for("lcg"))


class _Found(Exception):
    """Stops a game at the decision a test looks at."""


class _Probe:
    """The heuristic bot, stopping the game at the ``nth`` decision of ``kind`` with 3 options or more."""

    def __init__(self, seat: int, kind: str, nth: int, found: list[DecisionRequest]) -> None:
        self.bot = LcgHeuristicAgent(seat)
        self.kind, self.nth, self.found = kind, nth, found

    def choose(self, game: Game, request: DecisionRequest) -> int:
        if request.kind == self.kind and len(request.options) >= 3:
            self.nth -= 1
            if self.nth < 0:
                self.found.append(request)
                raise _Found
        return self.bot.choose(game, request)


def _at_decision(kind: str, nth: int = 0, seed: int = 3) -> tuple[LcgGame, DecisionRequest]:
    """A two-handed game of Passage Through Mirkwood stopped at a decision of ``kind``."""
    table = new_table(_catalogue(), "passage-through-mirkwood", ["leadership", "tactics"], seed)
    found: list[DecisionRequest] = []
    game = LcgGame(table.config, [_Probe(seat, kind, nth, found) for seat in range(2)])
    with pytest.raises(_Found):
        game.play_game()
    return game, found[0]


def _reorder_hidden(game: LcgGame) -> None:
    """Change what no seat can see, and nothing else: every deck's order, the encounter deck's,
    which encounter cards lie face down as shadow cards, and the game's random stream."""
    zones, state = game.state.zones, game.state
    for player in range(state.num_players):
        zones[(DECK, player)].reverse()
    encounter, shadows = zones[(ENCOUNTER_DECK, -1)], zones[(SHADOWS, -1)]
    for i, shadow in enumerate(list(shadows)):
        if i < len(encounter):
            swapped = encounter[-1 - i]
            encounter[-1 - i], shadows[i] = shadow, swapped
            state.shadow_of[swapped] = state.shadow_of.pop(shadow)
    encounter.reverse()
    state.rng = Rng(987654321)


def _search(game: LcgGame, request: DecisionRequest, playouts: int = 6) -> tuple[int, list[float]]:
    agent = LcgSearchAgent(11, Budget(playouts))
    choice = agent.choose(game, request)
    return choice, list(agent.means)


def test_a_budget_is_playouts_or_milliseconds() -> None:
    assert parse_budget("12") == Budget(12, 0)
    assert parse_budget("250ms") == Budget(0, 250)
    assert parse_budget(None) == parse_budget("")
    for bad in ("0", "ten", "-3", "5 s"):
        with pytest.raises(UserError, match="--search-budget"):
            parse_budget(bad)


def test_the_search_picks_the_move_the_playouts_favour_and_keeps_its_prior_on_a_tie() -> None:
    """The heuristic's choice (candidate 4) loses every playout, candidate 7 wins them: the
    search plays 7; when no candidate is better by the margin, the heuristic's choice stays."""
    seeds = iter(range(100))
    assert pick([4, 7, 9], lambda c, w: 1.0 if c == 7 else 0.0, lambda: next(seeds), Budget(9), 0.5) == 7
    assert pick([4, 7, 9], lambda c, w: 0.2 if c == 7 else 0.0, lambda: next(seeds), Budget(9), 0.5) == 4


def test_the_search_keeps_to_its_playout_budget() -> None:
    game, request = _at_decision("commit")
    for playouts in (1, 2, 5, 9):
        agent = LcgSearchAgent(5, Budget(playouts))
        agent.choose(game, request)
        assert agent.playouts <= playouts
    agent = LcgSearchAgent(5, Budget(9))
    agent.choose(game, request)
    assert agent.playouts == 9  # three candidates in three worlds


def test_the_search_decides_the_same_whatever_the_hidden_cards_order() -> None:
    """Issue 33: the same decisions when the hidden order differs but the seen state is the
    same. The playouts' values (not only the move) are compared: any hidden card read would
    change them."""
    for kind in ("commit", "defend"):
        game, request = _at_decision(kind)
        before = _search(game, request)
        _reorder_hidden(game)
        assert _search(game, request) == before


def test_the_invariance_test_would_see_a_search_reading_hidden_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above can fail: a search that kept the real order of the hidden cards (reading
    them from the game played) gives other values once that order changes."""

    def leaky(twin: LcgGame, live: LcgGame, seat: int, world: int) -> None:
        for key, cards in live.state.zones.items():
            if key[0] in (DECK, HAND, ENCOUNTER_DECK, SHADOWS):
                twin.state.zones[key][:] = cards
        twin.state.shadow_of = dict(live.state.shadow_of)
        twin.state.rng = live.state.rng.copy()
        twin._where.clear()

    monkeypatch.setattr(search_lcg, "determinize", leaky)
    game, request = _at_decision("commit")
    before = _search(game, request)
    _reorder_hidden(game)
    assert _search(game, request)[1] != before[1]


def _hidden(game: LcgGame) -> tuple[object, ...]:
    """What no seat can see: the decks, the hands, the encounter deck, the shadow cards, the stream."""
    zones = game.state.zones
    piles = tuple(
        (key, tuple(cards)) for key, cards in sorted(zones.items()) if key[0] in (DECK, HAND, ENCOUNTER_DECK, SHADOWS)
    )
    return piles, game.state.rng.state


def test_the_prior_is_shown_a_world_dealt_from_what_the_seat_sees() -> None:
    """The heuristic bot's look-ahead plays events and abilities on a copy of the game it is
    shown (a card drawn, an encounter card revealed): shown the real game, the search's prior
    would read the hidden cards. It is shown a world dealt again, the same whatever the hidden
    order."""
    shown: list[tuple[object, ...]] = []

    class Spy(LcgHeuristicAgent):
        def choose(self, game: Game, request: DecisionRequest) -> int:
            assert isinstance(game, LcgGame)
            shown.append(_hidden(game))
            return super().choose(game, request)

    def prior_sees(game: LcgGame, request: DecisionRequest) -> tuple[object, ...]:
        agent = LcgSearchAgent(11, Budget(1))
        agent.heuristic = Spy(11)
        agent.choose(game, request)
        return shown.pop()

    game, request = _at_decision("commit")
    before = prior_sees(game, request)
    assert before != _hidden(game)  # not the real deal
    _reorder_hidden(game)
    assert prior_sees(game, request) == before


def test_a_world_is_dealt_from_what_the_seat_sees_only() -> None:
    game, request = _at_decision("defend")
    seat = request.player
    twin = game.copy()
    determinize(twin, game, seat, 42)
    reordered = game.copy()
    _reorder_hidden(reordered)
    other = reordered.copy()
    determinize(other, reordered, seat, 42)
    assert twin.state.zones == other.state.zones
    assert twin.state.shadow_of == other.state.shadow_of
    assert twin.state.rng.state == other.state.rng.state
    # the seat's own hand is left as it is; every pile keeps its size
    assert twin.state.zones[(HAND, seat)] == game.state.zones[(HAND, seat)]
    assert {k: len(v) for k, v in twin.state.zones.items()} == {k: len(v) for k, v in game.state.zones.items()}


def test_a_search_game_is_reproducible_and_the_same_with_one_or_two_workers() -> None:
    settings = SimSettings(
        family="lcg",
        games=2,
        players=2,
        seed=4,
        bot="search",
        search_budget="2",
        card_paths=(str(MINI),),
        scenario="mini-quest",
        decks=("wardens", "rangers"),
    )
    alone = run_simulation(settings, workers=1)
    shared = run_simulation(settings, workers=2)
    assert alone.tally == shared.tally
    again = run_simulation(attrs.evolve(settings), workers=1)
    assert again.tally == alone.tally


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_game_and_simulate_take_the_search_bot(capsys: pytest.CaptureFixture[str]) -> None:
    mini = ["--cards", str(MINI), "--scenario", "mini-quest", "--decks", "wardens,rangers"]
    out = _run(capsys, "game", "--game", "lcg", *mini, "--bot", "search", "--search-budget", "2", "--quiet")
    assert "The players" in out
    out = _run(
        capsys,
        "simulate",
        "--game",
        "lcg",
        *mini,
        "--bot",
        "search",
        "--search-budget",
        "2",
        "--games",
        "1",
        "--no-progress",
    )
    assert "search" in out or "Won" in out or "won" in out


def test_play_seats_the_search_bot_beside_a_person(capsys: pytest.CaptureFixture[str]) -> None:
    mini = ["--cards", str(MINI), "--scenario", "mini-quest", "--decks", "wardens,rangers"]
    out = _run(capsys, "play", "--game", "lcg", *mini, "--humans", "0", "--bot", "search", "--search-budget", "2")
    assert "The players" in out


def test_a_bad_budget_is_refused_before_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["game", "--bot", "search", "--search-budget", "ten"])
    assert "--search-budget" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["game", "--search-budget", "4"],
        ["game", "--game", "lcg", "--bot", "heuristic", "--search-budget", "4"],
        ["simulate", "--game", "adventure-deck", "--search-budget", "4", "--games", "1"],
        ["play", "--game", "adventure-deck", "--bot", "adaptive", "--search-budget", "4"],
    ],
    ids=["default-bot", "named-bot", "simulate", "play"],
)
def test_a_budget_no_seat_would_read_is_refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """A budget beside bots that do not search would change nothing: the command says so rather
    than playing as if it had been heard."""
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert "--search-budget: only the search bot reads it" in captured.err
    assert "add --bot search" in captured.err
    assert captured.out == ""


def test_the_deck_building_game_takes_the_search_bot(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(capsys, "game", "--players", "2", "--bot", "search", "--search-budget", "2", "--quiet")
    assert "wins" in out.lower() or "winner" in out.lower() or "score" in out.lower()
    out = _run(
        capsys, "simulate", "--players", "2", "--bot", "search", "--search-budget", "2", "--games", "2", "--no-progress"
    )
    assert out


def _deckbuilding_at_buy(seed: int = 5, turn: int = 6) -> tuple[DeckbuildingGame, DecisionRequest]:
    """A two-player deck-building game stopped at a buy (three options or more) from ``turn`` on."""
    found: list[DecisionRequest] = []

    class Probe:
        def __init__(self, seat: int) -> None:
            self.bot = HeuristicAgent(seed=seat)

        def choose(self, game: Game, request: DecisionRequest) -> int:
            first = request.options[0].value
            buying = request.kind == "action" and not (isinstance(first, tuple) and first[0] == "play")
            if buying and game.state.turn >= turn and len(request.options) >= 3:
                found.append(request)
                raise _Found
            return self.bot.choose(game, request)

    config = GameConfig(players=2, seed=seed, sets=("two-towers",))
    game = DeckbuildingGame(load_sets(()), config, [Probe(0), Probe(1)])
    with pytest.raises(_Found):
        game.play_game()
    return game, found[0]


def test_the_deck_building_search_decides_the_same_whatever_the_hidden_cards_order() -> None:
    game, request = _deckbuilding_at_buy()
    agent = DeckbuildingSearchAgent(3, Budget(12))
    before = (agent.choose(game, request), list(agent.means))
    zones = game.state.zones
    for player in range(2):
        zones[(DB_DECK, player)].reverse()
    other = 1 - request.player
    # the opponent's hand and deck trade cards: what the seat cannot see
    if zones[(DB_DECK, other)] and zones[(DB_HAND, other)]:
        zones[(DB_DECK, other)][0], zones[(DB_HAND, other)][0] = zones[(DB_HAND, other)][0], zones[(DB_DECK, other)][0]
    zones[(MAIN, -1)].reverse()
    game.state.rng = Rng(424242)
    agent = DeckbuildingSearchAgent(3, Budget(12))
    assert (agent.choose(game, request), list(agent.means)) == before


def _finish(game: DeckbuildingGame, choice: int) -> list[int]:
    """The winners once the seat has answered ``choice`` and the heuristic bots play on."""
    twin = DeckbuildingGame(game.catalogue, game.config, [HeuristicAgent(seed=seat) for seat in range(2)])
    twin.replay_queue.extend([*game.state.choices, choice])
    winners: list[int] = twin.play_game()["winners"]
    return winners


def test_the_deck_building_search_finds_the_winning_buy_the_heuristic_passes_over() -> None:
    """A constructed position: the game's last turn (a turn limit of the current turn), one
    point behind. The heuristic bot buys by a card's value and loses by a point; the search
    plays the turn out and finds the buy that wins."""
    game, request = _deckbuilding_at_buy(seed=18, turn=12)
    game.config = attrs.evolve(game.config, max_turns=game.state.turn)
    seat = request.player
    heuristic = HeuristicAgent(seed=3).choose(game, request)
    assert seat not in _finish(game, heuristic)
    choice = DeckbuildingSearchAgent(3, Budget(8)).choose(game, request)
    assert choice != heuristic
    assert _finish(game, choice) == [seat]


def test_a_budget_in_milliseconds_stops_after_the_world_that_spends_it() -> None:
    """A Card Game playout takes milliseconds: with 1 ms, one world is played (each candidate
    once), never more."""
    game, request = _at_decision("commit")
    agent = LcgSearchAgent(5, parse_budget("1ms"))
    agent.choose(game, request)
    assert agent.playouts == len(agent.means) == 3


def test_the_session_layer_seats_the_search_bot_in_both_families_with_its_budget() -> None:
    """The terminal, simulate and the browser all build their bots through the session layer."""
    from lotr_rules.session import deckbuilding as session_deckbuilding
    from lotr_rules.session import families
    from lotr_rules.session import lcg as session_lcg
    from lotr_rules.session.seats import SeatBot, with_budget

    for name in ("deckbuilding", "lcg"):
        assert "search" in families.family(name).bots
    lcg_bot = session_lcg.make_bot("search", 3, Budget(4))
    assert isinstance(lcg_bot, LcgSearchAgent) and lcg_bot.budget == Budget(4)
    deckbuilding = with_budget(session_deckbuilding.make_bot, Budget(5))("search", 3)
    assert isinstance(deckbuilding, DeckbuildingSearchAgent) and deckbuilding.budget == Budget(5)
    assert SeatBot("search", 1, 0, session_lcg.make_bot).thinks_apart
    assert not SeatBot("heuristic", 1, 0, session_lcg.make_bot).thinks_apart


def test_with_no_budget_given_each_family_searches_at_its_own_default() -> None:
    """A deck-building playout is a whole game of a few milliseconds: that family searches at 64
    playouts unless told otherwise, the Card Game at 6; a budget given still wins."""
    from lotr_rules.agents.search import deckbuilding as search_deckbuilding
    from lotr_rules.agents.search.core import DEFAULT_BUDGET
    from lotr_rules.session import deckbuilding as session_deckbuilding
    from lotr_rules.sim.deckbuilding import DeckbuildingFamily

    assert Budget(64) == search_deckbuilding.DEFAULT_BUDGET and Budget(6) == DEFAULT_BUDGET
    assert parse_budget(None, search_deckbuilding.DEFAULT_BUDGET) == Budget(64)
    assert parse_budget("9", search_deckbuilding.DEFAULT_BUDGET) == Budget(9)
    seated = session_deckbuilding.make_bot("search", 3)
    assert isinstance(seated, DeckbuildingSearchAgent) and seated.budget == Budget(64)
    catalogue = load_sets(())
    for given, expected in (("", Budget(64)), ("7", Budget(7))):
        settings = SimSettings(games=1, seed=1, bot="search", players=2, search_budget=given)
        game = DeckbuildingFamily().make_game(catalogue, settings, 1)
        assert all(isinstance(a, DeckbuildingSearchAgent) and a.budget == expected for a in game.agents)
    lcg_bot = LcgSearchAgent(3)
    assert lcg_bot.budget == Budget(6)


def test_the_candidates_tried_are_the_prior_doing_less_and_the_strongest_other_answer() -> None:
    """At a commit, the few candidates tried beside the heuristic's choice are stopping and
    then the characters with the most willpower, not the first ones listed."""
    game, request = _at_decision("commit")
    first = LcgHeuristicAgent(3).choose(game, request)
    others = search_lcg.alternatives(game, request, first)
    assert first not in others and sorted([first, *others]) == list(range(len(request.options)))
    if request.options[first].value is not None:
        assert request.options[others[0]].value is None  # "done" comes first
    chosen = [request.options[i].card for i in others if request.options[i].value is not None]
    willpowers = [game.stat(card, "willpower") for card in chosen]
    assert willpowers == sorted(willpowers, reverse=True)


def test_a_playout_scores_a_stage_left_behind_and_a_later_loss_above_an_earlier_one() -> None:
    game, _ = _at_decision("commit")
    stage_now = search_lcg.value(game) - search_lcg.outlook(game)
    assert stage_now == search_lcg.STAGE * 1  # the first quest stage
    game.state.finished = True
    game.state.result = {"won": False}
    early = search_lcg.value(game)
    game.state.turn += 3
    assert search_lcg.value(game) == early + 3 * search_lcg.ROUND_SURVIVED
    game.state.result = {"won": True}
    assert search_lcg.value(game) == search_lcg.DECIDED


def test_a_playout_scores_damage_on_the_enemy_a_held_stage_waits_for() -> None:
    """Damage on an enemy in play is worth more to a playout while the quest stage has all its
    progress and is still there: only that enemy's end lets the game go on."""
    game = table(1)
    clear_staging(game)
    lurker = put(game, "Test Lurker", ENGAGED, 0)
    stage = game.z(QUEST)[0]
    before = search_lcg.value(game)
    game.state.damage[lurker] = 2
    plain = search_lcg.value(game) - before
    game.state.progress[stage] = game.stat(stage, "quest_points")
    held = search_lcg.value(game)
    del game.state.damage[lurker]
    assert held - search_lcg.value(game) == plain + 2 * search_lcg.HELD_DAMAGE


@pytest.mark.parametrize(("kind", "nth", "seed"), [("commit", 3, 3), ("defend", 1, 2), ("attack", 1, 5)])
def test_a_playout_from_the_rounds_start_scores_as_one_replayed_from_the_games_start(
    kind: str, nth: int, seed: int
) -> None:
    """A playout copies the game as it stood when the round began and replays only this round's
    answers: every candidate in every world must score exactly as a replay of the whole game."""
    game, request = _at_decision(kind, nth, seed)
    assert game.state.turn > 1  # a round with rounds before it: the copy skips their replay
    start = search_lcg.round_start(game)
    assert (start.turn, start.game.state.turn) == (game.state.turn, game.state.turn - 1)
    assert start.answered < len(game.state.choices)
    for candidate in range(3):
        for world in (1, 77, 4096):
            replayed = search_lcg.play_out(game, request, candidate, world, 1)
            resumed = search_lcg.play_out(game, request, candidate, world, 1, start)
            assert resumed == replayed, (candidate, world)
    # the start is copied, never played on: a later playout sees it as it was
    assert start.game.state.turn == game.state.turn - 1
    assert search_lcg.play_out(game, request, 0, 1, 1, start) == search_lcg.play_out(game, request, 0, 1, 1)


def test_the_round_start_is_rebuilt_once_a_round() -> None:
    game, request = _at_decision("commit", 3, 3)
    agent = LcgSearchAgent(11, Budget(6))
    agent.choose(game, request)
    first = agent.start
    assert first is not None and first.turn == game.state.turn
    agent.choose(game, request)
    assert agent.start is first  # the same round: kept
