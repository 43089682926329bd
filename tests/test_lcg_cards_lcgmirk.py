"""The Passage Through Mirkwood scenario of the LCG core set, from its card files: each card's
script played in a game set up for it. "RR" cites the published Rules Reference (entry named),
"seed" the core set rulebook (section named); the card itself is cited by its number."""

from __future__ import annotations

import functools
from collections.abc import Callable

from lcg_fixtures import DECK_A, DECK_B, PROWLER, Scripted
from lcg_table import Answer, put

from lotr_rules.cards.loader import load_sets
from lotr_rules.engine.decisions import DecisionRequest
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
