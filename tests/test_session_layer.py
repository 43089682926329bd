"""The session layer: the one way both faces set up, save, resume and replay games."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import lotr_rules
from lotr_rules.cards.loader import load_sets
from lotr_rules.games import vocabulary_for
from lotr_rules.session import families
from lotr_rules.session import lcg as lcg_session
from lotr_rules.session.rebuild import first_choices, replay_first

PACKAGE = Path(lotr_rules.__file__).parent


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_the_web_package_imports_nothing_of_the_commands() -> None:
    """The browser is a face of the session layer, as the terminal is: it never reaches into the
    terminal's commands (any import, at the top or inside a function)."""
    offenders = {
        str(path.relative_to(PACKAGE)): sorted(name for name in _imported_modules(path) if "commands" in name)
        for path in sorted((PACKAGE / "web").rglob("*.py"))
    }
    assert {path: names for path, names in offenders.items() if names} == {}


def test_the_import_walk_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from lotr_rules.commands.play import resume\n")
    assert "lotr_rules.commands.play" in _imported_modules(module)


def test_every_family_has_one_default_number_of_players_and_its_bots() -> None:
    from lotr_rules.games.adventure.bots import STRATEGIES
    from lotr_rules.games.lcg import bots as lcg_bots  # noqa: F401  (the family's bots exist)
    from lotr_rules.session import adventure

    assert families.names() == ["deckbuilding", "adventure-deck", "lcg"]
    # the strategies, and the search bot built on one of them
    assert families.family("adventure-deck").bots == (*STRATEGIES, "search") == adventure.BOTS
    for family in families.FAMILIES.values():
        assert 1 <= family.default_players <= family.max_players
        assert family.default_bot in family.bots


@pytest.fixture(scope="module")
def lcg_cards():  # type: ignore[no-untyped-def]
    return load_sets((), vocabulary=vocabulary_for("lcg"))


def test_a_card_game_set_up_with_no_decks_takes_the_first_game_starter_decks(lcg_cards) -> None:  # type: ignore[no-untyped-def]
    """Core rulebook, "For the First Game": each player takes one sphere's starter deck and the
    players try Passage Through Mirkwood."""
    setup = lcg_session.new_setup(lcg_cards, humans=0)
    assert setup.table.labels == ("leadership", "tactics")
    assert setup.table.scenario == "passage-through-mirkwood"
    assert setup.seats == ("heuristic", "heuristic")
    assert lcg_session.new_setup(lcg_cards, players=3, humans=1).table.labels == ("leadership", "tactics", "spirit")


def test_a_card_game_saved_part_way_resumes_and_replays_to_the_same_game(lcg_cards, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    setup = lcg_session.new_setup(lcg_cards, decks=["leadership"], seed=5, seats=["random"])
    game = lcg_session.play_new(setup, setup.agents(person=None))  # type: ignore[arg-type]
    data = lcg_session.save_data(game, setup)
    path = tmp_path / "save.json"
    lcg_session.write(path, data)
    again = lcg_session.setup_of_save(lcg_session.read(path), lcg_cards, str(path))
    assert (again.table.labels, again.seats, again.seed) == (("leadership",), ("random",), 5)
    _table, replayed = lcg_session.replay_record(data, lcg_cards, str(path))
    assert replayed.state.digest() == game.state.digest()
    # the game after its first ten choices, rebuilt in one call, is the game that stood there
    step = lcg_session.step(setup.table, data["choices"], 10)
    again = replay_first("lcg", None, setup.table.config, data["choices"], 10)
    assert again.game.state.digest() == step.game.state.digest()
    rounds = lcg_session.rounds_of(setup.table, data["choices"])
    assert len(rounds) == len(data["choices"]) and rounds == sorted(rounds)
    assert rounds[-1] == game.state.turn
    assert step.game.state.choices == data["choices"][:10]
    assert step.chosen == data["choices"][10]


def test_the_table_is_described_for_a_seat_of_every_family(lcg_cards) -> None:  # type: ignore[no-untyped-def]
    """One call gives any family's table in text; a Card Game seat sees its own hand only."""
    from lotr_rules.session.describe import describe

    setup = lcg_session.new_setup(lcg_cards, seed=3, humans=0)
    new_game, run, seats = families.game_builder("lcg", None, setup.table.config)
    step = first_choices(new_game, run, seats, [], 0)  # the game at its first question
    assert describe(step.game, 0).startswith("Round ")
    deckbuilding = load_sets(())
    from lotr_rules.games.deckbuilding.config import GameConfig

    config = GameConfig(players=2, seed=3)
    new_game, run, seats = families.game_builder("deckbuilding", deckbuilding, config)
    assert "Turn" in describe(first_choices(new_game, run, seats, [], 0).game, 0)
    journey = load_sets((), vocabulary=vocabulary_for("adventure-deck"))
    from lotr_rules.games.adventure.game import AdventureConfig

    new_game, run, seats = families.game_builder("adventure-deck", journey, AdventureConfig(seed=3))
    assert describe(first_choices(new_game, run, seats, [], 0).game, 0)


def test_a_card_game_save_goes_into_the_browsers_save_folder_and_is_listed(lcg_cards, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The browser's saves of the Card Game are the terminal's: the folder writes them in the
    Card Game's own format (which ``play --resume`` reads) and lists what they hold."""
    from lotr_rules.web.saves import SaveFolder

    setup = lcg_session.new_setup(lcg_cards, decks=["spirit"], seed=4, seats=["random"])
    game = lcg_session.play_new(setup, setup.agents(person=None))  # type: ignore[arg-type]
    folder = SaveFolder(tmp_path)
    name = folder.write(lcg_session.save_data(game, setup))
    assert lcg_session.setup_of_save(lcg_session.read(tmp_path / name), lcg_cards, name).seats == ("random",)
    assert folder.listing()[0]["what"] == "the Card Game, passage-through-mirkwood, 1 player, seed 4: over"


def test_typed_options_and_the_command_lines_set_up_the_same_deck_building_game() -> None:
    """The browser's form fills typed options; the terminal hands over its parsed ones: the same
    values set up the same game, with the same seats."""
    from lotr_rules.cli import build_parser
    from lotr_rules.session.deckbuilding import new_game_setup
    from lotr_rules.session.options import DeckbuildingOptions

    catalogue = load_sets(())
    typed = new_game_setup(DeckbuildingOptions(players=3, humans=2, seed=9, bot="random", hero=["Gimli"]), catalogue)
    parsed = build_parser().parse_args(["play", "--players", "3", "--humans", "2", "--seed", "9", "--bot", "random"])
    parsed.hero = ["Gimli"]
    assert typed == new_game_setup(parsed, catalogue)
    assert typed[1] == ["human", "human", "random"] and typed[0].heroes[0] == "Gimli"


def test_neither_face_defines_again_what_the_session_layer_defines() -> None:
    """What the layer does (seat bots, check a save, set a game up...) is done there only: no
    module of the commands or of the web defines a function or class of the same name."""

    def defined(path: Path) -> set[str]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        return {node.name for node in tree.body if isinstance(node, ast.FunctionDef | ast.ClassDef)}

    layer = set().union(*(defined(path) for path in (PACKAGE / "session").glob("*.py")))
    again = {
        str(path.relative_to(PACKAGE)): sorted(defined(path) & layer)
        for face in ("commands", "web")
        for path in sorted((PACKAGE / face).glob("*.py"))
    }
    assert {path: names for path, names in again.items() if names} == {}
