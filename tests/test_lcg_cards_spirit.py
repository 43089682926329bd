"""The Spirit cards of the LCG core set, as card scripts, each played in a game: the ability is
used the way the rules offer it, and the test checks what it did. "RR" cites the publisher's
Rules Reference (entry named), "seed" the core set rulebook in the specification. The heroes and
encounter cards around them are the test-only records of lcg_fixtures."""

from __future__ import annotations

import functools
from pathlib import Path

from lcg_fixtures import GUIDE, SEER, TRIGGER_SCENARIO, WARDEN, Scripted, by_label
from lcg_table import Answer, clear_staging, put, stack

from lotr_rules.cards.loader import load_sets
from lotr_rules.dsl.compiler import Compiler
from lotr_rules.dsl.parser import parse_card
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.games.lcg import combat, convert, triggers
from lotr_rules.games.lcg.game import LcgConfig, LcgGame
from lotr_rules.games.lcg.record import LcgCard, LcgEvent, PlayerDeck
from lotr_rules.games.lcg.state import (
    ACTIVE,
    DECK,
    DISCARD,
    ENCOUNTER_DISCARD,
    ENGAGED,
    HAND,
    PLAY,
    REMOVED,
    STAGING,
)
from lotr_rules.games.lcg.vocabulary import vocabulary

CARDS_DIR = Path(__file__).resolve().parent.parent / "cardscripts" / "lcg-core"
SPIRIT = (
    "A Test of Will",
    "Hasty Stroke",
    "Lórien Guide",
    "Northern Tracker",
    "Strength of Will",
    "The Favor of the Lady",
    "Power in the Earth",
    "Unexpected Courage",
    "The Galadhrim's Greeting",
    "A Light in the Dark",
    "Dwarven Tomb",
    "Will of the West",
    "Fortune or Fate",
    "Stand and Fight",
    "Wandering Took",
)


@functools.cache
def records() -> dict[str, LcgCard]:
    catalogue = load_sets((CARDS_DIR,), vocabulary=vocabulary())
    return convert.to_records(catalogue.in_sets(["lcg-core"]))


def spirit_deck(heroes: tuple[LcgCard, ...] = (SEER, GUIDE, WARDEN)) -> PlayerDeck:
    """The fixture heroes (two of them spirit) and every Spirit card scripted so far."""
    cards = records()
    return convert.player_deck(heroes, [cards[name] for name in SPIRIT])


def sgame(players: int = 1, answer: Answer | None = None, heroes: tuple[LcgCard, ...] = ()) -> LcgGame:
    """A game after setup with empty hands and an empty staging area; each player has the
    Spirit deck (the second player other heroes, as a hero is unique)."""
    second = (GUIDE, WARDEN) if players > 1 else ()
    decks = [spirit_deck(heroes or (SEER,))] if players > 1 else [spirit_deck(heroes or (SEER, GUIDE, WARDEN))]
    if second:
        decks.append(spirit_deck(second))
    agents = [Scripted(answer) for _ in range(players)]
    config = LcgConfig(TRIGGER_SCENARIO, tuple(decks), seed=1, mulligan=False)
    game = LcgGame(config, agents)
    for player in range(players):
        for card in list(game.z(HAND, player)):
            game.move(card, DECK, player)
    clear_staging(game)
    return game


def asked(game: LcgGame, player: int = 0) -> list[DecisionRequest]:
    agent = game.agents[player]
    assert isinstance(agent, Scripted)
    return agent.asked


def fund(game: LcgGame, player: int = 0, amount: int = 5) -> None:
    """Resources on each of the player's heroes, to pay for cards."""
    for hero in game.heroes(player):
        game.state.resources[hero] = amount


def respond(request: DecisionRequest) -> int | None:
    return 1 if request.kind == "response" else None


def commit(game: LcgGame, player: int, card: int) -> None:
    """A character commits to the quest as the quest phase commits it (seed "Quest Phase")."""
    game.state.exhausted.add(card)
    game.state.committed.add(card)
    triggers.fire(game, "committed", player, card)


def test_every_spirit_card_loads_with_its_facts() -> None:
    cards = records()
    assert cards["Northern Tracker"].traits == frozenset({"Dunedain", "Ranger"})
    assert cards["Unexpected Courage"].attach_scope == "any"
    assert cards["Power in the Earth"].attach_to == "location"
    assert {cards[name].sphere for name in SPIRIT} == {"spirit"}


# ---------------------------------------------------------------------- cancelling


def test_a_test_of_will_cancels_a_when_revealed_effect() -> None:
    """RR "Cancel": the treachery's effect (each player raises threat by 1) does not happen."""
    game = sgame(1, respond)
    fund(game)
    will = put(game, "A Test of Will", HAND, 0)
    before = game.state.threat[0]
    (grasp,) = stack(game, "Test Grasp")
    game.reveal_encounter(0)
    assert game.state.threat[0] == before
    assert will in game.z(DISCARD, 0) and grasp in game.z(ENCOUNTER_DISCARD)
    assert ("cancelled", "Test Grasp", "when revealed") in game.state.log


def test_hasty_stroke_cancels_a_shadow_effect() -> None:
    """RR "Shadow Cards": the shadow (+2 attack to the attacker) is cancelled; the attack goes on."""
    damage = []
    for use in (True, False):
        game = sgame(1, respond if use else None)
        fund(game)
        put(game, "Hasty Stroke", HAND, 0)
        brute = put(game, "Test Brute", ENGAGED, 0)
        stack(game, "Test Glade")
        combat.deal_shadow_cards(game)
        combat.enemy_attack(game, 0, brute)
        damage.append(sum(int(str(e[2])) for e in game.state.log if e[0] == "damage"))
    assert damage == [3, 5]


# ---------------------------------------------------------------------- progress


def test_lorien_guide_puts_progress_on_the_active_location_when_it_commits() -> None:
    game = sgame(1, respond)
    guide = put(game, "Lórien Guide", PLAY, 0)
    glade = put(game, "Test Glade", ACTIVE)
    game.state.progress[glade] = 0
    commit(game, 0, guide)
    assert game.state.progress[glade] == 1
    # Another character committing does not trigger it.
    commit(game, 0, game.heroes(0)[0])
    assert game.state.progress[glade] == 1


def test_northern_tracker_puts_progress_on_each_staged_location() -> None:
    game = sgame(1, respond)
    tracker = put(game, "Northern Tracker", PLAY, 0)
    first, second, *_ = [c for c, r in enumerate(game.records) if r.name == "Test Glade"]
    game.move(first, STAGING)
    game.move(second, ACTIVE)
    staged, active = [first, put(game, "Test Ruins", STAGING)], second
    commit(game, 0, tracker)
    assert [game.state.progress.get(c, 0) for c in staged] == [1, 1]
    assert game.state.progress.get(active, 0) == 0


def test_strength_of_will_exhausts_a_ready_spirit_character_for_progress() -> None:
    """Its cost is one ready spirit character of yours, exhausted; the progress goes on the
    location travelled to (seed "Travel Phase")."""

    def travel_and_respond(request: DecisionRequest) -> int | None:
        if request.kind == "travel":
            return 1
        if request.kind == "response":
            return 1
        if request.kind == "choose card":
            return by_label(request, "Test Seer")
        return None

    game = sgame(1, travel_and_respond)
    fund(game)
    will = put(game, "Strength of Will", HAND, 0)
    glade = put(game, "Test Glade", STAGING)
    seer = game.heroes(0)[0]
    game.travel_phase()
    assert game.locate(glade) == (ACTIVE, -1)
    assert game.state.progress[glade] == 2
    assert seer in game.state.exhausted and will in game.z(DISCARD, 0)
    # The choice of whom to exhaust offered only the spirit heroes (not the leadership one).
    (choice,) = [r for r in asked(game) if r.kind == "choose card"]
    assert sorted(o.label for o in choice.options) == ["Test Guide", "Test Seer"]


def test_strength_of_will_is_not_offered_without_a_ready_spirit_character() -> None:
    game = sgame(1, lambda r: 1 if r.kind == "travel" else None)
    fund(game)
    put(game, "Strength of Will", HAND, 0)
    glade = put(game, "Test Glade", STAGING)
    for hero in game.heroes(0):
        if game.records[hero].sphere == "spirit":
            game.state.exhausted.add(hero)
    game.travel_phase()
    assert game.locate(glade) == (ACTIVE, -1)
    assert not [r for r in asked(game) if r.kind == "response"]


# ---------------------------------------------------------------------- attachments


def test_the_favor_of_the_lady_goes_on_any_players_hero() -> None:
    """RR "Attachment Cards": 'attach to a hero' allows another player's hero."""
    game = sgame(2)
    fund(game, 0)
    favor = put(game, "The Favor of the Lady", HAND, 0)
    other = game.heroes(1)[0]
    before = game.stat(other, "willpower")
    options = [o.value for o in game.playable(0, planning=True) if o.value[0] == favor]
    assert (favor, other) in options
    game.play(0, favor, other)
    assert game.stat(other, "willpower") == before + 1
    game.discard(favor)
    assert game.stat(other, "willpower") == before


def test_power_in_the_earth_lowers_a_locations_threat() -> None:
    game = sgame(1)
    fund(game)
    earth = put(game, "Power in the Earth", HAND, 0)
    ruins = put(game, "Test Ruins", STAGING)
    assert game.staging_threat() == 3
    game.play(0, earth, ruins)
    assert game.staging_threat() == 2 and game.stat(ruins, "threat") == 2


def test_unexpected_courage_readies_its_hero_once_until_it_readies() -> None:
    game = sgame(1)
    fund(game)
    courage = put(game, "Unexpected Courage", HAND, 0)
    hero = game.heroes(0)[2]
    game.play(0, courage, hero)
    game.state.exhausted.add(hero)
    (option,) = triggers.action_options(game, 0)
    _ability, card, index = option.value
    triggers.use_action(game, 0, card, index)
    assert hero not in game.state.exhausted and courage in game.state.exhausted
    game.state.exhausted.add(hero)
    assert triggers.action_options(game, 0) == []


# ---------------------------------------------------------------------- threat and decks


def test_the_galadhrims_greeting_lowers_one_threat_by_6_or_each_by_2() -> None:
    for option, expected in ((1, [-6, 0]), (2, [-2, -2])):

        def answer(request: DecisionRequest, option: int = option) -> int | None:
            if request.kind == "choose":
                return option - 1
            if request.kind == "choose a player":
                return 0
            return None

        game = sgame(2, answer)
        fund(game)
        greeting = put(game, "The Galadhrim's Greeting", HAND, 0)
        before = game.state.threat[:]
        game.play(0, greeting)
        assert [after - was for after, was in zip(game.state.threat, before, strict=True)] == expected


def test_will_of_the_west_shuffles_a_chosen_players_discard_pile_into_their_deck() -> None:
    game = sgame(2, lambda r: by_label(r, "player 2") if r.kind == "choose a player" else None)
    fund(game)
    will = put(game, "Will of the West", HAND, 0)
    pile = [put(game, "Hasty Stroke", DISCARD, 1), put(game, "Dwarven Tomb", DISCARD, 1)]
    mine = put(game, "Hasty Stroke", DISCARD, 0)
    deck = len(game.z(DECK, 1))
    game.play(0, will)
    assert game.z(DISCARD, 1) == [] and len(game.z(DECK, 1)) == deck + 2
    assert set(pile) <= set(game.z(DECK, 1))
    # then the event leaves the game (the card's text), not to its player's discard pile
    assert game.z(DISCARD, 0) == [mine]
    assert game.z(REMOVED, 0) == [will]


def test_dwarven_tomb_takes_a_spirit_card_back_from_your_discard_pile() -> None:
    game = sgame(1, lambda r: by_label(r, "Hasty Stroke") if r.kind == "choose card" else None)
    fund(game)
    tomb = put(game, "Dwarven Tomb", HAND, 0)
    stroke = put(game, "Hasty Stroke", DISCARD, 0)
    courage = put(game, "Unexpected Courage", DISCARD, 0)
    game.play(0, tomb)
    assert stroke in game.z(HAND, 0) and courage in game.z(DISCARD, 0)
    (choice,) = [r for r in asked(game) if r.kind == "choose card"]
    # the Tomb itself is being resolved, not in the discard pile, so it is not offered
    assert sorted(o.label for o in choice.options) == ["Hasty Stroke", "Unexpected Courage"]


# ---------------------------------------------------------------------- enemies


def test_a_light_in_the_dark_returns_an_enemy_engaged_with_any_player() -> None:
    game = sgame(2)
    fund(game)
    light = put(game, "A Light in the Dark", HAND, 0)
    brute = put(game, "Test Brute", ENGAGED, 1)
    game.deal_damage(brute, 1)
    game.play(0, light)
    assert game.locate(brute) == (STAGING, -1)
    assert game.state.damage[brute] == 1  # it stayed in play


# ---------------------------------------------------------------------- heroes


def test_eleanor_cancels_a_treachery_and_reveals_the_next_card_instead() -> None:
    """RR "Cancel": the treachery (each player raises threat by 1) does nothing, is discarded,
    and the next encounter card is revealed in its place; Eleanor is exhausted to pay."""
    game = sgame(1, respond, heroes=(records()["Eleanor"], GUIDE, WARDEN))
    eleanor = game.heroes(0)[0]
    before = game.state.threat[0]
    grasp, prowler, glade = stack(game, "Test Grasp", "Test Prowler", "Test Glade")
    game.reveal_encounter(0)
    assert game.state.threat[0] == before
    assert grasp in game.z(ENCOUNTER_DISCARD) and game.z(STAGING) == [prowler]
    assert eleanor in game.state.exhausted
    assert [e[1] for e in game.state.log if e[0] == "revealed"] == ["Test Grasp", "Test Prowler"]
    # Exhausted, she cannot pay again: the next treachery resolves.
    stack(game, "Test Grasp")
    game.reveal_encounter(0)
    assert game.state.threat[0] == before + 1
    assert glade in game.z("encounter deck")


def test_eleanor_answers_only_treacheries() -> None:
    """A card with a When Revealed effect that is not a treachery is not hers to cancel."""
    game = sgame(1, respond, heroes=(records()["Eleanor"], GUIDE, WARDEN))
    assert records()["Eleanor"].triggers[0].point == "would reveal"
    grasp = stack(game, "Test Grasp")[0]
    event = LcgEvent("would reveal", 0, put(game, "Test Brute", STAGING), source=grasp)
    assert not triggers.usable(game, game.heroes(0)[0], 0, event)
    event = LcgEvent("would reveal", 0, grasp, source=grasp)
    assert triggers.usable(game, game.heroes(0)[0], 0, event)


# ---------------------------------------------------------------------- the new words


def _codes(*lines: str) -> list[str]:
    body = "".join(f"    {line}\n" for line in lines)
    text = (
        'card "Probe" {\n  id probe\n  type event\n  sphere spirit\n  cost 0\n  provenance designed\n'
        f'  text "A test card."\n  action {{\n{body}  }}\n}}\n'
    )
    compiler = Compiler(vocabulary(), "probe.card")
    compiler.compile_card(parse_card(text))
    return [d.code for d in compiler.diagnostics]


def test_the_new_commands_take_cards_only_from_where_they_act() -> None:
    """'recover' takes from your discard pile and 'disengage' from engagement areas: a
    selection from anywhere else would do nothing, so it is refused where it is written."""
    assert _codes("recover a card from discard pile where sphere is spirit") == []
    assert _codes("disengage an enemy in engagement area") == []
    assert _codes("reveal 1") == []
    assert _codes("reshuffle") == []
    assert _codes("for each player {", "  reshuffle", "}") == []
    assert "E124" in _codes("recover a card from hand")
    assert "E124" in _codes("disengage an enemy in staging area")
    assert "E124" in _codes("revive a hero in hand")


def test_revive_must_name_heroes() -> None:
    """E189: 'revive' puts heroes into play; 'a card' or 'a character' could pick an ally."""
    assert _codes("revive a hero in any discard pile") == []
    assert _codes("revive a card in any discard pile") == ["E189"]
    assert _codes("revive a character in discard pile") == ["E189"]


def test_fortune_or_fate_puts_a_hero_back_into_play_under_its_owner() -> None:
    """The hero comes back for its owner (not for the player of the event), as a new card: no
    damage, an empty resource pool, and no threat paid for it again."""
    game = sgame(2, lambda r: by_label(r, "Test Guide") if r.kind == "choose card" else None)
    fund(game, 0)
    fate = put(game, "Fortune or Fate", HAND, 0)
    guide = game.heroes(1)[0]
    game.deal_damage(guide, game.stat(guide, "hit_points"))
    assert guide in game.z(DISCARD, 1)
    threat = game.state.threat[:]
    game.play(0, fate)
    assert game.locate(guide) == (PLAY, 1)
    assert game.state.resources[guide] == 0 and guide not in game.state.damage
    assert game.state.threat == threat
    assert fate in game.z(DISCARD, 0)


# ---------------------------------------------------------------------- Dunhere
def dunhere_game(answer: Answer | None = None) -> tuple[LcgGame, int]:
    """A game whose first hero is Dunhere (beside two fixture heroes), and Dunhere."""
    game = sgame(answer=answer, heroes=(records()["Dunhere"], GUIDE, WARDEN))
    return game, next(h for h in game.heroes(0) if game.records[h].name == "Dunhere")


def attacking(enemy: str, *attackers: str) -> Answer:
    """Attack this enemy with these characters (by name), then stop."""

    def answer(request: DecisionRequest) -> int | None:
        if request.kind == "attack":
            return by_label(request, f"attack {enemy}")
        if request.kind == "attackers":
            for name in attackers:
                found = by_label(request, f"attack with {name}")
                if found is not None:
                    return found
        return None

    return answer


# ---------------------------------------------------------------------- a cost of X


def choose_x(x: int) -> Answer:
    def answer(request: DecisionRequest) -> int | None:
        return by_label(request, f"X = {x}") if request.kind == "x" else None

    return answer


def test_dunhere_attacks_an_enemy_in_the_staging_area_alone_with_one_more_attack() -> None:
    """Dunhere may attack an enemy in the staging area (RR "Staging Area": enemies there are
    not engaged), as its only attacker, with +1 attack: 3 against the brute's 1 defense. The
    enemy stays in the staging area, and nobody else may join."""
    game, dunhere = dunhere_game(attacking("Test Brute", "Dunhere", "Test Guide"))
    brute = put(game, "Test Brute", STAGING)
    combat.player_attacks(game, 0)
    assert game.state.damage.get(brute) == 2
    assert game.locate(brute)[0] == STAGING
    assert dunhere in game.state.exhausted
    # Dunhere is the only character who may attack there: no choice of attackers to ask
    assert "attackers" not in [r.kind for r in asked(game)]
    assert game.stat(dunhere, "attack") == 2  # the +1 holds only while he attacks there


def test_only_dunhere_may_attack_in_the_staging_area_and_without_a_bonus_elsewhere() -> None:
    """The staging area's enemies are offered only while a character allowed to attack them is
    ready; against an engaged enemy Dunhere has his printed attack."""
    game, dunhere = dunhere_game(attacking("Test Brute", "Dunhere"))
    staged = put(game, "Test Prowler", STAGING)
    game.state.exhausted.add(dunhere)
    assert staged not in combat.attack_targets(game, 0, set())
    game.state.exhausted.discard(dunhere)
    assert staged in combat.attack_targets(game, 0, set())
    brute = put(game, "Test Brute", ENGAGED, 0)
    combat.player_attacks(game, 0)
    assert game.state.damage.get(brute) == 1  # 2 attack less 1 defense


def test_the_bot_attacks_in_the_staging_area_with_dunhere_counting_his_bonus() -> None:
    """The heuristic bot sees that Dunhere alone, with his +1, destroys a damaged brute in the
    staging area (2 hit points left, 1 defense: his printed 2 attack would not)."""
    from lotr_rules.games.lcg.bots import LcgHeuristicAgent

    game, dunhere = dunhere_game()
    game.agents[0] = LcgHeuristicAgent(1)
    brute = put(game, "Test Brute", STAGING)
    game.state.damage[brute] = 2
    combat.player_attacks(game, 0)
    assert game.locate(brute)[0] not in (STAGING, ENGAGED)
    assert dunhere in game.state.exhausted


def test_quick_strike_like_attacks_reach_the_staging_area_for_dunhere() -> None:
    """A character attacking at once ('strike') may choose what it could attack in the combat
    steps: for Dunhere, an enemy in the staging area, with his bonus."""
    card = Compiler(vocabulary(), "t.card").compile_card(
        parse_card(
            'card "Test Sally" {\n  id test-sally\n  type event\n  sphere spirit\n  cost 0\n'
            '  provenance designed\n  text "A made-up card."\n  action {\n'
            '    strike a hero in play area where name is "Dunhere"\n  }\n}\n'
        )
    )
    assert card is not None
    game, _ = dunhere_game(lambda r: by_label(r, "attack Test Prowler") if r.kind == "attack" else None)
    prowler = put(game, "Test Prowler", STAGING)
    convert.to_record(card).action(game, 0, -1)  # type: ignore[misc]
    assert game.locate(prowler)[0] not in (STAGING, ENGAGED)


def test_stand_and_fight_pays_x_and_brings_an_ally_of_printed_cost_x_from_any_discard_pile() -> None:
    """RR "X": X is chosen as the card is played and paid like any cost; the ally of printed cost
    X comes from any player's discard pile into play under your control (RR "Control")."""
    game = sgame(2, choose_x(3))
    fund(game, 0, 3)
    guide = put(game, "Lórien Guide", DISCARD, 1)  # printed cost 3
    tracker = put(game, "Northern Tracker", DISCARD, 1)  # printed cost 4
    stand = put(game, "Stand and Fight", HAND, 0)
    assert any(o.value == (stand, -1) for o in game.playable(0, planning=False))
    game.play(0, stand)
    (x_request,) = [r for r in asked(game) if r.kind == "x"]
    assert [o.label for o in x_request.options] == ["X = 0", "X = 1", "X = 2", "X = 3"]
    assert game.locate(guide) == (PLAY, 0), "under your control, though player 2 owns it"
    assert game.locate(tracker) == (DISCARD, 1), "its printed cost is not X"
    assert sum(game.state.resources.get(h, 0) for h in game.heroes(0)) == 0, "X resources paid"
    assert ("x paid", 0, "Stand and Fight", 3) in game.state.log
    # leaving play, it goes to its owner's discard pile
    game.discard(guide)
    assert game.locate(guide) == (DISCARD, 1)


def test_stand_and_fight_with_an_x_that_no_ally_costs_brings_nothing() -> None:
    """The X chosen is paid even when no ally of that cost is there (RR "X")."""
    game = sgame(1, choose_x(1))
    fund(game, 0, 1)
    guide = put(game, "Lórien Guide", DISCARD, 0)
    game.play(0, put(game, "Stand and Fight", HAND, 0))
    assert game.locate(guide) == (DISCARD, 0)
    assert sum(game.state.resources.get(h, 0) for h in game.heroes(0)) == 2, "1 of the 3 pools' resources paid"


def test_a_card_whose_cost_is_x_reads_x_and_gives_no_cost() -> None:
    """E199: a card whose cost is X gives no 'cost' and no Response from hand; without
    'variable-cost x', X is a name nothing gave (E130)."""

    def codes(fields: str, ability: str) -> list[str]:
        text = f"""card "Gamble" {{
  id gamble
  type event
  sphere spirit
{fields}
  provenance designed
  text "Action: lower your threat by X."
{ability}
}}
"""
        compiler = Compiler(vocabulary(), "gamble.card")
        compiler.compile_card(parse_card(text))
        return [d.code for d in compiler.diagnostics]

    draw = "  action {\n    reduce threat by X\n  }"
    assert codes("  variable-cost x", draw) == []
    assert codes("  variable-cost x\n  cost 2", draw) == ["E199"]
    assert codes("  cost 2", draw) == ["E130"]
    response = "  response after this commits {\n    reduce threat by X\n  }"
    assert "E199" in codes("  variable-cost x", f"{draw}\n{response}")


# ---------------------------------------------------------------------- Actions of every player
def _eowyn_game() -> LcgGame:
    """Two players: the first has Éowyn, the second the fixture heroes; three cards each in hand."""
    game = sgame(2, heroes=(records()["Éowyn"],))
    for player in (0, 1):
        for card in game.z(DECK, player)[:3]:
            game.move(card, HAND, player)
    game.state.phase = "quest"
    return game


def _use(game: LcgGame, player: int, card: int) -> None:
    option = next(o for o in triggers.action_options(game, player) if o.value[1] == card)  # type: ignore[index]
    triggers.use_action(game, player, option.value[1], option.value[2])  # type: ignore[index]


def _offered(game: LcgGame, player: int, card: int) -> bool:
    return any(o.value[1] == card for o in triggers.action_options(game, player))  # type: ignore[index]


def test_eowyn_gains_willpower_for_a_card_discarded_by_any_player() -> None:
    """Éowyn: any player may discard a card from their own hand to give her +1 willpower until
    the end of the phase, each player once a round (RR "Limits": counted for each player)."""
    game = _eowyn_game()
    eowyn = next(c for c in game.heroes(0) if game.records[c].name == "Éowyn")
    assert _offered(game, 1, eowyn), "offered to a player who does not control her"
    _use(game, 1, eowyn)
    assert game.stat(eowyn, "willpower") == 5
    assert (len(game.z(HAND, 1)), len(game.z(HAND, 0))) == (2, 3), "the user's own hand pays"
    assert len(game.z(DISCARD, 1)) == 1
    assert not _offered(game, 1, eowyn), "once a round for that player"
    assert _offered(game, 0, eowyn), "the other player has not used it yet"
    _use(game, 0, eowyn)
    assert game.stat(eowyn, "willpower") == 6 and not _offered(game, 0, eowyn)
    game.run_phase("travel")  # the phase ends: the willpower goes, the limit of the round stays
    assert game.stat(eowyn, "willpower") == 4
    assert not _offered(game, 1, eowyn)
    game.state.used = {k: u for k, u in game.state.used.items() if u != "round"}
    assert _offered(game, 1, eowyn)


def test_eowyn_is_not_offered_to_a_player_with_no_card_in_hand() -> None:
    """The cost is a card from the user's own hand: a player with none cannot pay it."""
    game = _eowyn_game()
    eowyn = next(c for c in game.heroes(0) if game.records[c].name == "Éowyn")
    for card in list(game.z(HAND, 1)):
        game.move(card, DECK, 1)
    assert not _offered(game, 1, eowyn) and _offered(game, 0, eowyn)


# ---------------------------------------------------------------------- control
def test_wandering_took_passes_to_another_player() -> None:
    """Wandering Took: its controller lowers their threat by 3 (the cost); another player takes
    control of it, in play as it was, and raises their threat by 3. Its owner is still the
    first player, so it is discarded to their pile (RR "Control", "Ownership")."""
    game = sgame(2)
    took = put(game, "Wandering Took", PLAY, 0)
    game.state.exhausted.discard(took)
    game.state.damage[took] = 1
    game.state.threat[:] = [30, 20]
    _use(game, 0, took)
    assert game.state.threat == [27, 23]
    assert took in game.z(PLAY, 1) and took not in game.z(PLAY, 0)
    assert game.controller(took) == 1 and game.state.damage[took] == 1
    assert _offered(game, 1, took), "its new controller may pass it on"
    assert not _offered(game, 0, took)
    game.discard(took)
    assert took in game.z(DISCARD, 0)


def test_wandering_took_is_not_offered_alone_or_below_3_threat() -> None:
    """With no other player to take it, or a threat below 3 (a cost is paid in full, RR
    "Costs"), Wandering Took's Action is not offered."""
    solo = sgame(1)
    took = put(solo, "Wandering Took", PLAY, 0)
    solo.state.threat[0] = 30
    assert not _offered(solo, 0, took)
    game = sgame(2)
    took = put(game, "Wandering Took", PLAY, 0)
    game.state.threat[0] = 2
    assert not _offered(game, 0, took)
    game.state.threat[0] = 3
    assert _offered(game, 0, took)
