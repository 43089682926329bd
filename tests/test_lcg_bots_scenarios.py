"""What the heuristic bot does with the words of the core set's harder scenarios: an enemy whose
excess damage raises threat (the Hill Troll), objectives guarded and claimed (Escape from Dol
Guldur). Each test sets a table with the
real card scripts and asks the bot the decision it would be asked in a game."""

from __future__ import annotations

from lcg_fixtures import BRUTE, GLADE, PROWLER, RUINS, named
from lcg_table import put
from test_lcg_bots import ask
from test_lcg_cards_leadership import game_of
from test_lcg_cards_leadership import hero as hero_named
from test_lcg_cards_lore import card as lore_card
from test_lcg_cards_lore import game_of as lore_game
from test_lcg_cards_mirkwood import card as mirkwood_card
from test_lcg_cards_mirkwood import game_with

from lotr_rules.engine.decisions import Option
from lotr_rules.games.lcg import triggers, words_objectives
from lotr_rules.games.lcg.bots import LcgHeuristicAgent
from lotr_rules.games.lcg.game import RESOLVED, STAGED, LcgGame
from lotr_rules.games.lcg.outlook import outlook
from lotr_rules.games.lcg.record import LcgCard
from lotr_rules.games.lcg.state import (
    ACTIVE,
    DISCARD,
    ENCOUNTER_DECK,
    ENCOUNTER_DISCARD,
    ENGAGED,
    HAND,
    PLAY,
    QUEST,
    STAGING,
)


def guarded(game: LcgGame, objective_name: str, guard_name: str) -> tuple[int, int]:
    """The objective in the staging area, guarded by this encounter card (RR "Guarded")."""
    objective = put(game, objective_name, STAGING)
    guard = named(game, guard_name)
    game.move(guard, ENCOUNTER_DISCARD)
    game.move(guard, ENCOUNTER_DECK, top=True)
    words_objectives.guard_one(game, objective)
    assert words_objectives.guards_of(game, objective) == [guard]
    return objective, guard


def test_against_a_trampling_enemy_it_blocks_with_the_ally_that_lets_least_through() -> None:
    """The Hill Troll's damage beyond the defender's hit points raises threat: with no defender
    that survives, the bot puts forward the ally that lets the least through (2 threat), not the
    cheapest one (5 threat), which it would throw in front of an ordinary enemy."""
    game = game_with("Hill Troll", BRUTE)
    troll = put(game, "Hill Troll", ENGAGED, 0)  # attack 6
    for hero in game.heroes(0):
        game.state.damage[hero] = game.stat(hero, "hit_points") - 2  # 2 hit points left each
    spearman = put(game, "Test Spearman", PLAY, 0)  # cost 2, defense 1, 2 hit points: 3 through
    volunteer = put(game, "Test Volunteer", PLAY, 0)  # cost 0, defense 0, 1 hit point: 5 through
    options = [Option("no defender", None), game.card_option(volunteer), game.card_option(spearman)]
    assert ask(game, "defend", options, troll).card == spearman
    game.state.attacked.add(troll)  # (its attack is over: the ally is kept for no other)
    brute = put(game, "Test Brute", ENGAGED, 0)  # no trample: the cheapest ally goes
    assert ask(game, "defend", options, brute).card == volunteer


def test_against_a_trampling_enemy_no_hero_blocks_to_die_when_an_ally_can() -> None:
    """A hero that would die blocking the troll and add threat besides is never chosen while an
    ally can block instead."""
    game = game_with("Hill Troll")
    troll = put(game, "Hill Troll", ENGAGED, 0)
    for hero in game.heroes(0):
        game.state.damage[hero] = game.stat(hero, "hit_points") - 1
    volunteer = put(game, "Test Volunteer", PLAY, 0)
    options = [Option("no defender", None), *(game.card_option(h) for h in game.heroes(0))]
    options.append(game.card_option(volunteer))
    assert ask(game, "defend", options, troll).card == volunteer


def test_claims_an_objective_free_of_guards_once_the_stage_waits_for_it() -> None:
    """An objective is free to claim once no encounter card guards it (RR "Objective Cards"),
    but it costs threat: the bot claims it when the quest stage has all its progress and waits
    (a stage that asks for objectives holds the players so), and then its view of the table
    counts it for more than the 2 threat."""
    game = game_with("Gandalf's Map", PROWLER)
    objective, guard = guarded(game, "Gandalf's Map", "Test Prowler")
    assert not any(o.value[1] == objective for o in triggers.action_options(game, 0))
    game.move(guard, ENGAGED, 0)  # engaged: no longer in the staging area
    options = [Option("pass", None), *triggers.action_options(game, 0)]
    assert ask(game, "action", options).value is None  # nothing waits for it yet
    stage = game.z(QUEST)[0]
    game.state.progress[stage] = game.stat(stage, "quest_points")
    chosen = ask(game, "action", options)
    assert chosen.value is not None and chosen.value[1] == objective
    before = outlook(game)
    game.attach_from(objective, game.heroes(0)[0])
    assert outlook(game) > before


def test_claims_an_objective_before_the_quest_resolves_when_the_quest_will_fill_the_stage() -> None:
    """Claimed once the stage waits, an objective lets the stage be defeated only the next time
    progress is placed, a round later. Once the staging step is done, the bot reads the progress
    this quest will place (the committed willpower beyond the staging area's threat) and claims
    the objective before the quest resolves when that progress fills the stage; not while the
    encounter cards are still to be revealed, nor once the quest is resolved (the characters
    still committed then place no more progress, RR "Quest Phase")."""
    game = game_with("Gandalf's Map", PROWLER)
    objective, guard = guarded(game, "Gandalf's Map", "Test Prowler")
    game.move(guard, ENGAGED, 0)
    game.state.phase = "quest"
    quester = max(game.heroes(0), key=lambda h: game.stat(h, "willpower"))
    game.state.exhausted.add(quester)
    game.state.committed.add(quester)
    coming = game.committed_willpower() - game.staging_threat()
    assert coming >= 1 and not game.z(ACTIVE)
    stage = game.z(QUEST)[0]
    game.state.progress[stage] = game.stat(stage, "quest_points") - coming
    options = [Option("pass", None), *triggers.action_options(game, 0)]
    assert ask(game, "action", options).value is None  # committing: the encounter cards are to come
    game.quest_step = STAGED
    chosen = ask(game, "action", options)
    assert chosen.value is not None and chosen.value[1] == objective
    game.quest_step = RESOLVED
    assert ask(game, "action", options).value is None


def test_engages_an_enemy_that_guards_an_objective_and_no_other() -> None:
    """Engaging by choice (RR "Encounter Phase") is worth it to free an objective: the bot
    engages the guard, not the other enemy, and only while it fights nothing else."""
    game = game_with("Shadow Key", PROWLER, BRUTE)
    _, guard = guarded(game, "Shadow Key", "Test Prowler")
    other = put(game, "Test Brute", STAGING)
    options = [Option("engage no enemy", None), game.card_option(other), game.card_option(guard)]
    assert ask(game, "engage", options).card == guard
    put(game, "Test Prowler", ENGAGED, 0)
    assert ask(game, "engage", options).value is None
    plain = game_with(PROWLER)
    prowler = put(plain, "Test Prowler", STAGING)
    assert ask(plain, "engage", [Option("engage no enemy", None), plain.card_option(prowler)]).value is None


def test_travels_to_a_location_that_guards_an_objective_first() -> None:
    """Travelling to a guarding location takes it out of the staging area and frees the
    objective, so it comes before a location with more threat."""
    game = game_with("Dungeon Torch", GLADE, RUINS)
    _, glade = guarded(game, "Dungeon Torch", "Test Glade")  # threat 1
    ruins = put(game, "Test Ruins", STAGING)  # threat 3
    options = [Option("do not travel", None), game.card_option(ruins), game.card_option(glade)]
    assert ask(game, "travel", options).card == glade


def test_a_hero_that_readies_himself_after_committing_quests_and_still_defends() -> None:
    """Aragorn, committed, may pay 1 resource to ready himself: with a resource the bot commits
    him although he is its best defender and an enemy will attack, since he stays ready to
    defend; without one he is kept back."""
    game = game_of()
    aragorn, theodred = hero_named(game, "Aragorn"), hero_named(game, "Théodred")
    put(game, "Test Prowler", ENGAGED, 0)
    game.state.committed.add(theodred)  # 1 willpower: the staging area asks for more
    options = [Option("done", None), game.card_option(aragorn)]
    game.state.resources[aragorn] = 0
    assert ask(game, "commit", options).value is None  # the best defender (2 defense) stays back
    game.state.resources[aragorn] = 1
    assert ask(game, "commit", options).card == aragorn  # he readies himself: he quests too
    assert game.ready(aragorn) and game.state.resources[aragorn] == 1  # the real game untouched


def test_plays_a_cheap_attachment_before_an_ally() -> None:
    """Steward of Gondor (2) stays on its hero and pays back every round: the bot plays it before
    Faramir, the dearer ally, and then Faramir."""
    game = game_of()
    for each in game.heroes(0):
        game.state.resources[each] = 3
    steward = put(game, "Steward of Gondor", HAND, 0)
    faramir = put(game, "Faramir", HAND, 0)
    options = [Option("pass", None), *game.playable(0, planning=True)]
    chosen = ask(game, "plan", options)
    assert chosen.value is not None and chosen.value[0] == steward
    game.move(steward, DISCARD, 0)
    options = [Option("pass", None), *game.playable(0, planning=True)]
    chosen = ask(game, "plan", options)
    assert chosen.value is not None and chosen.value[0] == faramir


def test_gandalf_deals_his_damage_when_it_destroys_an_engaged_enemy() -> None:
    """Gandalf entering play offers three things: the bot tries each on a copy of the game and
    takes the one that leaves the table best. An engaged enemy with 4 hit points (attack 3) is
    worth more gone than 3 cards drawn, which the first option would have given."""
    game = lore_game(("Glorfindel", "Beravor"))
    game.agents[0] = LcgHeuristicAgent()
    brute = put(game, "Test Brute", ENGAGED, 0)
    gandalf = lore_card(game, "Gandalf")
    game.move(gandalf, HAND, 0)
    game.state.resources[lore_card(game, "Glorfindel")] = 5
    game.play(0, gandalf)
    assert game.locate(brute)[0] != ENGAGED  # destroyed
    assert game.z(HAND, 0) == []  # nothing drawn


def test_brings_out_the_enemy_whose_defeat_wins_the_game() -> None:
    """Don't Leave the Path! has each player bring a Spider of their choice into the staging
    area, and is won only by defeating Ungoliant's Spawn: the bot, trying the defeat of each
    one on a copy of the game, brings out the Spawn rather than the King Spider offered first."""
    first = LcgCard("Test Approach", "quest", stage=1, quest_points=1)
    game = game_with("King Spider", "Ungoliant's Spawn", quest=(first, mirkwood_card("Don't Leave the Path!")))
    game.agents[0] = LcgHeuristicAgent()
    game.place_progress(1)
    assert [game.card_name(c) for c in game.z(STAGING)] == ["Ungoliant's Spawn"]
