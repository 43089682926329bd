"""What each mixing plan puts in the main deck, with the shipped sets and with a user's own set
(examples/custom-set, loaded with ``--cards``): the Two Towers rulebook's chapter "Combining The
Fellowship of the Ring With The Two Towers" (Plan #1, Plan #2, A Less Random Plan, and a main
deck built by hand). test_mix.py checks the same plans on a small throwaway set and the errors.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from lotr_rules.agents.bots import HeuristicAgent
from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.cli import main
from lotr_rules.engine.cards import CardDef
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import ARCHENEMY, BOX, HERO, MAIN, PATH, DeckbuildingGame
from lotr_rules.games.deckbuilding.mix import MAIN_TYPES, PLANS, build_mix, less_random_table

TT, FOTR, CUSTOM = "two-towers", "fellowship", "custom-set"
CUSTOM_SET = Path(__file__).parent.parent / "examples" / "custom-set"
SHIPPED = (TT, FOTR)
WITH_CUSTOM = (TT, FOTR, CUSTOM)


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    loaded = load_sets((CUSTOM_SET,))
    if FOTR not in loaded.sets:
        pytest.skip("the Fellowship of the Ring set (cardscripts/fellowship) is not shipped yet")
    return loaded


def _physical(catalogue: Catalogue, sets: tuple[str, ...]) -> Counter[tuple[str, str]]:
    """Every main-deck card of the sets, once per copy, as (set, id)."""
    return Counter({(c.set_code, c.id): c.copies for c in catalogue.by_deck(sets)["main"]})


def _ids(cards: tuple[CardDef, ...] | list[CardDef]) -> Counter[tuple[str, str]]:
    return Counter((c.set_code, c.id) for c in cards)


def _assert_standard_piles(cards: list[CardDef] | tuple[CardDef, ...]) -> None:
    """The cards fill Plan #1's piles exactly: 30 Allies, 30 Enemies, 30 Artifacts, 15 Maneuvers,
    5 Locations, 5 Fortunes. A card of two types (Gollum/Sméagol) fills one pile of either type."""
    wanted = {"ally": 30, "enemy": 30, "artifact": 30, "maneuver": 15, "location": 5, "fortune": 5}
    assert dict(PLANS["plan-1"].piles) == wanted
    single = Counter(t for c in cards if len(c.types & set(MAIN_TYPES)) == 1 for t in c.types & set(MAIN_TYPES))
    double = [c.types & set(MAIN_TYPES) for c in cards if len(c.types & set(MAIN_TYPES)) > 1]
    assert len(cards) == 115
    short = {t: n - single[t] for t, n in wanted.items() if single[t] < n}
    assert all(single[t] <= n for t, n in wanted.items()), single
    assert sum(short.values()) == len(double) and all(types & set(short) for types in double), (single, double)


def _setup(catalogue: Catalogue, config: GameConfig) -> DeckbuildingGame:
    return DeckbuildingGame(catalogue, config, [HeuristicAgent(seed=i) for i in range(config.players)])


def _main_deck(game: DeckbuildingGame) -> list[CardDef]:
    """The main deck as dealt: the deck and the Path."""
    return [game.cards[c] for c in (*game.z(MAIN), *game.z(PATH))]


# ---------------------------------------------------------------------- Plan #1
@pytest.mark.parametrize("sets", [SHIPPED, WITH_CUSTOM], ids=["shipped", "with-custom-set"])
def test_plan_1_deals_exactly_the_standard_piles(catalogue: Catalogue, sets: tuple[str, ...]) -> None:
    """Rulebook, Combining > Plan #1: 30 Allies, 30 Enemies, 30 Artifacts, 15 Maneuvers,
    5 Locations and 5 Fortunes; every other main-deck card of the sets is set aside."""
    seen_sets: set[str] = set()
    for seed in range(12):
        mix = build_mix(catalogue, GameConfig(sets=sets, mix="plan-1", seed=seed))
        _assert_standard_piles(mix.main)
        assert _ids(mix.main) + _ids(mix.set_aside) == _physical(catalogue, sets)
        seen_sets |= {c.set_code for c in mix.main}
    assert seen_sets == set(sets)  # every set, the user's too, gets cards into some deck
    game = _setup(catalogue, GameConfig(players=3, sets=sets, mix="plan-1", seed=5))
    assert _ids(_main_deck(game)) == _ids(build_mix(catalogue, game.config).main)


# ---------------------------------------------------------------------- Plan #2
@pytest.mark.parametrize("sets", [SHIPPED, WITH_CUSTOM], ids=["shipped", "with-custom-set"])
def test_plan_2_halves_are_disjoint_and_cover_every_card(catalogue: Catalogue, sets: tuple[str, ...]) -> None:
    """Rulebook, Combining > Plan #2: all the main-deck cards shuffled and split in half, one
    half per game: the halves share no card and together are every card."""
    total = sum(_physical(catalogue, sets).values())
    for seed in (1, 2, 3):
        first = build_mix(catalogue, GameConfig(sets=sets, mix="plan-2", seed=seed, half=1))
        second = build_mix(catalogue, GameConfig(sets=sets, mix="plan-2", seed=seed, half=2))
        assert (len(first.main), len(second.main)) == ((total + 1) // 2, total // 2)
        assert _ids(first.main) + _ids(second.main) == _physical(catalogue, sets)
        assert first.set_aside == second.main and second.set_aside == first.main
        for half, mix in ((1, first), (2, second)):
            game = _setup(catalogue, GameConfig(players=2, sets=sets, mix="plan-2", seed=seed, half=half))
            assert _ids(_main_deck(game)) == _ids(mix.main)
            boxed = [game.cards[c] for c in game.z(BOX) if game.cards[c].deck == "main"]
            assert _ids(boxed) == _ids(mix.set_aside)


# ---------------------------------------------------------------------- A Less Random Plan
def _expected_less_random(
    catalogue: Catalogue, sets: tuple[str, ...], table: dict[str, str]
) -> Counter[tuple[str, str]]:
    """Every copy of every main-deck card whose set is the table's set for each of its types."""
    return Counter(
        {
            (c.set_code, c.id): c.copies
            for c in catalogue.by_deck(sets)["main"]
            if all(table[t] == c.set_code for t in MAIN_TYPES if t in c.types)
        }
    )


@pytest.mark.parametrize(
    ("sets", "changes"),
    [
        (SHIPPED, ()),
        (SHIPPED, (("enemy", FOTR), ("ally", FOTR), ("hero", FOTR), ("archenemy", TT))),
        (WITH_CUSTOM, (("location", CUSTOM), ("enemy", CUSTOM))),
    ],
    ids=["rulebook-table", "changed-table", "custom-set-table"],
)
def test_less_random_takes_each_type_from_its_set(
    catalogue: Catalogue, sets: tuple[str, ...], changes: tuple[tuple[str, str], ...]
) -> None:
    """Rulebook, Combining > A Less Random Plan: each card type, the Heroes and the Archenemies
    come from one set (the recommended table: Fellowship Artifacts, Maneuvers, Fortunes and
    Archenemies; Two Towers Allies, Enemies, Locations and Heroes), and all of that set's cards of
    the type are in the game."""
    config = GameConfig(players=4, sets=sets, mix="less-random", less_random=changes, seed=2)
    table = less_random_table(config)
    if not changes:
        assert table == {
            "artifact": FOTR,
            "maneuver": FOTR,
            "fortune": FOTR,
            "archenemy": FOTR,
            "ally": TT,
            "enemy": TT,
            "location": TT,
            "hero": TT,
        }
    mix = build_mix(catalogue, config)
    assert _ids(mix.main) == _expected_less_random(catalogue, sets, table)
    assert {(t, c.set_code) for c in mix.main for t in MAIN_TYPES if t in c.types} == {
        (t, table[t]) for t in MAIN_TYPES
    }
    game = _setup(catalogue, config)
    assert _ids(_main_deck(game)) == _ids(mix.main)
    assert {game.cards[game.z(HERO, p)[0]].set_code for p in range(4)} == {table["hero"]}
    assert {game.cards[c].set_code for c in game.z(ARCHENEMY)} == {table["archenemy"]}


# ---------------------------------------------------------------------- custom
def test_custom_deck_is_exactly_the_listed_cards(catalogue: Catalogue) -> None:
    """Rulebook, Combining: "custom build your very own main deck": the main deck is the list,
    card for card, from any set in play, the user's included."""
    listed = (("Charge at the Fords of Isen", 3), ("Sting", 2), ("Lembas", 4), ("Gollum/Sméagol", 1))
    game = _setup(catalogue, GameConfig(players=2, sets=WITH_CUSTOM, mix="custom", custom_deck=listed))
    assert Counter((c.name, c.set_code) for c in _main_deck(game)) == {
        ("Charge at the Fords of Isen", CUSTOM): 3,
        ("Sting", FOTR): 2,
        ("Lembas", TT): 4,
        ("Gollum/Sméagol", TT): 1,
    }
    assert [game.cards[c] for c in game.z(BOX) if game.cards[c].deck == "main"] == []


# ---------------------------------------------------------------------- the command line
def _record_game(tmp_path: Path, *options: str) -> DeckbuildingGame:
    """``lotr-rules game --cards examples/custom-set OPTIONS --record``, then the game its
    record describes, as set up."""
    record = tmp_path / "game.json"
    assert main(["game", "--quiet", "--cards", str(CUSTOM_SET), *options, "--record", str(record)]) == 0
    config = GameConfig.from_json(json.loads(record.read_text(encoding="utf-8"))["config"])
    return _setup(load_sets((CUSTOM_SET,)), config)


def test_command_line_mixes_with_a_users_set(
    catalogue: Catalogue, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same plans from ``lotr-rules game --cards examples/custom-set --sets ... --mix ...``."""
    sets = ",".join(WITH_CUSTOM)
    game = _record_game(tmp_path, "--sets", sets, "--mix", "plan-1", "--seed", "4", "--players", "3")
    _assert_standard_piles(_main_deck(game))
    assert game.config.sets == WITH_CUSTOM

    game = _record_game(tmp_path, "--sets", sets, "--mix", "plan-2", "--half", "2", "--seed", "4")
    first = build_mix(catalogue, GameConfig(sets=WITH_CUSTOM, mix="plan-2", seed=4, half=1))
    assert _ids(_main_deck(game)) + _ids(first.main) == _physical(catalogue, WITH_CUSTOM)

    game = _record_game(tmp_path, "--sets", sets, "--mix", "less-random", "--less-random", "location=custom-set")
    assert {c.set_code for c in _main_deck(game) if "location" in c.types} == {CUSTOM}

    deck = tmp_path / "deck.toml"
    deck.write_text('"Crebain from Dunland" = 3\n"Lembas" = 4\n', encoding="utf-8")
    game = _record_game(tmp_path, "--sets", f"{FOTR},{TT},{CUSTOM}", "--mix", "custom", "--deck", str(deck))
    assert Counter((c.name, c.set_code) for c in _main_deck(game)) == {
        ("Crebain from Dunland", CUSTOM): 3,
        ("Lembas", TT): 4,
    }
    capsys.readouterr()
    assert main(["game", "--quiet", "--sets", sets, "--mix", "plan-1"]) == 2  # the set is not loaded
    assert "unknown set custom-set" in capsys.readouterr().err
