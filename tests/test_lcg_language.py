"""The card language's LCG words, each compiled from a script and played on a table.

Every test writes a made-up card (made up so that each tests one construct; the core set's real
cards have their own tests), compiles it with the LCG vocabulary, converts it to the record the
rules play, puts it on a table and checks what the rules then do: costs paid before effects and
checked before an ability is offered (RR "Costs"), limits per round and phase (RR "Limits"),
lasting effects that end with their phase (RR "Lasting Effects"), changes that hold while a card
is attached (RR "Attachment Cards"), Responses that cancel (RR "Cancel") and the threat.
"""

from __future__ import annotations

import attrs
import pytest
from lcg_fixtures import DECK_A, DECK_B, SCENARIO, WARDEN, by_label
from lcg_table import Answer, clear_staging, put, table

from lotr_rules.diagnostics import Diagnostic
from lotr_rules.dsl.compiler import Compiler
from lotr_rules.dsl.formatter import format_card
from lotr_rules.dsl.parser import parse_card
from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.games import vocabulary_for
from lotr_rules.games.lcg import combat, triggers
from lotr_rules.games.lcg.convert import to_record
from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.games.lcg.record import LcgCard, PlayerDeck
from lotr_rules.games.lcg.state import DECK, ENCOUNTER_DECK, ENGAGED, HAND, PLAY, STAGING

LCG = vocabulary_for("lcg")


def compiled(text: str) -> tuple[CardDef | None, list[Diagnostic]]:
    compiler = Compiler(LCG, "test.card")
    return compiler.compile_card(parse_card(text)), compiler.diagnostics


def record(text: str) -> LcgCard:
    card, diagnostics = compiled(text)
    assert card is not None, [str(d) for d in diagnostics]
    return to_record(card)


def codes(text: str) -> list[str]:
    """The error codes the script gets (warnings aside)."""
    return [d.code for d in compiled(text)[1] if d.code.startswith("E")]


ALLY_FACTS = "  sphere lore\n  cost 1\n  willpower 1\n  attack 1\n  defense-strength 1\n  hit-points 2\n"


def ally(name: str, body: str, facts: str = ALLY_FACTS) -> str:
    ident = name.lower().replace(" ", "-")
    return (
        f'card "{name}" {{\n  id {ident}\n  type ally\n{facts}  provenance designed\n'
        f'  text "A made-up card."\n{body}}}\n'
    )


def card(name: str, card_type: str, facts: str, body: str) -> str:
    ident = name.lower().replace(" ", "-")
    return (
        f'card "{name}" {{\n  id {ident}\n  type {card_type}\n{facts}  provenance designed\n'
        f'  text "A made-up card."\n{body}}}\n'
    )


def game_with(*records: LcgCard, answer: Answer | None = None, players: int = 1) -> LcgGame:
    """A table whose first player's deck also holds these cards (one copy each)."""
    first = PlayerDeck(DECK_A.heroes, (*DECK_A.deck, *records))
    decks = (first, DECK_B)[:players]
    game = table(players, answer, decks=decks)
    clear_staging(game)
    return game


def actions(game: LcgGame, player: int = 0) -> list[str]:
    return [option.label for option in triggers.action_options(game, player)]


# ---------------------------------------------------------------------- costs and limits

SCRIBE = ally(
    "Test Scribe",
    "  action {\n    cost exhaust this\n    choose a player as P\n    for each P {\n      draw 1\n    }\n  }\n",
)


def test_an_action_with_a_cost_is_offered_only_while_the_cost_can_be_paid() -> None:
    game = game_with(record(SCRIBE))
    scribe = put(game, "Test Scribe", PLAY, 0)
    assert actions(game) == ["use the Action of Test Scribe"]
    hand = len(game.z(HAND, 0))
    triggers.use_action(game, 0, scribe, 0)
    assert scribe in game.state.exhausted  # the cost was paid
    assert len(game.z(HAND, 0)) == hand + 1  # and the effect resolved
    assert actions(game) == []  # exhausted: the cost cannot be paid again


HEALER = ally(
    "Test Mender",
    "  action once per round {\n    cost remove 1 resource from a hero in play area\n"
    "    heal 1 damage from a character in play where state is damaged\n  }\n",
)


def test_a_resource_cost_and_a_limit_of_once_per_round() -> None:
    game = game_with(record(HEALER))
    healer = put(game, "Test Mender", PLAY, 0)
    hero = game.heroes(0)[0]
    for each in game.heroes(0):
        game.state.resources[each] = 0
    assert actions(game) == []  # no resource to pay with
    game.state.resources[hero] = 2
    game.state.damage[hero] = 2
    triggers.use_action(game, 0, healer, 0)
    assert game.state.resources[hero] == 1
    assert game.state.damage[hero] == 1
    assert actions(game) == []  # once per round
    game.play_round()
    game.state.resources[hero] = 1
    assert "use the Action of Test Mender" in actions(game)


DRILL = ally("Test Drill", "  action 2 times per phase {\n    draw 1\n  }\n")


def test_a_limit_of_two_uses_per_phase() -> None:
    game = game_with(record(DRILL))
    drill = put(game, "Test Drill", PLAY, 0)
    triggers.use_action(game, 0, drill, 0)
    assert actions(game) == ["use the Action of Test Drill"]
    triggers.use_action(game, 0, drill, 0)
    assert actions(game) == []
    game.run_phase("resource")
    assert actions(game) == ["use the Action of Test Drill"]


def test_a_cost_is_refused_where_it_cannot_be_paid_as_written() -> None:
    after = ally("Test Late", "  action {\n    draw 1\n    cost exhaust this\n  }\n")
    assert codes(after) == ["E183"]
    not_a_cost = ally("Test Draw", "  action {\n    cost draw 1\n    draw 1\n  }\n")
    assert codes(not_a_cost) == ["E183"]
    forced = ally("Test Forced", "  forced after this commits {\n    cost exhaust this\n    draw 1\n  }\n")
    assert codes(forced) == ["E183"]


def test_a_limit_in_a_period_the_lcg_does_not_have() -> None:
    assert codes(ally("Test Turn", "  action once per turn {\n    cost exhaust this\n    draw 1\n  }\n")) == ["E186"]
    assert codes(ally("Test Forced", "  forced once per round after this commits {\n    draw 1\n  }\n"))


# ---------------------------------------------------------------------- amounts, stats, threat


def test_amounts_are_refused_with_the_wrong_word() -> None:
    assert codes(ally("Test A", "  action {\n    cost exhaust this\n    heal 1 damage to this\n  }\n")) == ["E184"]
    assert codes(ally("Test B", "  action {\n    cost exhaust this\n    deal 1 sorrow to this\n  }\n")) == ["E184"]
    assert codes(ally("Test C", "  action {\n    cost exhaust this\n    deal all damage to this\n  }\n")) == ["E184"]


def test_a_stat_change_says_how_long_it_lasts() -> None:
    assert codes(ally("Test A", "  action {\n    cost exhaust this\n    give +1 attack to this\n  }\n")) == ["E185"]
    assert codes(
        ally("Test B", "  action {\n    cost exhaust this\n    give +1 luck to this until end of phase\n  }\n")
    )
    assert codes(
        ally("Test C", "  action {\n    cost exhaust this\n    give +1 attack to this until end of turn\n  }\n")
    )
    while_period = "  while in play {\n    give +1 attack to this until end of phase\n  }\n"
    assert codes(ally("Test D", while_period)) == ["E185"]


MUSTER = card(
    "Test Muster",
    "event",
    "  sphere neutral\n  cost 0\n",
    "  action {\n    give +1 attack to all characters in play area until end of phase\n"
    "    give +2 willpower to a character in play area as X until end of round\n  }\n",
)


def test_lasting_changes_end_with_their_phase_or_round() -> None:
    game = game_with(record(MUSTER))
    rally = put(game, "Test Muster", HAND, 0)
    hero = game.heroes(0)[0]
    attack, willpower = game.stat(hero, "attack"), game.stat(hero, "willpower")
    game.state.phase = "planning"
    game.play(0, rally)
    assert game.stat(hero, "attack") == attack + 1
    assert game.stat(hero, "willpower") == willpower + 2  # the first character was chosen
    game.run_phase("refresh")
    assert game.stat(hero, "attack") == attack
    assert game.stat(hero, "willpower") == willpower + 2
    game.play_round()
    assert game.stat(hero, "willpower") == willpower


PLATE = card(
    "Test Plate",
    "attachment",
    "  sphere lore\n  cost 0\n  attach-to hero\n",
    "  while attached {\n    give +3 hit-points to attached hero\n  }\n",
)


def test_a_change_holds_while_the_attachment_is_attached() -> None:
    game = game_with(record(PLATE))
    plate = put(game, "Test Plate", PLAY, 0)
    hero = game.heroes(0)[0]
    printed = game.stat(hero, "hit_points")
    assert game.stat(hero, "hit_points") == printed  # in play but not attached
    game.attach(plate, hero)
    assert game.stat(hero, "hit_points") == printed + 3
    game.discard(plate)
    assert game.stat(hero, "hit_points") == printed


def test_a_change_in_a_while_block_reads_no_stat_of_itself_forever() -> None:
    # 'each character with 2 or more attack gets +1 attack' reads attack while working attack out
    loop = card(
        "Test Pennant",
        "attachment",
        "  sphere lore\n  cost 0\n  attach-to hero\n",
        "  while attached {\n    give +1 attack to all characters in play where attack >= 2\n  }\n",
    )
    game = game_with(record(loop))
    pennant = put(game, "Test Pennant", PLAY, 0)
    hero = game.heroes(0)[0]
    game.attach(pennant, hero)
    base = game.records[hero].attack
    assert game.stat(hero, "attack") == base + (1 if base >= 2 else 0)


def test_threat_is_raised_and_reduced() -> None:
    calm = card("Test Calm", "event", "  sphere lore\n  cost 0\n", "  action {\n    reduce threat by 5\n  }\n")
    game = game_with(record(calm.replace("sphere lore", "sphere neutral")))
    game.state.threat[0] = 30
    game.play(0, put(game, "Test Calm", HAND, 0))
    assert game.state.threat[0] == 25


# ---------------------------------------------------------------------- triggered abilities

WARD = ally(
    "Test Bulwark",
    "  response after this is declared as a defender {\n    deal 1 damage to attacking enemy\n  }\n",
    ALLY_FACTS.replace("defense-strength 1", "defense-strength 9"),
)


def test_a_response_to_being_declared_a_defender_damages_the_attacker() -> None:
    def answer(request: DecisionRequest) -> int | None:
        if request.kind == "defend":
            return by_label(request, "defend with Test Bulwark")
        return 1 if request.kind == "response" else None

    game = game_with(record(WARD), answer=answer)
    ward = put(game, "Test Bulwark", PLAY, 0)
    enemy = next(c for c, r in enumerate(game.records) if r.type == "enemy" and r.hit_points >= 2)
    game.move(enemy, ENGAGED, 0)
    combat.enemy_attack(game, 0, enemy)
    assert game.state.damage.get(enemy) == 1
    assert ward in game.state.exhausted
    assert game.attacking == -1 and game.defending == -1  # the attack is over


SEAL = card(
    "Test Seal",
    "event",
    "  sphere neutral\n  cost 0\n",
    "  response when a card would be revealed {\n    cancel\n  }\n",
)


def test_a_response_cancels_a_when_revealed_effect() -> None:
    game = game_with(record(SEAL), answer=lambda r: 1 if r.kind == "response" else None)
    seal = put(game, "Test Seal", HAND, 0)
    treachery = next(c for c, r in enumerate(game.records) if r.when_revealed is not None and r.type == "treachery")
    game.move(treachery, ENCOUNTER_DECK, top=True)
    game.reveal_encounter(0)
    assert ("cancelled", game.card_name(treachery), "when revealed") in game.state.log
    assert game.locate(seal)[0] == "discard pile"  # played from hand, then discarded


MINER = attrs.evolve(
    WARDEN,
    name="Test Miner",
    traits=frozenset({"Dwarf"}),
)
HOARD = ally(
    "Test Hoard",
    "  response after this is damaged {\n    add Damage resources to a hero in play area\n  }\n",
)
MOURNER = ally(
    "Test Mourner",
    "  response after a dwarf hero you control leaves play {\n    draw 2\n  }\n",
)


def test_a_response_reads_how_much_damage_was_dealt() -> None:
    game = game_with(record(HOARD), answer=lambda r: 1 if r.kind == "response" else None)
    hoard = put(game, "Test Hoard", PLAY, 0)
    hero = game.heroes(0)[0]
    game.state.resources[hero] = 0
    game.deal_damage(hoard, 1)
    assert game.state.resources[hero] == 1


def test_a_trigger_about_a_trait_and_a_card_you_control() -> None:
    mourner = record(MOURNER)
    first = PlayerDeck((MINER, *DECK_A.heroes[1:]), (*DECK_A.deck, mourner))
    game = table(2, lambda r: 1 if r.kind == "response" else None, decks=(first, DECK_B))
    put(game, "Test Mourner", PLAY, 0)
    miner = next(c for c in game.heroes(0) if game.records[c].name == "Test Miner")
    hand = len(game.z(HAND, 0))
    game.discard(game.heroes(1)[0])  # another player's hero: not theirs to mourn
    assert len(game.z(HAND, 0)) == hand
    game.discard(miner)
    assert len(game.z(HAND, 0)) == hand + 2


def test_unknown_triggers_and_while_conditions_are_refused() -> None:
    assert codes(ally("Test A", "  response after this dances {\n    draw 1\n  }\n")) == ["E114"]
    assert codes(ally("Test B", "  while asleep {\n    give +1 attack to this\n  }\n")) == ["E127"]
    assert codes(ally("Test C", "  while in play {\n    draw 1\n  }\n")) == ["E127"]


PASS = card(
    "Test Pass",
    "location",
    "  threat 1\n  quest-points 3\n",
    "  travel {\n    cost exhaust a hero in play area\n    draw 1\n  }\n",
)


def test_a_travel_cost_must_be_payable_to_travel_there() -> None:
    pass_card = record(PASS)
    assert pass_card.travel_check is not None and pass_card.travel is not None
    scenario = attrs.evolve(SCENARIO, encounter=(*SCENARIO.encounter, pass_card))
    game = table(1, None, decks=(DECK_A,), scenario=scenario)
    location = next(c for c, r in enumerate(game.records) if r.name == "Test Pass")
    game.move(location, STAGING)
    for hero in game.heroes(0):
        game.state.exhausted.add(hero)
    assert not pass_card.travel_check(game, 0, location)
    game.state.exhausted.clear()
    assert pass_card.travel_check(game, 0, location)
    hand = len(game.z(HAND, 0))
    pass_card.travel(game, 0, location)
    assert len(game.z(HAND, 0)) == hand + 1
    assert any(hero in game.state.exhausted for hero in game.heroes(0))


# ---------------------------------------------------------------------- the script's text


@pytest.mark.parametrize("text", [SCRIBE, HEALER, DRILL, MUSTER, PLATE, WARD, SEAL, HOARD, MOURNER, PASS])
def test_the_new_words_format_back_to_what_was_written(text: str) -> None:
    assert format_card(parse_card(text)) == text


def test_an_lcg_card_never_runs_the_engine_out_of_its_deck() -> None:
    # the deck the cards were added to still plays to an end
    game = game_with(record(SCRIBE), record(MUSTER), record(WARD))
    for card in list(game.z(HAND, 0)):
        game.move(card, DECK, 0)
    game.config = attrs.evolve(game.config)
    result = game.play_game()
    assert result["reason"]


def test_the_card_examples_of_the_lcg_page_compile_clean() -> None:
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "docs" / "lcg-rules.md").read_text(encoding="utf-8")
    examples = [block for block in page.split("```text\n")[1:] if block.startswith("card ")]
    assert len(examples) >= 2
    for block in examples:
        text = block.split("```", 1)[0]
        card, diagnostics = compiled(text)
        assert card is not None and not diagnostics, [str(d) for d in diagnostics]
        to_record(card)


def test_a_bad_cost_is_reported_once() -> None:
    text = ally("Test Once", "  action {\n    cost exhaust an elf in play\n    draw 1\n  }\n")
    assert codes(text) == ["E112"]
    paid = ally("Test Paid", "  action {\n    cost remove 1 resource from an elf in play\n    draw 1\n  }\n")
    assert codes(paid) == ["E112"]


def test_a_when_or_at_ability_is_not_the_lcgs() -> None:
    """The LCG's triggered abilities are 'response' and 'forced'; a deck-building 'at' or 'when'
    ability (other than 'when revealed') would never run, so it is refused."""
    assert codes(ally("Test At", "  at end of round {\n    draw 1\n  }\n")) == ["E119"]
    assert codes(ally("Test When", "  when a shadow effect would resolve {\n    cancel\n  }\n")) == ["E119"]


def test_a_limit_of_several_uses_only_where_the_family_counts_them() -> None:
    text = (
        'card "Test Drill" {\n  id test-drill\n  type location\n  cost 2\n  provenance designed\n'
        '  text "Twice a turn: +1 Power."\n  action 2 times per turn {\n    +1 power\n  }\n}\n'
    )
    compiler = Compiler(vocabulary_for("deckbuilding"), "test.card")
    assert compiler.compile_card(parse_card(text)) is None
    assert [d.code for d in compiler.diagnostics] == ["E186"]
