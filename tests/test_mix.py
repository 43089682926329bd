"""Mixing sets (lotr_rules.games.deckbuilding.mix): the rulebook's plans for combining The Fellowship of the
Ring with The Two Towers, the rule that decides The Wall from the cards in play, and the options
on the command line.

The Fellowship set may not be shipped yet, so most tests use a small throwaway set ("test-fotr",
no Wall) written to a tmp folder; one test uses both shipped sets and is skipped without them.
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
from lotr_rules.errors import ConfigError, UnknownCardError
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import ARCHENEMY, BOX, FRONT, MAIN, PATH, DeckbuildingGame
from lotr_rules.games.deckbuilding.mix import MAIN_TYPES, PLANS, build_mix, read_deck_file, uses_wall
from lotr_rules.games.deckbuilding.scenario import run_scenario_text

TT = "two-towers"
FOTR = "test-fotr"
BOTH = (TT, FOTR)

#: the throwaway set: (type, how many distinct cards, copies each)
_MAIN = {"ally": (4, 4), "enemy": (4, 4), "artifact": (4, 4), "maneuver": (2, 4), "location": (2, 2), "fortune": (1, 3)}


def _ident(name: str) -> str:
    return name.lower().replace(" ", "-")


def _write_card(folder: Path, name: str, body: str) -> None:
    text = f'card "{name}" {{\n  id {_ident(name)}\n{body}  provenance designed\n  text "Test card."\n}}\n'
    (folder / f"{_ident(name)}.card").write_text(text, encoding="utf-8")


def _write_set(folder: Path) -> Path:
    root = folder / FOTR
    (root / "main").mkdir(parents=True)
    (root / "heroes").mkdir()
    (root / "archenemies").mkdir()
    (root / "set.toml").write_text(
        f'code = "{FOTR}"\nname = "A throwaway set without The Wall"\nlanguage = 5\nfamily = "deckbuilding"\n',
        encoding="utf-8",
    )
    for card_type, (distinct, copies) in _MAIN.items():
        for i in range(distinct):
            name = f"Test {card_type} {i + 1}"
            body = f"  type {card_type}\n  cost {2 + i}\n  power 1\n  victory 1\n  copies {copies}\n"
            _write_card(root / "main", name, body)
    for i in range(5):
        body = "  type hero\n  deck hero\n  cost 0\n  copies 1\n"
        _write_card(root / "heroes", f"Test Hero {i + 1}", body)
    for level, count in ((1, 1), (2, 3), (3, 3), (4, 1)):
        for i in range(count):
            body = (
                f"  type enemy\n  title archenemy\n  level {level}\n  deck archenemy\n"
                f"  cost {6 + 2 * level}\n  power 2\n  victory {level + 2}\n  copies 1\n"
            )
            name = f"Test Archenemy {level}-{i + 1}"
            _write_card(root / "archenemies", name, body)
    return root


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> Catalogue:
    folder = tmp_path_factory.mktemp("sets")
    _write_set(folder)
    return load_sets((folder,))


def _game(catalogue: Catalogue, players: int = 2, **options: object) -> DeckbuildingGame:
    config = GameConfig(players=players, **options)  # type: ignore[arg-type]
    return DeckbuildingGame(catalogue, config, [HeuristicAgent(seed=i) for i in range(players)])


def _main_cards(game: DeckbuildingGame) -> list[CardDef]:
    """The main deck as set up: the deck and the Path."""
    return [game.cards[c] for c in (*game.z(MAIN), *game.z(PATH))]


def _fits_piles(cards: list[CardDef], piles: dict[str, int]) -> bool:
    """Whether the cards can lie on the piles, each pile exactly full: a card of one type on its
    own pile, a card of two types (Gollum/Sméagol) on either of its piles."""
    single = Counter(next(iter(c.types & piles.keys())) for c in cards if len(c.types & piles.keys()) == 1)
    double = [c.types & piles.keys() for c in cards if len(c.types & piles.keys()) > 1]
    if len(cards) != sum(piles.values()) or any(len(c.types & piles.keys()) == 0 for c in cards):
        return False
    # Every pile holds its own single-type cards and, at most, the two-type cards that fit it.
    return all(single[t] <= n <= single[t] + sum(t in kinds for kinds in double) for t, n in piles.items())


def _total(catalogue: Catalogue, sets: tuple[str, ...]) -> int:
    return sum(c.copies for c in catalogue.by_deck(sets)["main"])


# ---------------------------------------------------------------------- the default is unchanged
def test_no_mix_is_every_main_deck_card_of_every_set(catalogue: Catalogue) -> None:
    game = _game(catalogue, sets=BOTH)
    assert len(_main_cards(game)) == _total(catalogue, BOTH)
    assert game.use_wall  # the set list decides, as before
    assert "mix" not in GameConfig().to_json()  # an unmixed record is exactly what it was


# ---------------------------------------------------------------------- plan-1
def test_plan_1_fills_the_standard_piles(catalogue: Catalogue) -> None:
    game = _game(catalogue, sets=BOTH, mix="plan-1", seed=3)
    cards = _main_cards(game)
    assert len(cards) == 115
    assert _fits_piles(cards, dict(PLANS["plan-1"].piles))
    assert {c.set_code for c in cards} == set(BOTH)
    # Every other main-deck card of the sets is set aside in the box.
    box = [game.cards[c] for c in game.z(BOX) if game.cards[c].deck == "main"]
    assert len(box) == _total(catalogue, BOTH) - 115


def test_plan_1_counts_a_two_type_card_once() -> None:
    catalogue = load_sets()
    gollum = catalogue.get("Gollum/Sméagol")
    assert {"ally", "enemy"} <= gollum.types
    pool = [gollum] + [c for c in catalogue.by_deck((TT,))["main"] if "ally" in c.types and c is not gollum]
    from lotr_rules.games.deckbuilding.mix import _fill_piles

    main, aside = _fill_piles(pool, (("ally", 1),))
    assert main == [gollum] and len(aside) == len(pool) - 1  # it filled the Ally pile
    main, aside = _fill_piles([pool[1], gollum], (("ally", 1), ("enemy", 1)))
    assert main == [pool[1], gollum] and aside == []  # the Ally pile was full: it is the Enemy
    with pytest.raises(ConfigError, match="0 of 1 Enemies"):
        _fill_piles(pool[1:], (("ally", 1), ("enemy", 1)))


def test_plan_1_is_the_same_for_a_seed_and_differs_between_seeds(catalogue: Catalogue) -> None:
    def deck(seed: int) -> list[str]:
        return [c.id for c in _main_cards(_game(catalogue, sets=BOTH, mix="plan-1", seed=seed))]

    assert deck(5) == deck(5)
    assert deck(5) != deck(6)
    mix = build_mix(catalogue, GameConfig(sets=BOTH, mix="plan-1", seed=5))
    assert mix == build_mix(catalogue, GameConfig(sets=BOTH, mix="plan-1", seed=5, players=3))


def test_plan_1_needs_enough_cards_of_each_type() -> None:
    with pytest.raises(ConfigError, match=r"plan-1 cannot fill its piles.*27 of 30 Allies"):
        _game(load_sets(), sets=(TT,), mix="plan-1")


def test_plan_1_games_play_to_the_end(catalogue: Catalogue) -> None:
    for seed in (1, 2):
        game = _game(catalogue, players=3, sets=BOTH, mix="plan-1", seed=seed)
        result = game.play_game()
        assert result["reason"] and len(result["scores"]) == 3


# ---------------------------------------------------------------------- plan-2
def test_plan_2_halves_are_disjoint_and_cover_the_deck(catalogue: Catalogue) -> None:
    first = build_mix(catalogue, GameConfig(sets=BOTH, mix="plan-2", seed=9, half=1))
    second = build_mix(catalogue, GameConfig(sets=BOTH, mix="plan-2", seed=9, half=2))
    total = _total(catalogue, BOTH)
    assert len(first.main) == (total + 1) // 2 and len(second.main) == total // 2
    assert first.set_aside == second.main and second.set_aside == first.main
    assert Counter(c.id for c in (*first.main, *second.main)) == Counter(
        c.id for c in catalogue.by_deck(BOTH)["main"] for _ in range(c.copies)
    )
    game = _game(catalogue, sets=BOTH, mix="plan-2", seed=9, half=2)
    assert Counter(c.id for c in _main_cards(game)) == Counter(c.id for c in second.main)


# ---------------------------------------------------------------------- less-random
def test_less_random_takes_each_type_from_its_set(catalogue: Catalogue) -> None:
    table = (
        ("artifact", FOTR),
        ("maneuver", FOTR),
        ("fortune", FOTR),
        ("archenemy", FOTR),
        ("ally", TT),
        ("enemy", TT),
        ("location", TT),
        ("hero", TT),
    )
    game = _game(catalogue, players=3, sets=BOTH, mix="less-random", less_random=table, seed=4)
    where = dict(table)
    for card in _main_cards(game):
        assert any(where[t] == card.set_code for t in MAIN_TYPES if t in card.types), card.name
    sets_by_type = {t: {c.set_code for c in _main_cards(game) if t in c.types} for t in MAIN_TYPES}
    assert sets_by_type == {
        "ally": {TT},
        "enemy": {TT},
        "artifact": {FOTR},
        "maneuver": {FOTR},
        "location": {TT},
        "fortune": {FOTR},
    }
    assert {game.cards[game.z("hero", p)[0]].set_code for p in range(3)} == {TT}
    assert {game.cards[c].set_code for c in game.z(ARCHENEMY)} == {FOTR}
    # Two Towers Enemies are in play, so The Wall is used.
    assert game.use_wall


def test_less_random_without_the_wall_sets(catalogue: Catalogue) -> None:
    table = (
        *((t, FOTR) for t in ("enemy", "artifact", "maneuver", "fortune", "archenemy", "hero")),
        *((t, TT) for t in ("ally", "location")),
    )
    game = _game(catalogue, sets=BOTH, mix="less-random", less_random=table)
    main = _main_cards(game)
    assert {c.set_code for c in main if "enemy" in c.types or "artifact" in c.types} == {FOTR}
    assert {c.set_code for c in main if "ally" in c.types} == {TT}
    assert not game.use_wall
    assert game.z("wall") == []


def test_less_random_errors(catalogue: Catalogue) -> None:
    with pytest.raises(ConfigError, match="'nowhere', which is not loaded"):
        _game(catalogue, sets=BOTH, mix="less-random", less_random=(("hero", "nowhere"),))
    if "fellowship" not in catalogue.sets:
        with pytest.raises(ConfigError, match="'fellowship', which is not loaded"):
            _game(catalogue, sets=BOTH, mix="less-random")  # the rulebook's table names the real set
    else:
        with pytest.raises(ConfigError, match="'fellowship', which is not in play"):
            _game(catalogue, sets=BOTH, mix="less-random")
    with pytest.raises(ConfigError, match="which is not in play"):
        _game(catalogue, sets=(TT,), mix="less-random", less_random=(("hero", FOTR), ("ally", TT)))
    with pytest.raises(ConfigError, match="not 'spell'"):
        _game(catalogue, sets=BOTH, mix="less-random", less_random=(("spell", TT),))


# ---------------------------------------------------------------------- custom
def test_custom_deck_from_a_file(catalogue: Catalogue, tmp_path: Path) -> None:
    deck = tmp_path / "deck.toml"
    deck.write_text('"Lembas" = 4\n"Test ally 1" = 3\n"Test fortune 1" = 1\n', encoding="utf-8")
    entries = read_deck_file(deck)
    assert entries == (("Lembas", 4), ("Test ally 1", 3), ("Test fortune 1", 1))
    game = _game(catalogue, sets=BOTH, mix="custom", custom_deck=entries)
    assert Counter(c.name for c in _main_cards(game)) == {"Lembas": 4, "Test ally 1": 3, "Test fortune 1": 1}
    assert game.use_wall  # Lembas is a Two Towers Artifact
    no_wall = _game(catalogue, sets=(FOTR, TT), mix="custom", custom_deck=(("Test ally 1", 8),))
    assert not no_wall.use_wall
    as_json = tmp_path / "deck.json"
    as_json.write_text(json.dumps({"deck": {"Lembas": 5}}), encoding="utf-8")
    assert read_deck_file(as_json) == (("Lembas", 5),)


def test_custom_deck_errors(catalogue: Catalogue, tmp_path: Path) -> None:
    with pytest.raises(UnknownCardError):
        _game(catalogue, sets=BOTH, mix="custom", custom_deck=(("No Such Card", 5),))
    with pytest.raises(ConfigError, match="not a main-deck card"):
        _game(catalogue, sets=BOTH, mix="custom", custom_deck=(("Courage", 5),))
    with pytest.raises(ConfigError, match="at least 5 cards"):
        _game(catalogue, sets=BOTH, mix="custom", custom_deck=(("Lembas", 2),))
    with pytest.raises(ConfigError, match="which is not in play"):
        _game(catalogue, sets=(TT,), mix="custom", custom_deck=(("Test ally 1", 5),))
    with pytest.raises(ConfigError, match="needs a main deck"):
        _game(catalogue, sets=BOTH, mix="custom")
    bad = tmp_path / "bad.toml"
    bad.write_text('"Lembas" = 0\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="a count of 0"):
        read_deck_file(bad)
    with pytest.raises(ConfigError, match="cannot read"):
        read_deck_file(tmp_path / "missing.toml")


# ---------------------------------------------------------------------- The Wall
def test_the_wall_follows_the_cards_in_play(catalogue: Catalogue) -> None:
    tt = {c.id: c for c in catalogue.cards if c.set_code == TT}
    fotr = [c for c in catalogue.cards if c.set_code == FOTR]
    assert uses_wall(catalogue, [tt["lembas"]])  # a Two Towers Artifact
    assert uses_wall(catalogue, [tt["corrupted-king-theoden"]])  # a Two Towers Archenemy
    assert not uses_wall(catalogue, [c for c in tt.values() if c.types <= {"ally", "maneuver", "location"}])
    assert not uses_wall(catalogue, fotr)


def test_without_the_wall_battlements_is_worth_3(catalogue: Catalogue) -> None:
    deck = (("Battlements on The Wall", 1), ("Test ally 1", 9))
    game = _game(catalogue, sets=(FOTR, TT), mix="custom", custom_deck=deck)
    assert not game.use_wall  # a Two Towers Location and Fellowship Archenemies call for no Wall
    card = next(c for c in (*game.z(MAIN), *game.z(PATH)) if game.cards[c].name == "Battlements on The Wall")
    before = game.score(0)
    game.take(card)
    game.z(FRONT, 0).append(card)
    assert game.score(0) - before == 3
    with_wall = _game(catalogue, sets=(TT, FOTR), mix="custom", custom_deck=deck)
    assert with_wall.use_wall  # Two Towers Archenemies: The Wall is used, and the Quest decides
    card = next(c for c in (*with_wall.z(MAIN), *with_wall.z(PATH)) if with_wall.cards[c].name == deck[0][0])
    before = with_wall.score(0)
    with_wall.take(card)
    with_wall.z(FRONT, 0).append(card)
    assert with_wall.score(0) == before


def test_without_the_wall_raw_recruits_stay() -> None:
    result = run_scenario_text(
        """
[game]
players = 1
use_wall = false

[players.1]
hand = ["Raw Recruits of Rohan"]
deck = ["Courage*5"]

[shared]
path = ["Lembas*5"]
wall = ["Breached"]

[[do]]
draw_wall = 1

[[do]]
play = "Raw Recruits of Rohan"

[[do]]
end_turn = true

[expect]
wall_breached = false

[expect.players.1]
discard = ["Raw Recruits of Rohan"]
""",
        "raw-recruits.toml",
    )
    assert result.passed, result.failures


def test_raw_recruits_are_never_lost_in_a_mixed_game_without_the_wall(catalogue: Catalogue) -> None:
    deck = (("Raw Recruits of Rohan", 3), ("Test ally 1", 4), ("Test enemy 1", 8), ("Test artifact 1", 8))
    for seed in (1, 2, 3):
        game = _game(catalogue, sets=(FOTR, TT), mix="custom", custom_deck=deck, seed=seed)
        assert not game.use_wall and game.z("wall") == []
        game.play_game()
        assert not game.wall_breached()
        assert game.state.result["reason"] != "wall deck depleted"
        recruits = [c for c in range(len(game.cards)) if game.cards[c].name == "Raw Recruits of Rohan"]
        assert not any(c in game.z("destroyed") for c in recruits)


def test_a_mix_uses_one_sets_archenemies(catalogue: Catalogue) -> None:
    for sets, code in (((TT, FOTR), TT), ((FOTR, TT), FOTR)):
        game = _game(catalogue, sets=sets, mix="plan-1")
        assert {game.cards[c].set_code for c in game.z(ARCHENEMY)} == {code}
        assert len(game.z(ARCHENEMY)) == 8
    second = _game(catalogue, sets=(TT, FOTR), mix="plan-2", half=2)
    assert {second.cards[c].set_code for c in second.z(ARCHENEMY)} == {FOTR}  # a different set per game


# ---------------------------------------------------------------------- configs and errors
def test_config_json_round_trip() -> None:
    config = GameConfig(sets=BOTH, mix="less-random", less_random=(("hero", FOTR),))
    assert GameConfig.from_json(json.loads(json.dumps(config.to_json()))) == config
    custom = GameConfig(mix="custom", custom_deck=(("Lembas", 5), ("Treebeard", 1)))
    assert GameConfig.from_json(json.loads(json.dumps(custom.to_json()))) == custom
    half = GameConfig(mix="plan-2", half=2)
    assert GameConfig.from_json(half.to_json()) == half


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"mix": "plan-9"}, "unknown mix plan 'plan-9'"),
        ({"mix": 3}, "mix must be a plan name"),
        ({"mix": "plan-2", "half": 3}, "half 1 or 2"),
        ({"mix": "plan-2", "half": "2"}, "half must be 1 or 2"),
        ({"half": 2}, "only a plan-2 mix"),
        ({"mix": "less-random", "less_random": ["hero"]}, "less_random must map"),
        ({"mix": "less-random", "less_random": {"spell": "x"}}, "not 'spell'"),
        ({"mix": "custom", "custom_deck": {"Lembas": -1}}, "a count of -1"),
        ({"mix": "custom"}, "needs a main deck"),
        ({"mix": "plan-1", "custom_deck": {"Lembas": 5}}, "only used by the custom mix"),
    ],
)
def test_bad_mix_configs(data: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        GameConfig.from_json(data)


def test_unknown_set_in_a_mix(catalogue: Catalogue) -> None:
    with pytest.raises(ConfigError, match="unknown set nowhere"):
        _game(catalogue, sets=(TT, "nowhere"), mix="plan-1")


# ---------------------------------------------------------------------- the command line
def test_game_command_with_a_mix(catalogue: Catalogue, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "sets"
    _write_set(folder)
    record = tmp_path / "game.json"
    code = main(
        [
            "game",
            "--quiet",
            "--players",
            "2",
            "--sets",
            f"{TT},{FOTR}",
            "--mix",
            "plan-1",
            "--cards",
            str(folder),
            "--record",
            str(record),
        ]
    )
    assert code == 0
    assert "Game over after" in capsys.readouterr().out
    assert json.loads(record.read_text(encoding="utf-8"))["config"]["mix"] == "plan-1"
    deck = tmp_path / "deck.toml"
    deck.write_text('"Test ally 2" = 6\n', encoding="utf-8")
    assert (
        main(
            [
                "game",
                "--quiet",
                "--sets",
                f"{TT},{FOTR}",
                "--mix",
                "custom",
                "--deck",
                str(deck),
                "--cards",
                str(folder),
            ]
        )
        == 0
    )
    assert main(["game", "--quiet", "--mix", "plan-1"]) != 0  # too few cards in one set
    assert "plan-1 cannot fill its piles" in capsys.readouterr().err
    assert main(["game", "--quiet", "--half", "2"]) != 0
    assert (
        main(
            [
                "simulate",
                "--games",
                "2",
                "--no-progress",
                "--sets",
                f"{TT},{FOTR}",
                "--mix",
                "plan-2",
                "--half",
                "2",
                "--cards",
                str(folder),
                "--format",
                "json",
            ]
        )
        == 0
    )
    report = json.loads(capsys.readouterr().out)
    assert report["settings"]["mix"] == "plan-2" and report["settings"]["half"] == 2


# ---------------------------------------------------------------------- both shipped sets
def test_plan_1_with_both_shipped_sets() -> None:
    shipped = load_sets()
    if "fellowship" not in shipped.sets:
        pytest.skip("the Fellowship of the Ring set (cardscripts/fellowship) is not shipped yet")
    sets = (TT, "fellowship")
    game = DeckbuildingGame(
        shipped, GameConfig(players=3, sets=sets, mix="plan-1"), [HeuristicAgent(seed=i) for i in range(3)]
    )
    cards = _main_cards(game)
    assert _fits_piles(cards, dict(PLANS["plan-1"].piles))
    assert game.play_game()["reason"]
    less = DeckbuildingGame(
        shipped, GameConfig(players=3, sets=sets, mix="less-random"), [HeuristicAgent(seed=i) for i in range(3)]
    )
    assert less.use_wall  # the rulebook's table takes Two Towers Allies, Enemies and Locations


# ---------------------------------------------------------------------- a user's own set
def test_custom_deck_names_mean_main_deck_cards_whatever_the_set_order(tmp_path: Path) -> None:
    """examples/custom-set has an Enemy named like a Fellowship Archenemy (Crebain from Dunland):
    a custom deck listing it gets the user's Enemy even with the Fellowship first in --sets, and
    the game plays to its end."""
    shipped = load_sets((Path(__file__).parent.parent / "examples" / "custom-set",))
    if "fellowship" not in shipped.sets:
        pytest.skip("the Fellowship of the Ring set (cardscripts/fellowship) is not shipped yet")
    deck = (("Crebain from Dunland", 3), ("Lembas", 4))
    for sets in ((TT, "fellowship", "custom-set"), ("custom-set", "fellowship", TT)):
        mix = build_mix(shipped, GameConfig(sets=sets, mix="custom", custom_deck=deck))
        assert Counter((c.name, c.set_code) for c in mix.main) == {
            ("Crebain from Dunland", "custom-set"): 3,
            ("Lembas", TT): 4,
        }
    with pytest.raises(ConfigError, match=r"Crebain from Dunland' is from set '.*', which is not in play"):
        build_mix(shipped, GameConfig(sets=(TT,), mix="custom", custom_deck=deck))
