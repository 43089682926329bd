"""The Escape from Dol Guldur scenario of the LCG core set, from its card files: each card's
script played in a game set up for it, and the words it brought (objectives guarded and
claimed, a hero taken prisoner and rescued, cards set aside, rules held while a card is in
play). "RR" cites the published Rules Reference (entry named), "seed" the core set rulebook
(section named); the card itself is cited by its number."""

from __future__ import annotations

import pytest
from lcg_fixtures import DECK_A, PROWLER, SPEARMAN, Scripted
from lcg_table import put
from test_lcg_cards_mirkwood import (
    answers,
    attach,
    attack_with_shadow,
    card,
    compile_findings,
    game_with,
    hero,
    on_top,
    pick,
    reveal,
)

from lotr_rules.engine.game import GameOver
from lotr_rules.games.lcg import combat, triggers, words_objectives
from lotr_rules.games.lcg.game import LcgConfig, LcgGame
from lotr_rules.games.lcg.record import LcgCard, Scenario
from lotr_rules.games.lcg.state import (
    CAPTURED,
    DISCARD,
    ENCOUNTER_DECK,
    ENCOUNTER_DISCARD,
    ENGAGED,
    HAND,
    PLAY,
    SET_ASIDE,
    STAGING,
)
from lotr_rules.games.lcg.words_objectives import guards_of, is_free

OBJECTIVES = ("Gandalf's Map", "Dungeon Torch", "Shadow Key")
STAGES = ("The Necromancer's Tower", "Through the Caverns", "Out of the Dungeons")


def dungeon(*names: str | LcgCard, stages: tuple[str, ...] = STAGES, seed: int = 1, players: int = 1) -> LcgGame:
    """A game set up by the scenario's own stages, with these encounter cards."""
    encounter = tuple(card(n) if isinstance(n, str) else n for n in names)
    scenario = Scenario("Dol Guldur test", tuple(card(s) for s in stages), encounter)
    decks = (DECK_A, DECK_A)[:players]
    config = LcgConfig(scenario=scenario, players=decks, seed=seed, mulligan=False)
    return LcgGame(config, [Scripted() for _ in range(players)])


def claimable(game: LcgGame, objective: int, player: int = 0) -> bool:
    options = triggers.action_options(game, player)
    return any(option.value[1] == objective for option in options)


def claim(game: LcgGame, objective: int, player: int = 0, onto: str = "") -> None:
    """The player claims the objective, attaching it to the hero named ``onto`` (else the first)."""
    option = next(o for o in triggers.action_options(game, player) if o.value[1] == objective)
    agent = game.agents[player]
    if onto:
        game.agents[player] = Scripted(pick(f"to {onto}", "choose card"))
    triggers.use_action(game, player, option.value[1], option.value[2])
    game.agents[player] = agent


def objective_in_staging(game: LcgGame, name: str) -> int:
    objective = put(game, name, STAGING)
    return objective


# ---------------------------------------------------------------------- the quest cards
def test_the_necromancers_tower_sets_up_guarded_objectives_a_set_aside_nazgul_and_a_prisoner() -> None:
    """#123 Setup and When Revealed: the 3 objectives go to the staging area, each guarded by
    an encounter card; the Nazgûl is set aside out of play; one hero is taken prisoner at
    random (RR "Guarded", "Set Aside"); 9 quest points."""
    game = dungeon(*OBJECTIVES, "Nazgûl of Dol Guldur", "Cavern Guardian", "Endless Caverns", "Dungeon Jailor")
    staged = [game.card_name(c) for c in game.z(STAGING)]
    objectives = [c for c in game.z(STAGING) if game.records[c].type == "objective"]
    assert sorted(game.card_name(c) for c in objectives) == sorted(OBJECTIVES)
    assert [game.card_name(c) for c in game.z(SET_ASIDE)] == ["Nazgûl of Dol Guldur"]
    # each objective has a guard of its own, from the encounter deck, beside it in staging
    guards = [guards_of(game, o) for o in objectives]
    assert all(len(g) == 1 for g in guards) and len({g[0] for g in guards}) == 3
    assert len(staged) == 6
    assert len(game.z(CAPTURED, 0)) == 1 and len(game.heroes(0)) == 2
    assert game.stat(game.z("current quest")[0], "quest_points") == 9


def test_the_necromancers_tower_allows_one_ally_a_round_and_needs_an_objective_to_advance() -> None:
    """#123: the players as a group play at most 1 ally each round; the stage cannot be left
    without an objective claimed (RR "Objective Cards")."""
    game = dungeon(*OBJECTIVES, "Nazgûl of Dol Guldur", "Cavern Guardian", "Endless Caverns", "Dungeon Jailor")
    game.move(game.z(CAPTURED, 0)[0], PLAY, 0)  # (whichever hero was taken, its sphere pays here)
    game.state.resources.update({h: 5 for h in game.heroes(0)})
    first, second = put(game, "Test Spearman", HAND, 0), put(game, "Test Spearman", HAND, 0)
    plays = [o.value for o in game.playable(0, planning=True) if o.value[0] in (first, second)]
    assert len(plays) == 2
    game.play(0, first)
    assert not [o for o in game.playable(0, planning=True) if o.value[0] == second]
    words_objectives.new_round(game)  # as the round ends
    assert [o for o in game.playable(0, planning=True) if o.value[0] == second]
    stage = game.z("current quest")[0]
    game.progress_on(stage, 9)
    assert game.z("current quest") == [stage]  # held: no objective claimed
    objective = game.z(STAGING)[[game.records[c].type for c in game.z(STAGING)].index("objective")]
    for guard in guards_of(game, objective):
        game.move(guard, ENCOUNTER_DISCARD)
    claim(game, objective)
    game.progress_on(stage, 1)
    assert game.card_name(game.z("current quest")[0]) == "Through the Caverns"
    assert SPEARMAN.name == "Test Spearman"


def test_through_the_caverns_rescues_the_prisoner_when_progress_is_placed_and_holds_until_all_objectives() -> None:
    """#124: a Response to progress placed on it turns the prisoner face up with 1 damage;
    the stage cannot be left until the prisoner is rescued and all 3 objectives are held; the
    rescue brings the set-aside Nazgûl into the staging area (#102)."""
    game = dungeon(*OBJECTIVES, "Nazgûl of Dol Guldur", "Cavern Guardian", "Endless Caverns", "Dungeon Jailor")
    game.agents[0] = Scripted(pick("Through the Caverns", "response"))
    prisoner = game.z(CAPTURED, 0)[0]
    objectives = [c for c in game.z(STAGING) if game.records[c].type == "objective"]
    for objective in objectives:
        for guard in guards_of(game, objective):
            game.move(guard, ENCOUNTER_DISCARD)
    claim(game, objectives[0])
    tower = game.z("current quest")[0]
    game.progress_on(tower, 9)
    caverns = game.z("current quest")[0]
    assert game.card_name(caverns) == "Through the Caverns"
    assert game.stat(caverns, "quest_points") == 15
    game.progress_on(caverns, 15)
    assert prisoner in game.z(PLAY, 0) and game.state.damage[prisoner] == 1
    assert game.card_name(game.z(STAGING)[-1]) == "Nazgûl of Dol Guldur"
    assert game.z("current quest") == [caverns]  # 2 objectives still unclaimed
    # a hero holds two restricted attachments at most: the third objective goes to another
    names = [game.card_name(h) for h in game.heroes(0) if h != game.state.attached_to[objectives[0]]]
    for objective, name in zip(objectives[1:], names, strict=True):
        claim(game, objective, onto=name)
    game.progress_on(caverns, 1)
    assert game.card_name(game.z("current quest")[0]) == "Out of the Dungeons"


def test_out_of_the_dungeons_is_not_defeated_while_the_nazgul_is_in_play_and_then_wins() -> None:
    """#125: the stage cannot be defeated while the Nazgûl of Dol Guldur is in play; defeating
    it is the last stage, and wins (seed, "Winning the Game")."""
    game = dungeon("Nazgûl of Dol Guldur", "Cavern Guardian", stages=STAGES[2:])
    nazgul = put(game, "Nazgûl of Dol Guldur", ENGAGED, 0)
    stage = game.z("current quest")[0]
    assert game.stat(stage, "quest_points") == 7
    game.progress_on(stage, 7)
    assert game.z("current quest") == [stage] and not game.state.finished
    game.move(nazgul, ENCOUNTER_DISCARD)
    with pytest.raises(GameOver):
        game.progress_on(stage, 1)
    assert game.state.finished and game.state.result["won"]


# ---------------------------------------------------------------------- the objectives
def test_an_objective_is_claimed_only_once_free_of_its_guard_for_two_threat() -> None:
    """#108-110 Action: raise your threat by 2 to claim it once free of encounters, attached to
    a hero you control; any player may (RR "Objective Cards", "Guarded")."""
    game = game_with(*OBJECTIVES, "Cavern Guardian")
    map_card = reveal(game, "Gandalf's Map")
    guard = guards_of(game, map_card)
    assert [game.card_name(c) for c in guard] == ["Cavern Guardian"]  # the Guarded keyword
    assert not claimable(game, map_card)
    game.move(guard[0], ENGAGED, 0)  # the guard engages: the objective is free
    assert is_free(game, map_card) and claimable(game, map_card)
    before = game.state.threat[0]
    claim(game, map_card)
    assert game.state.threat[0] == before + 2
    assert map_card in game.z(PLAY, 0) and game.state.attached_to[map_card] in game.heroes(0)


def test_gandalfs_map_keeps_its_hero_from_attacking_and_defending() -> None:
    """#108: the attached hero cannot attack or defend."""
    game = game_with(*OBJECTIVES, PROWLER)
    carrier = hero(game)
    attach(game, "Gandalf's Map", carrier)
    enemy = put(game, "Test Prowler", ENGAGED, 0)
    assert carrier not in combat.defenders(game, 0)
    assert not combat.may_attack(game, 0, carrier, enemy)
    assert combat.may_attack(game, 0, hero(game, 0, 1), enemy)


def test_dungeon_torch_raises_its_players_threat_by_two_each_round_end() -> None:
    """#109 Forced: at the end of each round the attached hero's controller raises threat by 2."""
    game = game_with(*OBJECTIVES)
    attach(game, "Dungeon Torch", hero(game))
    before = game.state.threat[0]
    triggers.fire(game, "round ends", 0)
    assert game.state.threat[0] == before + 2


def test_shadow_key_deals_one_damage_to_its_hero_each_round_end() -> None:
    """#110 Forced: at the end of each round the attached hero suffers 1 damage; unclaimed in
    the staging area it does nothing."""
    game = game_with(*OBJECTIVES)
    carrier = hero(game)
    key = attach(game, "Shadow Key", carrier)
    triggers.fire(game, "round ends", 0)
    assert game.state.damage.get(carrier, 0) == 1
    game.state.attached_to.pop(key)
    game.move(key, STAGING)  # unclaimed in the staging area
    triggers.fire(game, "round ends", 0)
    assert game.state.damage.get(carrier, 0) == 1


def test_a_detached_objective_returns_to_the_staging_area() -> None:
    """#108-110: detached (its hero destroyed, or discarded), the objective goes back to the
    staging area, not the discard pile."""
    game = game_with(*OBJECTIVES)
    carrier = hero(game)
    key = attach(game, "Shadow Key", carrier)
    game.destroy(carrier)
    assert key in game.z(STAGING)


# ---------------------------------------------------------------------- the encounter cards
def test_dungeon_jailor_shuffles_an_objective_back_after_a_failed_quest() -> None:
    """#101 Forced: in the staging area after the players quest unsuccessfully, 1 unclaimed
    objective in the staging area is shuffled into the encounter deck."""
    game = game_with(*OBJECTIVES, "Dungeon Jailor")
    jailor = put(game, "Dungeon Jailor", STAGING)
    objective = put(game, "Dungeon Torch", STAGING)
    game.state.phase = "quest"
    triggers.fire(game, "quest failed", 0)
    assert objective in game.z(ENCOUNTER_DECK)
    game.move(objective, STAGING)
    game.move(jailor, ENGAGED, 0)  # no longer in the staging area: nothing happens
    triggers.fire(game, "quest failed", 0)
    assert objective in game.z(STAGING)
    assert game.records[jailor].victory == 5


def test_a_failed_quest_is_announced_by_the_quest_phase() -> None:
    """Quest resolution: the staging area's threat beat the willpower (seed, "Quest Phase"):
    the Jailor answers it."""
    game = game_with(*OBJECTIVES, "Dungeon Jailor")
    put(game, "Dungeon Jailor", STAGING)
    objective = put(game, "Shadow Key", STAGING)
    for each in list(game.z(ENCOUNTER_DECK)):
        game.move(each, ENCOUNTER_DISCARD)
    game.move(objective, STAGING)
    game.state.phase = "quest"
    game.quest_phase()
    assert objective not in game.z(STAGING)


def test_nazgul_of_dol_guldur_takes_no_attachment_and_a_shadow_on_it_costs_a_character() -> None:
    """#102: no attachment can be played on it; after a shadow effect dealt to it resolves, the
    engaged player discards a character of theirs."""
    game = game_with("Nazgûl of Dol Guldur", "Under the Shadow")
    nazgul = put(game, "Nazgûl of Dol Guldur", ENGAGED, 0)
    snare = put(game, "Forest Snare", HAND, 0) if "Forest Snare" in {r.name for r in game.records} else -1
    assert snare == -1 or nazgul not in game.hosts(0, snare)
    game.move(nazgul, STAGING)
    before = len(game.characters(0))
    game.add_effect(nazgul, "attack", -4)  # (an attack that damages nobody: only the discard counts)
    attack_with_shadow(game, "Nazgûl of Dol Guldur", "Under the Shadow")
    assert len(game.characters(0)) == before - 1
    assert any(game.records[c].is_character for c in game.z(DISCARD, 0))


def test_cavern_guardian_shadow_discards_an_attachment_and_an_objective_goes_back_to_staging() -> None:
    """#103: Doomed 1; shadow: the defending player discards 1 attachment (an objective goes
    back to the staging area; undefended, every attachment)."""
    game = game_with("Cavern Guardian", *OBJECTIVES, PROWLER)
    carrier = hero(game)
    torch = attach(game, "Dungeon Torch", carrier)
    game.agents[0] = Scripted(answers(pick("Test Warden", "defend"), pick("Dungeon Torch", "choose card")))
    attack_with_shadow(game, "Test Prowler", "Cavern Guardian")
    assert torch in game.z(STAGING)
    before = game.state.threat[0]
    reveal(game, "Cavern Guardian")
    assert game.state.threat[0] == before + 1


def test_under_the_shadow_adds_threat_per_player_and_its_shadow_raises_threat_per_enemy() -> None:
    """#104 When Revealed: the staging area's total threat is raised by the number of players
    until the end of the phase; shadow: the defending player raises threat by the number of
    enemies engaged with them."""
    game = game_with("Under the Shadow", PROWLER, players=2)
    game.state.phase = "quest"
    before = game.staging_threat()
    reveal(game, "Under the Shadow")
    assert game.staging_threat() == before + 2
    game.run_phase("travel")
    assert game.staging_threat() == before
    put(game, "Test Prowler", ENGAGED, 0)
    threat = game.state.threat[0]
    attack_with_shadow(game, "Test Prowler", "Under the Shadow")
    assert game.state.threat[0] == threat + 2


def test_endless_caverns_is_doomed_and_surges() -> None:
    """#106: Doomed 1 and Surge: revealing it raises threat by 1 and reveals one more card."""
    game = game_with("Endless Caverns", PROWLER)
    on_top(game, "Test Prowler")
    before = game.state.threat[0]
    reveal(game, "Endless Caverns")
    assert game.state.threat[0] == before + 1
    assert {game.card_name(c) for c in game.z(STAGING)} == {"Endless Caverns", "Test Prowler"}


def test_a_rescued_prisoner_is_back_in_play_and_a_captured_one_collects_nothing() -> None:
    """#123: a prisoner cannot be used and collects no resources; rescued, it is its player's
    again (RR "Set Aside": out of play)."""
    game = dungeon(*OBJECTIVES, "Nazgûl of Dol Guldur", "Cavern Guardian", "Endless Caverns", "Dungeon Jailor")
    prisoner = game.z(CAPTURED, 0)[0]
    game.resource_phase()
    assert game.state.resources.get(prisoner, 0) == 0
    assert prisoner not in game.characters(0)
    assert DISCARD  # (the prisoner is in no discard pile either)


# ---------------------------------------------------------------------- the lint codes
def _objective(body: str, card_type: str = "objective") -> str:
    extra = "  stage 1\n  quest-points 3\n" if card_type == "quest" else ""
    return (
        f'card "Test Relic" {{\n  id test-relic\n  type {card_type}\n{extra}  provenance designed\n'
        f'  text "A test."\n{body}}}\n'
    )


def test_e154_claim_only_in_an_objectives_action_on_itself() -> None:
    good = "  action by each player {\n    cost raise threat by 2\n    claim this\n  }\n"
    assert compile_findings(_objective(good)) == []
    assert "E154" in compile_findings(_objective(good, "quest"))
    assert "E154" in compile_findings(_objective(good.replace("claim this", "claim all objectives in staging area")))


def test_e155_and_w225_guard_names_objectives_in_a_quest_setup() -> None:
    good = "  when revealed {\n    guard all objectives in staging area\n  }\n"
    assert compile_findings(_objective(good, "quest")) == []
    assert compile_findings(_objective(good.replace("objectives", "enemies"), "quest")) == ["E155"]
    treachery = _objective(good).replace("type objective", "type treachery")
    assert compile_findings(treachery) == ["W225"]


def test_e156_only_heroes_are_captured_and_rescued() -> None:
    good = "  when revealed {\n    capture random 1 hero in any play area\n  }\n"
    assert compile_findings(_objective(good, "quest")) == []
    assert compile_findings(_objective(good.replace("hero", "ally"), "quest")) == ["E156"]


def test_e157_set_aside_is_a_quest_setup() -> None:
    good = '  when revealed {\n    set-aside all enemies in encounter deck where name is "Dungeon Jailor"\n  }\n'
    assert compile_findings(_objective(good, "quest")) == []
    assert compile_findings(_objective(good).replace("type objective", "type treachery")) == ["E157"]


def test_e158_darken_lasts_a_phase_not_a_while_block() -> None:
    good = "  when revealed {\n    darken 1\n  }\n"
    treachery = _objective(good).replace("type objective", "type treachery")
    assert compile_findings(treachery) == []
    held = _objective("  while in play {\n    darken 1\n  }\n", "quest")
    assert "E158" in compile_findings(held)


def test_e159_and_w224_rules_hold_only_in_while_blocks() -> None:
    good = "  while in play {\n    ration all allies in any hand\n  }\n"
    assert compile_findings(_objective(good, "quest")) == []
    loose = _objective("  when revealed {\n    ration all allies in any hand\n  }\n", "quest")
    assert compile_findings(loose) == ["E159"]
    assert compile_findings(_objective(good.replace("allies", "events"), "quest")) == ["W224"]
    disarm = _objective("  when revealed {\n    disarm all heroes in any play area\n  }\n", "quest")
    assert compile_findings(disarm) == ["E159"]


# ---------------------------------------------------------------------- face-down guards, shackles
def test_tower_gate_puts_each_players_top_card_against_them_as_a_one_one_one_enemy() -> None:
    """#107 Forced: after travelling here, each player's top deck card engages them face down
    as an enemy of 1 attack, 1 defense, 1 hit point; destroyed, it goes to its owner's discard
    pile as the card it is (RR "Encounter Cards": a player card is never an encounter card)."""
    game = game_with("Tower Gate", players=2)
    gate = put(game, "Tower Gate", STAGING)
    tops = [game.z("deck", p)[0] for p in (0, 1)]
    names = [game.records[c].name for c in tops]
    game.state.phase = "travel"
    game.agents[0] = Scripted(pick("Tower Gate", "travel"))
    game.travel_phase()
    assert gate in game.z("active location")
    for player, top in zip((0, 1), tops, strict=True):
        assert top in game.z(ENGAGED, player)
        assert game.records[top].type == "enemy"
        assert (game.stat(top, "attack"), game.stat(top, "defense"), game.stat(top, "hit_points")) == (1, 1, 1)
    game.deal_damage(tops[0], 1)
    assert tops[0] in game.z(DISCARD, 0) and game.records[tops[0]].name == names[0]


def test_out_of_the_dungeons_posts_a_face_down_guard_against_each_player_as_the_quest_begins() -> None:
    """#125 Forced: at the beginning of each quest phase each player's top deck card engages
    them face down as a 1/1/1 enemy."""
    game = dungeon("Nazgûl of Dol Guldur", "Cavern Guardian", stages=STAGES[2:])
    top = game.z("deck", 0)[0]
    game.state.phase = "quest"
    game.quest_phase()
    assert top in game.z(ENGAGED, 0) and game.records[top].type == "enemy"


def test_iron_shackles_on_the_first_players_deck_takes_the_place_of_their_next_draw() -> None:
    """#105 When Revealed: attached to the first player's deck; the next time they would draw,
    it is discarded instead and nothing is drawn. Shadow: the same."""
    game = game_with("Iron Shackles", PROWLER, players=2)
    shackles = reveal(game, "Iron Shackles")
    assert shackles in game.z(PLAY, 0)
    hand = len(game.z(HAND, 0))
    assert game.draw(1, 1) == 1  # the other player's deck is not shackled
    assert game.draw(0, 2) == 0 and len(game.z(HAND, 0)) == hand
    assert shackles in game.z(ENCOUNTER_DISCARD)
    assert game.draw(0, 1) == 1
    attack_with_shadow(game, "Test Prowler", "Iron Shackles")
    assert shackles in game.z(PLAY, 0)


# ---------------------------------------------------------------------- whole games
def _scenario_games() -> list[tuple[str, int, str]]:
    return [
        (deck, seed, kind)
        for deck in ("leadership", "tactics", "spirit", "lore")
        for seed in (1, 2)
        for kind in ("heuristic", "random")
    ]


@pytest.mark.parametrize(("deck", "seed", "kind"), _scenario_games())
def test_a_whole_game_of_escape_from_dol_guldur_plays_out_by_the_rules(deck: str, seed: int, kind: str) -> None:
    """The shipped scenario with each starter deck, seeded: the game ends by a rule (seed,
    "Winning and Losing"), the invariants of every decision hold, and replaying its choices
    reaches the same digest."""
    from test_lcg_core_games import CORE, _catalogue, _records, starter
    from test_lcg_properties import NoAnswers, Watched, agents_for

    from lotr_rules.games.lcg.files import load_scenario
    from lotr_rules.games.lcg.game import REASONS

    scenario = load_scenario(CORE / "scenarios" / "escape-from-dol-guldur.toml", _catalogue(), _records())
    config = LcgConfig(scenario, (starter(deck),), seed=seed)
    game = LcgGame(config, [Watched(a) for a in agents_for(kind, 1, seed)])
    result = game.play_game()
    assert game.state.finished and result["reason"] in REASONS
    assert result["won"] or all(game.state.eliminated)
    assert game.all_cards() == list(range(len(game.records)))
    assert any(entry[0] == "captured" for entry in game.state.log)
    again = LcgGame(config, [NoAnswers()], game.state.choices)
    again.play_game()
    assert again.state.digest() == game.state.digest()
