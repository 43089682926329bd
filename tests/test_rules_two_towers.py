"""The Two Towers rules as tests, one rule a test, each citing the rulebook section it checks.

Citations name the rulebook's headings ("Rulebook, Additional Rules > Ambush"). Most rules are
checked with a scenario file in ``tests/scenarios/rules/`` (a hand-made game state, the steps to
run on it and what must hold after; see docs/scenarios.md); setup rules, which need the engine's
own setup, and a few others are checked with direct engine calls.

A test marked ``xfail(strict=True, reason="engine bug: ...")`` states the rule as the rulebook
gives it; the engine does otherwise today. When the engine is fixed the test passes, strict
xfail turns that into a failure, and the marker must be removed.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import attrs
import pytest

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.engine.context import Ctx
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.engine.rng import Rng
from lotr_rules.games.deckbuilding import game as rules
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import DeckbuildingGame
from lotr_rules.games.deckbuilding.scenario import build_game, run_scenario, scenario_from_text

SCENARIOS = Path(__file__).parent / "scenarios" / "rules"
SEEDS = range(24)


class _EndsTurns:
    """Ends every turn at once; answers any other decision with its first option."""

    def choose(self, game: Game, request: DecisionRequest) -> int:
        for index, option in enumerate(request.options):
            if option.value == "end":
                return index
        return 0


def _game(players: int = 4, seed: int = 1, **options: object) -> DeckbuildingGame:
    config = GameConfig(players=players, seed=seed, **options)  # type: ignore[arg-type]
    return DeckbuildingGame(load_sets(), config, [_EndsTurns() for _ in range(players)])


def _names(game: DeckbuildingGame, cards: list[int]) -> list[str]:
    return [game.cards[c].name for c in cards]


def _passes(name: str) -> None:
    result = run_scenario(SCENARIOS / f"{name}.toml")
    assert result.passed, "\n".join([f"scenario {name}:", *result.failures])


def test_every_rules_scenario_is_used_by_a_test() -> None:
    """Housekeeping: every file in tests/scenarios/rules/ is run by a test of this module."""
    source = Path(__file__).read_text(encoding="utf-8")
    unused = [p.name for p in sorted(SCENARIOS.glob("*.toml")) if f'"{p.stem}"' not in source]
    assert not unused, f"scenario files no test runs: {unused}"


# ---------------------------------------------------------------------- setup
def test_starting_deck() -> None:
    """Rulebook, Setup for Your First Game > 1. Heroes and Starting Decks; Gameplay.

    Each player has a Hero, and a 10-card deck of the Hero's starting card, 6 Courage and
    3 Despair, shuffled, of which 5 are drawn.
    """
    for seed in SEEDS:
        players = 1 + seed % 5
        game = _game(players, seed)
        for seat in range(players):
            heroes = game.z(rules.HERO, seat)
            assert len(heroes) == 1
            hero = game.cards[heroes[0]]
            assert hero.deck == "hero"
            hand = game.z(rules.HAND, seat)
            deck = game.z(rules.DECK, seat)
            assert len(hand) == 5
            assert len(deck) == 5
            owned = Counter(_names(game, hand + deck))
            assert owned == Counter({"Courage": 6, "Despair": 3, str(hero.starting_card): 1})
        heroes = [game.z(rules.HERO, s)[0] for s in range(players)]
        assert len({game.cards[h].name for h in heroes}) == players


def test_main_deck_contents() -> None:
    """Rulebook, Setup for Your First Game > 2. The Main Deck.

    The main deck is the 106 cards that are none of Archenemy, Courage, Despair, Valor,
    Corruption, The One Ring, hero starting cards, Wall cards or Hero cards.
    """
    game = _game(4, 3)
    cards = game.z(rules.MAIN) + game.z(rules.PATH)
    assert len(cards) == 106
    assert {game.cards[c].deck for c in cards} == {"main"}
    forbidden = {"Courage", "Despair", "Valor", "Corruption", "The One Ring", "Breached"}
    assert not forbidden & set(_names(game, cards))


def test_archenemy_stack_for_eight() -> None:
    """Rulebook, Setup for Your First Game > 3. The Archenemy Stack.

    Eight Archenemies: Corrupted King Théoden face up on top, then three level 2, then three
    level 3, and Saruman, Lord of Isengard last. The unused level 2 and 3 cards are set aside.
    """
    for seed in SEEDS:
        game = _game(3, seed)
        stack = game.z(rules.ARCHENEMY)  # the top is the last card
        top_down = [game.cards[c] for c in reversed(stack)]
        assert [c.level for c in top_down] == [1, 2, 2, 2, 3, 3, 3, 4]
        assert top_down[0].name == "Corrupted King Théoden"
        assert top_down[-1].name == "Saruman, Lord of Isengard"
        assert game.state.counters["archenemy face up"] == 1
        boxed = [game.cards[c] for c in game.z(rules.BOX) if game.cards[c].title == "archenemy"]
        assert sorted(c.level or 0 for c in boxed) == [2, 2, 3, 3]


@pytest.mark.parametrize("size", [9, 10, 11, 12])
def test_archenemy_stack_for_a_longer_game(size: int) -> None:
    """Rulebook, Setup for Your First Game > 3. The Archenemy Stack.

    A longer game uses more than eight Archenemies; Corrupted King Théoden is always on top and
    Saruman always last, with the level 2 cards above the level 3 cards.
    """
    for seed in range(8):
        game = _game(2, seed, archenemies=size)
        top_down = [game.cards[c] for c in reversed(game.z(rules.ARCHENEMY))]
        assert len(top_down) == size
        assert top_down[0].name == "Corrupted King Théoden"
        assert top_down[-1].name == "Saruman, Lord of Isengard"
        levels = [c.level or 0 for c in top_down]
        assert levels == sorted(levels)
        assert len({c.name for c in top_down}) == size


def test_impossible_mode_archenemy_stack() -> None:
    """Rulebook, Impossible Mode.

    Impossible Mode uses the eight Impossible Mode Archenemies, in their fixed order, with the
    Impossible Corrupted King Théoden face up on top; the regular twelve are not used.
    """
    first = _game(2, 1, impossible=True)
    second = _game(2, 2, impossible=True)
    stack = _names(first, first.z(rules.ARCHENEMY))
    assert len(stack) == 8
    assert stack == _names(second, second.z(rules.ARCHENEMY)), "the order is fixed, not shuffled"
    assert stack[-1] == "Impossible Corrupted King Théoden"
    assert {first.cards[c].deck for c in first.z(rules.ARCHENEMY)} == {"impossible archenemy"}
    assert first.state.counters["archenemy face up"] == 1
    boxed = [first.cards[c] for c in first.z(rules.BOX) if first.cards[c].deck == "archenemy"]
    assert len(boxed) == 12


def test_path_of_five_without_fortunes() -> None:
    """Rulebook, Setup for Your First Game > 4. The Path.

    The Path starts with five cards from the main deck, none of them a Fortune.
    """
    for seed in range(60):
        game = _game(2, seed)
        path = game.z(rules.PATH)
        assert len(path) == 5
        assert not [c for c in path if "fortune" in game.cards[c].types]


def _main_deck_of(catalogue: Catalogue, wanted: dict[str, int]) -> Catalogue:
    """The Two Towers with a main deck of just ``wanted`` (name: copies), in that order."""
    others = [card for card in catalogue.cards if card.deck != "main"]
    main = [attrs.evolve(catalogue.get(name), copies=copies) for name, copies in wanted.items()]
    return Catalogue(list(catalogue.sets.values()), [*others, *main])


def test_setup_fortunes_go_to_the_bottom_of_the_main_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rulebook, Setup for Your First Game > 4. The Path; Additional Rules > Fortunes.

    A Fortune turned into the Path at setup goes to the bottom of the main deck and is replaced.
    With shuffling turned off, the main deck is 7 Lembas under 3 Rescue at Fangorn: the three
    Fortunes come off the top first, go to the bottom, and the Path is five Lembas.
    """
    monkeypatch.setattr(Rng, "shuffle", lambda self, items: None)
    catalogue = _main_deck_of(load_sets(), {"Lembas": 7, "Rescue at Fangorn": 3})
    game = DeckbuildingGame(catalogue, GameConfig(players=2, seed=1), [_EndsTurns(), _EndsTurns()])
    assert _names(game, game.z(rules.PATH)) == ["Lembas"] * 5
    assert _names(game, game.z(rules.MAIN)) == ["Rescue at Fangorn"] * 3 + ["Lembas"] * 2


def test_first_player_is_not_ambushed_by_the_setup_path() -> None:
    """Rulebook, Setup for Your First Game > 4. The Path (the NOTE).

    The player taking the first turn is unaffected by Ambush cards in the Path at setup.
    """
    checked = 0
    for seed in range(40):
        game = _game(3, seed)
        if not [c for c in game.z(rules.PATH) if "ambush" in game.cards[c].abilities]:
            continue
        checked += 1
        game.take_turn()
        hits = [e for e in game.state.log if e[0] == "hit"]
        assert not hits, f"seed {seed}: {hits}"
    assert checked >= 5


def test_valor_and_corruption_stacks() -> None:
    """Rulebook, Setup for Your First Game > 4. The Path.

    The Valor stack starts with 16 cards and the Corruption stack with 20, for any number of
    players.
    """
    for players in range(1, 6):
        game = _game(players, players)
        assert Counter(_names(game, game.z(rules.VALOR))) == {"Valor": 16}
        assert Counter(_names(game, game.z(rules.CORRUPTION))) == {"Corruption": 20}


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_wall_deck_by_player_count(players: int) -> None:
    """Rulebook, Setup for Your First Game > 5. The Wall Deck.

    Five Wall cards per player plus Breached (3 players: 16 cards; 5 players: all 26); the excess
    goes back to the box.
    """
    game = _game(players, 7)
    wall = _names(game, game.z(rules.WALL))
    assert len(wall) == 5 * players + 1
    assert wall.count("Breached") == 1
    boxed = [c for c in game.z(rules.BOX) if "wall" in game.cards[c].types]
    assert len(wall) + len(boxed) == 26
    if players == 3:
        assert len(wall) == 16


def test_one_ring_starts_behind_the_stacks() -> None:
    """Rulebook, Setup for Your First Game > 6. The One Ring; Additional Rules > The One Ring."""
    game = _game(4, 2)
    assert _names(game, game.z(rules.BEHIND)) == ["The One Ring"]
    assert game.ring_holder() == -1


# ---------------------------------------------------------------------- the turn
def test_sample_turn() -> None:
    """Rulebook, Gameplay > Sample Turn Sequence (through the engine's own turn loop)."""
    _passes("sample-turn")


def test_buying_with_combined_cost() -> None:
    """Rulebook, Gameplay: buy any number of cards with combined cost at most your Power; cards
    can be played after buying; bought cards go to the discard pile."""
    _passes("buy-combined-cost")


def test_cannot_buy_beyond_power() -> None:
    """Rulebook, Gameplay: only cards whose cost is within your Power can be bought."""
    _passes("buy-not-enough-power")


def test_several_valors_in_a_turn() -> None:
    """Rulebook, Gameplay: Valor cards may be bought, more than one a turn."""
    _passes("buy-valors")


def test_starter_is_a_card_type() -> None:
    """Rulebook, Types of Cards: the seven card types are Starter, Enemy, Location, Ally, Maneuver,
    Artifact and Fortune, and a Corruption has none. A card counting the types played this turn
    (Entdraught, the only card that counts types) counts Starter once and Corruption not at all."""
    _passes("card-types-starter-counts")


def test_despair_and_corruption_may_be_played() -> None:
    """Rulebook, Gameplay: Despair and Corruption may be played; they have no effect."""
    _passes("play-despair-and-corruption")


def test_no_reshuffle_until_a_card_is_needed() -> None:
    """Rulebook, Additional Rules > Shuffling Your Deck: an empty deck alone is not reshuffled."""
    _passes("reshuffle-not-before-needed")


def test_reshuffle_when_drawing_from_an_empty_deck() -> None:
    """Rulebook, Additional Rules > Shuffling Your Deck: drawing from an empty deck reshuffles."""
    _passes("reshuffle-when-drawing")


def test_revealing_from_an_empty_deck_reshuffles_without_the_revealed_cards() -> None:
    """Rulebook, FAQ (revealing five cards from a deck of three); Additional Rules > Shuffling.

    Revealing from an empty deck reshuffles the discard pile, but the cards already revealed are
    not shuffled in.
    """
    scenario = scenario_from_text(
        """
        [players.1]
        deck = ["Lembas", "Treebeard", "Edoras"]
        discard = ["Courage*4"]
        """,
        "faq-reveal",
    )
    game = build_game(scenario)
    revealed = game.reveal(Ctx(game, 0, -1), 5, reshuffle=True)
    assert _names(game, revealed) == ["Edoras", "Treebeard", "Lembas", "Courage", "Courage"]
    assert _names(game, game.z(rules.DECK, 0)) == ["Courage", "Courage"]
    assert game.z(rules.DISCARD, 0) == []


def test_end_of_turn() -> None:
    """Rulebook, Gameplay > Ending Your Turn: discard the played cards and the hand, lose unspent
    Power, draw five, refill the Path from the main deck, pass to the left."""
    _passes("end-of-turn")


def test_end_of_turn_flips_the_archenemy() -> None:
    """Rulebook, Gameplay > Ending Your Turn; Additional Rules > The Archenemies: a face-down
    Archenemy is flipped at the end of the turn and its Group Ambush hits every player."""
    _passes("end-of-turn-flip-archenemy")


# ---------------------------------------------------------------------- Attacks, Ambushes, Defenses
def test_one_defense_per_attack() -> None:
    """Rulebook, Additional Rules > Attacks and Defenses: one Defense per Attack, and avoiding
    the Attack does not cancel the card's other abilities."""
    _passes("one-defense-per-attack")


def test_attack_resolves_clockwise() -> None:
    """Rulebook, Additional Rules > Resolving Card Abilities: an Attack on several players
    resolves for each in clockwise order from the attacker."""
    _passes("attack-clockwise-order")


def test_group_ambush_before_regular_ambushes() -> None:
    """Rulebook, Additional Rules > The Archenemies: Group Ambushes happen between turns, before
    the next player's regular Ambushes."""
    _passes("group-ambush-before-ambush")


def test_group_ambush_each_player_may_defend() -> None:
    """Rulebook, Additional Rules > The Archenemies: a Group Ambush hits every player, and each
    may avoid it with a Defense."""
    _passes("group-ambush-each-player-may-defend")


def test_ambush_only_for_cards_new_to_the_path() -> None:
    """Rulebook, Additional Rules > Ambush: only cards that entered the Path between turns
    Ambush the next player."""
    _passes("ambush-only-new-cards")


def test_ambushed_player_chooses_the_order() -> None:
    """Rulebook, Additional Rules > Ambush: the Ambushed player chooses the order."""
    _passes("ambush-order")


def test_each_ambush_needs_its_own_defense() -> None:
    """Rulebook, Additional Rules > Ambush: a separate Defense card avoids each Ambush."""
    _passes("ambush-separate-defense")


# ---------------------------------------------------------------------- Archenemies, Fortunes, Corruption
def test_only_one_archenemy_per_turn() -> None:
    """Rulebook, Additional Rules > The Archenemies: the next Archenemy stays face down until the
    turn is over, so only one can be defeated per turn."""
    _passes("one-archenemy-per-turn")


def test_an_enemy_is_defeated_only_from_the_path() -> None:
    """Rulebook, FAQ (what "defeat" means): an Enemy is defeated when it is bought or gained from
    the Path (an Archenemy when it is bought from its stack). A condition on having defeated an
    Enemy this turn ignores an Enemy gained from anywhere else, here the main deck."""
    _passes("defeat-only-from-the-path")


def test_archenemy_played_from_hand() -> None:
    """Rulebook, Additional Rules > Archenemy Cards in Your Deck: played from hand, the top text
    applies and the Group Ambush does not; Archenemies are Enemies."""
    _passes("archenemy-played-from-hand")


def test_fortune_is_played_and_destroyed_when_bought() -> None:
    """Rulebook, Additional Rules > Fortunes: cost 0; bought, it is played, resolved, destroyed."""
    _passes("fortune-bought")


def test_fortune_resolves_on_another_players_turn() -> None:
    """Rulebook, Additional Rules > Fortunes: a Fortune gained on another player's turn resolves
    as usual, and that turn continues."""
    _passes("fortune-other-players-turn")


def test_corruption_runs_out_during_an_attack() -> None:
    """Rulebook, Additional Rules > Corruption: with no Corruption left none is gained, and a
    Defense may still be played."""
    _passes("corruption-runs-out-attack")


def test_corruption_runs_out_rest_of_effect_resolves() -> None:
    """Rulebook, Additional Rules > Corruption: the rest of an effect resolves as usual."""
    _passes("corruption-runs-out-rest-resolves")


def test_destroyed_valor_and_corruption_are_not_returned() -> None:
    """Rulebook, Additional Rules > Destroying Cards: destroyed Valors and Corruptions do not go
    back to their stacks."""
    _passes("destroyed-valor-and-corruption-stay-destroyed")


# ---------------------------------------------------------------------- Locations, The One Ring, The Wall
def test_locations_stay_in_play() -> None:
    """Rulebook, Additional Rules > Locations: bought into the discard pile; played, it stays in
    front of you for the rest of the game and its Ongoing ability works each turn."""
    _passes("location-stays-in-play")


def test_one_ring_ongoing_power() -> None:
    """Rulebook, Additional Rules > The One Ring: in front of you, Ongoing +1 Power."""
    _passes("one-ring-ongoing")


def test_one_ring_as_defense_goes_behind_the_stacks() -> None:
    """Rulebook, Additional Rules > The One Ring: used as a Defense it goes behind the stacks."""
    _passes("one-ring-defense")


def test_one_ring_stolen_without_an_attack() -> None:
    """Rulebook, Additional Rules > The One Ring: stealing it is not an Attack; no Defense."""
    _passes("one-ring-stolen")


def test_breached_stays_in_play() -> None:
    """Rulebook, Additional Rules > The Wall: Breached stays in front of the player who drew it,
    and The Wall has been breached."""
    _passes("breached")


def test_wall_cards_resolve_one_at_a_time() -> None:
    """Rulebook, Additional Rules > The Wall: several Wall cards are drawn and resolved one at a
    time."""
    _passes("wall-cards-one-at-a-time")


# ---------------------------------------------------------------------- the end of the game
def test_game_ends_when_saruman_is_defeated() -> None:
    """Rulebook, Gameplay > End of Game: defeating the final Archenemy ends the game at once."""
    _passes("end-saruman-defeated")


def test_game_ends_when_the_path_cannot_be_refilled() -> None:
    """Rulebook, Gameplay > End of Game: unable to refill all five Path slots, the game ends."""
    _passes("end-path-not-refilled")


def test_game_ends_when_the_wall_deck_is_depleted() -> None:
    """Rulebook, Additional Rules > The Wall; Gameplay > End of Game: the game ends as soon as
    the last Wall card has resolved (the rest of the Ambush that drew it does not happen)."""
    _passes("end-wall-depleted")


def test_game_ends_when_the_wall_deck_is_emptied_by_any_means() -> None:
    """Rulebook, Gameplay > End of Game: the game ends immediately when The Wall deck is
    depleted, however it was emptied."""
    _passes("end-wall-depleted-under-battlements")


def test_scoring_counts_corruption_as_minus_one() -> None:
    """Rulebook, Gameplay > End of Game; Additional Rules > Corruption: every card a player owns
    scores its Victory Points; each Corruption is -1."""
    _passes("scoring-corruption")


def test_scoring_tie_goes_to_more_archenemies() -> None:
    """Rulebook, Gameplay > End of Game: a tie goes to the player with more Archenemy cards."""
    _passes("scoring-archenemy-tiebreak")


# ---------------------------------------------------------------------- Impossible Mode
def test_impossible_mode_destroyed_corruption_returns() -> None:
    """Rulebook, Impossible Mode > Impossible Mode Changes: a destroyed Corruption goes back to
    its stack."""
    _passes("impossible-corruption-returns")


def test_impossible_mode_neighbour_chooses_to_protect() -> None:
    """Rulebook, Impossible Mode > Impossible Mode Changes: when the player to your right is
    Ambushed by a card in the Path you may play a Defense to protect them; they cannot refuse."""
    _passes("impossible-protect-player-to-your-right")


def test_impossible_mode_own_defense_excludes_the_neighbours() -> None:
    """Rulebook, Impossible Mode > Impossible Mode Changes: if the Ambushed player plays a
    Defense of their own, the neighbour cannot also play one."""
    _passes("impossible-own-defense-first")


def test_impossible_mode_no_protection_from_group_ambush() -> None:
    """Rulebook, Impossible Mode > Impossible Mode Changes: a Group Ambush is not in the Path, so
    no one can protect another player from it."""
    _passes("impossible-no-protection-from-group-ambush")


def test_impossible_mode_wall_depleted_everyone_loses() -> None:
    """Rulebook, Impossible Mode > Impossible Mode Changes: The Wall deck depleted, all lose."""
    _passes("impossible-wall-depleted-everyone-loses")
