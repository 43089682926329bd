"""The Journey Down the Anduin scenario of the LCG core set, from its card files: each card's
script played in a game set up for it. "RR" cites the published Rules Reference (entry named),
"seed" the core set rulebook (section named); the card itself is cited by its number."""

from __future__ import annotations

from lcg_fixtures import PROWLER
from lcg_table import put
from test_lcg_cards_mirkwood import (
    attack_with_shadow,
    commit,
    defend_with,
    game_with,
    hero,
    pick,
    reveal,
)

from lotr_rules.games.lcg import combat, triggers
from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.games.lcg.state import (
    ACTIVE,
    DISCARD,
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
