"""Choices, private looks and arithmetic in the card language: 'choose a player as P', 'look at',
'revealed by any player', 'into' and 'its owner's' piles, worked-out numbers in card tests,
'/' and '%', and 'repeat until'.

Every card of ``examples/choices-set`` has a scenario in ``tests/scenarios/choices``; the rest
are the rules those cards rest on, each checked on its own.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lotr_rules.agents.bots import HeuristicAgent
from lotr_rules.diagnostics import Diagnostic
from lotr_rules.dsl.compiler import Compiler
from lotr_rules.dsl.parser import parse_card
from lotr_rules.engine.decisions import DecisionRequest, Option
from lotr_rules.games.adventure.vocabulary import vocabulary as adventure_vocabulary
from lotr_rules.games.deckbuilding.scenario import run_scenario, run_scenario_text
from lotr_rules.games.deckbuilding.vocabulary import vocabulary
from lotr_rules.limits import MAX_LOOP_ROUNDS

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "choices-set"
SCENARIOS = Path(__file__).parent / "scenarios" / "choices"


# ---------------------------------------------------------------------- the example set
@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.toml")), ids=lambda p: p.stem)
def test_scenario(path: Path) -> None:
    result = run_scenario(path)
    assert result.passed, result.failures


@pytest.mark.parametrize("card", sorted(EXAMPLES.glob("*.card")), ids=lambda p: p.stem)
def test_every_example_card_has_a_scenario(card: Path) -> None:
    assert (SCENARIOS / f"{card.stem}.toml").exists(), f"add tests/scenarios/choices/{card.stem}.toml"


# ---------------------------------------------------------------------- compiling
def _card(body: str, kind: str = "maneuver", ability: str = "play") -> str:
    lines = "".join(f"    {line}\n" for line in body.strip().splitlines())
    head = f'card "Probe" {{\n  id probe\n  type {kind}\n  provenance designed\n  text "x"\n'
    return head + f"  {ability} {{\n{lines}  }}\n}}\n"


def _codes(body: str, family: str = "deckbuilding") -> list[str]:
    vocab = vocabulary() if family == "deckbuilding" else adventure_vocabulary()
    compiler = Compiler(vocab, "probe.card")
    card = _card(body) if family == "deckbuilding" else _card(body, "place", "effect")
    compiler.compile_card(parse_card(card))
    return [d.code for d in compiler.diagnostics]


def _findings(body: str) -> list[Diagnostic]:
    compiler = Compiler(vocabulary(), "probe.card")
    compiler.compile_card(parse_card(_card(body)))
    return compiler.diagnostics


@pytest.mark.parametrize(
    "body",
    [
        "look at 3 cards from deck\ndraw a card from looked at",
        "choose a player as P\nfor each P {\n  draw 1\n}",
        "choose another player as P\nfor each P {\n  draw 1\n}",
        "gain a card from path where cost <= 7 / 2 + 7 % 3",
        "destroy a card from hand as X\ngain a card from path where cost <= cost of X + 2",
        "let N = 2\ngain a card from path where cost is N * 2",
        "repeat until number of cards in hand >= 5 {\n  draw 1\n}",
        "put a card from discard pile into hand",
        "put a card from hand on bottom of its owner's deck",
    ],
)
def test_accepted(body: str) -> None:
    assert _codes(body) == []


def test_a_divisor_written_as_zero_is_e144_at_the_zero() -> None:
    (finding,) = _findings("+number of cards in hand % 0 power")
    assert finding.code == "E144" and "remainder" in finding.message
    assert (finding.span.line, finding.span.column) == (7, 32)


@pytest.mark.parametrize(
    "body",
    [
        "choose 2 opponents as P",
        "choose a friend as P",
        "choose an opponent",
        "choose an opponent from hand as P",
    ],
)
def test_a_choice_that_is_no_choice_of_a_player_is_e145(body: str) -> None:
    assert _codes(body) == ["E145"]


@pytest.mark.parametrize(
    "body",
    [
        "choose an opponent as P\ndiscard P",
        "choose an opponent as P\n+P power",
        "choose a player as P\nput P under this",
    ],
)
def test_a_player_used_as_cards_or_a_number_is_e146(body: str) -> None:
    assert "E146" in _codes(body)


def test_an_owners_pile_that_cannot_be_is_e147() -> None:
    # a shared zone has no owner's; a command that does not say it takes one refuses it
    assert _codes("put a card from hand on top of its owner's path") == ["E147"]
    assert _codes("shuffle all cards from drawn into its owner's quest deck", family="adventure") == ["E147"]


def test_a_deck_is_still_never_put_into() -> None:
    assert _codes("put a card from hand into deck") == ["E121"]


def test_the_solo_game_refuses_what_it_cannot_honour() -> None:
    assert _codes("choose an opponent as P", family="adventure") == ["E119"]
    assert _codes("look at 2 cards from quest deck", family="adventure") == ["E110"]


# ---------------------------------------------------------------------- running
GAME = """
title = "probe"

[game]
players = 2

[players.1]
hand = ["Probe"]
deck = ["Despair", "Courage", "Edoras"]
discard = ["Lembas"]

[players.2]
hand = ["Courage"]
"""


def _run(body: str, extra: str = "") -> object:
    from lotr_rules.cards.catalogue import Catalogue
    from lotr_rules.cards.loader import load_sets

    shipped = load_sets()
    compiler = Compiler(vocabulary(), "probe.card")
    probe = compiler.compile_card(parse_card(_card(body)))
    assert probe is not None, compiler.diagnostics
    catalogue = Catalogue(list(shipped.sets.values()), [probe, *shipped.cards])
    return run_scenario_text(GAME + '\n[[do]]\nplay = "Probe"\n' + extra, catalogue=catalogue)


@pytest.mark.parametrize(
    ("expr", "value"),
    [("7 / 2", 3), ("-7 / 2", -4), ("7 % 2", 1), ("-7 % 2", 1), ("7 % -2", -1), ("2 + 7 / 2 * 2", 8)],
)
def test_division_rounds_down_and_the_remainder_follows(expr: str, value: int) -> None:
    result = _run(f"+{expr} + 10 power", f"[expect]\npower = {value + 10}\n")
    assert result.passed, result.failures  # type: ignore[attr-defined]


def test_a_divisor_worked_out_as_zero_gives_zero_and_the_game_goes_on() -> None:
    """No Path card on the empty Path: 3 / 0 is 0, and the rest of the effect runs."""
    result = _run("+3 / number of cards in path power\n+1 power", "[expect]\npower = 1\n")
    assert result.passed, result.failures  # type: ignore[attr-defined]


def test_a_repeat_until_that_never_ends_stops_at_the_loop_bound() -> None:
    result = _run(
        "repeat until number of cards in hand > 100 {\n  +1 power\n}", f"[expect]\npower = {MAX_LOOP_ROUNDS}\n"
    )
    assert result.passed, result.failures  # type: ignore[attr-defined]


def test_repeat_until_checks_before_the_first_round() -> None:
    result = _run("repeat until number of cards in hand == 0 {\n  draw 1\n}", "[expect.players.1]\nhand = 0\n")
    assert result.passed, result.failures  # type: ignore[attr-defined]


def test_the_log_says_how_many_were_looked_at_and_never_which() -> None:
    result = _run(
        "look at 2 cards from deck\nput all cards from looked at on bottom of deck",
        "[expect]\nlog_contains = ['P1 looks at the top 2 cards']\nlog_lacks = ['Edoras', 'Courage']\n"
        "[expect.players.1]\ndeck_order = ['Courage', 'Edoras', 'Despair']\n",
    )
    assert result.passed, result.failures  # type: ignore[attr-defined]


def test_looked_at_is_empty_once_the_card_has_resolved() -> None:
    result = _run(
        "look at 2 cards from deck\nat end of turn {\n  draw a card from looked at\n}",
        "[[do]]\nend_turn = true\n[expect.players.1]\ndiscard_lacks = ['Edoras']\n",
    )
    assert result.passed, result.failures  # type: ignore[attr-defined]


def test_a_card_in_no_players_zone_has_no_owner_and_stays() -> None:
    result = _run(
        "put all cards from path on top of its owner's deck",
        "[shared]\npath = ['Edoras']\n[expect.shared]\npath = ['Edoras']\n",
    )
    assert result.passed, result.failures  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- bots
class _State:
    def __init__(self) -> None:
        self.zones: dict[tuple[str, int], list[int]] = {}


class _Game:
    """Just what the bot reads of a game to choose a player: scores and zones."""

    def __init__(self, scores: list[int]) -> None:
        self.scores = scores
        self.state = _State()

    def score(self, seat: int) -> int:
        return self.scores[seat]


def test_a_bot_chooses_the_opponent_in_the_lead_never_itself() -> None:
    options = (Option("you", 0), Option("player 2", 1), Option("player 3", 2))
    request = DecisionRequest(0, "choose a player", "choose player", options, -1, "")
    assert HeuristicAgent().choose(_Game([50, 3, 9]), request) == 2  # type: ignore[arg-type]
    alone = DecisionRequest(0, "choose a player", "choose player", options[:1], -1, "")
    assert HeuristicAgent().choose(_Game([50]), alone) == 0  # type: ignore[arg-type]


def test_a_chosen_player_nothing_acts_on_is_w218() -> None:
    assert _codes("choose an opponent as P\ndraw 1") == ["W218"]
    assert _codes("choose an opponent as P\nif number of cards in hand > 2 {\n  for each P {\n    draw 1\n  }\n}") == []


def test_a_repeat_until_of_written_numbers_is_w219() -> None:
    assert _codes("repeat until 1 > 2 - 3 {\n  draw 1\n}") == ["W219"]
    assert _codes("repeat until number of cards in hand > 2 - 3 {\n  draw 1\n}") == []


def test_the_looking_player_alone_sees_which_cards_on_their_screen() -> None:
    """A private look: the player who looked is shown the cards on their own screen and log; every
    other seat, the web table and replays show only how many."""
    from types import SimpleNamespace

    from lotr_rules.games.deckbuilding.log import render_entry
    from lotr_rules.games.deckbuilding.screen import new_log_lines

    entry = ("look", 0, 2, ("Edoras", "Courage"))
    assert render_entry(entry, viewer=0) == (
        "  P1 looks at the top 2 cards of their deck: Edoras, Courage (from the top; only you see which)"
    )
    for viewer in (1, None):
        assert render_entry(entry, viewer) == "  P1 looks at the top 2 cards of their deck"
    game = SimpleNamespace(state=SimpleNamespace(log=[entry]))
    assert "Edoras" in new_log_lines(game, 0, 0)[0]  # type: ignore[arg-type]
    assert "Edoras" not in new_log_lines(game, 0, 1)[0]  # type: ignore[arg-type]
