"""The LCG agents: what the cooperative heuristic bot does at each decision it is built for,
and that it plays the fixture scenario far better than chance (its win rates are measured by
the figures in docs/lcg-rules.md)."""

from __future__ import annotations

from lcg_fixtures import config, heuristic, named, random_agents, trigger_config
from lcg_table import clear_staging, put, table

from lotr_rules.engine.decisions import DecisionRequest, Option
from lotr_rules.games.lcg.bots import LcgHeuristicAgent
from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.games.lcg.state import ENGAGED, HAND, STAGING


def ask(game: LcgGame, kind: str, options: list[Option], source: int = -1, player: int = 0) -> Option:
    request = DecisionRequest(player, kind, kind, tuple(options), source)
    return options[LcgHeuristicAgent().choose(game, request)]


def test_commits_willpower_until_the_staging_threat_is_beaten() -> None:
    game = table(1)
    clear_staging(game)
    options = [Option("done", None), *(game.card_option(c) for c in game.heroes(0))]
    assert ask(game, "commit", options).card == named(game, "Test Seer")  # the most willpower
    for hero in game.heroes(0):
        game.state.committed.add(hero)
    assert ask(game, "commit", options).value is None  # 6 willpower beats an empty staging area


def test_keeps_its_best_defender_back_when_an_enemy_threatens() -> None:
    game = table(1)
    put(game, "Test Brute", STAGING)
    options = [Option("done", None), *(game.card_option(c) for c in game.heroes(0))]
    game.state.committed.add(named(game, "Test Seer"))
    chosen = ask(game, "commit", options)
    assert chosen.card != named(game, "Test Warden")  # the best defender (2 defense, 5 hit points)


def test_defends_with_a_character_that_survives() -> None:
    game = table(2)
    brute = put(game, "Test Brute", ENGAGED, 0)  # attack 3
    characters = [named(game, n) for n in ("Test Seer", "Test Warden", "Test Shieldbearer")]
    options = [Option("no defender", None), *(game.card_option(c) for c in characters)]
    assert ask(game, "defend", options, brute).card == named(game, "Test Shieldbearer")


def test_attacks_only_what_it_can_destroy() -> None:
    game = table(1)
    lurker = put(game, "Test Lurker", ENGAGED, 0)  # defense 2, 5 hit points: 6 attack is not enough
    prowler = put(game, "Test Prowler", ENGAGED, 0)
    options = [Option("no more attacks", None), game.card_option(lurker), game.card_option(prowler)]
    assert ask(game, "attack", options).card == prowler
    assert ask(game, "attack", options[:2]).value is None


def test_plays_the_ally_it_can_afford() -> None:
    game = table(1)
    for hero in game.heroes(0):
        game.state.resources[hero] = 2
    put(game, "Test Spearman", HAND, 0)
    options = [Option("pass", None), *game.playable(0, planning=True)]
    assert ask(game, "plan", options).label == "play Test Spearman"


def test_the_heuristic_bot_wins_far_more_than_chance() -> None:
    games = 60
    wins = {"heuristic": 0, "random": 0}
    for seed in range(games):
        wins["heuristic"] += LcgGame(config(1, seed), heuristic(1, seed)).play_game()["won"]
        wins["random"] += LcgGame(config(1, seed), random_agents(1, seed)).play_game()["won"]
    assert wins["heuristic"] >= games // 4
    assert wins["heuristic"] >= 4 * max(wins["random"], 1)


def test_uses_the_responses_and_card_actions_it_is_offered() -> None:
    game = table(1)
    respond = [Option("pass", None), Option("Test Ward: cancel", (3, 0), 3)]
    assert ask(game, "response", respond).value == (3, 0)
    act = [Option("pass", None), Option("play Test Rally", (5, -1), 5), Option("Test Steward", ("ability", 1, 0), 1)]
    assert ask(game, "action", act).value == ("ability", 1, 0)
    assert ask(game, "action", act[:2]).value is None  # events are kept


def test_the_heuristic_bot_wins_with_the_triggered_ability_cards_too() -> None:
    games = 40
    wins = sum(LcgGame(trigger_config(2, seed), heuristic(2, seed)).play_game()["won"] for seed in range(games))
    assert wins >= games // 5
