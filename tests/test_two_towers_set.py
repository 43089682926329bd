"""The shipped Two Towers set against the rulebook's component list and setup.

The numbers below come from the rulebook of The Lord of the Rings: The Two Towers Deck-Building
Game: its Contents list (how many cards of each kind the box holds), its Setup (the Archenemy
levels, The Wall deck, the starting deck), its Archenemy section (the cost range), its Impossible
Mode section, and the main-deck proportions of its plan for mixing sets. Each test names the part
it checks. Provenance is checked as a field: ``rulebook`` or ``designed``, and a designed card
says in its notes what the rulebook does and does not give.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from lotr_rules.agents.bots import RandomAgent
from lotr_rules.cards.catalogue import Catalogue, SetInfo
from lotr_rules.cards.loader import load_sets
from lotr_rules.docgen import gallery
from lotr_rules.dsl.parser import parse
from lotr_rules.engine.cards import CardDef
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import DeckbuildingGame

SET = "two-towers"


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return load_sets()


@pytest.fixture(scope="module")
def info(catalogue: Catalogue) -> SetInfo:
    return catalogue.sets[SET]


@pytest.fixture(scope="module")
def cards(catalogue: Catalogue) -> list[CardDef]:
    return catalogue.in_sets([SET])


def _deck(cards: list[CardDef], deck: str) -> list[CardDef]:
    return [c for c in cards if c.deck == deck]


def _copies(cards: list[CardDef]) -> int:
    return sum(c.copies for c in cards)


def _named(cards: list[CardDef], name: str) -> CardDef:
    found = [c for c in cards if c.name == name]
    assert len(found) == 1, f"expected one card named {name!r}, found {len(found)}"
    return found[0]


# ---------------------------------------------------------------------- Contents
def test_starting_cards(cards: list[CardDef]) -> None:
    """Contents: 31 Courage and 16 Despair starting cards, both marked Starter."""
    starters = _deck(cards, "starter")
    assert {c.name for c in starters} == {"Courage", "Despair"}
    assert _named(starters, "Courage").copies == 31
    assert _named(starters, "Despair").copies == 16
    assert all("starter" in c.types for c in starters)


def test_starting_deck(info: SetInfo) -> None:
    """Setup, step 1: a first deck is the Hero's card, 6 Courage and 3 Despair."""
    assert dict(info.starting_deck) == {"Courage": 6, "Despair": 3}


def test_main_deck_size(cards: list[CardDef]) -> None:
    """Contents and Setup, step 2: the main deck is 106 cards."""
    assert _copies(_deck(cards, "main")) == 106


def test_one_ring(cards: list[CardDef]) -> None:
    """Contents: one The One Ring."""
    ring = _deck(cards, "one ring")
    assert [(c.name, c.copies) for c in ring] == [("The One Ring", 1)]


def test_valor(cards: list[CardDef]) -> None:
    """Contents and Setup, step 4: the Valor stack is 16 cards."""
    assert _copies(_deck(cards, "valor")) == 16


def test_corruption(cards: list[CardDef]) -> None:
    """Contents and Setup, step 4: the Corruption stack is 20 cards, of no card type."""
    corruption = _deck(cards, "corruption")
    assert _copies(corruption) == 20
    assert all(not c.types for c in corruption)


def test_archenemies(cards: list[CardDef]) -> None:
    """Contents and Setup, step 3: 12 Archenemies in four levels, costs 8 to 14 (The Archenemies)."""
    archenemies = _deck(cards, "archenemy")
    assert _copies(archenemies) == 12
    assert len(archenemies) == 12
    levels = Counter(c.level for c in archenemies)
    assert levels == Counter({1: 1, 2: 5, 3: 5, 4: 1})
    by_level = {c.level: c.name for c in archenemies if c.level in (1, 4)}
    assert by_level == {1: "Corrupted King Théoden", 4: "Saruman, Lord of Isengard"}
    assert all(8 <= c.cost <= 14 for c in archenemies)
    # Archenemy is a title, and Archenemies are Enemies.
    assert all(c.title == "archenemy" and "enemy" in c.types for c in archenemies)


def test_the_wall(cards: list[CardDef]) -> None:
    """Contents and Setup, step 5: 26 Wall cards, one of them the special card Breached."""
    wall = _deck(cards, "wall") + _deck(cards, "breach")
    assert _copies(wall) == 26
    assert len({c.name for c in wall}) == 10
    special = _deck(cards, "breach")
    assert [(c.name, c.copies) for c in special] == [("Breached", 1)]
    assert "Breached" not in {c.name for c in _deck(cards, "wall")}
    assert all("wall" in c.types for c in wall)


def test_heroes_and_their_starting_cards(cards: list[CardDef]) -> None:
    """Contents: 7 oversized Heroes and 7 unique Hero starting cards (Hero, in Types of Cards)."""
    heroes = _deck(cards, "hero")
    assert {c.name for c in heroes} == {
        "Frodo Baggins",
        "Samwise Gamgee",
        "Legolas",
        "Aragorn",
        "Merry & Pippin",
        "Gimli",
        "King Théoden",
    }
    starting = _deck(cards, "starting")
    assert _copies(starting) == 7
    named = [h.starting_card for h in heroes]
    assert sorted(n or "" for n in named) == sorted(c.name for c in starting)
    assert _named(heroes, "Frodo Baggins").starting_card == "It's Getting Heavier"


def test_impossible_mode_archenemies(cards: list[CardDef]) -> None:
    """Contents and Impossible Mode: 8 Archenemies of their own, topped by an Impossible Théoden."""
    impossible = _deck(cards, "impossible archenemy")
    assert _copies(impossible) == 8
    assert len(impossible) == 8
    assert all(c.title == "archenemy" and "enemy" in c.types for c in impossible)
    top = gallery.impossible_order(impossible)[0]
    assert top.level == 1
    assert "Corrupted King Théoden" in top.name
    assert top.name != "Corrupted King Théoden"
    assert sum(1 for c in impossible if c.level == 1) == 1


def test_game_card_total(cards: list[CardDef]) -> None:
    """Contents: 243 game cards, the oversized Heroes not among them."""
    assert _copies([c for c in cards if c.deck != "hero"]) == 243


# ---------------------------------------------------------------------- Impossible Mode's stack
def test_impossible_stack_order(catalogue: Catalogue, cards: list[CardDef]) -> None:
    """Impossible Mode: the face-up Théoden on top, the rest in one fixed order, every game."""
    expected = [c.name for c in gallery.impossible_order(_deck(cards, "impossible archenemy"))]
    for seed in (1, 2, 3):
        config = GameConfig(players=3, seed=seed, impossible=True)
        game = DeckbuildingGame(catalogue, config, [RandomAgent(i) for i in range(3)])
        stack = [game.cards[c].name for c in reversed(game.z("archenemy"))]
        assert stack == expected
        assert game.state.counters["archenemy face up"] == 1
        boxed = {game.cards[c].name for c in game.z("box")}
        assert {c.name for c in _deck(cards, "archenemy")} <= boxed
    levels = [c.level or 0 for c in gallery.impossible_order(_deck(cards, "impossible archenemy"))]
    assert levels == sorted(levels)
    assert levels[0] == 1 and levels[-1] == 4


# ---------------------------------------------------------------------- the main deck's make-up
MIXED_DECK = {"ally": 30, "enemy": 30, "artifact": 30, "maneuver": 15, "location": 5, "fortune": 5}
MIXED_TOTAL = 115


@pytest.mark.parametrize("card_type", sorted(MIXED_DECK))
def test_main_deck_proportions(cards: list[CardDef], card_type: str) -> None:
    """Combining sets, Plan #1: a 115-card main deck in standard proportions, scaled to 106 (±5)."""
    main = _deck(cards, "main")
    total = _copies(main)
    count = sum(c.copies for c in main if card_type in c.types)
    expected = MIXED_DECK[card_type] * total / MIXED_TOTAL
    assert abs(count - expected) <= 5, f"{count} {card_type} cards, about {expected:.1f} expected"


def test_main_deck_holds_only_main_deck_kinds(cards: list[CardDef]) -> None:
    """Setup, step 2: no Archenemy, starter, Valor, Corruption, Ring, Hero or Wall card is in it."""
    main = _deck(cards, "main")
    assert all(c.title != "archenemy" for c in main)
    assert all(not {"starter", "wall", "hero"} & c.types for c in main)
    assert all(c.types for c in main)


# ---------------------------------------------------------------------- provenance and files
def test_provenance(cards: list[CardDef]) -> None:
    """Every card says where its behaviour comes from; a designed card says why in its notes."""
    assert {c.provenance for c in cards} <= {"rulebook", "designed"}
    undocumented = [c.name for c in cards if c.provenance == "designed" and not c.notes.strip()]
    assert not undocumented, f"designed cards without notes: {undocumented}"


def test_names_are_unique(cards: list[CardDef]) -> None:
    names = Counter(c.name for c in cards)
    assert [n for n, k in names.items() if k > 1] == []


def test_every_file_id_is_its_file_name(info: SetInfo, cards: list[CardDef]) -> None:
    """Each script holds one card whose id is the file's name, and the set loads every one of them."""
    folder = Path(info.path)
    files = sorted(folder.rglob("*.card"))
    assert len(files) == len(cards)
    loaded = {Path(c.source_path).resolve() for c in cards}
    for path in files:
        script = parse(path.read_text(encoding="utf-8"), str(path))
        assert len(script.cards) == 1, path.name
        field = script.cards[0].field("id")
        assert field is not None, f"{path.name} has no id"
        assert isinstance(field.value, tuple)
        assert field.value[0] == path.stem
        assert path.resolve() in loaded


# ---------------------------------------------------------------------- the gallery page
def test_gallery_shows_every_card_without_local_paths(info: SetInfo, cards: list[CardDef]) -> None:
    """docs/gallery.md: deterministic, one entry per card, files named inside the set folder."""
    page = gallery.render_set(info.code)
    assert page == gallery.render_set(info.code)
    assert str(Path(info.path)) not in page
    for card in cards:
        assert f"# {card.name}\n" in page, card.name
        relative = Path(card.source_path).relative_to(Path(info.path)).as_posix()
        assert f"`{relative}`" in page
