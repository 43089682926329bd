"""Every implemented rule of The Lord of the Rings: The Card Game, one test each, citing where it
comes from: "seed" is the core set rulebook text in the specification (seed 002, its section
named), "RR" is the publisher's published Rules Reference / full core rulebook (entry named).
The cards are the test-only records of lcg_fixtures; no real card is involved. The rules that
read better as a table and a few steps (paying, the unique rule, restricted attachments, quest
ties, treacheries...) are scenario files in tests/scenarios/lcg, run by test_lcg_scenarios.py."""

from __future__ import annotations

import pytest
from lcg_fixtures import (
    DECK_A,
    SCENARIO,
    SPEARMAN,
    Scripted,
    by_label,
    config,
    first_pass,
    heuristic,
    named,
)
from lcg_table import clear_staging, labels, put, stack, table

from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import GameOver
from lotr_rules.errors import ConfigError
from lotr_rules.games.lcg.game import LOST, THREAT_LIMIT, WON, LcgConfig, LcgGame
from lotr_rules.games.lcg.record import LcgCard, PlayerDeck
from lotr_rules.games.lcg.state import (
    ACTIVE,
    DECK,
    DISCARD,
    ENCOUNTER_DECK,
    ENCOUNTER_DISCARD,
    ENGAGED,
    HAND,
    PLAY,
    QUEST,
    REMOVED,
    SHADOWS,
    STAGING,
    VICTORY,
)


def kinds(agent: object) -> list[str]:
    assert isinstance(agent, Scripted)
    return [request.kind for request in agent.asked]


# ---------------------------------------------------------------------- setup


def test_starting_threat_is_the_sum_of_hero_threat_costs() -> None:
    """seed, Setup step 2 "Place Heroes and Set Initial Threat Levels"."""
    game = table(2)
    assert game.state.threat == [sum(h.threat_cost for h in DECK_A.heroes), 10 + 8 + 9 + 11 - 10]
    assert [game.records[c].name for c in game.z(PLAY, 0)] == [h.name for h in DECK_A.heroes]


def test_setup_hand_is_six_cards_and_one_mulligan_draws_six_new() -> None:
    """seed, Setup step 5 "Draw Setup Hand": 6 cards; one mulligan, the second hand is kept."""
    game = table(1)
    assert len(game.z(HAND, 0)) == 6
    mulligan = Scripted(lambda r: by_label(r, "yes") if r.kind == "mulligan" else None)
    taken = LcgGame(config(1, 1), [mulligan])
    kept = LcgGame(config(1, 1), [Scripted(lambda r: by_label(r, "no") if r.kind == "mulligan" else None)])
    assert kinds(mulligan).count("mulligan") == 1
    assert len(taken.z(HAND, 0)) == 6
    assert taken.z(HAND, 0) != kept.z(HAND, 0)
    assert len(taken.z(DECK, 0)) == len(kept.z(DECK, 0))


def test_quest_cards_in_stage_order_and_the_first_stage_sets_up_the_staging_area() -> None:
    """seed, Setup steps 6 "Set Quest Cards" and 7 "Follow Scenario Setup Instruction"."""
    reordered = LcgConfig(
        scenario=type(SCENARIO)(SCENARIO.name, tuple(reversed(SCENARIO.quest)), SCENARIO.encounter),
        players=(DECK_A,),
        mulligan=False,
    )
    game = LcgGame(reordered, [Scripted()])
    assert game.records[game.z(QUEST)[0]].stage == 1
    assert [game.records[c].name for c in game.z(STAGING)] == ["Test Prowler"]


def test_deck_limits_are_checked() -> None:
    """seed, "The Player Deck": no more than three copies of a card by title; "Unique Cards":
    two players cannot both control the same unique hero."""
    with pytest.raises(ConfigError, match="three copies"):
        PlayerDeck(heroes=DECK_A.heroes, deck=(SPEARMAN,) * 4).check()
    with pytest.raises(ConfigError, match="unique hero"):
        LcgConfig(scenario=SCENARIO, players=(DECK_A, DECK_A)).check()
    with pytest.raises(ConfigError, match="1 to 4"):
        LcgConfig(scenario=SCENARIO, players=()).check()
    with pytest.raises(ConfigError, match="hit point"):
        LcgCard("Nobody", "ally", hit_points=0)


# ---------------------------------------------------------------------- resource phase


def test_allies_and_attachments_only_in_planning_events_in_action_windows() -> None:
    """seed, "Phase 2: Planning": the only phase for allies and attachments; events are played
    as actions (RR "Action Windows")."""
    game = table(1)
    for hero in game.heroes(0):
        game.state.resources[hero] = 3
    put(game, "Test Spearman", HAND, 0)
    put(game, "Test Rally", HAND, 0)
    outside = [o.label for o in game.playable(0, planning=False)]
    inside = [o.label for o in game.playable(0, planning=True)]
    assert outside == ["play Test Rally"]
    assert "play Test Spearman" in inside and "play Test Rally" in inside


def test_planning_goes_round_the_table_from_the_first_player() -> None:
    """seed, "Phase 2: Planning": the first player plays all they wish, then the next player."""
    order: list[int] = []

    def answer(request: DecisionRequest) -> int | None:
        if request.kind == "plan":
            order.append(request.player)
        return None

    game = table(2, answer)
    game.state.first_player = 1
    for player in (0, 1):
        for hero in game.heroes(player):
            game.state.resources[hero] = 2
        put(game, "Test Spearman", HAND, player)
    game.run_phase("planning")
    assert order[:2] == [1, 0]


def test_a_played_ally_enters_ready_and_an_event_goes_to_the_discard_pile() -> None:
    """seed, "Phase 2: Planning" (allies enter play ready) and "Event Cards"."""
    game = table(1)
    for hero in game.heroes(0):
        game.state.resources[hero] = 3
    ally = put(game, "Test Spearman", HAND, 0)
    game.play(0, ally)
    assert ally in game.z(PLAY, 0) and game.ready(ally)
    event = put(game, "Test Rally", HAND, 0)
    game.play(0, event)
    assert event in game.z(DISCARD, 0)
    assert game.stat(game.heroes(0)[0], "willpower") == 3  # its effect resolved


def test_attachment_grants_count_when_read_and_leave_with_the_host() -> None:
    """seed, "Attachment Cards": attached cards modify their host, and are discarded when the
    host leaves play. Stats are worked out when read, never stored (RR "Lasting Effects")."""
    game = table(1)
    archer = game.heroes(0)[1]
    blade = put(game, "Test Blade", PLAY, 0)
    game.attach(blade, archer)
    assert game.stat(archer, "attack") == 4
    game.discard(blade)
    assert game.stat(archer, "attack") == 3
    mail = put(game, "Test Mail", PLAY, 0)
    game.attach(mail, archer)
    game.deal_damage(archer, 4)  # 4 + 1 hit points from the mail: survives
    assert archer in game.z(PLAY, 0)
    game.deal_damage(archer, 1)
    assert archer in game.z(DISCARD, 0) and mail in game.z(DISCARD, 0)
    assert mail not in game.state.attached_to


def test_a_character_is_destroyed_when_its_hit_points_fall_to_its_damage() -> None:
    """RR "Damage": a character with as much damage as its hit points is destroyed, also when its
    hit points fall later (an attachment that gave them leaves play, an effect ends)."""
    game = table(1)
    warden = game.heroes(0)[0]  # 5 hit points
    mail = put(game, "Test Mail", PLAY, 0)
    game.attach(mail, warden)
    game.deal_damage(warden, 5)
    assert warden in game.z(PLAY, 0)
    game.discard(mail)
    assert warden in game.z(DISCARD, 0)
    archer = game.heroes(0)[0]  # 4 hit points
    game.add_effect(archer, "hit_points", 2, "phase")
    game.deal_damage(archer, 5)
    assert archer in game.z(PLAY, 0)
    game.run_phase("travel")  # the effect ends with the phase
    assert archer in game.z(DISCARD, 0)


def test_effects_until_end_of_phase_and_round() -> None:
    """RR "Lasting Effects": an effect lasting the phase ends with it; one lasting the round at
    the end of the refresh phase."""
    game = table(1)
    warden = game.heroes(0)[0]
    game.add_effect(warden, "willpower", 2, "phase")
    game.add_effect(warden, "attack", 1, "round")
    assert (game.stat(warden, "willpower"), game.stat(warden, "attack")) == (4, 3)
    game.run_phase("resource")
    assert (game.stat(warden, "willpower"), game.stat(warden, "attack")) == (2, 3)
    game.add_effect(warden, "defense", -9, "phase")
    assert game.stat(warden, "defense") == 0  # never below zero


# ---------------------------------------------------------------------- quest phase


def test_committing_exhausts_and_the_team_commits_in_turn_order() -> None:
    """seed, "Phase 3: Quest", Step 1: characters exhaust when committed; the first player
    commits first, then clockwise."""
    order: list[int] = []

    def answer(request: DecisionRequest) -> int | None:
        if request.kind == "commit":
            order.append(request.player)
            return 1 if len(order) in (1, 3) else 0
        return None

    game = table(2, answer)
    game.state.first_player = 1
    clear_staging(game)
    stack(game, "Test Relic", "Test Prowler")
    game.run_phase("quest")
    assert order[0] == 1 and 0 in order
    committed = [c for c in game.state.exhausted]
    assert len(committed) == 2 and not game.state.committed  # committed ends with the phase


def test_staging_reveals_one_card_per_player() -> None:
    """seed, "Phase 3: Quest", Step 2 "Staging": one encounter card per player."""
    game = table(2)
    clear_staging(game)
    stack(game, "Test Glade", "Test Prowler")
    game.run_phase("quest")
    assert sorted(game.records[c].name for c in game.z(STAGING)) == ["Test Glade", "Test Prowler"]


def test_encounter_deck_reshuffled_when_empty_in_the_quest_phase() -> None:
    """seed, "Phase 3: Quest", Step 2: an empty encounter deck takes back its discard pile."""
    game = table(1)
    clear_staging(game)
    for card in list(game.z(ENCOUNTER_DECK)):
        game.move(card, ENCOUNTER_DISCARD)
    pile = len(game.z(ENCOUNTER_DISCARD))
    game.run_phase("quest")
    assert ("encounter deck reshuffled",) in game.state.log
    revealed = [e for e in game.state.log if e[0] == "revealed"]
    assert revealed and len(game.z(ENCOUNTER_DECK)) + len(revealed) >= pile - 1


def test_willpower_over_threat_places_progress_on_the_quest() -> None:
    """seed, "Phase 3: Quest", Step 3: the difference is placed as progress."""
    picks = iter([1, 1, 0])  # the warden (2 willpower), the archer (1), done
    game = table(1, lambda r: next(picks) if r.kind == "commit" else None)
    clear_staging(game)
    stack(game, "Test Relic")
    game.run_phase("quest")
    stage = game.z(QUEST)[0]
    assert game.state.progress[stage] == 2 + 1  # no threat staged
    assert game.state.threat[0] == 27


def test_quest_stage_advances_and_the_last_one_wins() -> None:
    """RR "Quest Cards" / "Winning": enough progress completes a stage and the next is revealed
    (progress beyond the quest points is not carried over); completing the final stage wins the
    game for every player."""
    game = table(1)
    game.place_progress(7)
    assert game.state.progress[game.z(QUEST)[0]] == 0
    assert game.records[game.z(QUEST)[0]].stage == 2
    game.place_progress(8)
    assert game.records[game.z(QUEST)[0]].stage == 3
    with pytest.raises(GameOver):
        game.place_progress(6)
    assert game.state.result["reason"] == WON and game.state.result["won"]


def test_surge_and_doomed() -> None:
    """RR "Surge": reveal one more encounter card; RR "Doomed X": each player raises threat by X
    when it is revealed."""
    game = table(1)
    clear_staging(game)
    omen, glade = stack(game, "Test Omen", "Test Glade")
    before = game.state.threat[0]
    game.reveal_encounter(0)
    assert glade in game.z(STAGING) and omen in game.z(ENCOUNTER_DISCARD)
    assert game.state.threat[0] == before + 1


# ---------------------------------------------------------------------- travel phase


def test_travel_only_without_an_active_location_and_by_the_first_players_choice() -> None:
    """RR "Travel Phase": the first player may travel to one location in the staging area when
    there is no active location."""
    asked: list[int] = []

    def answer(request: DecisionRequest) -> int | None:
        if request.kind == "travel":
            asked.append(request.player)
            return 1
        return None

    game = table(2, answer)
    game.state.first_player = 1
    glade = put(game, "Test Glade", STAGING)
    put(game, "Test Ruins", STAGING)
    game.run_phase("travel")
    assert game.z(ACTIVE) == [glade] and asked == [1]
    game.run_phase("travel")
    assert asked == [1]  # an active location: no travel


# ---------------------------------------------------------------------- encounter phase


def test_optional_engagement() -> None:
    """RR "Encounter Phase", player engagement: each player may engage one enemy in the staging
    area, whatever its engagement cost."""
    game = table(1, lambda r: 1 if r.kind == "engage" else None)
    clear_staging(game)
    lurker = put(game, "Test Lurker", STAGING)
    game.run_phase("encounter")
    assert game.engaged_with(lurker) == 0


def test_engagement_checks_in_threat_order_highest_cost_first_repeated() -> None:
    """RR "Engagement Checks": each player in turn order engages the staged enemy with the
    highest engagement cost at or below their threat; repeated until none engages."""
    game = table(2)
    clear_staging(game)
    game.state.threat = [35, 22]
    brute = put(game, "Test Brute", STAGING)  # 30
    prowlers = [put(game, "Test Prowler", STAGING) for _ in range(2)]  # 20
    lurker = put(game, "Test Lurker", STAGING)  # 40
    game.run_phase("encounter")
    assert game.engaged_with(brute) == 0
    assert sorted(game.engaged_with(p) for p in prowlers) == [0, 1]
    assert lurker in game.z(STAGING)


# ---------------------------------------------------------------------- combat phase


def test_shadow_cards_dealt_in_engagement_cost_order_and_not_from_a_reshuffle() -> None:
    """RR "Combat Phase", dealing shadow cards: one per engaged enemy, the first player's
    enemies first, highest engagement cost first; an empty deck deals none."""
    game = table(1)
    clear_staging(game)
    prowler = put(game, "Test Prowler", ENGAGED, 0)
    brute = put(game, "Test Brute", ENGAGED, 0)
    first, second = stack(game, "Test Relic", "Test Omen")
    from lotr_rules.games.lcg import combat

    combat.deal_shadow_cards(game)
    assert game.state.shadow_of == {first: brute, second: prowler}
    game.z(ENCOUNTER_DECK).clear()
    game.z(ENCOUNTER_DISCARD).extend([first, second])
    game.z(SHADOWS).clear()
    game.state.shadow_of.clear()
    combat.deal_shadow_cards(game)
    assert not game.z(SHADOWS)


def test_a_defended_attack_deals_attack_minus_defense_after_the_shadow_effect() -> None:
    """RR "Combat Phase", resolving enemy attacks: declare a defender (it exhausts), resolve the
    shadow card, the defender takes attack minus defense. Shadow cards are discarded at the end
    of the combat phase."""

    def answer(request: DecisionRequest) -> int | None:
        return by_label(request, "defend with Test Warden") if request.kind == "defend" else None

    game = table(1, answer)
    clear_staging(game)
    brute = put(game, "Test Brute", ENGAGED, 0)  # attack 3
    glade = stack(game, "Test Glade")[0]  # shadow: +2 attack
    warden = game.heroes(0)[0]
    game.run_phase("combat")
    assert game.state.damage[warden] == 3 + 2 - 2
    assert not game.ready(warden)
    assert glade in game.z(ENCOUNTER_DISCARD) and not game.z(SHADOWS)
    assert game.stat(brute, "attack") == 3  # the shadow's +2 lasted the phase


def test_an_undefended_attack_goes_to_one_hero_ignoring_defense() -> None:
    """RR "Undefended Attacks": all the attack's damage to one hero of the attacked player."""
    game = table(1, lambda r: by_label(r, "Test Warden takes 3 damage") if r.kind == "undefended" else None)
    clear_staging(game)
    put(game, "Test Brute", ENGAGED, 0)
    stack(game, "Test Relic")
    game.run_phase("combat")
    assert game.state.damage[game.heroes(0)[0]] == 3


def test_sentinel_defends_for_another_player() -> None:
    """RR "Sentinel": a character with Sentinel may defend attacks made against other players."""
    seen: list[list[str]] = []

    def answer(request: DecisionRequest) -> int | None:
        if request.kind == "defend":
            seen.append(labels(request))
            return by_label(request, "defend with Test Shieldbearer")
        return None

    game = table(2, answer)
    clear_staging(game)
    put(game, "Test Prowler", ENGAGED, 0)
    stack(game, "Test Relic")
    game.run_phase("combat")
    assert "defend with Test Sage" in seen[0] and "defend with Test Guide" not in seen[0]
    shield = named(game, "Test Shieldbearer")
    assert not game.ready(shield) and game.state.damage.get(shield, 0) == 0


def test_player_attack_total_minus_defense_destroys_to_the_victory_display() -> None:
    """RR "Combat Phase", player attacks: exhaust attackers, their total attack minus the
    enemy's defense is damage; an enemy destroyed with victory points goes to the victory
    display."""
    picks = {"attack": "attack Test Brute"}

    def answer(request: DecisionRequest) -> int | None:
        if request.kind == "attack":
            return by_label(request, picks.pop("attack", "no more attacks"))
        if request.kind == "attackers":
            return by_label(request, "attack with Test Archer") or by_label(request, "attack with Test Warden")
        return None

    game = table(1, answer)
    clear_staging(game)
    brute = put(game, "Test Brute", ENGAGED, 0)  # defense 1, 4 hit points
    game.z(ENCOUNTER_DECK).clear()
    game.state.exhausted.update(game.heroes(0)[2:])
    from lotr_rules.games.lcg import combat

    combat.player_attacks(game, 0)
    assert brute in game.z(VICTORY)
    assert game.state.result == {}


def test_ranged_attacks_enemies_engaged_with_other_players() -> None:
    """RR "Ranged": a Ranged character may attack enemies engaged with other players; only
    Ranged characters join that attack."""
    seen: list[list[str]] = []

    def answer(request: DecisionRequest) -> int | None:
        if request.player == 0 and request.kind == "attack":
            return by_label(request, "attack Test Prowler")
        if request.player == 0 and request.kind == "attackers":
            seen.append(labels(request))
        return None

    game = table(2, answer)
    clear_staging(game)
    prowler = put(game, "Test Prowler", ENGAGED, 1)
    from lotr_rules.games.lcg import combat

    assert prowler in combat.attack_targets(game, 0, set())  # player 0 has the Ranged archer
    combat.player_attacks(game, 0)
    # The archer alone may join (a single option is taken without asking), then may stop.
    assert ("attacks", 0, ["Test Archer"], "Test Prowler", 3) in game.state.log
    assert all(label == "done" for options in seen for label in options)
    assert prowler in game.z(ENCOUNTER_DISCARD)  # 3 attack against 0 defense, 2 hit points
    assert prowler not in combat.attack_targets(game, 0, set())
    other = table(2)
    put(other, "Test Prowler", ENGAGED, 1)
    other.state.exhausted.add(named(other, "Test Archer"))
    assert combat.attack_targets(other, 0, set()) == []


# ---------------------------------------------------------------------- refresh phase


def test_threat_fifty_eliminates_and_engaged_enemies_return_to_staging() -> None:
    """RR "Player Elimination": a player reaching 50 threat is eliminated; enemies engaged with
    them go back to the staging area; their cards leave the game; the token passes on."""
    game = table(2)
    prowler = put(game, "Test Prowler", ENGAGED, 0)
    game.state.threat[0] = THREAT_LIMIT - 1
    game.raise_threat(0, 1)
    assert game.state.eliminated == [True, False]
    assert prowler in game.z(STAGING)
    assert not game.z(PLAY, 0) and not game.z(HAND, 0) and game.z(REMOVED, 0)
    assert game.state.first_player == 1
    assert game.turn_order() == [1]


def test_losing_every_hero_eliminates_and_the_last_elimination_loses() -> None:
    """RR "Player Elimination" / "Losing": a player with no heroes left is eliminated; when every
    player is eliminated the players lose."""
    game = table(1)
    with pytest.raises(GameOver):
        for hero in list(game.heroes(0)):
            game.deal_damage(hero, 99)
    assert game.state.result["reason"] == LOST and not game.state.result["won"]


# ---------------------------------------------------------------------- action windows


def test_action_windows_offer_each_player_in_turn_order_until_all_pass() -> None:
    """RR "Action Windows": the first player may act first, then each player in turn order; the
    window closes when all players pass in succession."""
    calls: list[tuple[int, str]] = []

    def answer(request: DecisionRequest) -> int | None:
        if request.kind == "action":
            calls.append((request.player, request.options[1].label))
            return 1 if len(calls) == 1 else first_pass(request.options)
        return None

    game = table(2, answer)
    game.state.first_player = 1
    for player in (0, 1):
        for hero in game.heroes(player):
            game.state.resources[hero] = 2
        put(game, "Test Rally", HAND, player)
    game.action_window("test")
    assert [player for player, _ in calls] == [1, 0, 1, 0][: len(calls)]
    assert calls[0][0] == 1
    seer = named(game, "Test Guide")
    assert game.stat(seer, "willpower") == 3  # the rally of player 1 resolved


def test_a_round_runs_the_seven_phases_in_order() -> None:
    """seed, "Round Sequence": resource, planning, quest, travel, encounter, combat, refresh."""
    game = table(1)
    game.play_round()
    phases = [entry[1] for entry in game.state.log if entry[0] == "phase"]
    assert phases == ["resource", "planning", "quest", "travel", "encounter", "combat", "refresh"]


def test_the_first_player_token_goes_round_the_table_each_round() -> None:
    """seed, "Round Sequence", and RR "Refresh Phase": the token passes clockwise every round."""
    game = LcgGame(config(3, 2, mulligan=False), heuristic(3))
    try:
        for _ in range(4):
            game.play_round()
    except GameOver:
        pass  # the players may win before the fourth round
    assert not any(game.state.eliminated)
    firsts = [entry[2] for entry in game.state.log if entry[0] == "round"]
    assert len(firsts) >= 3 and firsts == [0, 1, 2, 0][: len(firsts)]


def test_bad_set_ups_are_refused_with_a_message() -> None:
    """A scenario whose stage sets up a card the encounter deck lacks, or a table with the wrong
    number of seats, is refused with a message rather than a traceback."""
    missing = LcgCard("Test Nowhere", "quest", stage=1, quest_points=3, setup_staging=("No Such Card",))
    broken = type(SCENARIO)("Broken", (missing,), SCENARIO.encounter)
    with pytest.raises(ConfigError, match="No Such Card"):
        LcgGame(config(1, scenario=broken, mulligan=False), [Scripted()])
    with pytest.raises(ConfigError, match="agents"):
        LcgGame(config(2), [Scripted()])
