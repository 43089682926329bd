"""The Journey Down the Anduin scenario of the LCG core set, from its card files: each card's
script played in a game set up for it. "RR" cites the published Rules Reference (entry named),
"seed" the core set rulebook (section named); the card itself is cited by its number."""

from __future__ import annotations

import pytest
from lcg_fixtures import DECK_A, DECK_B, GLADE, PROWLER, Scripted
from lcg_table import put
from test_lcg_cards_mirkwood import (
    attack_with_shadow,
    card,
    commit,
    compile_findings,
    defend_with,
    game_with,
    hero,
    on_top,
    pick,
    reveal,
)
from test_lcg_core_games import CORE, STARTERS, _catalogue, _records, starter
from test_lcg_properties import NoAnswers, Watched, agents_for

from lotr_rules.engine.decisions import Agent
from lotr_rules.engine.game import GameOver
from lotr_rules.games.lcg import combat, triggers
from lotr_rules.games.lcg.files import load_scenario
from lotr_rules.games.lcg.game import REASONS, LcgConfig, LcgGame
from lotr_rules.games.lcg.record import LcgCard, Scenario
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


def end_round(game: LcgGame) -> None:
    triggers.fire(game, "round ends", game.state.first_player)


def quest_progress(game: LcgGame) -> int:
    return game.state.progress.get(game.z(QUEST)[0], 0)


# ---------------------------------------------------------------------- Journey Down the Anduin
def test_misty_mountain_goblins_take_a_progress_off_the_quest_after_attacking() -> None:
    """#111 Forced: after it attacks, 1 progress is removed from the current quest."""
    game = game_with("Misty Mountain Goblins")
    game.place_progress(4)
    goblins = put(game, "Misty Mountain Goblins", ENGAGED, 0)
    game.state.phase = "combat"
    combat.enemy_attack(game, 0, goblins)
    assert quest_progress(game) == 3


def test_misty_mountain_goblins_shadow_removes_one_progress_or_three_undefended() -> None:
    """#111 shadow: 1 progress off the quest, 3 if the attack is undefended (RR "Shadow Cards")."""
    game = game_with("Misty Mountain Goblins", PROWLER)
    game.place_progress(5)
    game.agents[0].answer = defend_with(game, hero(game, 0, 0))  # type: ignore[attr-defined]
    attack_with_shadow(game, "Test Prowler", "Misty Mountain Goblins")
    assert quest_progress(game) == 4
    game = game_with("Misty Mountain Goblins", PROWLER)
    game.place_progress(5)
    attack_with_shadow(game, "Test Prowler", "Misty Mountain Goblins")
    assert quest_progress(game) == 2


def test_massing_at_night_reveals_one_more_card_per_player() -> None:
    """#112 When Revealed: X more encounter cards, X the number of players."""
    game = game_with("Massing at Night", PROWLER, PROWLER, PROWLER, players=2)
    reveal(game, "Massing at Night")
    assert sorted(game.card_name(c) for c in game.z(STAGING)) == ["Test Prowler", "Test Prowler"]


def test_massing_at_night_shadow_deals_a_shadow_card_per_player() -> None:
    """#112 shadow: the attacker is dealt X more shadow cards, X the number of players."""
    game = game_with("Massing at Night", PROWLER, players=2)
    attacker, _ = attack_with_shadow(game, "Test Prowler", "Massing at Night")
    assert sum(enemy == attacker for enemy in game.state.shadow_of.values()) == 3


def test_gladden_fields_costs_each_player_a_threat_more_in_the_refresh_phase_while_active() -> None:
    """#114: while it is the active location, each player raises their threat by one more in
    the refresh phase (seed, "Refresh Phase"); in the staging area it costs nothing."""
    game = game_with("Gladden Fields", players=2)
    fields = put(game, "Gladden Fields", STAGING)
    before = list(game.state.threat)
    game.run_phase("refresh")
    end_round(game)
    assert game.state.threat == [t + 1 for t in before]
    game.move(fields, ACTIVE)
    game.run_phase("refresh")
    end_round(game)
    assert game.state.threat == [t + 3 for t in before]


# ---------------------------------------------------------------------- Sauron's Reach
def test_evil_storm_damages_the_characters_of_players_at_35_threat_or_more() -> None:
    """#116: 1 damage to each character of each player whose threat is 35 or higher."""
    game = game_with("Evil Storm", players=2)
    game.state.threat[1] = 35
    reveal(game, "Evil Storm")
    assert all(game.state.damage.get(c, 0) == 0 for c in game.characters(0))
    assert all(game.state.damage.get(c, 0) == 1 for c in game.characters(1))


def test_pursued_by_shadow_raises_threat_per_character_not_committed() -> None:
    """#117 When Revealed: each player's threat +1 per character they control not committed."""
    game = game_with("Pursued by Shadow", players=2)
    commit(game, hero(game, 0, 0), hero(game, 0, 1))
    before = list(game.state.threat)
    reveal(game, "Pursued by Shadow")
    assert game.state.threat == [before[0] + 1, before[1] + 3]


def test_pursued_by_shadow_shadow_returns_an_exhausted_ally_or_raises_threat_by_three() -> None:
    """#117 shadow: the defending player returns an exhausted ally of theirs to its owner's
    hand; with none, their threat goes up by 3."""
    game = game_with("Pursued by Shadow", PROWLER)
    before = game.state.threat[0]
    attack_with_shadow(game, "Test Prowler", "Pursued by Shadow")
    assert game.state.threat[0] == before + 3
    game = game_with("Pursued by Shadow", PROWLER)
    spearman = put(game, "Test Spearman", PLAY, 0)
    game.state.exhausted.add(spearman)
    attack_with_shadow(game, "Test Prowler", "Pursued by Shadow")
    assert spearman in game.z(HAND, 0)
    assert game.state.threat[0] == before


def test_treacherous_fog_adds_threat_to_locations_and_discards_from_high_threat_hands() -> None:
    """#118: each staged location +1 threat until the end of the phase, then each player at 35
    threat or more discards a card from their hand."""
    game = game_with("Treacherous Fog", "Gladden Fields", PROWLER, players=2)
    fields = put(game, "Gladden Fields", STAGING)
    prowler = put(game, "Test Prowler", STAGING)
    kept = put(game, "Test Spearman", HAND, 0)
    lost = put(game, "Test Spearman", HAND, 1)
    game.state.threat[1] = 40
    game.state.phase = "quest"
    reveal(game, "Treacherous Fog")
    assert game.stat(fields, "threat") == 4 and game.stat(prowler, "threat") == 1
    assert game.z(HAND, 0) == [kept] and lost in game.z(DISCARD, 1)
    game.run_phase("travel")
    assert game.stat(fields, "threat") == 3


# ---------------------------------------------------------------------- Wilderlands
def test_the_brown_lands_gets_a_progress_when_the_players_travel_there() -> None:
    """#87 Forced: after the players travel to it, 1 progress on it (1 quest point: explored)."""
    game = game_with("The Brown Lands", "Gladden Fields")
    lands = put(game, "The Brown Lands", STAGING)
    game.agents[0].answer = pick("travel to The Brown Lands", "travel")  # type: ignore[attr-defined]
    game.state.phase = "travel"
    game.travel_phase()
    assert game.z(ACTIVE) == [] and lands in game.z(ENCOUNTER_DISCARD)


def test_marsh_adder_raises_the_threat_of_the_player_it_attacks() -> None:
    """#84 Forced: each time it attacks you, your threat +1."""
    game = game_with("Marsh Adder", players=2)
    adder = put(game, "Marsh Adder", ENGAGED, 1)
    before = list(game.state.threat)
    game.state.phase = "combat"
    combat.enemy_attack(game, 1, adder)
    assert game.state.threat == [before[0], before[1] + 1]


def test_hill_troll_turns_damage_beyond_the_defenders_hit_points_into_threat() -> None:
    """#82: the combat damage its attack deals beyond the remaining hit points of the character
    it damages raises the attacked player's threat by as much (defended or not)."""
    game = game_with("Hill Troll")
    spearman = put(game, "Test Spearman", PLAY, 0)  # defense 1, 2 hit points: 5 damage, 3 beyond
    troll = put(game, "Hill Troll", ENGAGED, 0)
    before = game.state.threat[0]
    game.agents[0].answer = defend_with(game, spearman)  # type: ignore[attr-defined]
    game.state.phase = "combat"
    combat.enemy_attack(game, 0, troll)
    assert spearman in game.z(DISCARD, 0)
    assert game.state.threat[0] == before + 3
    game = game_with("Hill Troll")
    troll = put(game, "Hill Troll", ENGAGED, 0)
    game.state.phase = "combat"
    combat.enemy_attack(game, 0, troll)  # undefended: 6 on a hero of 5 hit points
    assert game.state.threat[0] == before + 1


def test_hill_troll_adds_no_threat_when_the_damage_fits_the_hit_points() -> None:
    """#82: damage within the character's remaining hit points is only damage."""
    game = game_with("Hill Troll", PROWLER)
    troll = put(game, "Hill Troll", ENGAGED, 0)
    guard = hero(game, 0, 0)
    game.agents[0].answer = defend_with(game, guard)  # type: ignore[attr-defined]
    before = game.state.threat[0]
    game.state.phase = "combat"
    combat.enemy_attack(game, 0, troll)
    assert game.state.threat[0] == before and guard in game.z(PLAY, 0)


def test_the_east_bight_must_be_travelled_to_when_no_location_is_active() -> None:
    """#88: with no active location, the players must travel to it: neither 'do not travel'
    nor another location is offered (RR "Travel Phase")."""
    game = game_with("The East Bight", "Gladden Fields")
    bight = put(game, "The East Bight", STAGING)
    put(game, "Gladden Fields", STAGING)
    game.state.phase = "travel"
    game.travel_phase()  # the scripted player would not travel if it could choose so
    assert game.z(ACTIVE) == [bight]
    travel_asks = [r for r in game.agents[0].asked if r.kind == "travel"]  # type: ignore[attr-defined]
    assert all(len(r.options) == 1 for r in travel_asks)


def test_banks_of_the_anduin_goes_back_on_top_of_the_encounter_deck_when_explored() -> None:
    """#113 Forced: leaving play, it goes on top of the encounter deck, not the discard pile."""
    game = game_with("Banks of the Anduin", PROWLER)
    banks = put(game, "Banks of the Anduin", ACTIVE)
    game.place_progress(3)
    assert game.z(ENCOUNTER_DECK)[0] == banks
    assert banks not in game.z(ENCOUNTER_DISCARD)


def test_eastern_crows_are_shuffled_back_into_the_encounter_deck_when_defeated() -> None:
    """#115 Forced: after it is defeated, it goes back into the encounter deck (shuffled)."""
    game = game_with("Eastern Crows", PROWLER)
    crows = put(game, "Eastern Crows", ENGAGED, 0)
    game.deal_damage(crows, 1)
    assert crows in game.z(ENCOUNTER_DECK) and crows not in game.z(ENCOUNTER_DISCARD)


def test_eastern_crows_surge_and_shadow_adds_one_attack_or_two_at_high_threat() -> None:
    """#115: Surge (RR "Surge"); shadow: +1 attack, +2 if the defending player's threat is 35
    or higher."""
    game = game_with("Eastern Crows", PROWLER)
    on_deck = next(c for c in game.z(ENCOUNTER_DECK) if game.card_name(c) == "Test Prowler")
    game.move(on_deck, ENCOUNTER_DECK, top=True)
    reveal(game, "Eastern Crows")
    assert on_deck in game.z(STAGING)
    game = game_with("Eastern Crows", PROWLER)
    guard = hero(game, 0, 0)  # defense 2 against 2 + 1
    game.agents[0].answer = defend_with(game, guard)  # type: ignore[attr-defined]
    attack_with_shadow(game, "Test Prowler", "Eastern Crows")
    assert game.state.damage.get(guard) == 1
    game = game_with("Eastern Crows", PROWLER)
    game.state.threat[0] = 35
    guard = hero(game, 0, 0)
    game.agents[0].answer = defend_with(game, guard)  # type: ignore[attr-defined]
    attack_with_shadow(game, "Test Prowler", "Eastern Crows")
    assert game.state.damage.get(guard) == 2


def test_despair_removes_four_progress_or_all_there_is() -> None:
    """#86 When Revealed: 4 progress off the current quest (all of it, if fewer)."""
    game = game_with("Despair")
    game.place_progress(6)
    reveal(game, "Despair")
    assert quest_progress(game) == 2
    reveal(game, "Despair")
    assert quest_progress(game) == 0


def test_despair_shadow_leaves_the_defender_without_its_defense() -> None:
    """#86 shadow: the defending character does not count its defense."""
    game = game_with("Despair", PROWLER)
    guard = hero(game, 0, 0)  # defense 2 against the Prowler's 2 attack: 2 damage
    game.agents[0].answer = defend_with(game, guard)  # type: ignore[attr-defined]
    attack_with_shadow(game, "Test Prowler", "Despair")
    assert game.state.damage.get(guard) == 2


def test_wargs_go_back_to_staging_after_attacking_with_a_shadow_card_without_effect() -> None:
    """#85 Forced: dealt a shadow card with no shadow effect, it returns to the staging area
    after it attacks; with a shadow effect it stays engaged."""
    game = game_with("Wargs", "The Brown Lands", "Despair")
    wargs, _ = attack_with_shadow(game, "Wargs", "The Brown Lands")
    assert wargs in game.z(STAGING)
    game = game_with("Wargs", "The Brown Lands", "Despair")
    wargs, _ = attack_with_shadow(game, "Wargs", "Despair")
    assert wargs in game.z(ENGAGED, 0)


def test_wargs_shadow_adds_one_attack_or_two_undefended() -> None:
    """#85 shadow: +1 attack, +2 if the attack is undefended."""
    game = game_with("Wargs", PROWLER)
    guard = hero(game, 0, 0)
    game.agents[0].answer = defend_with(game, guard)  # type: ignore[attr-defined]
    attack_with_shadow(game, "Test Prowler", "Wargs")
    assert game.state.damage.get(guard) == 1
    game = game_with("Wargs", PROWLER)
    target = hero(game, 0, 0)
    game.agents[0].answer = pick(game.card_name(target), "undefended")  # type: ignore[attr-defined]
    attack_with_shadow(game, "Test Prowler", "Wargs")
    assert game.state.damage.get(target) == 4


def test_goblin_sniper_cannot_be_engaged_by_choice_beside_another_enemy() -> None:
    """#83: no optional engagement with it while another enemy is in the staging area
    (RR "Engagement": the engagement check still applies)."""
    game = game_with("Goblin Sniper", PROWLER)
    sniper = put(game, "Goblin Sniper", STAGING)
    put(game, "Test Prowler", STAGING)
    game.agents[0].answer = pick("engage Goblin Sniper", "engage")  # type: ignore[attr-defined]
    game.state.phase = "encounter"
    combat.encounter_phase(game)
    assert sniper in game.z(STAGING)
    game = game_with("Goblin Sniper")
    sniper = put(game, "Goblin Sniper", STAGING)
    game.agents[0].answer = pick("engage Goblin Sniper", "engage")  # type: ignore[attr-defined]
    combat.encounter_phase(game)
    assert sniper in game.z(ENGAGED, 0)


def test_goblin_sniper_in_staging_at_the_end_of_combat_damages_a_character_of_each_player() -> None:
    """#83 Forced: in the staging area at the end of the combat phase, each player deals 1
    damage to a character they control; engaged, it does not."""
    game = game_with("Goblin Sniper", players=2)
    put(game, "Goblin Sniper", STAGING)
    game.run_phase("combat")
    assert [sum(game.state.damage.get(c, 0) for c in game.characters(p)) for p in (0, 1)] == [1, 1]
    game = game_with("Goblin Sniper", players=2)
    sniper = put(game, "Goblin Sniper", ENGAGED, 1)
    game.state.held_back.add((sniper, 1))
    game.run_phase("combat")
    assert sum(game.state.damage.get(c, 0) for c in game.characters(0)) == 0


def test_wolf_rider_shadow_joins_the_fight_then_goes_back_on_top_of_the_encounter_deck() -> None:
    """#81 shadow: it engages the defending player and attacks them (undefended here) with a
    shadow card of its own; after combat it goes back on top of the encounter deck."""
    game = game_with("Wolf Rider", PROWLER)
    prowler = put(game, "Test Prowler", ENGAGED, 0)
    rider = on_top(game, "Wolf Rider")
    game.run_phase("combat")
    # the Prowler's 2 and the Rider's 2, undefended; the Rider's own shadow card is a Prowler
    assert sum(game.state.damage.get(h, 0) for h in game.heroes(0)) == 4
    assert game.z(ENCOUNTER_DECK)[0] == rider
    assert prowler in game.z(ENGAGED, 0)


def test_wolf_rider_surges() -> None:
    """#81: Surge (RR "Surge"): one more card is revealed after it."""
    game = game_with("Wolf Rider", PROWLER)
    following = next(c for c in game.z(ENCOUNTER_DECK) if game.card_name(c) == "Test Prowler")
    game.move(following, ENCOUNTER_DECK, top=True)
    reveal(game, "Wolf Rider")
    assert following in game.z(STAGING)


# ---------------------------------------------------------------------- the quest
def anduin(*names: str | LcgCard, players: int = 1, stages: tuple[str, ...] = ()) -> LcgGame:
    """A game set up with these quest cards (after a 1-point stage when the first is not stage
    1) and this encounter deck, the staging area as the setup left it."""
    quest = tuple(card(name) for name in stages)
    if quest[0].stage != 1:
        quest = (LcgCard("Test Approach", "quest", stage=1, quest_points=1), *quest)
    encounter = tuple(card(n) if isinstance(n, str) else n for n in names)
    config = LcgConfig(Scenario("Anduin test", quest, encounter), (DECK_A, DECK_B)[:players], seed=1, mulligan=False)
    return LcgGame(config, [Scripted() for _ in range(players)])


def test_to_the_river_reveals_a_card_per_player_and_stages_a_hill_troll() -> None:
    """#126 (1A) setup: each player reveals 1 encounter card into the staging area; (1B) When
    Revealed: a Hill Troll from the encounter deck to the staging area, the deck shuffled."""
    game = anduin("Hill Troll", PROWLER, players=2, stages=("To the River...",))
    revealed = [entry[1] for entry in game.state.log if entry[0] == "revealed"]
    staged = sorted(game.card_name(c) for c in game.z(STAGING))
    assert len(revealed) == 2 and staged.count("Hill Troll") == 1
    # a Troll revealed by the setup is the one the stage asks for: no second one is searched
    assert len(staged) == (2 if "Hill Troll" in revealed else 3)


def test_to_the_river_stages_no_second_troll_when_one_is_in_play() -> None:
    """#126 (1B): the Hill Troll is searched for only if none is in play already."""
    game = anduin("Hill Troll", players=1, stages=("To the River...",))
    # the only cards are the two Trolls: setup reveals one, When Revealed finds it in play
    assert [game.card_name(c) for c in game.z(STAGING)] == ["Hill Troll"]
    assert len(game.z(ENCOUNTER_DECK)) == 1


def test_to_the_river_cannot_be_defeated_while_a_hill_troll_is_in_play() -> None:
    """#126 (1B): 8 quest points; not defeated while any Hill Troll is in play (its progress
    stays, and the next progress tries again)."""
    game = anduin("Hill Troll", players=1, stages=("To the River...", "Anduin Passage"))
    stage = game.z(QUEST)[0]
    assert game.stat(stage, "quest_points") == 8
    game.place_progress(9)
    assert game.z(QUEST) == [stage]
    for troll in [c for c in game.z(STAGING) if game.card_name(c) == "Hill Troll"]:
        game.move(troll, ENCOUNTER_DISCARD)
    game.place_progress(1)
    assert game.card_name(game.z(QUEST)[0]) == "Anduin Passage"


def test_anduin_passage_reveals_one_more_card_in_the_staging_step() -> None:
    """#127 (2B): one more encounter card is revealed each quest phase."""
    game = anduin(PROWLER, players=2, stages=("Anduin Passage",))
    game.place_progress(1)
    assert game.card_name(game.z(QUEST)[0]) == "Anduin Passage"
    game.run_phase("quest")
    assert len(game.z(STAGING)) == 3  # two players, one card more


def test_anduin_passage_makes_no_engagement_checks_but_allows_optional_engagement() -> None:
    """#127 (2B): no engagement checks in the encounter phase; a player may still engage 1
    enemy by choice (RR "Encounter Phase")."""
    game = anduin(PROWLER, players=2, stages=("Anduin Passage",))
    game.place_progress(1)
    for each in list(game.z(STAGING)):
        game.move(each, ENCOUNTER_DECK)
    first = put(game, "Test Prowler", STAGING)
    second = put(game, "Test Prowler", STAGING)
    game.state.threat[0] = game.state.threat[1] = 40  # any engagement check would engage both
    game.agents[1].answer = pick(f"engage {game.card_name(second)}", "engage")  # type: ignore[attr-defined]
    game.run_phase("encounter")
    assert len(game.z(ENGAGED, 1)) == 1 and game.z(ENGAGED, 0) == []
    assert first in game.z(STAGING) or second in game.z(STAGING)


def test_ambush_on_the_shore_reveals_two_per_player_and_skips_the_staging_step() -> None:
    """#128 (3B) When Revealed: 2 encounter cards per player into the staging area; the quest
    phase has no staging step any more."""
    game = anduin(PROWLER, GLADE, players=1, stages=("Ambush on the Shore",))
    game.place_progress(1)
    assert len(game.z(STAGING)) == 2
    deck = len(game.z(ENCOUNTER_DECK))
    game.run_phase("quest")
    assert len(game.z(ENCOUNTER_DECK)) == deck


def test_ambush_on_the_shore_is_won_once_no_enemy_is_in_play() -> None:
    """#128 (3B): once no enemy is in play the players win (its 0 quest points: progress never
    defeats it)."""
    game = anduin(PROWLER, GLADE, players=1, stages=("Ambush on the Shore",))
    game.place_progress(1)
    game.place_progress(20)
    assert not game.state.finished
    enemies = [c for c in game.z(STAGING) if game.records[c].type == "enemy"]
    assert enemies
    with pytest.raises(GameOver):
        for enemy in enemies:
            game.deal_damage(enemy, 9)
    assert game.state.result["won"] is True


# ---------------------------------------------------------------------- whole games
def journey() -> Scenario:
    return load_scenario(CORE / "scenarios" / "journey-down-the-anduin.toml", _catalogue(), _records())


def test_the_scenario_file_builds_the_quest_and_the_four_encounter_sets() -> None:
    """The scenario: its three stages in order, and the cards of its four encounter sets in the
    copies each ships (Hill Troll 2, Gladden Fields 3...)."""
    scenario = journey()
    assert [stage.name for stage in scenario.quest] == ["To the River...", "Anduin Passage", "Ambush on the Shore"]
    sets = {record.encounter_set for record in scenario.encounter}
    assert sets == {"Journey Down the Anduin", "Sauron's Reach", "Dol Guldur Orcs", "Wilderlands"}
    copies = {record.name: record.copies for record in scenario.encounter}
    assert copies["Hill Troll"] == 2 and copies["Gladden Fields"] == 3 and copies["Wolf Rider"] == 1


@pytest.mark.parametrize("deck", STARTERS)
@pytest.mark.parametrize("kind", ["heuristic", "random"])
def test_a_whole_game_plays_out_by_the_rules_with_each_starter_deck(deck: str, kind: str) -> None:
    """A seeded game of the scenario with one starter deck ends by a rule (seed, "Winning and
    Losing"), keeping the invariants before every decision, every card in one zone at the end."""
    for seed in range(3):
        agents: list[Agent] = [Watched(a) for a in agents_for(kind, 1, seed)]
        game = LcgGame(LcgConfig(journey(), (starter(deck),), seed=seed), agents)
        result = game.play_game()
        assert game.state.finished and result["reason"] in REASONS
        assert result["won"] or all(game.state.eliminated)
        assert game.all_cards() == list(range(len(game.records)))


def test_a_game_of_the_scenario_replays_to_the_same_digest() -> None:
    """The new words draw on the game's own random source only: a two-player game's recorded
    choices replay to the same state and log."""
    for seed in range(4):
        config = LcgConfig(journey(), (starter("tactics"), starter("lore")), seed=seed)
        game = LcgGame(config, agents_for("mixed", 2, seed))
        game.play_game()
        again = LcgGame(config, [NoAnswers(), NoAnswers()], game.state.choices)
        again.play_game()
        assert again.state.digest() == game.state.digest() and again.state.log == game.state.log


# ---------------------------------------------------------------------- the words' findings
def enemy_card(*lines: str, card_type: str = "enemy") -> str:
    stats = (
        "engagement-cost 30\n threat 1\n attack 2\n defense-strength 0\n hit-points 2"
        if card_type == "enemy"
        else "threat 1\n quest-points 3"
    )
    body = "\n".join(lines)
    return (
        f'card "Test Thing" {{\n id test-thing\n type {card_type}\n {stats}\n provenance designed\n'
        f' text "A test card."\n{body}\n}}'
    )


def test_a_command_on_this_card_of_a_type_it_does_not_act_on_is_refused() -> None:
    """E134: 'trample' and 'elude' hold for enemies, 'beckon' for locations, 'return' moves
    encounter cards; on 'this' of a card of another type they would do nothing."""
    assert "E134" in compile_findings(enemy_card("while in play {", "beckon this", "}"))
    assert "E134" in compile_findings(enemy_card("while in play {", "trample this", "}", card_type="location"))
    assert compile_findings(enemy_card("while in play {", "trample this", "}")) == []
    assert compile_findings(enemy_card("while in staging area {", "beckon this", "}", card_type="location")) == []


def test_a_condition_about_an_enemy_on_another_card_is_refused() -> None:
    """E135: 'dealt a shadow card without effect' reads this enemy's shadow cards."""
    ability = ("forced after you travel to this {", "if dealt a shadow card without effect {", "win", "}", "}")
    assert "E135" in compile_findings(enemy_card(*ability, card_type="location"))
    fine = ("forced after this attacks {", "if dealt a shadow card without effect {", "disengage this", "}", "}")
    assert compile_findings(enemy_card(*fine)) == []


def test_a_while_condition_for_staged_cards_on_a_player_card_is_refused() -> None:
    """E136: 'while in staging area with another enemy' holds only for encounter cards that
    sit in the staging area."""
    text = (
        'card "Test Ally" {\n id test-ally\n type ally\n sphere lore\n cost 1\n willpower 1\n attack 0\n'
        ' defense-strength 0\n hit-points 1\n provenance designed\n text "A test ally."\n'
        " while in staging area with another enemy {\n give +1 willpower to this\n }\n}"
    )
    assert "E136" in compile_findings(text)
    assert compile_findings(enemy_card("while in staging area with another enemy {", "elude this", "}")) == []
