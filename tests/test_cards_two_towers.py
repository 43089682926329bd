"""Every Two Towers card that does more than add Power, tested with a scenario; and every item of
the rulebook's Specific Card Clarifications and FAQ, each test citing the item it checks.

The card scenarios are ``tests/scenarios/cards/<card id>.toml``, with more cases of a card in
``<card id>--<case>.toml``. A shipped card whose script does anything besides give Power (any
ability, trigger, Quest or computed Victory Points) must have at least one: a new card without a
scenario fails ``test_every_scripted_card_has_a_scenario``. See docs/scenarios.md for the format.

A test marked ``xfail(strict=True, reason="engine bug: ...")`` (or "card bug") states what the
rulebook says; the engine or the card script does otherwise today.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lotr_rules.cards.loader import load_sets
from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.context import Ctx
from lotr_rules.games.deckbuilding import game as rules
from lotr_rules.games.deckbuilding.scenario import build_game, fold, run_scenario, scenario_from_text

SCENARIOS = Path(__file__).parent / "scenarios"
CARDS = SCENARIOS / "cards"
CLARIFICATIONS = SCENARIOS / "clarifications"
SET = "two-towers"


def _scripted(card: CardDef) -> bool:
    """Does the card's script do more than add Power?"""
    return bool(card.abilities or card.triggers or card.quest is not None or card.victory_fn is not None)


def _shipped() -> list[CardDef]:
    return [card for card in load_sets().cards if card.set_code == SET]


def _scenarios_for(card_id: str) -> list[Path]:
    return sorted([*CARDS.glob(f"{card_id}.toml"), *CARDS.glob(f"{card_id}--*.toml")])


def _passes(path: Path) -> None:
    result = run_scenario(path)
    assert result.passed, "\n".join([f"scenario {path.name}:", *result.failures])


SCRIPTED = sorted(card.id for card in _shipped() if _scripted(card))
CARD_FILES = sorted(CARDS.glob("*.toml"))


# ---------------------------------------------------------------------- every card
def test_the_set_has_scripted_cards() -> None:
    """The list the next test walks is the real one (a broken filter would test nothing)."""
    assert len(SCRIPTED) >= 60
    assert "longbottom-leaf" in SCRIPTED
    assert "riders-of-the-mark" not in SCRIPTED  # +2 Power and nothing else


@pytest.mark.parametrize("card_id", SCRIPTED)
def test_every_scripted_card_has_a_scenario(card_id: str) -> None:
    """A shipped card that does more than add Power has a scenario naming it."""
    files = _scenarios_for(card_id)
    assert files, f"no scenario for {card_id}: add tests/scenarios/cards/{card_id}.toml (see docs/scenarios.md)"
    name = next(card.name for card in _shipped() if card.id == card_id)
    for path in files:
        assert fold(name) in fold(path.read_text(encoding="utf-8")), f"{path.name} never names {name}"


@pytest.mark.parametrize("path", CARD_FILES, ids=[p.stem for p in CARD_FILES])
def test_card_scenario(path: Path) -> None:
    """The card's scenario holds (the file's title says what it checks)."""
    card_id = path.stem.split("--")[0]
    known = {card.id for card in _shipped()}
    if card_id not in known:
        pytest.fail(f"{path.name} is named for a card no shipped set has ({card_id}); rename or delete it")
    _passes(path)


def test_every_clarification_scenario_is_used_by_a_test() -> None:
    """Housekeeping: every file in tests/scenarios/clarifications/ is run by a test below."""
    source = Path(__file__).read_text(encoding="utf-8")
    unused = [p.name for p in sorted(CLARIFICATIONS.glob("*.toml")) if f'"{p.stem}"' not in source]
    assert not unused, f"scenario files no test runs: {unused}"


def _card(name: str) -> None:
    _passes(CARDS / f"{name}.toml")


def _clarification(name: str) -> None:
    _passes(CLARIFICATIONS / f"{name}.toml")


# ---------------------------------------------------------------------- Specific Card Clarifications
def test_breaching_bomb_reads_the_current_archenemys_level() -> None:
    """Rulebook, Specific Card Clarifications > Breaching Bomb: the level is that of the face-up
    Archenemy on the stack."""
    _card("breaching-bomb--ambush")


def test_dead_marshes_cards_you_control_hand_and_discard() -> None:
    """Rulebook, Specific Card Clarifications > Dead Marshes: you control the cards in your hand
    and discard pile."""
    _clarification("dead-marshes--cards-you-control")


def test_dead_marshes_card_being_played() -> None:
    """Rulebook, Specific Card Clarifications > Dead Marshes: a card you are currently playing is a
    card you control (a Fortune, destroyed as it finishes resolving)."""
    _clarification("dead-marshes--card-being-played")


def test_dead_marshes_card_in_your_deck() -> None:
    """Rulebook, Specific Card Clarifications > Dead Marshes: you control the cards in your deck,
    so the top card revealed and destroyed by What Do You Smell? goes under Dead Marshes."""
    _clarification("dead-marshes--revealed-from-your-deck")


def test_dead_marshes_off_turn() -> None:
    """Rulebook, Specific Card Clarifications > Dead Marshes: it works when it is not your turn."""
    _clarification("dead-marshes--not-your-turn")


def test_dead_marshes_after_its_quest() -> None:
    """Rulebook, Specific Card Clarifications > Dead Marshes: it goes on after the Quest."""
    _clarification("dead-marshes--after-the-quest")


def test_dead_marshes_end_of_turn_destruction_draws_into_the_next_hand() -> None:
    """Rulebook, Specific Card Clarifications > Dead Marshes: a card such as Haldir and the Elven
    Archers or Raw Recruits of Rohan destroyed at the end of your turn draws into your next hand."""
    _clarification("dead-marshes--destroyed-at-end-of-turn")


def test_dead_marshes_draws_at_once_for_leave_now() -> None:
    """Rulebook, Specific Card Clarifications > Dead Marshes: with Leave Now and Never Come Back
    you draw from the destroy effect immediately (after the card has resolved)."""
    _clarification("dead-marshes--destroyed-when-played")


def test_elvish_rope_after_buying_an_ally() -> None:
    """Rulebook, Specific Card Clarifications > Elvish Rope: full effect only when played after
    buying or gaining an Ally."""
    _card("elvish-rope")
    _card("elvish-rope--played-first")


def test_entdraught_counts_itself() -> None:
    """Rulebook, Specific Card Clarifications > Entdraught: it counts itself."""
    _card("entdraught")
    _card("entdraught--types")


def test_gollum_smeagol_is_enemy_and_ally_in_the_path() -> None:
    """Rulebook, Specific Card Clarifications > Gollum/Sméagol: an Enemy and an Ally at once, even
    in the Path."""
    _card("gollum-smeagol--enemy-and-ally-in-the-path")
    _card("gollum-smeagol--after-an-ally")


def test_grima_reads_the_archenemy_stack() -> None:
    """Rulebook, Specific Card Clarifications > Gríma Wormtongue: the stack is the Archenemy
    stack, and the level 1 Archenemy is Corrupted King Théoden."""
    _card("grima-wormtongue")
    _card("grima-wormtongue--later-archenemy")


def test_haldir_counts_archenemies_as_enemies() -> None:
    """Rulebook, Specific Card Clarifications > Haldir and the Elven Archers: Archenemies are
    Enemies."""
    _card("haldir-and-the-elven-archers--archenemy-defeated")


def test_haldir_need_not_be_played() -> None:
    """Rulebook, Specific Card Clarifications > Haldir and the Elven Archers: he may simply be
    discarded at the end of the turn."""
    _card("haldir-and-the-elven-archers--not-played")


def test_haldir_enemy_defeated_on_another_turn_does_not_count() -> None:
    """Rulebook, Specific Card Clarifications > Haldir and the Elven Archers; Additional Rules >
    Fortunes: an Enemy gained during another player's turn was not defeated on your turn."""
    _clarification("haldir--enemy-defeated-on-another-players-turn")


def test_saruman_reveal_stops_at_an_empty_deck() -> None:
    """Rulebook, Specific Card Clarifications > Saruman, Lord of Isengard: an emptied deck is not
    reshuffled during his Group Ambush."""
    _clarification("saruman--deck-runs-out")


def test_the_ring_is_treacherous_hits_only_the_chosen_player() -> None:
    """Rulebook, Specific Card Clarifications > The Ring is Treacherous: only the chosen player is
    attacked, and only they may defend."""
    _card("the-ring-is-treacherous")
    _card("the-ring-is-treacherous--defended")


def test_two_towers() -> None:
    """Rulebook, Specific Card Clarifications > The Tower of Barad-dûr, The Tower of Orthanc: with
    both Towers, +2 Power and two cards drawn each turn."""
    _card("the-tower-of-orthanc--both-towers")


def test_battering_ram_takes_the_highest_cost_in_the_path() -> None:
    """Rulebook, Specific Card Clarifications > Uruk-hai Battering Ram: highest cost 6, +6 Power."""
    _card("uruk-hai-battering-ram")


# ---------------------------------------------------------------------- FAQ
def test_faq_defeating_an_archenemy() -> None:
    """Rulebook, FAQ: an Archenemy is defeated when bought from the top of the stack."""
    _card("haldir-and-the-elven-archers--archenemy-defeated")


def test_faq_defeating_an_enemy_by_buying_it() -> None:
    """Rulebook, FAQ: an Enemy is defeated when bought from the Path."""
    _clarification("faq-defeating-an-enemy")


def test_faq_defeating_an_enemy_by_gaining_it() -> None:
    """Rulebook, FAQ: an Enemy is defeated when gained from the Path."""
    _card("gollum-smeagol--enemy-and-ally-in-the-path")


def test_faq_revealed_cards_are_not_reshuffled() -> None:
    """Rulebook, FAQ (the deck runs out after three of five revealed cards): the three revealed
    cards are not shuffled in with the discard pile; once the effect is over, the revealed cards
    no effect moved go back on top of the deck."""
    scenario = scenario_from_text(
        """
        [players.1]
        deck = ["Orc Raiders", "Lembas", "Edoras"]
        discard = ["Despair*2"]
        """,
        "faq",
    )
    game = build_game(scenario)
    ctx = Ctx(game, 0, -1)
    revealed: list[int] = []
    game.resolve(lambda c: revealed.extend(game.reveal(c, 5, reshuffle=True)), ctx)
    assert len(revealed) == 5
    deck = [game.cards[c].name for c in game.z(rules.DECK, 0)]
    # the two Despair were reshuffled and revealed after the three; all five are back on top
    assert deck == ["Despair", "Despair", "Orc Raiders", "Lembas", "Edoras"]
    assert game.z(rules.DISCARD, 0) == []


# ---------------------------------------------------------------------- configurations
def test_raw_recruits_without_the_wall() -> None:
    """Rulebook, Combining The Fellowship of the Ring With The Two Towers: without The Wall deck
    The Wall is never breached, so Raw Recruits of Rohan is never lost."""
    _card("raw-recruits-of-rohan--no-wall")


def test_battlements_without_the_wall() -> None:
    """Rulebook, Combining The Fellowship of the Ring With The Two Towers: without The Wall deck,
    Battlements on The Wall is worth 3 Victory Points."""
    _clarification("battlements--without-the-wall")


def test_only_the_two_towers_one_ring_is_ever_in_play_with_both_sets() -> None:
    """Rulebook, Combining The Fellowship of the Ring With The Two Towers: with both sets in play
    (the Fellowship listed first), "take the one ring" takes the Two Towers One Ring from behind
    the stacks, and Frodo's Fellowship starting card of the same name stays an ordinary card."""
    _clarification("one-ring--both-sets-in-play")
