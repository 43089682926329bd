"""The LCG agents: what the cooperative heuristic bot does at each decision it is built for,
and that it plays the fixture scenario far better than chance (its win rates are measured by
the figures in docs/lcg-rules.md)."""

from __future__ import annotations

from lcg_fixtures import config, heuristic, named, random_agents, trigger_config
from lcg_table import clear_staging, put, table

from lotr_rules.engine.decisions import DecisionRequest, Option
from lotr_rules.games.lcg import fight_plan, triggers
from lotr_rules.games.lcg.bots import LcgHeuristicAgent
from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.games.lcg.state import DECK, ENGAGED, HAND, QUEST, STAGING


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
    defender = ask(game, "defend", options, brute).card
    assert defender in characters
    assert game.stat(brute, "attack") - game.stat(defender, "defense") < game.remaining_hit_points(defender)


def test_keeps_the_characters_that_destroy_an_enemy_out_of_the_quest() -> None:
    """The round is planned as a whole: with an enemy engaged, the characters that can destroy
    it after its attack are not sent to the quest (before, the best defenders were kept back
    and no one was left to attack, so enemies piled up)."""
    game = table(1)
    clear_staging(game)
    brute = put(game, "Test Brute", ENGAGED, 0)
    heroes = game.heroes(0)
    options = [Option("done", None), *(game.card_option(c) for c in heroes)]
    committed: list[int] = []
    for _ in heroes:
        chosen = ask(game, "commit", options).card
        if chosen < 0 or chosen in committed:
            break
        committed.append(chosen)
        game.state.committed.add(chosen)
        game.state.exhausted.add(chosen)
    kept = [c for c in heroes if c not in committed]
    power = sum(game.stat(c, "attack") for c in kept)
    assert power - game.stat(brute, "defense") >= game.remaining_hit_points(brute)
    assert committed  # someone still quests


def test_attacks_what_it_can_destroy_first_and_wears_down_the_rest() -> None:
    """Players attack after the enemies (RR "Combat Phase"), and their characters ready in the
    refresh phase: ready characters attack, an enemy they can destroy first."""
    game = table(1)
    lurker = put(game, "Test Lurker", ENGAGED, 0)  # defense 2, 5 hit points: 6 attack is not enough
    prowler = put(game, "Test Prowler", ENGAGED, 0)
    options = [Option("no more attacks", None), game.card_option(lurker), game.card_option(prowler)]
    assert ask(game, "attack", options).card == prowler
    assert ask(game, "attack", options[:2]).card == lurker  # 4 damage now, the rest next round
    for hero in game.heroes(0):
        game.state.exhausted.add(hero)
    assert ask(game, "attack", options[:2]).value is None  # no one ready: nothing to attack with


def test_plays_the_ally_it_can_afford() -> None:
    game = table(1)
    for hero in game.heroes(0):
        game.state.resources[hero] = 2
    for card in list(game.z(HAND, 0)):
        if game.records[card].type == "attachment":
            game.move(card, DECK, 0)  # a cheap attachment would come first
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


def test_uses_the_responses_it_is_offered() -> None:
    game = table(1)
    respond = [Option("pass", None), Option("Test Ward: cancel", (3, 0), 3)]
    assert ask(game, "response", respond).value == (3, 0)


def _window(game: LcgGame, player: int = 0) -> list[Option]:
    """The options of an action window, as the game offers them."""
    return [Option("pass", None), *game.playable(player, planning=False), *triggers.action_options(game, player)]


def test_plays_an_event_when_it_helps_and_keeps_it_when_it_would_not() -> None:
    """Test Rally gives each hero +1 willpower until the end of the phase: worth its card and
    resource while the heroes are committed to the quest, and nothing outside it."""
    game = table(1)
    clear_staging(game)
    seer = named(game, "Test Seer")
    game.state.resources[seer] = 1
    rally = put(game, "Test Rally", HAND, 0)
    game.state.phase = "planning"
    assert ask(game, "action", _window(game)).value is None
    game.state.phase = "quest"
    game.state.committed.update(game.heroes(0))
    chosen = ask(game, "action", _window(game))
    assert chosen.card == rally
    assert rally in game.z(HAND, 0) and game.state.resources[seer] == 1  # judged on a copy only


def test_uses_an_action_of_a_card_in_play_that_gains_something() -> None:
    game = LcgGame(trigger_config(1, mulligan=False), heuristic(1))
    steward = named(game, "Test Steward")
    options = _window(game)
    assert any(o.value == ("ability", steward, 0) for o in options)
    assert ask(game, "action", options).value == ("ability", steward, 0)


def test_without_look_ahead_the_bot_keeps_events() -> None:
    game = table(1)
    seer = named(game, "Test Seer")
    game.state.resources[seer] = 1
    put(game, "Test Rally", HAND, 0)
    game.state.phase = "quest"
    game.state.committed.update(game.heroes(0))
    request = DecisionRequest(0, "action", "action", tuple(_window(game)), -1)
    assert LcgHeuristicAgent(look_ahead=False).choose(game, request) == 0


def test_the_heuristic_bot_wins_with_the_triggered_ability_cards_too() -> None:
    games = 40
    wins = sum(LcgGame(trigger_config(2, seed), heuristic(2, seed)).play_game()["won"] for seed in range(games))
    assert wins >= games // 5


def test_commits_no_more_willpower_than_the_quest_can_take() -> None:
    """With 1 progress left to complete the stage and nothing staged, 3 willpower is enough
    (the margin shrinks to the progress the quest can take, plus 1 for the card revealed):
    the bot keeps the rest of its heroes ready."""
    game = table(1)
    clear_staging(game)
    stage = game.z(QUEST)[0]
    game.state.progress[stage] = game.stat(stage, "quest_points") - 1
    seer = named(game, "Test Seer")  # 3 willpower
    options = [Option("done", None), *(game.card_option(c) for c in game.heroes(0))]
    game.state.committed.add(seer)
    assert ask(game, "commit", options).value is None
    del game.state.progress[stage]  # the whole stage to go: more willpower is committed
    assert ask(game, "commit", options).value is not None


def test_wears_down_the_enemy_a_held_stage_waits_for() -> None:
    """While the quest stage has all its progress and is still there (its text keeping it while
    an enemy is in play, as Journey Down the Anduin's first stage does while a Hill Troll is),
    the round's plan keeps characters back to damage an engaged enemy too tough to destroy in
    one attack; otherwise such an enemy is not worth their willpower."""
    game = table(1)
    clear_staging(game)
    lurker = put(game, "Test Lurker", ENGAGED, 0)  # defense 2, 5 hit points: 6 attack is not enough
    heroes = game.heroes(0)
    need = fight_plan.QuestNeed(0, 4)
    assert fight_plan.best_plan(game, 0, heroes, [lurker], need).groups == {}
    stage = game.z(QUEST)[0]
    game.state.progress[stage] = game.stat(stage, "quest_points")
    assert fight_plan.stage_held(game)
    plan = fight_plan.best_plan(game, 0, heroes, [lurker], need)
    assert set(plan.groups) == {lurker}
    assert sum(game.stat(c, "attack") for c in plan.groups[lurker]) > game.stat(lurker, "defense")
