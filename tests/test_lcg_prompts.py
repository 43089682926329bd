"""Prompts that matter (issue 30): an action window is put to a person only when something they
could play would change something now; an event or ability whose effect would change nothing is
left out of a person's menu. Tried with the core set's own cards: Ever Vigilant readies an ally
(nothing, with no ally exhausted), Common Cause exhausts a hero to ready another (nothing but its
cost, with no other hero exhausted), Steward of Gondor's Action adds resources (always something).

Rules reference, "Action Windows": a player may act or pass in each window; these tests hold what
a person is asked, never what the rules allow (bots are offered every legal play, as before)."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.commands.lcg import LcgHuman
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.games import vocabulary_for
from lotr_rules.games.lcg.bots import LcgHeuristicAgent
from lotr_rules.games.lcg.game import PASS, LcgGame
from lotr_rules.games.lcg.prompts import needs_person, worth_offering
from lotr_rules.games.lcg.recording import new_table
from lotr_rules.games.lcg.state import DECK, HAND, PLAY
from lotr_rules.games.lcg.triggers import action_options

PLAYING_PAGE = Path(__file__).resolve().parents[1] / "docs" / "lcg-playing.md"


@functools.cache
def _catalogue() -> Catalogue:
    return load_sets(vocabulary=vocabulary_for("lcg"))


def _game() -> LcgGame:
    """Passage Through Mirkwood with the Leadership starter deck, just set up, an empty hand and
    3 resources in every hero's pool."""
    table = new_table(_catalogue(), "passage-through-mirkwood", ["leadership"], 1)
    game = LcgGame(table.config, [LcgHeuristicAgent(1)])
    for card in list(game.z(HAND, 0)):
        game.move(card, DECK, 0)
    for hero in game.heroes(0):
        game.state.resources[hero] = 3
    return game


def _in_hand(game: LcgGame, name: str) -> int:
    card = next(c for c in game.z(DECK, 0) if game.records[c].name == name)
    game.move(card, HAND, 0)
    return card


def _window(game: LcgGame) -> DecisionRequest:
    options = (PASS, *game.playable(0, planning=False), *action_options(game, 0))
    return DecisionRequest(0, "action", "Action window (test)", options)


def _offered(game: LcgGame, request: DecisionRequest) -> list[str]:
    return [request.options[i].label for i in worth_offering(game, request)]


def test_an_event_that_would_change_nothing_is_not_worth_a_question() -> None:
    game = _game()
    _in_hand(game, "Ever Vigilant")
    request = _window(game)
    assert [o.label for o in request.options] == ["pass", "play Ever Vigilant"]
    assert _offered(game, request) == ["pass"]
    assert not needs_person(game, request)


def test_the_same_event_is_offered_once_it_would_do_something() -> None:
    game = _game()
    _in_hand(game, "Ever Vigilant")
    ally = next(c for c in game.z(DECK, 0) if game.records[c].type == "ally")
    game.move(ally, PLAY, 0)
    game.state.exhausted.add(ally)
    request = _window(game)
    assert _offered(game, request) == ["pass", "play Ever Vigilant"]
    assert needs_person(game, request)


def test_an_event_whose_every_answer_changes_only_its_cost_is_left_out() -> None:
    """Common Cause exhausts a hero as its cost: with no other hero exhausted, whichever hero
    pays and whichever is picked to ready, only the cost is paid."""
    game = _game()
    _in_hand(game, "Common Cause")
    assert _offered(game, _window(game)) == ["pass"]
    game.state.exhausted.add(game.heroes(0)[0])
    assert _offered(game, _window(game)) == ["pass", "play Common Cause"]


def test_an_ability_that_changes_something_is_offered() -> None:
    game = _game()
    steward = _in_hand(game, "Steward of Gondor")
    hero = game.heroes(0)[0]
    game.move(steward, PLAY, 0)
    game.attach(steward, hero)
    _in_hand(game, "Ever Vigilant")
    request = _window(game)
    assert _offered(game, request) == ["pass", "use the Action of Steward of Gondor"]
    assert needs_person(game, request)


def test_a_stat_raised_for_a_phase_that_never_reads_it_is_left_out() -> None:
    """For Gondor! gives +1 attack until the end of the phase: nothing in the resource phase reads
    attack (attacks are made in the combat phase), so it would change nothing there."""
    game = _game()
    _in_hand(game, "For Gondor!")
    game.state.phase = "resource"
    assert _offered(game, _window(game)) == ["pass"]
    game.state.phase = "combat"
    assert _offered(game, _window(game)) == ["pass", "play For Gondor!"]


def test_a_decision_other_than_a_window_is_always_asked() -> None:
    game = _game()
    request = DecisionRequest(0, "commit", "Commit a character to the quest", (PASS, PASS))
    assert needs_person(game, request)
    assert worth_offering(game, request) == (0, 1)


def test_trying_an_option_changes_nothing_in_the_game() -> None:
    game = _game()
    _in_hand(game, "Common Cause")
    game.state.exhausted.add(game.heroes(0)[0])
    before = (game.state.digest(), list(game.state.log))
    worth_offering(game, _window(game))
    assert (game.state.digest(), list(game.state.log)) == before


class _NoInput:
    def __call__(self, prompt: str) -> str:
        raise AssertionError(f"the person was asked: {prompt}")


def test_the_terminal_passes_a_window_by_itself_unless_asked_to_stop_at_every_one() -> None:
    game = _game()
    _in_hand(game, "Ever Vigilant")
    request = _window(game)
    said: list[str] = []
    person = LcgHuman(input_fn=_NoInput(), output_fn=said.append)
    assert person.choose(game, request) == 0
    assert said == []
    asked: list[str] = []
    every = LcgHuman(input_fn=lambda prompt: asked.append(prompt) or "2", output_fn=said.append, every_window=True)
    assert every.choose(game, request) == 1
    assert asked and "  2) play Ever Vigilant" in said


def test_the_terminal_shows_only_the_options_worth_showing_and_says_how_many_it_left_out() -> None:
    game = _game()
    _in_hand(game, "Ever Vigilant")
    steward = _in_hand(game, "Steward of Gondor")
    game.move(steward, PLAY, 0)
    game.attach(steward, game.heroes(0)[0])
    request = _window(game)
    said: list[str] = []
    person = LcgHuman(input_fn=lambda prompt: "2", output_fn=said.append)
    chosen = person.choose(game, request)
    assert request.options[chosen].label == "use the Action of Steward of Gondor"
    assert "  2) use the Action of Steward of Gondor" in said
    assert not any("Ever Vigilant" in line for line in said if line.startswith("  "))
    assert any("1 card you could play would change nothing now" in line for line in said)


def test_card_game_help_speaks_of_the_card_game() -> None:
    game = _game()
    request = DecisionRequest(0, "commit", "Commit a character to the quest", (PASS, PASS))
    typed = iter(["?", "i", "1"])
    said: list[str] = []
    LcgHuman(input_fn=lambda prompt: next(typed), output_fn=said.append).choose(game, request)
    text = "\n".join(said)
    assert "action window" in text and "--every-window" in text
    assert "Treebeard" not in text
    assert "(i Aragorn)" in text


# ---------------------------------------------------------------------- the figures on the page
class _Counting:
    """Plays a seat as the heuristic bot does, counting by round the decisions the seat was
    asked (what the terminal asked before) and those worth asking a person (what it asks now)."""

    def __init__(self, seed: int) -> None:
        self.bot = LcgHeuristicAgent(seed)
        self.asked: dict[int, int] = {}
        self.needed: dict[int, int] = {}

    def choose(self, game: Game, request: DecisionRequest) -> int:
        assert isinstance(game, LcgGame)
        turn = game.state.turn
        self.asked[turn] = self.asked.get(turn, 0) + 1
        if needs_person(game, request):
            self.needed[turn] = self.needed.get(turn, 0) + 1
        return self.bot.choose(game, request)


def prompts_per_round(decks: tuple[str, ...], seeds: range) -> tuple[float, float, float, float]:
    """Over games of Passage Through Mirkwood: the questions put to the first seat in round 1 and
    in an average round, before and after (each an average over the games)."""
    first_before = first_after = every_before = every_after = 0
    rounds = 0
    for seed in seeds:
        table = new_table(_catalogue(), "passage-through-mirkwood", decks, seed)
        seat = _Counting(seed * 10)
        game = LcgGame(table.config, [seat, *(LcgHeuristicAgent(seed * 10 + i) for i in range(1, len(decks)))])
        game.play_game()
        first_before += seat.asked.get(1, 0)
        first_after += seat.needed.get(1, 0)
        every_before += sum(n for turn, n in seat.asked.items() if turn >= 1)
        every_after += sum(n for turn, n in seat.needed.items() if turn >= 1)
        rounds += game.state.turn
    games = len(seeds)
    return first_before / games, first_after / games, every_before / rounds, every_after / rounds


@pytest.mark.parametrize("decks", [("leadership",), ("leadership", "tactics")])
def test_the_playing_page_gives_the_measured_number_of_prompts(decks: tuple[str, ...]) -> None:
    before, after, per_round_before, per_round_after = prompts_per_round(decks, range(1, 11))
    assert after < before
    page = PLAYING_PAGE.read_text(encoding="utf-8")
    sentence = (
        rf"`--decks {','.join(decks)}`: (\S+) questions in round 1 before, (\S+) now; (\S+) a round before, (\S+) now"
    )
    said = re.search(sentence.replace(" ", r"\s+"), page)
    assert said is not None, f"the playing page gives no figures for --decks {','.join(decks)}"
    shown = [float(x) for x in said.groups()]
    assert shown == [round(x, 1) for x in (before, after, per_round_before, per_round_after)]


def _windows_asked(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *extra: str) -> int:
    """How many action windows ``play --game lcg`` puts to the person in their first 40 answers
    (always the first option), the game then saved and left by the end of the input."""
    from lotr_rules.cli import main

    answers = iter(["1"] * 40)

    def read(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("lotr_rules.commands.lcg._read_line", read)
    monkeypatch.chdir(Path(__file__).resolve().parent)
    save = Path(capsys.__class__.__name__)  # (any name: the folder is the tests' own)
    code = main(["play", "--game", "lcg", "--decks", "leadership", "--seed", "2", "--save", str(save), *extra])
    save.unlink(missing_ok=True)
    assert code == 0
    return capsys.readouterr().out.count("Action window (")


def test_every_window_stops_at_each_window_as_before(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _windows_asked(monkeypatch, capsys, "--every-window") > _windows_asked(monkeypatch, capsys)


def test_every_window_belongs_to_the_card_game(capsys: pytest.CaptureFixture[str]) -> None:
    from lotr_rules.cli import main

    assert main(["play", "--every-window"]) == 2
    assert "--every-window: not options of this game" in capsys.readouterr().err
