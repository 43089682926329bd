"""Who takes part in an attack, and cards going back into a deck: the rules and words behind
Stand Together, Dunhere, Blade of Gondolin and Beorn, on made-up cards and fixture records.

"RR" is the publisher's Rules Reference (entry named); "FAQ" the publisher's FAQ ruling on
several characters defending one attack (their defense added up, all of the damage left on one
of them, chosen by the defending player).
"""

from __future__ import annotations

import attrs
import pytest
from lcg_fixtures import ARCHER, DECK_A, SCENARIO, SEER, WARDEN, by_label
from lcg_table import Answer, clear_staging, put, table

from lotr_rules.diagnostics import Diagnostic
from lotr_rules.dsl.compiler import Compiler
from lotr_rules.dsl.formatter import format_card
from lotr_rules.dsl.parser import parse_card
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.games import vocabulary_for
from lotr_rules.games.lcg import combat
from lotr_rules.games.lcg.convert import to_record
from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.games.lcg.record import LcgCard, PlayerDeck
from lotr_rules.games.lcg.state import DECK, DISCARD, ENGAGED, HAND, PLAY, STAGING

LCG = vocabulary_for("lcg")


def compiled(text: str) -> tuple[LcgCard | None, list[Diagnostic]]:
    compiler = Compiler(LCG, "test.card")
    card = compiler.compile_card(parse_card(text))
    return (to_record(card) if card is not None else None), compiler.diagnostics


def codes(text: str) -> list[str]:
    return [d.code for d in compiled(text)[1] if d.code.startswith("E")]


def ally(body: str, facts: str = "") -> str:
    return (
        'card "Test Sally" {\n  id test-sally\n  type ally\n  sphere tactics\n  cost 1\n  willpower 1\n'
        f"  attack 2\n  defense-strength 1\n  hit-points 2\n{facts}  provenance designed\n"
        f'  text "A made-up card."\n{body}}}\n'
    )


def event(body: str) -> str:
    return (
        'card "Test Call" {\n  id test-call\n  type event\n  sphere tactics\n  cost 0\n  provenance designed\n'
        f'  text "A made-up card."\n  action {{\n{body}  }}\n}}\n'
    )


def seated(heroes: tuple[LcgCard, ...], answer: Answer | None = None, extra: tuple[LcgCard, ...] = ()) -> LcgGame:
    """A solo game with these heroes and the fixture deck (plus extra cards), nothing staged."""
    deck = PlayerDeck(heroes, (*extra, *DECK_A.deck))
    game = table(1, answer, decks=(deck,), scenario=SCENARIO)
    clear_staging(game)
    for card in list(game.z(HAND, 0)):
        game.move(card, DECK, 0)
    return game


def picks(*pairs: tuple[str, str]) -> Answer:
    """Answer each kind by the first of its labels offered (each label used once)."""
    wanted = list(pairs)

    def answer(request: DecisionRequest) -> int | None:
        for pair in list(wanted):
            kind, label = pair
            if request.kind == kind:
                found = by_label(request, label)
                if found is not None:
                    wanted.remove(pair)
                    return found
        return None

    return answer


# ---------------------------------------------------------------------- several defenders
STALWART = attrs.evolve(WARDEN, name="Test Stalwart", defense=3, hit_points=6)


def test_several_defenders_add_their_defense_and_one_of_them_takes_what_is_left() -> None:
    """FAQ: the attack less the defenders' added defense is dealt to the one defender the
    defending player chooses; each defender is exhausted (RR "Combat Phase")."""
    answer = picks(
        ("defend", "defend with Test Warden"),
        ("more defenders", "also defend with Test Archer"),
        ("defender damage", "Test Archer takes 3 damage"),
    )
    game = seated((WARDEN, ARCHER), answer)
    warden, archer = game.heroes(0)
    game.state.permitted.add(("several defenders", 0))
    lurker = put(game, "Test Lurker", ENGAGED, 0)  # 4 attack
    game.add_effect(lurker, "attack", 2)
    combat.enemy_attack(game, 0, lurker)
    assert {warden, archer} <= game.state.exhausted
    assert game.state.damage.get(archer) == 3 and warden not in game.state.damage  # 6 - (2 + 1)
    assert game.more_defenders == [] and game.defending == -1  # the attack is over


def test_one_defender_only_without_the_permission() -> None:
    """RR "Combat Phase": one character defends each attack unless a card says otherwise."""
    game = seated((WARDEN, ARCHER), picks(("defend", "defend with Test Warden")))
    lurker = put(game, "Test Lurker", ENGAGED, 0)
    combat.enemy_attack(game, 0, lurker)
    kinds = [r.kind for r in game.agents[0].asked]  # type: ignore[attr-defined]
    assert "more defenders" not in kinds and "defender damage" not in kinds
    assert game.state.damage.get(game.heroes(0)[0]) == 2


def test_a_defender_gone_counts_neither_its_defense_nor_for_the_damage() -> None:
    """A defender out of play when the damage is dealt adds no defense and takes nothing (a
    third hero keeps the player in the game)."""
    game = seated((WARDEN, ARCHER, SEER))
    warden, archer, _seer = game.heroes(0)
    lurker = put(game, "Test Lurker", ENGAGED, 0)
    game.defending, game.more_defenders = warden, [archer]
    game.move(warden, DISCARD, 0)
    combat.defended_damage(game, 0, lurker, 4)
    assert game.state.damage.get(archer) == 3  # 4 less the archer's 1 alone
    game.move(archer, DISCARD, 0)
    combat.defended_damage(game, 0, lurker, 4)  # nobody left: nothing dealt
    assert archer not in game.state.damage


CHOSEN = "    choose a player as P\n    for each P {\n      allow several defenders\n    }\n"


def test_allow_several_defenders_is_a_command_for_the_player_it_acts_for() -> None:
    card, diagnostics = compiled(event(CHOSEN))
    assert card is not None and not [d for d in diagnostics if d.code.startswith("E")]
    assert codes(event("    allow several defenders into hand\n")) == ["E121"]


# ---------------------------------------------------------------------- the staging area
SCOUT = attrs.evolve(ARCHER, name="Test Outrider", ranged=False, attacks_staging_alone=True)
RIDER = attrs.evolve(WARDEN, name="Test Rider", attacks_staging_alone=True)


def test_an_enemy_in_the_staging_area_is_attacked_by_one_allowed_character_alone() -> None:
    """RR "Staging Area": its enemies are engaged with nobody, so only a character allowed to
    attack there may; with two allowed, only one joins the attack, and the enemy stays staged.
    An attack that destroys it is one like any other (it leaves play)."""
    answer = picks(("attack", "attack Test Brute"), ("attackers", "attack with Test Outrider"))
    game = seated((SCOUT, RIDER), answer)
    outrider, rider = game.heroes(0)
    brute = put(game, "Test Brute", STAGING)  # 1 defense, 4 hit points
    combat.player_attacks(game, 0)
    assert game.state.damage.get(brute) == 2 and game.locate(brute)[0] == STAGING
    assert outrider in game.state.exhausted and rider not in game.state.exhausted
    game.state.damage[brute] = 3
    game.agents[0].answer = picks(("attack", "attack Test Brute"))  # type: ignore[attr-defined]
    combat.player_attacks(game, 0)
    assert game.locate(brute)[0] not in (STAGING, ENGAGED)


def test_the_attack_staging_field_is_for_characters_and_says_alone() -> None:
    card, _ = compiled(ally("", "  attack-staging alone\n"))
    assert card is not None and card.attacks_staging_alone
    assert codes(ally("", "  attack-staging together\n"))
    assert codes(event("    draw 1\n").replace("  cost 0\n", "  cost 0\n  attack-staging alone\n"))


# ---------------------------------------------------------------------- the attacked enemy
BRAVE = ally(
    "  while in play {\n    give +(number of attacked enemy where state is staged) attack to this\n  }\n",
    "  attack-staging alone\n",
)


def test_the_attacked_enemy_is_named_only_while_a_player_attack_is_made() -> None:
    """A stat that depends on the attacked enemy is read with it during the attack (the
    attackers' choice and the damage), and without it before and after."""
    brave, _ = compiled(BRAVE)
    assert brave is not None
    game = seated((WARDEN,), picks(("attack", "attack Test Prowler")), extra=(brave,))
    sally = next(c for c in game.z(DECK, 0) if game.records[c].name == "Test Sally")
    game.move(sally, PLAY, 0)
    game.state.exhausted.add(game.heroes(0)[0])
    prowler = put(game, "Test Lurker", STAGING)  # 2 defense: 2 attack does nothing, 3 does 1
    engaged = put(game, "Test Prowler", ENGAGED, 0)
    assert game.stat(sally, "attack") == 2
    assert combat.attack_strength(game, [sally], prowler) == 3
    assert combat.attack_strength(game, [sally], engaged) == 2  # an engaged enemy is not staged
    game.agents[0].answer = picks(("attack", "attack Test Lurker"))  # type: ignore[attr-defined]
    combat.player_attacks(game, 0)
    assert game.state.damage.get(prowler) == 1
    assert game.attack_target == -1 and game.stat(sally, "attack") == 2


# ---------------------------------------------------------------------- shuffling into a deck
def test_shuffle_takes_cards_in_play_into_a_deck_only() -> None:
    """'shuffle' takes cards from play areas (E124 elsewhere) and puts them into a deck (E121)."""
    assert codes(event("    shuffle an ally in play area into its owner's deck\n")) == []
    assert codes(event("    shuffle an ally in play area into deck\n")) == []
    assert codes(event("    shuffle a card in hand into deck\n")) == ["E124"]
    assert codes(event("    shuffle an ally in play area into hand\n")) == ["E121"]
    assert codes(event("    shuffle an ally in play area\n")) == ["E121"]


def test_shuffle_puts_an_ally_in_play_into_its_owners_deck_and_shuffles_it() -> None:
    """The ally leaves play (RR "Leaves Play": its damage and attachments go) into the deck."""
    card, _ = compiled(event("    shuffle an ally in play area into its owner's deck\n"))
    assert card is not None and card.action is not None
    game = seated((WARDEN,))
    ally_card = next(c for c in game.z(DECK, 0) if game.records[c].type == "ally")
    game.move(ally_card, PLAY, 0)
    game.state.damage[ally_card] = 1
    size = len(game.z(DECK, 0))
    card.action(game, 0, -1)
    assert game.locate(ally_card) == (DECK, 0) and len(game.z(DECK, 0)) == size + 1
    assert ally_card not in game.state.damage


@pytest.mark.parametrize(
    "text",
    [
        event(CHOSEN),
        event("    shuffle an ally in play area into its owner's deck\n"),
        BRAVE,
        ally(
            "  action once per round {\n    give +5 attack to this until end of phase\n"
            "    at end of phase {\n      shuffle this into deck\n    }\n  }\n"
        ),
    ],
)
def test_the_new_forms_format_back_to_what_was_written(text: str) -> None:
    assert format_card(parse_card(text)) == text


def test_an_action_that_sends_its_card_away_is_marked_for_agents() -> None:
    """The record says when a card's Action moves the card itself out of play (read from the
    moves the compiler records), so a bot can keep it for when it matters."""
    waits = "    at end of phase {\n      shuffle this into deck\n    }\n"
    away, _ = compiled(ally(f"  action once per round {{\n{waits}  }}\n"))
    stays, _ = compiled(ally("  action once per round {\n    give +1 attack to this until end of phase\n  }\n"))
    assert away is not None and away.action_sends_away
    assert stays is not None and not stays.action_sends_away
