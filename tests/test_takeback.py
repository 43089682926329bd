"""Taking a move back (issue 36): at the terminal of every family, never past a moment when
something hidden came to light, and leaving the game exactly as if the kept choices had been
played straight."""

from __future__ import annotations

import builtins
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lotr_rules.cards.loader import load_sets
from lotr_rules.cli import main
from lotr_rules.games import vocabulary_for
from lotr_rules.session import adventure, deckbuilding, lcg
from lotr_rules.session.families import game_builder
from lotr_rules.session.options import DeckbuildingOptions
from lotr_rules.session.rebuild import replay_first
from lotr_rules.session.seats import SeatBot
from lotr_rules.session.takeback import _LIGHT_WORDS, _hidden_place, history, take_back

# ---------------------------------------------------------------------- the three families' tables
_CACHE: dict[str, tuple[Any, Any, Any]] = {}


def table(family: str) -> tuple[Any, Any, Any]:
    """(catalogue, config, bot maker) of a small game of ``family``."""
    if family not in _CACHE:
        if family == "lcg":
            cards = load_sets((), vocabulary=vocabulary_for("lcg"))
            _CACHE[family] = (None, lcg.new_setup(cards, humans=0).table.config, lcg.make_bot)
        elif family == "deckbuilding":
            cards = load_sets((), vocabulary=vocabulary_for("deckbuilding"))
            config, _ = deckbuilding.new_game_setup(DeckbuildingOptions(players=2), cards)
            _CACHE[family] = (cards, config, deckbuilding.make_bot)
        else:
            cards = load_sets((), vocabulary=vocabulary_for("adventure-deck"))
            _CACHE[family] = (cards, adventure.new_config(4), adventure.make_bot)
    return _CACHE[family]


def bot_game(family: str, seed: int, queued: Sequence[int] = ()) -> list[int]:
    """The choices of a whole game of random bots (after ``queued``, its first choices)."""
    return list(bot_game_played(family, seed, queued).state.choices)


def bot_game_played(family: str, seed: int, queued: Sequence[int] = ()) -> Any:
    catalogue, config, make = table(family)
    new_game, run, seats = game_builder(family, catalogue, config)
    game = new_game([SeatBot("random", seed, seat, make) for seat in range(seats)], queued)
    run(game)
    return game


FAMILIES = ("deckbuilding", "adventure-deck", "lcg")


# ---------------------------------------------------------------------- properties
def _light_between(family: str, choices: Sequence[int], keep: int, now: int, people: frozenset[int]) -> bool:
    """Whether anything hidden came to light between the game after ``keep`` choices and after
    ``now``, read off the two games rebuilt apart (not through the take-back's own walk)."""
    catalogue, config, _ = table(family)
    before = replay_first(family, catalogue, config, choices, keep).game.state
    after = replay_first(family, catalogue, config, choices, now).game.state
    if before.rng.state != after.rng.state:
        return True
    for (name, owner), cards in before.zones.items():
        if _hidden_place(name, owner, people) and set(cards) - set(after.zones.get((name, owner), [])):
            return True
    return any(any(word in str(entry[0]) for word in _LIGHT_WORDS) for entry in after.log[len(before.log) :])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(family=st.sampled_from(FAMILIES), seed=st.integers(0, 10_000), cut=st.floats(0, 1))
def test_a_take_back_never_crosses_a_reveal_and_leaves_the_game_of_the_kept_choices(
    family: str, seed: int, cut: float
) -> None:
    choices = bot_game(family, seed)
    now = int(cut * len(choices))
    catalogue, config, _ = table(family)
    found = take_back(family, catalogue, config, choices[:now], [0])
    if found.keep is None:
        assert found.reason
        return
    keep = found.keep
    assert keep < now
    assert not _light_between(family, choices, keep, now, frozenset({0}))
    # the game stands where the kept choices, played straight, leave it: at seat 0's question
    back = replay_first(family, catalogue, config, choices, keep)
    assert back.request is not None and back.request.player == 0
    assert back.game.state.turn == replay_first(family, catalogue, config, choices, now).game.state.turn
    # and plays on to the very game those choices played straight make
    on = bot_game_played(family, seed + 1, choices[:keep])
    played = list(on.state.choices)
    assert played[:keep] == choices[:keep]
    straight = replay_first(family, catalogue, config, played, len(played)).game
    assert straight.state.digest() == on.state.digest()


@pytest.mark.parametrize("family", FAMILIES)
def test_a_draw_or_shuffle_after_a_decision_keeps_it(family: str) -> None:
    """Every choice followed by something coming to light is marked so, and a take-back asked
    right after it finds nothing to take back."""
    catalogue, config, _ = table(family)
    choices = bot_game(family, 3)
    moments, _ = history(family, catalogue, config, choices, [0], None)
    marked = [index for index, moment in enumerate(moments) if moment.revealed and moment.player == 0]
    assert marked, "a game with no draw after any decision"
    for index in marked[:5]:
        assert take_back(family, catalogue, config, choices[: index + 1], [0]).keep is None


def test_a_take_back_stays_within_the_round() -> None:
    """A Card Game take-back goes back no further than the start of the current round."""
    catalogue, config, _ = table("lcg")
    choices = bot_game("lcg", 5)
    moments, _ = history("lcg", catalogue, config, choices, [0], None)
    for now in range(1, len(choices)):
        found = take_back("lcg", catalogue, config, choices[:now], [0])
        if found.keep is not None:
            assert moments[found.keep].turn == moments[now - 1].turn


# ---------------------------------------------------------------------- the terminal, end to end
class Keys:
    def __init__(self, keys: Sequence[str]) -> None:
        self.keys: Iterator[str] = iter(keys)

    def __call__(self, prompt: str = "") -> str:
        if prompt.startswith("Pass to"):
            return ""
        for key in self.keys:
            return key
        raise EOFError  # the end of input saves and quits


def _play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], keys: Sequence[str], *argv: str) -> str:
    monkeypatch.setattr(builtins, "input", Keys(keys))
    assert main(["play", *argv]) == 0
    return capsys.readouterr().out


GAMES = {
    "deckbuilding": ["--players", "2", "--seed", "3"],
    "adventure-deck": ["--game", "adventure-deck", "--seed", "4"],
    "lcg": ["--game", "lcg", "--seed", "2"],
}


@pytest.mark.parametrize("family", FAMILIES)
def test_u_takes_back_and_the_save_is_the_game_played_straight(
    family: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = str(tmp_path / "save.json")
    for before in range(1, 12):
        out = _play(monkeypatch, capsys, ["1"] * before + ["u", "2"], *GAMES[family], "--save", save)
        if "Taken back:" in out:
            break
        assert "Nothing taken back: " in out
    else:
        pytest.fail("no decision could be taken back in the first moves")
    taken = json.loads(Path(save).read_text())
    _play(monkeypatch, capsys, ["1"] * (before - 1) + ["2"], *GAMES[family], "--save", save)
    straight = json.loads(Path(save).read_text())
    assert taken["choices"] == straight["choices"]
    assert taken["digest"] == straight["digest"]


def test_u_is_in_the_help_and_says_why_nothing_goes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _play(monkeypatch, capsys, ["?", "u"], *GAMES["adventure-deck"], "--save", str(tmp_path / "s.json"))
    assert "u, undo   take back your last decision" in out
    assert "Nothing taken back: there is no decision of yours to take back." in out
