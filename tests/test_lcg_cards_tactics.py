"""The Tactics cards of the LCG core set as card scripts: each card loads with its printed facts
and does, in a game, what its text says. "RR" is the publisher's Rules Reference (entry named).
The opponents are the test-only encounter cards of lcg_fixtures."""

from __future__ import annotations

import functools
from collections.abc import Callable

import pytest
from lcg_fixtures import SCENARIO, SHIELD_HERO, SMITH, Scripted, by_label
from lcg_table import stack

from lotr_rules.cards.loader import load_sets
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.games.lcg import combat, convert, triggers
from lotr_rules.games.lcg.game import LcgConfig, LcgGame
from lotr_rules.games.lcg.record import LcgCard, Scenario
from lotr_rules.games.lcg.state import DECK, DISCARD, ENCOUNTER_DECK, ENGAGED, HAND, PLAY, STAGING
from lotr_rules.games.lcg.vocabulary import vocabulary

Answer = Callable[[DecisionRequest], int | None]

HEROES = ("Gimli", "Legolas", "Thalin")
PLAYER_CARDS = (
    "Veteran Axehand",
    "Gondorian Spearman",
    "Horseback Archer",
    "Blade Mastery",
    "Rain of Arrows",
    "Swift Strike",
    "Citadel Plate",
    "Dwarven Axe",
    "Horn of Gondor",
    "Feint",
    "Thicket of Spears",
    "Quick Strike",
    "Beorn",
    "Stand Together",
    "Blade of Gondolin",
)


@functools.cache
def records() -> dict[str, LcgCard]:
    catalogue = load_sets(vocabulary=vocabulary())
    return convert.to_records(catalogue.in_sets(["lcg-core"]))


def deck(player: int = 0) -> convert.PlayerDeck:
    """The Tactics heroes (a second player: two test heroes of the sphere) and the cards."""
    cards = records()
    heroes = [cards[h] for h in HEROES] if player == 0 else [SMITH, SHIELD_HERO]
    return convert.player_deck(heroes, [cards[n] for n in PLAYER_CARDS])


def game(answer: Answer | None = None, players: int = 1, scenario: Scenario = SCENARIO) -> LcgGame:
    """A game after setup with empty hands and staging area; every seat answered by ``answer``."""
    config = LcgConfig(scenario=scenario, players=tuple(deck(p) for p in range(players)), mulligan=False)
    made = LcgGame(config, [Scripted(answer) for _ in range(players)])
    for player in range(players):
        for card in list(made.z(HAND, player)):
            made.move(card, DECK, player)
    for card in list(made.z(STAGING)):
        made.move(card, ENCOUNTER_DECK)
    return made


def hero(made: LcgGame, name: str, player: int = 0) -> int:
    return next(c for c in made.heroes(player) if made.records[c].name == name)


def in_hand(made: LcgGame, name: str, player: int = 0) -> int:
    """A copy of the card from the player's deck, into their hand."""
    card = next(c for c in made.z(DECK, player) if made.records[c].name == name)
    made.move(card, HAND, player)
    return card


def from_deck(made: LcgGame, name: str, zone: str, player: int = 0) -> int:
    card = next(c for c in made.z(DECK, player) if made.records[c].name == name)
    made.move(card, zone, player)
    return card


def answers(*pairs: tuple[str, str]) -> Answer:
    """Answer a request of a kind by the option with this label; pass everything else."""

    def answer(request: DecisionRequest) -> int | None:
        for kind, label in pairs:
            if request.kind == kind:
                found = by_label(request, label)
                if found is not None:
                    return found
        return None

    return answer


def play(made: LcgGame, card: int, player: int = 0, host: int = -1) -> None:
    """Play a card from hand as its player would (paid for from the pools)."""
    for each in made.heroes(player):
        made.state.resources[each] = 5
    made.play(player, card, host)


def engaged(made: LcgGame, name: str, player: int = 0) -> int:
    """A copy of the enemy from the encounter deck, engaged with the player."""
    card = next(c for c in made.z(ENCOUNTER_DECK) if made.records[c].name == name)
    made.move(card, ENGAGED, player)
    return card


# ---------------------------------------------------------------------- printed facts
FACTS = {
    # name: (type, cost or threat cost, willpower, attack, defense, hit points, traits, copies)
    "Gimli": ("hero", 11, 2, 2, 2, 5, {"Dwarf", "Noble", "Warrior"}, 1),
    "Legolas": ("hero", 9, 1, 3, 1, 4, {"Noble", "Silvan", "Warrior"}, 1),
    "Thalin": ("hero", 9, 1, 2, 2, 4, {"Dwarf", "Warrior"}, 1),
    "Veteran Axehand": ("ally", 2, 0, 2, 1, 2, {"Dwarf", "Warrior"}, 3),
    "Gondorian Spearman": ("ally", 2, 0, 1, 1, 1, {"Gondor", "Warrior"}, 3),
    "Horseback Archer": ("ally", 3, 0, 2, 1, 2, {"Rohan", "Archer"}, 2),
    "Blade Mastery": ("event", 1, 0, 0, 0, 0, set(), 3),
    "Rain of Arrows": ("event", 1, 0, 0, 0, 0, set(), 2),
    "Feint": ("event", 1, 0, 0, 0, 0, set(), 2),
    "Quick Strike": ("event", 1, 0, 0, 0, 0, set(), 2),
    "Thicket of Spears": ("event", 3, 0, 0, 0, 0, set(), 2),
    "Swift Strike": ("event", 2, 0, 0, 0, 0, set(), 1),
    "Citadel Plate": ("attachment", 4, 0, 0, 0, 0, {"Item", "Armor"}, 2),
    "Dwarven Axe": ("attachment", 2, 0, 0, 0, 0, {"Item", "Weapon"}, 2),
    "Horn of Gondor": ("attachment", 1, 0, 0, 0, 0, {"Item", "Artifact"}, 1),
    "Beorn": ("ally", 6, 1, 3, 3, 6, {"Beorning", "Warrior"}, 1),
    "Stand Together": ("event", 0, 0, 0, 0, 0, set(), 1),
    "Blade of Gondolin": ("attachment", 1, 0, 0, 0, 0, {"Item", "Weapon"}, 2),
}
KEYWORDS = {
    "Legolas": {"ranged", "unique"},
    "Gimli": {"unique"},
    "Thalin": {"unique"},
    "Gondorian Spearman": {"sentinel"},
    "Horseback Archer": {"ranged"},
    "Citadel Plate": {"restricted"},
    "Dwarven Axe": {"restricted"},
    "Horn of Gondor": {"restricted", "unique"},
    "Beorn": {"unique"},
    "Blade of Gondolin": {"restricted"},
}


@pytest.mark.parametrize("name", sorted(FACTS))
def test_a_card_loads_with_its_printed_facts(name: str) -> None:
    """Every scripted card of the set has the facts of the public card list."""
    record = records()[name]
    kind, cost, willpower, attack, defense, hit_points, traits, copies = FACTS[name]
    assert record.type == kind and record.sphere == "tactics"
    assert (record.threat_cost if kind == "hero" else record.cost) == cost
    assert (record.willpower, record.attack, record.defense, record.hit_points) == (
        willpower,
        attack,
        defense,
        hit_points,
    )
    assert record.traits == frozenset(traits)
    assert record.copies == copies
    words = KEYWORDS.get(name, set())
    for word in ("unique", "sentinel", "ranged", "restricted"):
        assert getattr(record, word) == (word in words), word
    if kind == "attachment":
        assert record.attach_to == "hero"


def test_vanilla_allies_play_as_their_stats() -> None:
    """Veteran Axehand and Horseback Archer have no ability: in play they are their stats; the
    archer's Ranged keyword lets it attack an enemy engaged with another player (RR "Ranged")."""
    made = game(answers(("attack", "attack Test Prowler"), ("attackers", "attack with Horseback Archer")), players=2)
    axe = in_hand(made, "Veteran Axehand")
    play(made, axe)
    assert made.locate(axe) == (PLAY, 0) and made.stat(axe, "attack") == 2
    archer = in_hand(made, "Horseback Archer")
    play(made, archer)
    for each in made.characters(0):
        if each != archer:
            made.state.exhausted.add(each)
    prowler = engaged(made, "Test Prowler", player=1)
    combat.player_attacks(made, 0)
    # 2 attack against 0 defense and 2 hit points: destroyed
    assert made.locate(prowler)[0] != ENGAGED
    assert archer in made.state.exhausted


class Table:
    """Answers by rules set as the test goes: a kind of request and the value (a card, a
    player) or label to pick; Responses offered are used unless ``respond`` is off."""

    def __init__(self) -> None:
        self.picks: dict[str, list[object]] = {}
        self.respond = True

    def want(self, kind: str, *values: object) -> None:
        self.picks.setdefault(kind, []).extend(values)

    def __call__(self, request: DecisionRequest) -> int | None:
        if request.kind == "response":
            return 1 if self.respond and len(request.options) > 1 else 0
        wanted = self.picks.get(request.kind, [])
        for value in list(wanted):
            for index, option in enumerate(request.options):
                if option.value == value or option.label == value:
                    wanted.remove(value)
                    return index
        return None


def seated(players: int = 1, scenario: Scenario = SCENARIO) -> tuple[LcgGame, Table]:
    answer = Table()
    return game(answer, players, scenario), answer


def test_gondorian_spearman_hits_the_enemy_it_defends_against() -> None:
    """Gondorian Spearman: declared as a defender, its Response deals 1 damage to the attacker."""
    made, table = seated()
    spearman = from_deck(made, "Gondorian Spearman", PLAY)
    brute = engaged(made, "Test Brute")
    table.want("defend", spearman)
    combat.enemy_attack(made, 0, brute)
    assert made.state.damage.get(brute) == 1
    # 3 attack against 1 defense kills the 1-hit-point spearman
    assert made.locate(spearman) == (DISCARD, 0)


def test_gondorian_spearman_response_is_optional() -> None:
    made, table = seated()
    table.respond = False
    spearman = from_deck(made, "Gondorian Spearman", PLAY)
    brute = engaged(made, "Test Brute")
    table.want("defend", spearman)
    combat.enemy_attack(made, 0, brute)
    assert brute not in made.state.damage


def test_blade_mastery_gives_attack_and_defense_for_the_phase() -> None:
    """Blade Mastery: the chosen character gets +1 attack and +1 defense until the phase ends."""
    made, table = seated()
    gimli = hero(made, "Gimli")
    table.want("choose card", gimli)
    play(made, in_hand(made, "Blade Mastery"))
    assert (made.stat(gimli, "attack"), made.stat(gimli, "defense")) == (3, 3)
    made.run_phase("refresh")
    assert (made.stat(gimli, "attack"), made.stat(gimli, "defense")) == (2, 2)


def test_citadel_plate_adds_four_hit_points() -> None:
    """Citadel Plate: the hero it is attached to has 4 more hit points; when it goes, so do they."""
    made, _ = seated()
    thalin = hero(made, "Thalin")
    plate = in_hand(made, "Citadel Plate")
    play(made, plate, host=thalin)
    assert made.stat(thalin, "hit_points") == 8
    made.deal_damage(thalin, 5)
    assert made.locate(thalin) == (PLAY, 0)
    made.discard(plate)
    assert made.locate(thalin) == (DISCARD, 0)  # 5 damage and 4 hit points again


def test_swift_strike_answers_any_defender() -> None:
    """Swift Strike, played from hand after a character is declared as a defender: 2 damage to
    the attacking enemy, paid for with 2 resources."""
    made, table = seated()
    strike = in_hand(made, "Swift Strike")
    for each in made.heroes(0):
        made.state.resources[each] = 1
    legolas = hero(made, "Legolas")
    brute = engaged(made, "Test Brute")
    table.want("defend", legolas)
    combat.enemy_attack(made, 0, brute)
    assert made.state.damage.get(brute) == 2
    assert made.locate(strike) == (DISCARD, 0)
    assert sum(made.state.resources[h] for h in made.heroes(0)) == 1


def test_swift_strike_needs_a_defender() -> None:
    made, table = seated()
    strike = in_hand(made, "Swift Strike")
    for each in made.heroes(0):
        made.state.resources[each] = 2
    brute = engaged(made, "Test Brute")
    table.want("undefended", hero(made, "Gimli"))
    combat.enemy_attack(made, 0, brute)
    assert made.locate(strike) == (HAND, 0) and brute not in made.state.damage


def test_horn_of_gondor_collects_a_resource_when_a_character_dies() -> None:
    """Horn of Gondor: after any character is destroyed (an ally here), 1 resource to the
    pool of the hero it is attached to."""
    made, _ = seated()
    gimli = hero(made, "Gimli")
    play(made, in_hand(made, "Horn of Gondor"), host=gimli)
    made.state.resources[gimli] = 0
    axehand = from_deck(made, "Veteran Axehand", PLAY)
    made.deal_damage(axehand, 2)
    assert made.locate(axehand) == (DISCARD, 0)
    assert made.state.resources[gimli] == 1
    prowler = engaged(made, "Test Prowler")
    made.deal_damage(prowler, 2)  # an enemy is not a character
    assert made.state.resources[gimli] == 1


def test_dwarven_axe_gives_a_dwarf_two_attack_and_others_one() -> None:
    """Dwarven Axe: +1 attack to the hero it is on, +2 instead on a Dwarf."""
    made, _ = seated()
    thalin, legolas = hero(made, "Thalin"), hero(made, "Legolas")
    play(made, in_hand(made, "Dwarven Axe"), host=thalin)
    play(made, in_hand(made, "Dwarven Axe"), host=legolas)
    assert made.stat(thalin, "attack") == 4
    assert made.stat(legolas, "attack") == 4


def test_rain_of_arrows_damages_every_enemy_engaged_with_the_chosen_player() -> None:
    """Rain of Arrows: exhaust a Ranged character you control, choose a player: 1 damage to each
    enemy engaged with them (and none to enemies of other players)."""
    made, table = seated(players=2)
    legolas = hero(made, "Legolas")
    table.want("choose a player", 1)
    theirs = [engaged(made, "Test Brute", 1), engaged(made, "Test Prowler", 1)]
    mine = engaged(made, "Test Prowler", 0)
    play(made, in_hand(made, "Rain of Arrows"))
    assert [made.state.damage.get(e) for e in theirs] == [1, 1]
    assert mine not in made.state.damage
    assert legolas in made.state.exhausted


def test_rain_of_arrows_cannot_be_played_without_a_ready_ranged_character() -> None:
    made, _ = seated()
    made.state.exhausted.add(hero(made, "Legolas"))
    rain = in_hand(made, "Rain of Arrows")
    for each in made.heroes(0):
        made.state.resources[each] = 3
    assert rain not in [option.value[0] for option in made.playable(0, planning=False)]


def test_gimli_gains_attack_for_each_damage_on_him() -> None:
    """Gimli: +1 attack for each damage token on him, read whenever his attack is."""
    made, _ = seated()
    gimli = hero(made, "Gimli")
    assert made.stat(gimli, "attack") == 2
    made.deal_damage(gimli, 3)
    assert made.stat(gimli, "attack") == 5
    made.state.damage[gimli] = 1
    assert made.stat(gimli, "attack") == 3


def test_legolas_places_progress_after_his_attack_destroys_an_enemy() -> None:
    """Legolas: after an attack he took part in destroys an enemy, 2 progress on the current
    quest (not on the active location)."""
    made, table = seated()
    legolas, gimli = hero(made, "Legolas"), hero(made, "Gimli")
    prowler = engaged(made, "Test Prowler")
    stage = made.z("current quest")[0]
    table.want("attack", prowler)
    table.want("attackers", gimli, legolas, None)
    combat.player_attacks(made, 0)
    assert made.locate(prowler)[0] != ENGAGED
    assert made.state.progress.get(stage) == 2


def test_legolas_places_nothing_when_the_enemy_survives_or_others_kill_it() -> None:
    made, table = seated()
    legolas, gimli = hero(made, "Legolas"), hero(made, "Gimli")
    brute = engaged(made, "Test Brute")  # 4 hit points, 1 defense
    stage = made.z("current quest")[0]
    table.want("attack", brute)
    table.want("attackers", legolas, None)
    combat.player_attacks(made, 0)
    assert made.state.damage.get(brute) == 2
    prowler = engaged(made, "Test Prowler")
    table.want("attack", prowler)
    table.want("attackers", gimli, None)
    combat.player_attacks(made, 0)
    assert made.locate(prowler)[0] != ENGAGED
    assert made.state.progress.get(stage, 0) == 0


def test_thalin_damages_enemies_revealed_while_he_quests() -> None:
    """Thalin: while he is committed to the quest, each enemy revealed from the encounter deck
    takes 1 damage as it is revealed; not while he is not, and never a location."""
    made, _ = seated()
    thalin = hero(made, "Thalin")
    brute, _glade = stack(made, "Test Brute", "Test Glade")
    made.reveal_encounter(0)
    assert brute not in made.state.damage
    made.state.committed.add(thalin)
    prowler, glade2 = stack(made, "Test Prowler", "Test Glade")
    made.reveal_encounter(0)
    assert made.state.damage.get(prowler) == 1
    made.reveal_encounter(0)
    assert glade2 not in made.state.damage  # a location is no enemy


def playable_cards(made: LcgGame, player: int = 0) -> list[int]:
    return [option.value[0] for option in made.playable(player, planning=False)]


def test_feint_keeps_an_enemy_from_attacking_this_combat_phase() -> None:
    """Feint: the chosen enemy does not attack the player it is engaged with this phase; the
    other enemies still do, and the next phase it may attack again."""
    made, table = seated()
    brute, _prowler = engaged(made, "Test Brute"), engaged(made, "Test Prowler")
    made.state.phase = "combat"
    table.want("choose card", brute)
    play(made, in_hand(made, "Feint"))
    assert made.state.held_back == {(brute, 0)}
    made.z(ENCOUNTER_DECK).clear()  # no shadow cards
    table.want("undefended", hero(made, "Gimli"))
    combat.combat_phase(made)
    assert made.state.damage.get(hero(made, "Gimli")) == 2  # the prowler's 2, not the brute's 3
    made.run_phase("refresh")
    assert not made.state.held_back


def test_feint_is_a_combat_action() -> None:
    """A Combat Action is played only in the combat phase."""
    made, _ = seated()
    engaged(made, "Test Brute")
    feint = in_hand(made, "Feint")
    for each in made.heroes(0):
        made.state.resources[each] = 1
    for phase in ("planning", "quest", "encounter", "refresh"):
        made.state.phase = phase
        assert feint not in playable_cards(made)
    made.state.phase = "combat"
    assert feint in playable_cards(made)


def test_thicket_of_spears_holds_back_every_enemy_of_the_chosen_player() -> None:
    """Thicket of Spears: every enemy engaged with the chosen player cannot attack them this
    phase; another player's enemies can."""
    made, table = seated(players=2)
    mine = [engaged(made, "Test Brute"), engaged(made, "Test Prowler")]
    theirs = engaged(made, "Test Prowler", 1)
    table.want("choose a player", 0)
    play(made, in_hand(made, "Thicket of Spears"))
    assert made.state.held_back == {(enemy, 0) for enemy in mine}
    assert all(enemy != theirs for enemy, _ in made.state.held_back)


def test_thicket_of_spears_is_paid_from_three_different_heroes() -> None:
    """Its cost of 3 must come from three heroes' pools: 3 resources in one pool cannot pay."""
    made, _ = seated()
    thicket = in_hand(made, "Thicket of Spears")
    gimli, legolas, thalin = (hero(made, name) for name in HEROES)
    made.state.resources.update({gimli: 3, legolas: 0, thalin: 0})
    assert thicket not in playable_cards(made)
    made.state.resources.update({gimli: 2, legolas: 1, thalin: 0})
    assert thicket not in playable_cards(made)
    made.state.resources.update({gimli: 2, legolas: 1, thalin: 1})
    assert thicket in playable_cards(made)
    made.play(0, thicket)
    assert [made.state.resources[h] for h in (gimli, legolas, thalin)] == [1, 0, 0]


def test_quick_strike_attacks_at_once_with_the_exhausted_character() -> None:
    """Quick Strike: the character exhausted to pay attacks an enemy engaged with its player at
    once; an attack that destroys the enemy counts as one (Legolas's Response answers it)."""
    made, table = seated()
    legolas = hero(made, "Legolas")
    prowler = engaged(made, "Test Prowler")
    stage = made.z("current quest")[0]
    table.want("choose card", legolas)
    table.want("attack", prowler)
    play(made, in_hand(made, "Quick Strike"))
    assert legolas in made.state.exhausted
    assert made.locate(prowler)[0] != ENGAGED
    assert made.state.progress.get(stage) == 2


def test_quick_strike_reaches_another_players_enemy_only_with_ranged() -> None:
    made, table = seated(players=2)
    gimli, legolas = hero(made, "Gimli"), hero(made, "Legolas")
    brute = engaged(made, "Test Brute", 1)
    table.want("choose card", gimli)
    play(made, in_hand(made, "Quick Strike"))
    assert gimli in made.state.exhausted and brute not in made.state.damage
    table.want("choose card", legolas)
    table.want("attack", brute)
    play(made, in_hand(made, "Quick Strike"))
    assert made.state.damage.get(brute) == 2  # 3 attack against 1 defense


def use_action(made: LcgGame, card: int, player: int = 0) -> None:
    """Use the Action of a card in play, as an action window offers it."""
    chosen = next(o for o in triggers.action_options(made, player) if o.card == card)
    triggers.use_action(made, player, chosen.value[1], chosen.value[2])


def test_beorn_attacks_with_five_more_and_is_shuffled_into_the_deck_as_the_phase_ends() -> None:
    """Beorn: his Action gives him +5 attack for the phase (RR "Lasting Effects"); when that
    phase ends he goes back into his owner's deck, shuffled, leaving play (RR "Leaves Play")."""
    made, table = seated()
    beorn = from_deck(made, "Beorn", PLAY)
    brute = engaged(made, "Test Brute")  # 1 defense, 4 hit points
    made.state.phase = "combat"
    use_action(made, beorn)
    assert made.stat(beorn, "attack") == 8
    assert not triggers.action_options(made, 0), "once per round"
    table.want("attack", brute)
    table.want("attackers", beorn)
    combat.player_attacks(made, 0)
    assert made.locate(brute)[0] != ENGAGED  # 8 attack less 1 defense destroys it
    assert made.locate(beorn) == (PLAY, 0)
    deck_size = len(made.z(DECK, 0))
    made.run_phase("refresh")  # the phase ends: the waiting effect resolves
    assert made.locate(beorn) == (DECK, 0)
    assert len(made.z(DECK, 0)) == deck_size + 1
    assert beorn not in made.state.exhausted


def test_beorn_stays_when_his_action_is_not_used_or_he_left_play_first() -> None:
    """Without the Action, Beorn stays in play at the end of the phase; a Beorn destroyed
    before the phase ends is not taken out of the discard pile by the waiting effect."""
    made, _ = seated()
    beorn = from_deck(made, "Beorn", PLAY)
    made.run_phase("refresh")
    assert made.locate(beorn) == (PLAY, 0)
    use_action(made, beorn)
    made.deal_damage(beorn, 6)
    assert made.locate(beorn) == (DISCARD, 0)
    made.run_phase("refresh")
    assert made.locate(beorn) == (DISCARD, 0)


def test_beorn_back_in_play_is_a_new_card_the_waiting_effect_does_not_take() -> None:
    """RR "Leaves Play": Beorn returned to hand and played again in the same phase is a new
    card, so the end of the phase leaves him in play."""
    made, _ = seated()
    beorn = from_deck(made, "Beorn", PLAY)
    use_action(made, beorn)
    made.move(beorn, HAND, 0)
    play(made, beorn)
    made.run_phase("refresh")
    assert made.locate(beorn) == (PLAY, 0)
    assert made.stat(beorn, "attack") == 3


def test_stand_together_lets_the_chosen_player_declare_several_defenders() -> None:
    """Stand Together: the chosen player declares several defenders against an attack this
    phase. Their defense is added up and all of the damage left goes on one of them, chosen by
    the defending player (the FAQ's ruling on several defenders; RR "Combat Phase")."""
    made, table = seated()
    gimli, thalin = hero(made, "Gimli"), hero(made, "Thalin")
    lurker = engaged(made, "Test Lurker")  # 4 attack
    made.state.phase = "combat"
    table.want("choose a player", 0)
    play(made, in_hand(made, "Stand Together"))
    table.want("defend", gimli)
    table.want("more defenders", thalin, None)
    table.want("defender damage", thalin)
    combat.enemy_attack(made, 0, lurker)
    assert {gimli, thalin} <= made.state.exhausted
    # 4 attack against 2 + 2 defense: nothing left to deal
    assert gimli not in made.state.damage and thalin not in made.state.damage
    made.state.exhausted.clear()
    made.add_effect(lurker, "attack", 3)
    legolas = hero(made, "Legolas")
    table.want("defend", legolas)
    table.want("more defenders", gimli, None)
    table.want("defender damage", gimli)
    combat.enemy_attack(made, 0, lurker)
    # 7 attack against 1 + 2 defense: 4 damage, all of it on Gimli
    assert made.state.damage.get(gimli) == 4 and legolas not in made.state.damage


def test_stand_together_lasts_the_phase_and_only_for_the_chosen_player() -> None:
    """Without the permission only one defender is declared; the permission ends with the phase."""
    made, table = seated(players=2)
    table.want("choose a player", 1)
    play(made, in_hand(made, "Stand Together"))
    assert made.state.permitted == {("several defenders", 1)}
    brute = engaged(made, "Test Brute")
    table.want("defend", hero(made, "Gimli"))
    asked: list[str] = []

    def watch(request: DecisionRequest) -> int | None:
        asked.append(request.kind)
        return table(request)

    made.agents[0] = Scripted(watch)
    combat.enemy_attack(made, 0, brute)
    assert "more defenders" not in asked
    made.run_phase("refresh")
    assert not made.state.permitted


def test_several_defenders_the_bot_puts_the_damage_on_the_one_that_survives_it() -> None:
    """The heuristic bot, allowed several defenders, adds defenders while damage would get
    through and puts what is left on a defender that survives it."""
    from lotr_rules.games.lcg.bots import LcgHeuristicAgent

    made, _ = seated()
    made.agents[0] = LcgHeuristicAgent(1)
    lurker = engaged(made, "Test Lurker")
    made.add_effect(lurker, "attack", 4)  # 8 attack: no single hero survives it
    made.state.permitted.add(("several defenders", 0))
    combat.enemy_attack(made, 0, lurker)
    defenders = [h for h in made.heroes(0) if h in made.state.exhausted]
    assert len(defenders) >= 2
    assert all(made.locate(h) == (PLAY, 0) for h in made.heroes(0))


def orc_scenario() -> Scenario:
    """The fixture scenario with an Orc enemy of the core set added (East Bight Patrol)."""
    return Scenario(SCENARIO.name, SCENARIO.quest, (*SCENARIO.encounter, records()["East Bight Patrol"]))


def test_blade_of_gondolin_adds_one_attack_against_an_orc_only() -> None:
    """Blade of Gondolin: the attached hero has +1 attack while it attacks an Orc, not while
    it attacks another enemy, and not outside an attack."""
    made, table = seated(scenario=orc_scenario())
    legolas = hero(made, "Legolas")
    play(made, in_hand(made, "Blade of Gondolin"), host=legolas)
    assert made.stat(legolas, "attack") == 3
    patrol = engaged(made, "East Bight Patrol")  # 1 defense, 2 hit points
    lurker = engaged(made, "Test Lurker")  # 2 defense, 5 hit points
    assert combat.attack_strength(made, [legolas], patrol) == 4
    assert combat.attack_strength(made, [legolas], lurker) == 3
    table.want("attack", lurker)
    table.want("attackers", legolas)
    combat.player_attacks(made, 0)
    assert made.state.damage.get(lurker) == 1  # 3 attack less 2 defense
    made.state.exhausted.clear()
    table.want("attack", patrol)
    table.want("attackers", legolas)
    table.respond = False
    combat.player_attacks(made, 0)
    assert made.locate(patrol)[0] != ENGAGED


def test_blade_of_gondolin_places_progress_after_its_hero_destroys_an_enemy() -> None:
    """Blade of Gondolin's Response: after the attached hero attacks and destroys an enemy, 1
    progress on the current quest (Legolas's own Response adds his 2)."""
    made, table = seated()
    gimli = hero(made, "Gimli")
    play(made, in_hand(made, "Blade of Gondolin"), host=gimli)
    stage = made.z("current quest")[0]
    prowler = engaged(made, "Test Prowler")  # 0 defense, 2 hit points
    table.want("attack", prowler)
    table.want("attackers", gimli)
    combat.player_attacks(made, 0)
    assert made.locate(prowler)[0] != ENGAGED
    assert made.state.progress.get(stage) == 1
    brute = engaged(made, "Test Brute")
    made.state.exhausted.clear()
    table.want("attack", brute)
    table.want("attackers", gimli)
    combat.player_attacks(made, 0)
    assert made.state.progress.get(stage) == 1  # the brute survived


def test_the_bot_keeps_beorns_action_for_an_attack_that_needs_it() -> None:
    """The heuristic bot does not send Beorn away for nothing: it uses his Action only while
    he attacks and the declared attack would not destroy the enemy without it."""
    from lotr_rules.games.lcg.bots import LcgHeuristicAgent

    made, _ = seated()
    made.agents[0] = LcgHeuristicAgent(1)
    beorn = from_deck(made, "Beorn", PLAY)
    lurker = engaged(made, "Test Lurker")  # 2 defense, 5 hit points
    made.action_window("combat")
    assert made.stat(beorn, "attack") == 3, "no attack under way: kept"
    made.attack_target, made.declared_attackers = lurker, [beorn]
    made.state.damage[lurker] = 4  # 3 attack less 2 defense is enough: kept
    made.action_window("after attackers are declared")
    assert made.stat(beorn, "attack") == 3
    made.state.damage[lurker] = 0  # now it falls short: used
    made.action_window("after attackers are declared")
    assert made.stat(beorn, "attack") == 8
