"""The Passage Through Mirkwood scenario of the LCG core set, from its card files: each card's
script played in a game set up for it. "RR" cites the published Rules Reference (entry named),
"seed" the core set rulebook (section named); the card itself is cited by its number."""

from __future__ import annotations

import functools
from collections.abc import Callable

import pytest
from lcg_fixtures import DECK_A, DECK_B, PROWLER, Scripted
from lcg_table import Answer, put

from lotr_rules.cards.loader import load_sets
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import GameOver
from lotr_rules.games.lcg import combat, convert
from lotr_rules.games.lcg.game import LcgConfig, LcgGame
from lotr_rules.games.lcg.record import LcgCard, Scenario
from lotr_rules.games.lcg.state import (
    ACTIVE,
    DECK,
    DISCARD,
    ENCOUNTER_DECK,
    ENCOUNTER_DISCARD,
    ENGAGED,
    HAND,
    PLAY,
    STAGING,
)
from lotr_rules.games.lcg.vocabulary import vocabulary

#: a plain quest stage for the tests of encounter cards (no setup of its own)
PLAIN_STAGE = LcgCard("Test Crossing", "quest", stage=1, quest_points=20)


@functools.cache
def records() -> dict[str, LcgCard]:
    catalogue = load_sets(vocabulary=vocabulary())
    return convert.to_records(catalogue.in_sets(["lcg-core"]))


def card(name: str) -> LcgCard:
    return records()[name]


def game_with(
    *names: str | LcgCard, players: int = 1, answer: Answer | None = None, quest: tuple[LcgCard, ...] = ()
) -> LcgGame:
    """A game after setup (no mulligan) whose encounter deck holds these cards, with empty
    hands and staging area, so a test puts each card where it wants it. A record given instead
    of a name joins as it is (a test enemy to attack with a shadow card)."""
    encounter = tuple(card(name) if isinstance(name, str) else name for name in names)
    scenario = Scenario("Mirkwood test", quest or (PLAIN_STAGE,), encounter)
    decks = (DECK_A, DECK_B)[:players]
    config = LcgConfig(scenario=scenario, players=decks, seed=1, mulligan=False)
    game = LcgGame(config, [Scripted(answer) for _ in range(players)])
    for player in range(players):
        for each in list(game.z(HAND, player)):
            game.move(each, DECK, player)
    for each in list(game.z(STAGING)):
        game.move(each, ENCOUNTER_DECK)
    return game


def pick(label: str, kind: str = "") -> Answer:
    """Answer with the option whose label holds ``label`` (of a request of ``kind``, if given)."""

    def answer(request: DecisionRequest) -> int | None:
        if kind and request.kind != kind:
            return None
        for i, option in enumerate(request.options):
            if label in option.label:
                return i
        return None

    return answer


def answers(*rules: Answer) -> Answer:
    def answer(request: DecisionRequest) -> int | None:
        for rule in rules:
            chosen = rule(request)
            if chosen is not None:
                return chosen
        return None

    return answer


def hero(game: LcgGame, player: int = 0, index: int = 0) -> int:
    return game.heroes(player)[index]


def travel(game: LcgGame, location: int) -> None:
    """The first player travels to this location in a travel phase."""
    game.state.phase = "travel"
    game.travel_phase()


def on_top(game: LcgGame, name: str) -> int:
    """Put a copy of this encounter card (from anywhere but play) on top of the encounter deck."""
    copy = next(c for c, r in enumerate(game.records) if r.name == name and game.owners[c] < 0)
    game.move(copy, ENCOUNTER_DECK, top=True)
    return copy


def reveal(game: LcgGame, name: str, player: int = 0) -> int:
    """Reveal a copy of this encounter card from the top of the encounter deck."""
    copy = on_top(game, name)
    game.reveal_encounter(player)
    return copy


Shadowed = Callable[[LcgGame], None]


def attack_with_shadow(game: LcgGame, enemy: str, shadow: str, player: int = 0) -> tuple[int, int]:
    """An enemy engaged with the player attacks with this card dealt to it face down; the
    player's agent declares (or not) the defender. Returns the enemy and the shadow card."""
    attacker = put(game, enemy, ENGAGED, player)
    dealt = on_top(game, shadow)
    game.state.phase = "combat"
    combat.deal_shadow_cards(game)
    combat.enemy_attack(game, player, attacker)
    return attacker, dealt


def attach(game: LcgGame, name: str, host: int, player: int = 0) -> int:
    attachment = put(game, name, PLAY, player)
    game.state.attached_to[attachment] = host
    return attachment


# ---------------------------------------------------------------------- Passage Through Mirkwood
def test_forest_gate_lets_the_first_player_draw_two_on_travel() -> None:
    """#100: a Response after travelling to it; the first player controls the encounter card."""
    game = game_with("Forest Gate", answer=answers(pick("travel to", "travel"), pick("Forest Gate", "response")))
    gate = put(game, "Forest Gate", STAGING)
    travel(game, gate)
    assert game.z(ACTIVE) == [gate]
    assert len(game.z(HAND, 0)) == 2


def test_forest_gate_response_may_be_declined() -> None:
    game = game_with("Forest Gate", answer=pick("travel to", "travel"))
    travel(game, put(game, "Forest Gate", STAGING))
    assert game.z(HAND, 0) == []


def test_old_forest_road_readies_a_character_of_the_first_player() -> None:
    """#99: the first player may ready 1 character they control."""
    game = game_with("Old Forest Road")
    first = hero(game)
    game.agents[0].answer = answers(  # type: ignore[attr-defined]
        pick("travel to", "travel"), pick("Old Forest Road", "response"), pick(game.card_name(first), "choose card")
    )
    game.state.exhausted.update(game.heroes(0))
    travel(game, put(game, "Old Forest Road", STAGING))
    assert first not in game.state.exhausted
    assert all(h in game.state.exhausted for h in game.heroes(0)[1:])


def test_forest_spider_gets_attack_when_it_engages_until_the_end_of_the_round() -> None:
    """#96: Forced: +1 attack after it engages a player, until the end of the round."""
    game = game_with("Forest Spider")
    spider = put(game, "Forest Spider", STAGING)
    combat.engage(game, 0, spider)
    assert game.stat(spider, "attack") == 3
    game.run_phase("refresh")
    assert game.stat(spider, "attack") == 3  # a phase ended, not the round
    game.state.effects = [e for e in game.state.effects if e[3] != "round"]
    assert game.stat(spider, "attack") == 2


def test_forest_spider_shadow_makes_the_defending_player_discard_an_attachment() -> None:
    """#96 shadow: the defending player discards 1 attachment they control."""
    game = game_with("Forest Spider", PROWLER)
    blade = attach(game, "Test Blade", hero(game))
    attack_with_shadow(game, "Test Prowler", "Forest Spider")
    assert blade in game.z(DISCARD, 0)


# ---------------------------------------------------------------------- Dol Guldur Orcs set
def test_the_necromancers_reach_damages_each_exhausted_character() -> None:
    """#93: 1 damage to every exhausted character, of every player."""
    game = game_with("The Necromancer's Reach", players=2)
    tired = [hero(game, 0), hero(game, 1, 2)]
    game.state.exhausted.update(tired)
    reach = reveal(game, "The Necromancer's Reach")
    assert {c: d for c, d in game.state.damage.items() if d} == {c: 1 for c in tired}
    assert reach in game.z(ENCOUNTER_DISCARD)


def defend_with(game: LcgGame, character: int) -> Answer:
    return pick(f"defend with {game.card_name(character)}", "defend")


def commit(game: LcgGame, *characters: int) -> None:
    """These characters are committed to the quest (exhausted), as in the quest phase."""
    game.state.phase = "quest"
    for character in characters:
        game.state.exhausted.add(character)
        game.state.committed.add(character)


# ---------------------------------------------------------------------- Spiders of Mirkwood
def test_king_spider_makes_each_player_exhaust_a_character() -> None:
    """#74 When Revealed: each player exhausts 1 ready character of their own."""
    game = game_with("King Spider", players=2)
    reveal(game, "King Spider")
    assert [sum(c in game.state.exhausted for c in game.characters(p)) for p in (0, 1)] == [1, 1]


def test_king_spider_shadow_exhausts_one_character_or_two_when_undefended() -> None:
    """#74 shadow: the defending player exhausts 1 character, 2 if the attack is undefended."""
    game = game_with("King Spider", PROWLER)
    attack_with_shadow(game, "Test Prowler", "King Spider")
    assert sum(c in game.state.exhausted for c in game.characters(0)) == 2
    game = game_with("King Spider", PROWLER)
    guard = hero(game, 0, 2)
    game.agents[0].answer = defend_with(game, guard)  # type: ignore[attr-defined]
    attack_with_shadow(game, "Test Prowler", "King Spider")
    # the defender exhausts to defend, and the shadow effect exhausts one more
    assert sum(c in game.state.exhausted for c in game.characters(0)) == 2
    assert guard in game.state.exhausted


def test_hummerhorns_deal_five_damage_to_a_hero_of_the_player_it_engages() -> None:
    """#75 Forced: after it engages you, 5 damage to one hero you control."""
    game = game_with("Hummerhorns", players=2)
    target = hero(game, 1, 0)  # 5 hit points: destroyed
    game.agents[1].answer = pick(game.card_name(target), "choose card")  # type: ignore[attr-defined]
    combat.engage(game, 1, put(game, "Hummerhorns", STAGING))
    assert target in game.z(DISCARD, 1)
    assert all(game.state.damage.get(h, 0) == 0 for h in game.heroes(0) + game.heroes(1))


def test_hummerhorns_shadow_damages_each_character_of_the_defending_player() -> None:
    """#75 shadow: 1 damage to each character of the defending player, 2 if undefended."""
    game = game_with("Hummerhorns", PROWLER)
    guard = hero(game, 0, 0)
    game.agents[0].answer = defend_with(game, guard)  # type: ignore[attr-defined]
    attack_with_shadow(game, "Test Prowler", "Hummerhorns")
    others = game.heroes(0)[1:]
    assert [game.state.damage.get(h, 0) for h in others] == [1, 1]
    game = game_with("Hummerhorns", PROWLER)
    archer = hero(game, 0, 1)  # 4 hit points: 2 from the shadow, 2 from the undefended attack
    game.agents[0].answer = pick(game.card_name(archer), "undefended")  # type: ignore[attr-defined]
    attack_with_shadow(game, "Test Prowler", "Hummerhorns")
    assert game.state.damage.get(hero(game, 0, 0)) == 2
    assert archer in game.z(DISCARD, 0)


def test_ungoliants_spawn_lowers_the_willpower_of_committed_characters_for_the_phase() -> None:
    """#76 When Revealed: each committed character gets -1 willpower until the end of the phase."""
    game = game_with("Ungoliant's Spawn")
    warden, archer, seer = game.heroes(0)
    commit(game, warden, seer)
    reveal(game, "Ungoliant's Spawn")
    assert [game.stat(c, "willpower") for c in (warden, archer, seer)] == [1, 1, 2]
    assert game.committed_willpower() == 3
    game.run_phase("travel")
    assert game.stat(warden, "willpower") == 2


def test_ungoliants_spawn_shadow_raises_threat_by_four_or_eight() -> None:
    """#76 shadow: the defending player's threat +4, +8 if the attack is undefended."""
    game = game_with("Ungoliant's Spawn", PROWLER)
    before = game.state.threat[0]
    game.agents[0].answer = defend_with(game, hero(game, 0, 0))  # type: ignore[attr-defined]
    attack_with_shadow(game, "Test Prowler", "Ungoliant's Spawn")
    assert game.state.threat[0] == before + 4
    game = game_with("Ungoliant's Spawn", PROWLER)
    attack_with_shadow(game, "Test Prowler", "Ungoliant's Spawn")
    assert game.state.threat[0] == before + 8


def test_eyes_of_the_forest_discards_every_event_in_every_hand() -> None:
    """#79: each player discards the event cards in their hand, and keeps the rest."""
    game = game_with("Eyes of the Forest", players=2)
    rally = put(game, "Test Rally", HAND, 0)
    spearman = put(game, "Test Spearman", HAND, 0)
    wind = put(game, "Test Second Wind", HAND, 1)
    reveal(game, "Eyes of the Forest")
    assert game.z(HAND, 0) == [spearman]
    assert game.z(HAND, 1) == []
    assert rally in game.z(DISCARD, 0) and wind in game.z(DISCARD, 1)


# ---------------------------------------------------------------------- more Passage Through Mirkwood
def test_east_bight_patrol_shadow_adds_attack_and_threat_when_undefended() -> None:
    """#97 shadow: +1 attack; undefended, the defending player's threat also +3."""
    game = game_with("East Bight Patrol", PROWLER)
    before = game.state.threat[0]
    guard = hero(game, 0, 0)  # defense 2 against 2 + 1 attack: 1 damage
    game.agents[0].answer = defend_with(game, guard)  # type: ignore[attr-defined]
    attack_with_shadow(game, "Test Prowler", "East Bight Patrol")
    assert game.state.damage.get(guard) == 1
    assert game.state.threat[0] == before
    game = game_with("East Bight Patrol", PROWLER)
    target = hero(game, 0, 0)
    game.agents[0].answer = pick(game.card_name(target), "undefended")  # type: ignore[attr-defined]
    attack_with_shadow(game, "Test Prowler", "East Bight Patrol")
    assert game.state.damage.get(target) == 3
    assert game.state.threat[0] == before + 3


def test_black_forest_bats_take_a_committed_character_of_each_player_off_the_quest() -> None:
    """#98: each player removes 1 committed character from the quest; it does not ready."""
    game = game_with("Black Forest Bats", players=2)
    warden, archer, _seer = game.heroes(0)
    sage = hero(game, 1, 0)
    commit(game, warden, archer, sage)
    game.agents[0].answer = pick(game.card_name(archer), "choose card")  # type: ignore[attr-defined]
    reveal(game, "Black Forest Bats")
    assert game.state.committed == {warden}
    assert {archer, sage} <= game.state.exhausted


# ---------------------------------------------------------------------- more Dol Guldur Orcs
def test_dol_guldur_orcs_let_the_first_player_deal_two_damage_to_a_committed_character() -> None:
    """#89 When Revealed: the first player chooses 1 committed character (any player's): 2 damage."""
    game = game_with("Dol Guldur Orcs", players=2)
    target = hero(game, 1, 1)
    commit(game, hero(game, 0, 0), target)
    game.agents[0].answer = pick(game.card_name(target), "choose card")  # type: ignore[attr-defined]
    reveal(game, "Dol Guldur Orcs", player=1)  # revealed for the second player: the first chooses
    assert game.state.damage == {target: 2}


def test_dol_guldur_orcs_shadow_adds_one_attack_or_three_undefended() -> None:
    """#89 shadow: the attacking enemy +1 attack, +3 if the attack is undefended."""
    game = game_with("Dol Guldur Orcs", PROWLER)
    guard = hero(game, 0, 0)  # defense 2 against 2 + 1
    game.agents[0].answer = defend_with(game, guard)  # type: ignore[attr-defined]
    attack_with_shadow(game, "Test Prowler", "Dol Guldur Orcs")
    assert game.state.damage.get(guard) == 1
    game = game_with("Dol Guldur Orcs", PROWLER)
    target = hero(game, 0, 0)
    game.agents[0].answer = pick(game.card_name(target), "undefended")  # type: ignore[attr-defined]
    attack_with_shadow(game, "Test Prowler", "Dol Guldur Orcs")
    assert target in game.z(DISCARD, 0)  # 2 + 3 damage on 5 hit points


def test_necromancers_pass_costs_the_first_player_two_random_cards_to_travel() -> None:
    """#94 Travel: the first player discards 2 cards at random; with fewer, no travel."""
    game = game_with("Necromancer's Pass", answer=pick("travel to", "travel"))
    held = [put(game, name, HAND, 0) for name in ("Test Rally", "Test Spearman", "Test Scout")]
    travel(game, put(game, "Necromancer's Pass", STAGING))
    assert len(game.z(ACTIVE)) == 1
    assert len(game.z(HAND, 0)) == 1 and game.z(HAND, 0)[0] in held
    assert len([c for c in held if c in game.z(DISCARD, 0)]) == 2
    game = game_with("Necromancer's Pass", answer=pick("travel to", "travel"))
    put(game, "Test Rally", HAND, 0)
    pass_ = put(game, "Necromancer's Pass", STAGING)
    travel(game, pass_)
    assert game.z(ACTIVE) == [] and pass_ in game.z(STAGING)


def test_driven_by_shadow_adds_threat_to_enemies_and_locations_in_staging_for_the_phase() -> None:
    """#92 When Revealed: each enemy and location in the staging area +1 threat this phase."""
    game = game_with("Driven by Shadow", "Forest Spider", "Old Forest Road")
    game.state.phase = "quest"
    spider = put(game, "Forest Spider", STAGING)
    road = put(game, "Old Forest Road", STAGING)
    reveal(game, "Driven by Shadow")
    assert (game.stat(spider, "threat"), game.stat(road, "threat")) == (3, 2)
    assert game.staging_threat() == 5
    assert not any(entry[0] == "surge" for entry in game.state.log)
    game.run_phase("travel")
    assert game.staging_threat() == 3


def test_driven_by_shadow_gains_surge_with_an_empty_staging_area() -> None:
    """#92: no card in the staging area, so it gains surge: one more card is revealed once it
    has resolved (seed, "Surge"), after it went to the discard pile."""
    game = game_with("Driven by Shadow", "Forest Spider")
    game.state.phase = "quest"
    spider = on_top(game, "Forest Spider")
    driven = reveal(game, "Driven by Shadow")
    assert game.z(STAGING) == [spider]
    assert driven in game.z(ENCOUNTER_DISCARD)
    assert ("surge", "Driven by Shadow") in game.state.log


def test_driven_by_shadow_shadow_discards_the_defenders_attachment_or_all_when_undefended() -> None:
    """#92 shadow: 1 attachment of the defending character; undefended, every attachment the
    defending player controls."""
    game = game_with("Driven by Shadow", PROWLER)
    guard, other = hero(game, 0, 0), hero(game, 0, 1)
    on_guard = attach(game, "Test Blade", guard)
    elsewhere = attach(game, "Test Banner", other)
    game.agents[0].answer = defend_with(game, guard)  # type: ignore[attr-defined]
    attack_with_shadow(game, "Test Prowler", "Driven by Shadow")
    assert on_guard in game.z(DISCARD, 0) and elsewhere in game.z(PLAY, 0)
    game = game_with("Driven by Shadow", PROWLER)
    attached = [attach(game, "Test Blade", hero(game, 0, 0)), attach(game, "Test Banner", hero(game, 0, 1))]
    attack_with_shadow(game, "Test Prowler", "Driven by Shadow")
    assert all(a in game.z(DISCARD, 0) for a in attached)


# ---------------------------------------------------------------------- the quest cards
def test_flies_and_spiders_puts_a_forest_spider_and_an_old_forest_road_in_staging_at_setup() -> None:
    """#119 Setup: one copy of each from the encounter deck to the staging area; 8 quest points."""
    stages = (card("Flies and Spiders"), card("A Fork in the Road"))
    scenario = Scenario("Mirkwood test", stages, (card("Forest Spider"), card("Old Forest Road"), card("Forest Gate")))
    game = LcgGame(LcgConfig(scenario=scenario, players=(DECK_A,), mulligan=False), [Scripted()])
    assert sorted(game.card_name(c) for c in game.z(STAGING)) == ["Forest Spider", "Old Forest Road"]
    assert len(game.z(ENCOUNTER_DECK)) == 3 + 1 + 2  # the other copies stay in the deck
    stage = game.z("current quest")[0]
    assert game.stat(stage, "quest_points") == 8
    game.progress_on(stage, 8)
    assert game.card_name(game.z("current quest")[0]) == "A Fork in the Road"
    assert game.stat(game.z("current quest")[0], "quest_points") == 2


def test_a_setup_staging_field_names_cards_of_the_sets_in_quotes() -> None:
    """The field takes quoted names (E191 otherwise), each the name of a card (E150)."""
    from lotr_rules.dsl.compiler import Compiler
    from lotr_rules.dsl.parser import parse_card

    def findings(value: str) -> list[str]:
        text = (
            'card "Test Stage" {\n  id test-stage\n  type quest\n  stage 1\n  quest-points 3\n'
            f'  setup-staging {value}\n  provenance designed\n  text "A test."\n}}\n'
        )
        compiler = Compiler(vocabulary(), "test.card", frozenset(records()))
        compiler.compile_card(parse_card(text))
        return [d.code for d in compiler.diagnostics]

    assert findings('"Forest Spider" "Old Forest Road"') == []
    assert findings("forest spider") == ["E191"]
    assert findings('"Forest Spyder"') == ["E150"]


# ---------------------------------------------------------------------- words no card above uses yet
def scripted(body: str, card_type: str = "treachery") -> LcgCard:
    """A made-up encounter card whose When Revealed effect is ``body``."""
    from lotr_rules.dsl.compiler import Compiler
    from lotr_rules.dsl.parser import parse_card

    text = (
        f'card "Test Effect" {{\n  id test-effect\n  type {card_type}\n  provenance designed\n'
        f'  text "A test."\n  when revealed {{\n    {body}\n  }}\n}}\n'
    )
    compiler = Compiler(vocabulary(), "test.card", frozenset(records()))
    compiled = compiler.compile_card(parse_card(text))
    assert compiled is not None and compiler.diagnostics == [], compiler.diagnostics
    return convert.to_record(compiled)


def test_stage_searches_the_encounter_deck_and_discard_pile_and_shuffles_the_deck() -> None:
    """'stage': encounter cards found in the deck or its discard pile go to the staging area."""
    effect = scripted(
        "for each player {\n      stage a card in encounter deck or encounter discard pile where trait is spider\n    }"
    )
    game = game_with(effect, "King Spider", "Forest Gate", players=2)
    spider = next(c for c in game.z(ENCOUNTER_DECK) if game.card_name(c) == "King Spider")
    game.move(spider, ENCOUNTER_DISCARD)
    reveal(game, "Test Effect")
    staged = sorted(game.card_name(c) for c in game.z(STAGING))
    assert staged == ["King Spider", "King Spider"]


def test_reveal_and_win() -> None:
    """'reveal 1' reveals the next encounter card; 'win' ends the game won."""
    game = game_with(scripted("reveal 1"), "Forest Gate")
    gate = on_top(game, "Forest Gate")
    reveal(game, "Test Effect")
    assert game.z(STAGING) == [gate]
    game = game_with(scripted("win"))
    with pytest.raises(GameOver):
        reveal(game, "Test Effect")
    assert game.state.result["won"] is True


def test_the_player_with_the_highest_threat_ties_broken_by_the_first_player() -> None:
    """'for each player with highest threat': one player; tied, the first player chooses."""
    effect = scripted("for each player with highest threat {\n      raise threat by 1\n    }")
    game = game_with(effect, players=2)
    game.state.threat[:] = [30, 31]
    reveal(game, "Test Effect")
    assert game.state.threat == [30, 32]
    game = game_with(effect, players=2, answer=pick("player 2", "choose a player"))
    game.state.threat[:] = [30, 30]
    reveal(game, "Test Effect")
    assert game.state.threat == [30, 31]


# ---------------------------------------------------------------------- the rest of the encounter sets
def test_great_forest_web_makes_every_player_exhaust_a_hero_to_travel() -> None:
    """#77 Travel: each player exhausts 1 hero they control; the travel cost is paid before the
    players travel, and they cannot travel unless every player can pay it (RR "Travel")."""
    game = game_with("Great Forest Web", players=2, answer=pick("travel to", "travel"))
    web = put(game, "Great Forest Web", STAGING)
    travel(game, web)
    assert game.z(ACTIVE) == [web]
    assert [sum(h in game.state.exhausted for h in game.heroes(p)) for p in (0, 1)] == [1, 1]
    game = game_with("Great Forest Web", players=2, answer=pick("travel to", "travel"))
    game.state.exhausted.update(game.heroes(1))  # the second player has no ready hero
    web = put(game, "Great Forest Web", STAGING)
    travel(game, web)
    assert game.z(ACTIVE) == [] and web in game.z(STAGING)
    assert not any(h in game.state.exhausted for h in game.heroes(0))


def test_mountains_of_mirkwood_reveals_a_card_to_travel_and_lets_players_search_when_explored() -> None:
    """#78 Travel: the top encounter card is revealed and added to the staging area. Response:
    once explored, each player may search the top 5 cards of their deck for 1 card to take into
    their hand, the rest shuffled back (RR "Searching")."""
    game = game_with("Mountains of Mirkwood", "Forest Spider", players=2, answer=pick("travel to", "travel"))
    mountains = put(game, "Mountains of Mirkwood", STAGING)
    spider = on_top(game, "Forest Spider")
    travel(game, mountains)
    assert game.z(ACTIVE) == [mountains] and game.z(STAGING) == [spider]
    wanted = [game.z(DECK, p)[4] for p in (0, 1)]  # the fifth card of each deck
    for player in (0, 1):
        game.agents[player].answer = answers(  # type: ignore[attr-defined]
            pick("Mountains of Mirkwood", "response"),
            lambda r: 0 if r.kind == "may" else None,
            lambda r, p=player: next((i for i, o in enumerate(r.options) if o.value == wanted[p]), None),
        )
    sizes = [len(game.z(DECK, p)) for p in (0, 1)]
    game.place_progress(3)
    assert mountains in game.z(ENCOUNTER_DISCARD)
    assert [game.z(HAND, p) for p in (0, 1)] == [[wanted[0]], [wanted[1]]]
    assert [len(game.z(DECK, p)) for p in (0, 1)] == [sizes[0] - 1, sizes[1] - 1]


def test_caught_in_a_web_attaches_to_a_hero_of_the_highest_threat_which_then_does_not_ready() -> None:
    """#80: the player with the highest threat attaches it to one of their heroes; that hero
    does not ready in the refresh phase unless 2 resources of its own pool are paid."""
    game = game_with("Caught in a Web", players=2)
    game.state.threat[:] = [30, 33]
    caught = hero(game, 1, 1)
    game.agents[1].answer = pick(game.card_name(caught), "choose card")  # type: ignore[attr-defined]
    web = reveal(game, "Caught in a Web")
    assert game.state.attached_to.get(web) == caught and web in game.z(PLAY, 1)
    game.state.exhausted.update([caught, hero(game, 1, 0)])
    game.state.resources[caught] = 1  # too few to pay
    game.run_phase("refresh")
    assert caught in game.state.exhausted and hero(game, 1, 0) not in game.state.exhausted
    game.state.resources[caught] = 3
    game.agents[1].answer = pick("spend 2 resources", "choose")  # type: ignore[attr-defined]
    game.run_phase("refresh")
    assert caught not in game.state.exhausted and game.state.resources[caught] == 1


def test_caught_in_a_web_keeps_the_hero_exhausted_when_its_player_declines_to_pay() -> None:
    game = game_with("Caught in a Web")
    caught = hero(game)
    game.agents[0].answer = pick(game.card_name(caught), "choose card")  # type: ignore[attr-defined]
    reveal(game, "Caught in a Web")
    game.state.exhausted.add(caught)
    game.state.resources[caught] = 2
    game.agents[0].answer = pick("leave it exhausted", "choose")  # type: ignore[attr-defined]
    game.run_phase("refresh")
    assert caught in game.state.exhausted and game.state.resources[caught] == 2


def test_chieftain_ufthak_gains_a_resource_after_each_attack_and_two_attack_per_resource() -> None:
    """#90: +2 attack for each resource token on him; Forced: 1 resource token after he attacks."""
    game = game_with("Chieftain Ufthak", PROWLER)
    ufthak = put(game, "Chieftain Ufthak", ENGAGED, 0)
    assert game.stat(ufthak, "attack") == 3
    game.state.phase = "combat"
    target = hero(game, 0, 0)
    game.agents[0].answer = pick(game.card_name(target), "undefended")  # type: ignore[attr-defined]
    combat.enemy_attack(game, 0, ufthak)
    assert game.state.damage.get(target) == 3
    assert game.state.resources.get(ufthak) == 1 and game.stat(ufthak, "attack") == 5
    game.run_phase("refresh")
    assert game.stat(ufthak, "attack") == 5  # tokens stay until he leaves play
    assert game.records[ufthak].victory == 4


def test_dol_guldur_beastmaster_is_dealt_another_shadow_card_as_it_attacks() -> None:
    """#91 Forced: when it attacks, it is dealt 1 more shadow card, turned over with the other."""
    game = game_with("Dol Guldur Beastmaster", "East Bight Patrol", "Dol Guldur Orcs")
    beast = put(game, "Dol Guldur Beastmaster", ENGAGED, 0)
    on_top(game, "Dol Guldur Orcs")
    on_top(game, "East Bight Patrol")
    game.state.phase = "combat"
    combat.deal_shadow_cards(game)
    assert len(game.z("shadow cards")) == 1
    guard = hero(game, 0, 0)
    game.agents[0].answer = defend_with(game, guard)  # type: ignore[attr-defined]
    combat.enemy_attack(game, 0, beast)
    turned = [entry[1] for entry in game.state.log if entry[0] == "shadow revealed"]
    assert turned == ["East Bight Patrol", "Dol Guldur Orcs"]
    assert game.stat(beast, "attack") == 5  # +1 from each shadow card, for the phase


def test_enchanted_stream_stops_every_draw_while_it_is_the_active_location() -> None:
    """#95: while it is the active location, players cannot draw cards (a draw in the resource
    phase draws nothing); in the staging area it does nothing."""
    game = game_with("Enchanted Stream", players=2)
    stream = put(game, "Enchanted Stream", STAGING)
    assert game.draw(0, 1) == 1
    game.move(stream, ACTIVE)
    before = [len(game.z(HAND, p)) for p in (0, 1)]
    game.run_phase("resource")
    assert [len(game.z(HAND, p)) for p in (0, 1)] == before
    assert game.draw(1, 2) == 0


def stage_three(name: str, *encounter: str | LcgCard, players: int = 1) -> LcgGame:
    """A game whose quest is a 1-point stage 1 and this stage 3 (revealed once stage 1 is done)."""
    first = LcgCard("Test Approach", "quest", stage=1, quest_points=1)
    game = game_with(*encounter, players=players, quest=(first, card(name)))
    game.place_progress(1)
    assert game.card_name(game.z("current quest")[0]) == name
    return game


def test_dont_leave_the_path_stages_a_spider_for_each_player_and_is_won_by_defeating_the_spawn() -> None:
    """#121 (3B): each player adds a Spider of their choice from the encounter deck or discard
    pile to the staging area; progress never defeats it (no quest points): the players win by
    defeating Ungoliant's Spawn."""
    answer = pick("Ungoliant's Spawn", "choose card")
    first = LcgCard("Test Approach", "quest", stage=1, quest_points=1)
    game = game_with(
        "Ungoliant's Spawn", "King Spider", "Forest Gate", players=2, quest=(first, card("Don't Leave the Path!"))
    )
    for agent in game.agents:
        agent.answer = answer  # type: ignore[attr-defined]
    game.place_progress(1)
    staged = sorted(game.card_name(c) for c in game.z(STAGING))
    assert staged == ["King Spider", "Ungoliant's Spawn"]  # the second player had no Spawn left
    game.place_progress(30)
    assert not game.state.finished
    spawn = next(c for c in game.z(STAGING) if game.card_name(c) == "Ungoliant's Spawn")
    with pytest.raises(GameOver):
        game.deal_damage(spawn, 9)
    assert game.state.result["won"] is True


def test_beorns_path_cannot_be_defeated_while_ungoliants_spawn_is_in_play() -> None:
    """#122 (3B): 10 quest points; not defeated while Ungoliant's Spawn is in play; defeating
    it, the last stage, wins the game (seed, "Winning the Game")."""
    game = stage_three("Beorn's Path", "Ungoliant's Spawn")
    stage = game.z("current quest")[0]
    assert game.stat(stage, "quest_points") == 10
    spawn = put(game, "Ungoliant's Spawn", STAGING)
    game.place_progress(12)
    assert not game.state.finished and game.z("current quest") == [stage]
    game.move(spawn, ENCOUNTER_DISCARD)
    with pytest.raises(GameOver):
        game.place_progress(1)
    assert game.state.result["won"] is True
    game = stage_three("Beorn's Path")
    with pytest.raises(GameOver):
        game.place_progress(10)
    assert game.state.result["won"] is True


def test_a_cost_for_each_player_takes_only_cost_lines_and_each_player() -> None:
    """E132: 'for each player { cost ... }' is a cost every player pays; other players or other
    statements in it are refused."""
    from lotr_rules.dsl.compiler import Compiler
    from lotr_rules.dsl.parser import parse_card

    def findings(body: str) -> list[str]:
        text = (
            'card "Test Ford" {\n  id test-ford\n  type location\n  threat 1\n  quest-points 2\n'
            f'  provenance designed\n  text "A test."\n  travel {{\n{body}\n  }}\n}}\n'
        )
        compiler = Compiler(vocabulary(), "test.card", frozenset(records()))
        compiler.compile_card(parse_card(text))
        return [d.code for d in compiler.diagnostics]

    assert findings("    for each player {\n      cost exhaust a hero in your play area\n    }") == []
    assert findings("    for each first player {\n      cost exhaust a hero in your play area\n    }") == ["E132"]
    assert findings("    for each player {\n      cost exhaust a hero in your play area\n      draw 1\n    }") == [
        "E132"
    ]


def compile_findings(text: str) -> list[str]:
    from lotr_rules.dsl.compiler import Compiler
    from lotr_rules.dsl.parser import parse_card

    compiler = Compiler(vocabulary(), "test.card", frozenset(records()))
    compiler.compile_card(parse_card(text))
    return [d.code for d in compiler.diagnostics]


def test_cancel_answers_only_a_moment_before_it_happens() -> None:
    """E133: 'cancel' in a Response or Forced effect answering an 'after' point would cancel
    nothing (RR "Cancel": an effect is cancelled before it resolves)."""

    def findings(trigger: str) -> list[str]:
        return compile_findings(
            'card "Test Ford" {\n  id test-ford\n  type location\n  threat 1\n  quest-points 2\n'
            f'  provenance designed\n  text "A test."\n  forced {trigger} {{\n    if this is active {{\n'
            "      cancel\n    }\n  }\n}\n"
        )

    assert findings("when a player would draw") == []
    assert findings("after this is explored") == ["E133"]
    assert findings("after you travel to this") == ["E133"]


def test_only_a_quest_stage_may_have_no_quest_points() -> None:
    """E142: a location of 0 quest points would be explored by nothing at all; a stage of 0 has
    none, and progress never defeats it (#121, "Don't Leave the Path!")."""

    def findings(card_type: str) -> list[str]:
        stage = "  stage 3\n" if card_type == "quest" else "  threat 1\n"
        return compile_findings(
            f'card "Test Place" {{\n  id test-place\n  type {card_type}\n{stage}  quest-points 0\n'
            '  provenance designed\n  text "A test."\n}\n'
        )

    assert findings("quest") == []
    assert findings("location") == ["E142"]
