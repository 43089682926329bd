"""The LCG table and cards in words, as a person at the terminal sees them: a card's face from its
record, and its stats and state only while it is in play, where every player sees them."""

from __future__ import annotations

from lcg_fixtures import named
from lcg_table import put, table

from lotr_rules.games.lcg.state import (
    DECK,
    DISCARD,
    ENCOUNTER_DECK,
    ENCOUNTER_DISCARD,
    ENGAGED,
    HAND,
    SHADOWS,
    STAGING,
    VICTORY,
)
from lotr_rules.games.lcg.view import card_lines, render_status


def test_a_card_in_play_shows_its_face_and_its_state_now() -> None:
    game = table(1)
    warden = named(game, "Test Warden")
    game.state.damage[warden] = 2
    game.state.exhausted.add(warden)
    lines = card_lines(game, warden)
    assert lines[0] == "Test Warden  (unique leadership hero)"
    assert lines[1] == "  threat cost 10   willpower 2   attack 2   defense 2   hit points 5"
    assert "  traits: Warrior" in lines
    assert lines[-1] == "  now: Test Warden (2wp 2att 2def 3/5hp; 0 leadership resources; exhausted)"


def test_an_enemy_shows_its_printed_numbers_and_keywords() -> None:
    game = table(1)
    lurker = put(game, "Test Lurker", ENGAGED, 0)
    lines = card_lines(game, lurker)
    assert lines[0] == "Test Lurker  (enemy)"
    assert lines[1].split("   ") == ["  engagement cost 40", "threat 3", "attack 4", "defense 2", "hit points 5"]
    assert "  keywords: Surge" in lines


def test_a_card_out_of_play_shows_only_its_face() -> None:
    game = table(1)
    rally = put(game, "Test Rally", HAND, 0)
    lines = card_lines(game, rally)
    assert lines[0] == "Test Rally  (spirit event)"
    assert "each of your heroes gets +1 willpower" in " ".join(lines).lower()
    assert not any(line.startswith("  now:") for line in lines)
    in_deck = put(game, "Test Spearman", DECK, 0)
    assert not any(line.startswith("  now:") for line in card_lines(game, in_deck))


def test_the_table_shows_the_staging_area_and_only_the_seats_own_hand() -> None:
    game = table(2)
    for player in (0, 1):
        for card in list(game.z(HAND, player)):
            game.move(card, DECK, player)
    put(game, "Test Brute", STAGING)
    put(game, "Test Rally", HAND, 1)
    mine = render_status(game, 0)
    assert "Test Brute (engages at 30, 2 threat, 3att 1def 4/4hp)" in mine
    assert mine.endswith("Your hand: empty")
    assert "Test Rally" in render_status(game, 1).split("Your hand:")[1]


def test_a_card_says_where_its_facts_come_from() -> None:
    """A card a player designed says so when looked at, and a card of the core set names the
    public card list its facts come from: a made-up card never passes for a published one."""
    import attrs

    from lotr_rules.cards.loader import load_sets
    from lotr_rules.dsl.compiler import Compiler
    from lotr_rules.dsl.parser import parse_card
    from lotr_rules.games import vocabulary_for
    from lotr_rules.games.lcg.convert import to_record
    from lotr_rules.games.lcg.files import Records

    vocabulary = vocabulary_for("lcg")
    designed = Compiler(vocabulary, "scout.card").compile_card(
        parse_card(
            'card "Home Scout" {\n  id home-scout\n  type ally\n  sphere lore\n  cost 1\n  willpower 1\n'
            '  attack 0\n  defense-strength 0\n  hit-points 1\n  provenance designed\n  text "A made-up card."\n}\n'
        )
    )
    assert designed is not None and to_record(designed).provenance == "designed"
    assert Records(load_sets(vocabulary=vocabulary)).get("Gandalf").provenance == "card list"
    game = table(1)
    warden = named(game, "Test Warden")
    assert not any("provenance" in line for line in card_lines(game, warden))  # made in code
    records = list(game.records)
    records[warden] = attrs.evolve(records[warden], provenance="designed")
    game.records = tuple(records)
    assert "  provenance: designed" in card_lines(game, warden)


def test_resource_tokens_on_an_ally_show_in_the_view() -> None:
    """Resources on a card that is not a hero (put there by a card's effect) are part of its state."""
    game = table(1)
    ally = put(game, "Test Spearman", "play area", 0)
    game.state.resources[ally] = 2
    status = render_status(game, 0)
    assert "Test Spearman (1wp 1att 1def 2/2hp; 2 resources)" in status


def test_the_table_counts_every_pile_and_shows_the_victory_display_and_face_down_shadows() -> None:
    """Issue 30: each player's deck and discard pile, the encounter deck and its discard pile,
    the victory display and the shadow cards dealt to engaged enemies (face down: how many only)."""
    game = table(2)
    put(game, "Test Spearman", DISCARD, 0)
    ruins = put(game, "Test Ruins", VICTORY)
    lurker = put(game, "Test Lurker", ENGAGED, 1)
    put(game, "Test Prowler", ENCOUNTER_DISCARD)
    shadow = put(game, "Test Brute", SHADOWS)
    game.state.shadow_of[shadow] = lurker
    encounter = len(game.z(ENCOUNTER_DECK))
    shown = render_status(game, 0)
    deck, hand = len(game.z(DECK, 0)), len(game.z(HAND, 0))
    assert deck > 1 and hand > 1
    assert f"Player 1 (you): threat 27; deck {deck} cards, discard pile 1 card, hand {hand} cards" in shown
    assert f"Encounter deck: {encounter} cards; encounter discard pile: 1 card" in shown
    assert "Victory display: Test Ruins (1 victory points)" in shown
    assert "engaged: Test Lurker (" in shown
    assert shown.split("engaged: Test Lurker")[1].split("\n")[0].endswith(", with 1 face-down shadow card")
    assert "Test Brute" not in shown.split("engaged: Test Lurker")[1].split("\n")[0]
    assert game.records[ruins].victory == 1
