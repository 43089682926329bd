"""Cards the rules never let leave: The One Ring cannot be destroyed, and Breached stays in front
of the player who drew it for the rest of the game.

The rule is data (the Two Towers manifest's ``[lasting."NAME"]`` entries, copied onto the cards as
``CardDef.lasting``) and the game's destroy and move primitives honour it. Each test plays a card
written for the test, whose command could reach the lasting card, on a hand-made game state, and
checks the card stays where it was while the command does the rest of what it says.
"""

from __future__ import annotations

import pytest

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.lasting import CANNOT_BE_DESTROYED, STAYS_IN_FRONT
from lotr_rules.cards.loader import load_sets
from lotr_rules.dsl.compiler import Compiler
from lotr_rules.dsl.parser import parse_card
from lotr_rules.games.deckbuilding import game as rules
from lotr_rules.games.deckbuilding.game import DeckbuildingGame
from lotr_rules.games.deckbuilding.scenario import build_game, scenario_from_text
from lotr_rules.games.deckbuilding.vocabulary import vocabulary
from lotr_rules.lint.runner import lint_paths


def _catalogue_with(body: str) -> Catalogue:
    """The shipped sets plus a Two Towers Maneuver "Test Card" whose play ability is ``body``."""
    text = (
        'card "Test Card" {\n  id test-card\n  type maneuver\n  provenance designed\n  text "A test."\n'
        f"  play {{\n    {body}\n  }}\n}}\n"
    )
    shipped = load_sets()
    definition = Compiler(vocabulary(), "test-card.card", shipped.names(), "two-towers").compile_card(parse_card(text))
    assert definition is not None, body
    return Catalogue(list(shipped.sets.values()), [*shipped.cards, definition])


def _play(body: str, setup: str) -> DeckbuildingGame:
    scenario = scenario_from_text(setup, "lasting", catalogue=_catalogue_with(body))
    game = build_game(scenario)
    card = next(c for c in game.z(rules.HAND, 0) if game.cards[c].name == "Test Card")
    game.begin_action()
    game.play_from_hand(0, card)
    return game


def _names(game: DeckbuildingGame, zone: str, owner: int = -1) -> list[str]:
    return [game.cards[c].name for c in game.z(zone, owner)]


def test_the_manifest_marks_the_one_ring_and_breached() -> None:
    """Rulebook, Additional Rules > The One Ring (it cannot be destroyed) and > The Wall (Breached
    stays in play for the rest of the game): the Two Towers cards carry those rules as data; the
    Fellowship's One Ring, an ordinary starting card of Frodo's deck, does not."""
    catalogue = load_sets()
    assert catalogue.get("The One Ring", ["two-towers"]).lasting == CANNOT_BE_DESTROYED
    assert catalogue.get("Breached", ["two-towers"]).lasting == STAYS_IN_FRONT
    assert catalogue.get("The One Ring", ["fellowship"]).lasting == ""
    assert {c.name for c in catalogue.cards if c.lasting} == {"The One Ring", "Breached"}


@pytest.mark.parametrize("where", ["1", "behind"])
def test_the_one_ring_cannot_be_destroyed(where: str) -> None:
    """Rulebook, Additional Rules > The One Ring: it cannot be destroyed. A script destroying
    every card its player controls destroys the rest and leaves The One Ring in front of its
    holder; one destroying The One Ring behind the stacks leaves it there."""
    setup = f"""
        [players.1]
        hand = ["Test Card", "Despair"]
        discard = ["Corruption"]

        [shared]
        one_ring = {'"behind"' if where == "behind" else 1}
    """
    body = "destroy the one ring" if where == "behind" else "destroy all cards you control"
    game = _play(body, setup)
    if where == "behind":
        assert _names(game, rules.BEHIND) == ["The One Ring"]
        assert _names(game, rules.DESTROYED) == []
    else:
        assert _names(game, rules.FRONT, 0) == ["The One Ring"]
        assert sorted(_names(game, rules.DESTROYED)) == ["Corruption", "Despair", "Test Card"]
    assert not [e for e in game.state.log if e[0] == "destroy" and e[2] == "The One Ring"]


def test_the_one_ring_still_moves_as_the_rules_say() -> None:
    """Rulebook, Additional Rules > The One Ring: only destroying is ruled out; a script may still
    put it back behind the stacks (as its Defense does) or take it from another player."""
    setup = """
        [game]
        players = 2

        [players.1]
        hand = ["Test Card"]

        [shared]
        one_ring = 2
    """
    game = _play("take the one ring", setup)
    assert _names(game, rules.FRONT, 0) == ["The One Ring"]
    game = _play("return all cards in front of you", setup.replace("one_ring = 2", "one_ring = 1"))
    assert _names(game, rules.BEHIND) == ["The One Ring"]


@pytest.mark.parametrize(
    "body",
    [
        "destroy all cards you control",
        "discard all cards in front of you",
        "put all cards in front of you on top of deck",
        "return all cards in front of you",
        "gain all cards in front of you",
    ],
)
def test_breached_stays_in_front_of_its_player(body: str) -> None:
    """Rulebook, Additional Rules > The Wall: Breached sticks to the player who drew it and remains
    in play for the rest of the game. A script that would destroy, discard, put, return or gain
    it does nothing to it; The Wall stays breached."""
    setup = """
        [players.1]
        hand = ["Test Card"]
        front = ["Breached", "Edoras"]
        deck = ["Courage*3"]
    """
    game = _play(body, setup)
    assert _names(game, rules.FRONT, 0)[0] == "Breached"
    assert "Edoras" not in _names(game, rules.FRONT, 0), "the other card in front does move"
    assert game.wall_breached()


def test_the_linter_warns_where_a_script_can_reach_a_lasting_card(tmp_path: object) -> None:
    """Lint code W205: a command whose cards could include The One Ring (destroy) or Breached
    (any move) is reported, once per card; a 'where' test or a type that rules them out, or a
    zone they cannot be in, is not."""
    from pathlib import Path

    folder = Path(str(tmp_path)) / "demo"
    folder.mkdir()
    (folder / "set.toml").write_text('code = "demo"\nname = "Demo"\nlanguage = 5\n', encoding="utf-8")
    cases = {
        "a.card": ("destroy a card you control", {"The One Ring", "Breached"}),
        "b.card": ("destroy the one ring", {"The One Ring"}),
        "c.card": ("put all cards in front of you on top of deck", {"Breached"}),
        "d.card": ('destroy a card you control where name is not "The One Ring"', {"Breached"}),
        "e.card": ("destroy a location in front of you", set()),
        "f.card": ("destroy a card from hand or discard pile", set()),
        "g.card": ("return all cards in front of you", {"Breached"}),
        "h.card": ("for each card in front of you as X {\n      discard X\n    }", {"Breached"}),
    }
    for index, (name, (body, _)) in enumerate(sorted(cases.items())):
        (folder / name).write_text(
            f'card "Demo {index}" {{\n  id {name[:-5]}\n  type maneuver\n  provenance designed\n'
            f'  text "A test."\n  play {{\n    {body}\n  }}\n}}\n',
            encoding="utf-8",
        )
    diagnostics, _ = lint_paths([folder])
    found: dict[str, set[str]] = {name: set() for name in cases}
    for d in diagnostics:
        assert d.code == "W205", d.format_text()
        lasting = "The One Ring" if "The One Ring" in d.message.split(",")[0] else "Breached"
        found[Path(d.span.path).name].add(lasting)
    assert found == {name: expected for name, (_, expected) in cases.items()}
