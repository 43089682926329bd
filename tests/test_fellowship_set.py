"""The Fellowship of the Ring set: its components, its provenance and that its games end."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from lotr_rules.agents.bots import HeuristicAgent
from lotr_rules.cards.loader import load_sets
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import DeckbuildingGame

SET_DIR = Path(__file__).resolve().parent.parent / "cardscripts" / "fellowship"
TWO_TOWERS_DIR = SET_DIR.parent / "two-towers"
SHARED_NAMES = {"Courage", "Despair", "Valor", "Corruption", "The One Ring"}
MAIN_TYPES = {"ally", "enemy", "artifact", "maneuver", "location", "fortune"}


@pytest.fixture(scope="module")
def catalogue():  # type: ignore[no-untyped-def]
    return load_sets()


@pytest.fixture(scope="module")
def by_deck(catalogue):  # type: ignore[no-untyped-def]
    return catalogue.by_deck(("fellowship",))


def _names(folder: Path) -> set[str]:
    pattern = re.compile(r'^card "([^"]*)"', re.MULTILINE)
    return {m for f in folder.rglob("*.card") for m in pattern.findall(f.read_text(encoding="utf-8"))}


def test_heroes_and_starting_cards(by_deck) -> None:  # type: ignore[no-untyped-def]
    heroes = by_deck["hero"]
    starting = {c.name: c for c in by_deck["starting"]}
    assert len(heroes) == 7
    assert len(starting) == 7
    assert {h.starting_card for h in heroes} == set(starting)
    for first in ("Frodo", "Samwise", "Legolas", "Aragorn", "Gandalf"):
        assert any(h.name.startswith(first + " ") for h in heroes), first
    aragorn = next(h for h in heroes if h.name.startswith("Aragorn "))
    frodo = next(h for h in heroes if h.name.startswith("Frodo "))
    assert aragorn.starting_card == "Aragorn's Sword"
    assert frodo.starting_card == "The One Ring"
    assert starting["The One Ring"].deck == "starting"
    assert "one ring" not in by_deck


def test_archenemies(by_deck) -> None:  # type: ignore[no-untyped-def]
    archenemies = by_deck["archenemy"]
    assert len(archenemies) == 12
    assert all(c.title == "archenemy" and "enemy" in c.types for c in archenemies)
    levels = Counter(c.level for c in archenemies)
    assert levels == {1: 1, 2: 5, 3: 5, 4: 1}
    (lurtz,) = [c for c in archenemies if c.level == 4]
    assert lurtz.name == "Lurtz"
    for card in archenemies:
        assert 8 <= card.cost <= 14
        assert card.victory


def test_main_deck(by_deck) -> None:  # type: ignore[no-untyped-def]
    """Rulebook, Combining The Fellowship of the Ring With The Two Towers: Plan #1's standard
    proportions (30 Allies, 30 Enemies, 30 Artifacts, 15 Maneuvers, 5 Locations, 5 Fortunes) and
    Plan #2's "220+" cards of both main decks; with the set's known 226 game cards, the main deck
    is 116 (set.toml says how that is counted): those proportions and one Ally more."""
    main = by_deck["main"]
    total = sum(c.copies for c in main)
    assert total == 116
    per_type: Counter[str] = Counter()
    for card in main:
        assert len(card.types) == 1 and set(card.types) <= MAIN_TYPES, card.name
        per_type[next(iter(card.types))] += card.copies
    assert per_type == {"ally": 31, "enemy": 30, "artifact": 30, "maneuver": 15, "location": 5, "fortune": 5}
    assert any(c.name == "Isengard" for c in main)
    assert "wall" not in by_deck and "breach" not in by_deck


def test_the_set_has_226_game_cards(catalogue, by_deck) -> None:  # type: ignore[no-untyped-def]
    """The set's known size: 226 game cards (the oversized hero cards are not game cards), of
    which 116 are the main deck; with The Two Towers' 106 that is the rulebook's "220+" deck."""
    game_cards = sum(c.copies for deck, cards in by_deck.items() if deck != "hero" for c in cards)
    assert game_cards == 226
    counts = {deck: sum(c.copies for c in cards) for deck, cards in by_deck.items()}
    assert counts == {
        "starter": 47,
        "main": 116,
        "valor": 16,
        "corruption": 20,
        "archenemy": 12,
        "impossible archenemy": 8,
        "starting": 7,
        "hero": 7,
    }
    both = sum(c.copies for c in catalogue.by_deck(("two-towers", "fellowship"))["main"])
    assert both == 222


def test_no_wall_and_starting_deck(catalogue) -> None:  # type: ignore[no-untyped-def]
    assert not catalogue.uses_wall(("fellowship",))
    assert dict(catalogue.starting_deck(("fellowship",))) == {"Courage": 6, "Despair": 3}


def test_names_do_not_repeat_two_towers() -> None:
    assert (_names(SET_DIR) & _names(TWO_TOWERS_DIR)) <= SHARED_NAMES


def test_every_card_is_designed_with_notes_and_ids_match_files() -> None:
    files = sorted(SET_DIR.rglob("*.card"))
    assert len(files) == 101
    for path in files:
        text = path.read_text(encoding="utf-8")
        match = re.search(r"^  id (\S+)$", text, re.MULTILINE)
        assert match and match.group(1) + ".card" == path.name, path
        assert re.search(r"^  provenance designed$", text, re.MULTILINE), path
        assert re.search(r'^  notes "Designed to complete the set; ', text, re.MULTILINE), path


@pytest.mark.parametrize("seed", range(20))
def test_games_end(catalogue, seed: int) -> None:  # type: ignore[no-untyped-def]
    config = GameConfig(players=4, seed=seed, sets=("fellowship",))
    game = DeckbuildingGame(catalogue, config, [HeuristicAgent(seed * 4 + i) for i in range(4)])
    result = game.play_game()
    assert game.state.finished
    assert len(result["heroes"]) == 4
    assert result["winners"]


def test_impossible_archenemies(by_deck) -> None:  # type: ignore[no-untyped-def]
    """The Fellowship's own pack of 8 Impossible Mode Archenemies (the set's known facts): each
    the upgraded version of one of its regular Archenemies, levels 1 to 4 with Lurtz's last,
    each stronger than the card it upgrades and marked designed."""
    pack = by_deck["impossible archenemy"]
    regular = {c.name: c for c in by_deck["archenemy"]}
    assert len(pack) == 8
    assert Counter(c.level for c in pack) == {1: 1, 2: 3, 3: 3, 4: 1}
    for card in pack:
        assert card.provenance == "designed" and card.title == "archenemy" and "enemy" in card.types
        assert card.name.startswith("Impossible ")
        base = regular[card.name.removeprefix("Impossible ")]
        assert card.level == base.level
        assert card.cost > base.cost and card.power >= base.power and card.victory > base.victory
    (last,) = [c for c in pack if c.level == 4]
    assert last.name == "Impossible Lurtz"


def test_fellowship_impossible_mode_uses_its_pack_and_changes_one_rule_only() -> None:
    """The Fellowship's Impossible Mode (the set's known facts; the Two Towers rulebook's Impossible
    Mode describes the same kind of pack): its 8 Impossible Archenemies make the stack, in a fixed
    order from the level 1 card face up on top to Impossible Lurtz last, and the regular twelve
    are not used; its one rule change is that a destroyed Corruption goes back to its stack. The
    other two changes of The Two Towers' Impossible Mode (defending for the player to your right,
    everyone losing when The Wall runs out) are not made."""
    from lotr_rules.cards import impossible
    from lotr_rules.engine.context import Ctx
    from lotr_rules.games.deckbuilding.game import ARCHENEMY, BOX, CORRUPTION

    games = [
        DeckbuildingGame(
            load_sets(),
            GameConfig(players=3, seed=seed, sets=("fellowship",), impossible=True),
            [HeuristicAgent(i) for i in range(3)],
        )
        for seed in (5, 6)
    ]
    game = games[0]
    top_down = [game.cards[c] for c in reversed(game.z(ARCHENEMY))]
    assert [c.name for c in top_down] == [game.cards[c].name for c in reversed(games[1].z(ARCHENEMY))]
    assert [c.level for c in top_down] == [1, 2, 2, 2, 3, 3, 3, 4]
    assert {c.deck for c in top_down} == {"impossible archenemy"}
    assert top_down[0].name == "Impossible Ringwraiths at Weathertop"
    assert top_down[-1].name == "Impossible Lurtz"
    assert sum(1 for c in game.z(BOX) if game.cards[c].deck == "archenemy") == 12
    counters = game.state.counters
    assert counters[impossible.counter_name(impossible.CORRUPTION_RETURNS)] == 1
    assert counters[impossible.counter_name(impossible.DEFEND_YOUR_RIGHT)] == 0
    assert counters[impossible.counter_name(impossible.WALL_DEPLETED_EVERYONE_LOSES)] == 0
    corruption = game.z(CORRUPTION)[-1]
    game.take(corruption)
    game.z("hand", 0).append(corruption)
    before = len(game.z(CORRUPTION))
    game.destroy_card(Ctx(game, 0, corruption), corruption)
    assert len(game.z(CORRUPTION)) == before + 1
    result = game.play_game()
    assert result["winners"], "the Fellowship's Impossible Mode has no everyone-loses ending"


def test_impossible_mode_with_both_sets_uses_one_sets_pack() -> None:
    """Rulebook, Impossible Mode (the 8 Impossible Archenemies replace the regular twelve) with
    Combining The Fellowship of the Ring With The Two Towers: a game of both sets meets the pack
    of the set whose Archenemies it would use, the first in ``--sets``, with that set's rule
    changes."""
    from lotr_rules.cards import impossible
    from lotr_rules.games.deckbuilding.game import ARCHENEMY

    for sets, last, defends in (
        (("two-towers", "fellowship"), "Saruman of Many Colours", 1),
        (("fellowship", "two-towers"), "Impossible Lurtz", 0),
    ):
        config = GameConfig(players=2, seed=3, sets=sets, impossible=True)
        game = DeckbuildingGame(load_sets(), config, [HeuristicAgent(i) for i in range(2)])
        stack = [game.cards[c] for c in game.z(ARCHENEMY)]
        assert len(stack) == 8 and {c.set_code for c in stack} == {sets[0]}
        assert stack[0].name == last
        assert game.state.counters[impossible.counter_name(impossible.DEFEND_YOUR_RIGHT)] == defends
