"""A Plan 2 match (lotr_rules.games.deckbuilding.match): the Two Towers rulebook's combining
chapter, "Plan #2": one shuffled deck split in half, a game on each half, game-2 heroes chosen
lowest game-1 scorer first, a different set of heroes and Archenemies in each game, and the two
games' scores added up to decide the match.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import attrs
import pytest

from lotr_rules.agents.bots import HeuristicAgent, RandomAgent, definition_value
from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.cli import main
from lotr_rules.engine.decisions import Agent, DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.errors import ConfigError
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import ARCHENEMY, MAIN, PATH, DeckbuildingGame
from lotr_rules.games.deckbuilding.match import (
    HERO_DECISION,
    check_match,
    choice_order,
    hero_request,
    match_winners,
    play_match,
    second_record_path,
)
from lotr_rules.games.deckbuilding.mix import build_mix
from lotr_rules.games.deckbuilding.record import read_record, replay
from lotr_rules.sim.families import SimSettings
from lotr_rules.sim.results import GameResult, MatchOutcome
from lotr_rules.sim.runner import run_games, run_simulation
from lotr_rules.sim.stats import summarize

BOTH = ("two-towers", "fellowship")


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return load_sets()


def _bots(players: int) -> list[Agent]:
    return [HeuristicAgent(seed=seat) for seat in range(players)]


def _config(players: int = 4, seed: int = 7, sets: tuple[str, ...] = BOTH) -> GameConfig:
    return GameConfig(players=players, seed=seed, sets=sets, mix="plan-2")


class _Recorder:
    """A heuristic bot that notes every hero request it is asked."""

    def __init__(self, seat: int, asked: list[DecisionRequest]) -> None:
        self.bot = HeuristicAgent(seed=seat)
        self.asked = asked

    def choose(self, game: Game, request: DecisionRequest) -> int:
        if request.kind == HERO_DECISION:
            self.asked.append(request)
        return self.bot.choose(game, request)


def _main_as_set_up(catalogue: Catalogue, config: GameConfig) -> Counter[str]:
    game = DeckbuildingGame(catalogue, config, [])
    return Counter(game.cards[c].id for c in (*game.z(MAIN), *game.z(PATH)))


# ---------------------------------------------------------------------- the two halves
def test_the_halves_are_disjoint_and_make_the_whole_deck(catalogue: Catalogue) -> None:
    first, second, _ = play_match(catalogue, _config(seed=11), _bots(4))
    assert (first.config.half, second.config.half) == (1, 2)
    assert first.config.seed == second.config.seed  # the same shuffle, cut in two
    one, two = _main_as_set_up(catalogue, first.config), _main_as_set_up(catalogue, second.config)
    whole = Counter(c.id for c in catalogue.by_deck(BOTH)["main"] for _ in range(c.copies))
    assert one + two == whole
    assert sum(one.values()) - sum(two.values()) in (0, 1)
    halves = build_mix(catalogue, first.config), build_mix(catalogue, second.config)
    assert halves[0].main == halves[1].set_aside and halves[1].main == halves[0].set_aside


# ---------------------------------------------------------------------- heroes
def test_game_two_heroes_differ_and_the_lowest_scorer_chooses_first(catalogue: Catalogue) -> None:
    asked: list[DecisionRequest] = []
    agents: list[Agent] = [_Recorder(seat, asked) for seat in range(4)]
    first, second, match = play_match(catalogue, _config(seed=3), agents)
    before, after = first.state.result["heroes"], second.state.result["heroes"]
    assert not set(before) & set(after), "game 2 uses a different set of heroes"
    assert len(set(after)) == 4
    scores = first.state.result["scores"]
    # Rulebook, combining chapter, Plan #2: the lowest scorer of game 1 chooses first.
    assert [scores[seat] for seat in match.order] == sorted(scores)
    assert [request.player for request in asked] == list(match.order[: len(asked)])
    pool = [h.name for h in build_mix(catalogue, first.config).heroes]
    assert [len(request.options) for request in asked] == [len(pool) - 4 - i for i in range(len(asked))]
    assert second.config.heroes == tuple(after)  # game 2's record replays with its heroes


def test_choice_order_breaks_ties_by_archenemies_then_seat() -> None:
    result = {"scores": [5, 3, 5, 3], "archenemies": [1, 2, 0, 2]}
    assert choice_order(result) == (1, 3, 2, 0)


def test_with_few_heroes_a_player_never_gets_their_own_game_one_hero(catalogue: Catalogue) -> None:
    # The Two Towers alone has 7 heroes: 4 players leave 3 unplayed, so one player takes a hero
    # another played in game 1 (never their own), and the set of heroes still differs.
    for seed in range(1, 6):
        first, second, _ = play_match(catalogue, _config(sets=("two-towers",), seed=seed), _bots(4))
        before, after = first.state.result["heroes"], second.state.result["heroes"]
        assert all(a != b for a, b in zip(before, after, strict=True))
        assert set(before) != set(after) and len(set(after)) == 4
        assert len(set(after) - set(before)) == 3


def test_a_match_needs_more_heroes_than_players(tmp_path: Path) -> None:
    folder = tmp_path / "tiny"
    (folder / "heroes").mkdir(parents=True)
    (folder / "set.toml").write_text(
        'code = "tiny"\nname = "Two heroes"\nlanguage = 5\nfamily = "deckbuilding"\n', encoding="utf-8"
    )
    for name in ("One", "Two"):
        (folder / "heroes" / f"hero-{name.lower()}.card").write_text(
            f'card "Hero {name}" {{\n  id hero-{name.lower()}\n  type hero\n  deck hero\n  cost 0\n'
            '  copies 1\n  provenance designed\n  text "Test."\n}\n',
            encoding="utf-8",
        )
    tiny = load_sets((tmp_path,))
    with pytest.raises(ConfigError, match="more heroes than players"):
        check_match(tiny, _config(players=2, sets=("tiny",)))


def test_the_heuristic_bot_takes_the_hero_with_the_best_starting_card(catalogue: Catalogue) -> None:
    first, _, _ = play_match(catalogue, _config(seed=5), _bots(4))
    heroes = [h.name for h in build_mix(catalogue, first.config).heroes]

    def worth(name: str) -> float:
        hero = catalogue.get(name, BOTH)
        return definition_value(catalogue.get(hero.starting_card, (hero.set_code, *BOTH))) if hero.starting_card else 0

    request = hero_request(0, heroes)
    for seed in range(5):
        picked = heroes[HeuristicAgent(seed=seed).choose(first, request)]
        assert worth(picked) == max(worth(h) for h in heroes)
    assert 0 <= RandomAgent(seed=1).choose(first, request) < len(heroes)


# ---------------------------------------------------------------------- Archenemies
def _stack(game: DeckbuildingGame) -> list[str]:
    fresh = DeckbuildingGame(game.catalogue, game.config, [])
    return [fresh.cards[c].name for c in fresh.z(ARCHENEMY)]


def test_game_two_takes_the_other_sets_archenemies(catalogue: Catalogue) -> None:
    first, second, _ = play_match(catalogue, _config(seed=2), _bots(4))
    sets = [
        {g.cards[c].set_code for c in DeckbuildingGame(catalogue, g.config, []).z(ARCHENEMY)} for g in (first, second)
    ]
    assert sets == [{"two-towers"}, {"fellowship"}]


def test_with_one_set_game_two_meets_other_archenemies_as_far_as_the_levels_allow(catalogue: Catalogue) -> None:
    by_level = Counter(a.level for a in catalogue.by_deck(("two-towers",))["archenemy"])
    for seed in (1, 8):
        first, second, _ = play_match(catalogue, _config(players=3, sets=("two-towers",), seed=seed), _bots(3))
        one, two = _stack(first), _stack(second)
        assert set(second.config.avoid_archenemies) == set(one)
        levels = {a.name: a.level for a in catalogue.by_deck(("two-towers",))["archenemy"]}
        for level in (2, 3):
            used = [n for n in one if levels[n] == level]
            again = [n for n in two if levels[n] == level and n in used]
            fresh_available = by_level[level] - len(used)
            assert len(again) == max(0, len([n for n in two if levels[n] == level]) - fresh_available)
        # A stack needs its level 1 and level 4 Archenemy: the set has one of each, met again.
        assert [n for n in two if levels[n] in (1, 4)] == [n for n in one if levels[n] in (1, 4)]


def test_avoid_archenemies_belongs_to_a_second_game_only() -> None:
    with pytest.raises(ConfigError, match="only the second game of a plan-2 match"):
        GameConfig(mix="plan-2", half=1, avoid_archenemies=("Shelob",)).check_mix()
    with pytest.raises(ConfigError, match="avoid_archenemies must be a list"):
        GameConfig.from_json({"mix": "plan-2", "half": 2, "avoid_archenemies": "Shelob"})
    config = GameConfig(mix="plan-2", half=2, avoid_archenemies=("Shelob",))
    assert GameConfig.from_json(json.loads(json.dumps(config.to_json()))) == config
    assert "avoid_archenemies" not in GameConfig(mix="plan-2", half=2).to_json()


# ---------------------------------------------------------------------- scores and the winner
def test_match_scores_add_up(catalogue: Catalogue) -> None:
    first, second, match = play_match(catalogue, _config(players=3, seed=4), _bots(3))
    one, two = first.state.result, second.state.result
    assert match.totals == tuple(a + b for a, b in zip(one["scores"], two["scores"], strict=True))
    assert match.archenemies == tuple(a + b for a, b in zip(one["archenemies"], two["archenemies"], strict=True))
    best = max(match.totals)
    assert all(match.totals[seat] == best for seat in match.winners)


@pytest.mark.parametrize(
    ("totals", "archenemies", "winners"),
    [((10, 12, 12), (1, 0, 2), (2,)), ((12, 12), (1, 1), (0, 1)), ((30, 12, 29), (0, 9, 9), (0,))],
)
def test_match_winner_ties_go_to_the_most_archenemies(
    totals: Sequence[int], archenemies: Sequence[int], winners: tuple[int, ...]
) -> None:
    assert match_winners(totals, archenemies) == winners


def test_the_same_seed_plays_the_same_match(catalogue: Catalogue) -> None:
    def digests(seed: int) -> tuple[str, str, tuple[str, ...]]:
        first, second, _ = play_match(catalogue, _config(players=3, seed=seed), _bots(3))
        return first.state.digest(), second.state.digest(), second.config.heroes

    assert digests(21) == digests(21)
    assert digests(21) != digests(22)


# ---------------------------------------------------------------------- the command line
def test_game_command_plays_the_whole_match_and_records_both_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], catalogue: Catalogue
) -> None:
    record = tmp_path / "match.json"
    args = ["game", "--quiet", "--players", "3", "--seed", "5", "--sets", ",".join(BOTH), "--mix", "plan-2"]
    assert main([*args, "--record", str(record)]) == 0
    out = capsys.readouterr().out
    assert "=== Game 1 of the match" in out and "=== Game 2 of the match" in out
    assert out.count("Game over after") == 2
    assert "heroes (game 1 / game 2)" in out and "Match winner" in out
    second = second_record_path(record)
    assert second.name == "match-game2.json" and str(second) in out
    for number, path in ((1, record), (2, second)):
        data = read_record(path)
        assert data["match"] == {"plan": "plan-2", "game": number}
        assert data["config"]["half"] == number
        assert replay(catalogue, data).state.digest() == data["digest"]
    assert read_record(second)["config"]["heroes"]
    assert main(["replay", str(second), "--final"]) == 0
    assert "digest ok" in capsys.readouterr().out


def test_game_command_half_plays_one_game_of_the_match(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["game", "--quiet", "--players", "3", "--seed", "5", "--sets", ",".join(BOTH), "--mix", "plan-2"]
    assert main([*args, "--half", "2"]) == 0
    out = capsys.readouterr().out
    assert out.count("Game over after") == 1 and "Match" not in out


def test_game_command_refuses_a_match_it_cannot_play(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:  # past any game's players: the command line refuses it
        main(["game", "--quiet", "--players", "9", "--mix", "plan-2"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "players" in err


# ---------------------------------------------------------------------- simulate
MATCHES = SimSettings(games=4, players=3, seed=5, sets=BOTH, mix="plan-2", match=True)


def test_simulated_matches_do_not_depend_on_the_number_of_workers() -> None:
    alone = run_simulation(MATCHES, workers=1)
    shared = run_simulation(MATCHES, workers=2)
    assert shared.workers == 2
    assert alone.tally == shared.tally
    assert alone.tally.matches == MATCHES.games


def test_a_simulated_match_is_the_match_the_game_command_plays(catalogue: Catalogue) -> None:
    (result,) = run_games(MATCHES, [2])
    assert result.match is not None
    one, two = result, result.match.second
    assert result.match.totals == tuple(a + b for a, b in zip(one.scores, two.scores, strict=True))
    assert not set(one.heroes) & set(two.heroes)
    assert GameResult.from_json(json.loads(json.dumps(result.to_json()))) == result


def test_match_statistics() -> None:
    def game(heroes: tuple[str, ...], scores: tuple[int, ...]) -> GameResult:
        winners = tuple(seat for seat, s in enumerate(scores) if s == max(scores))
        return GameResult(index=0, seed=0, reason="r", turns=1, heroes=heroes, scores=scores, winners=winners)

    second = game(("C", "A"), (1, 9))
    first = attrs.evolve(game(("A", "B"), (10, 0)), match=MatchOutcome(second, (11, 9), (0,)))
    summary = summarize([first])
    assert summary["games"] == 2  # both games of the match
    matches = summary["matches"]
    assert matches["matches"] == 1 and matches["ties"] == 0
    assert matches["seats"]["1"] == {"matches": 1, "wins": 1, "win_rate": 1.0, "average_total": 11.0}
    assert matches["heroes"]["A"]["matches"] == 2 and matches["heroes"]["A"]["wins"] == 1
    assert matches["heroes"]["C"]["wins"] == 1
    assert "matches" not in summarize([game(("A", "B"), (1, 2))])


def test_simulate_command_reports_match_win_rates(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--games", "3", "--players", "3", "--no-progress", "--sets", ",".join(BOTH), "--mix", "plan-2"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "6 deckbuilding games" in out and "3 two-game matches" in out
    assert "Match win rate by seat" in out and "Match win rate by hero" in out
    assert main([*args, "--half", "1", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 3 and "matches" not in report and "match" not in report["settings"]


def test_game_command_refuses_a_record_it_cannot_write(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["game", "--quiet", "--players", "2", "--sets", ",".join(BOTH), "--mix", "plan-2"]
    assert main([*args, "--record", str(tmp_path / "nowhere" / "match.json")]) != 0
    assert "folder" in capsys.readouterr().err
    (tmp_path / "match-game2.json").mkdir()  # game 2's record cannot be written
    assert main([*args, "--record", str(tmp_path / "match.json")]) != 0
    err = capsys.readouterr().err
    assert "cannot write the record" in err and "Traceback" not in err and "internal error" not in err
