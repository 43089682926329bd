"""``lotr-rules simulate``: seeds, worker-count independence, the statistics and the command line."""

from __future__ import annotations

import argparse
import io
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from lotr_rules.cli import main
from lotr_rules.commands import simulate
from lotr_rules.engine.rng import Rng
from lotr_rules.errors import InternalError, UserError
from lotr_rules.sim import families, runner, stats
from lotr_rules.sim.families import SimSettings, get_family
from lotr_rules.sim.progress import ProgressBar, format_duration, render_bar
from lotr_rules.sim.report import build_report, render_text
from lotr_rules.sim.results import GameResult, owned_cards
from lotr_rules.sim.runner import GameFailure, game_seed, run_simulation
from lotr_rules.sim.tally import Tally

SMALL = SimSettings(games=6, players=3, seed=7)

Cli = Callable[[Sequence[str]], int]


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch) -> Cli:
    """``lotr_rules.cli.main``, with ``simulate`` registered if the command list does not have it yet."""
    import lotr_rules.commands as commands

    original = commands.register_all

    def register_all(sub: argparse._SubParsersAction[Any]) -> None:
        original(sub)
        if "simulate" not in sub.choices:
            simulate.register(sub)

    monkeypatch.setattr(commands, "register_all", register_all)
    return main


def _without_timing(report: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in report.items() if key != "timing"}


# ---------------------------------------------------------------------- seeds and determinism
def test_game_seeds_are_forks_of_the_simulation_seed() -> None:
    seeds = [game_seed(1, i) for i in range(100)]
    assert seeds == [Rng(1).fork(i) for i in range(100)]
    assert len(set(seeds)) == 100
    assert game_seed(2, 0) != game_seed(1, 0)


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    alone = run_simulation(SMALL, workers=1)
    shared = run_simulation(SMALL, workers=2)
    assert shared.workers == 2
    assert list(shared.tally.ranges) == [(0, SMALL.games)]
    # The fingerprint sums a hash of every game's whole result: the same games, game for game.
    assert alone.tally == shared.tally
    assert alone.tally.fingerprint == Tally.of(runner.run_games(SMALL, range(SMALL.games))).fingerprint
    assert _without_timing(build_report(alone)) == _without_timing(build_report(shared))


def test_a_game_replays_identically_on_its_own() -> None:
    four, two = runner.run_games(SMALL, [4, 2])
    assert (four.index, two.index) == (4, 2)
    assert runner.run_games(SMALL, [2]) == [two]
    whole = run_simulation(SMALL, workers=1)
    rest = Tally.of(runner.run_games(SMALL, [0, 1, 3, 5]))
    rest.merge(Tally.of([four, two]))
    assert rest == whole.tally


def test_deckbuilding_results() -> None:
    for result in runner.run_games(SimSettings(games=3, players=4, seed=3), range(3)):
        assert result.players == 4 and len(result.scores) == 4 and len(result.owned) == 4
        assert len(set(result.heroes)) == 4
        assert 0 <= result.first_player < 4
        assert result.winners and all(0 <= w < 4 for w in result.winners)
        names = {name for seat in result.owned for name, _ in seat}
        # Starting decks are left out of what a player bought.
        assert not names & {"Courage", "Despair", "Andúril"}
        assert result.final_defeated == (result.reason == "final archenemy defeated")
        assert result.final_defeated == any(name == "Saruman, Lord of Isengard" for name in names)


# ---------------------------------------------------------------------- statistics on hand-made results
def _result(
    index: int,
    heroes: tuple[str, ...],
    scores: tuple[int, ...],
    winners: tuple[int, ...],
    reason: str = "final archenemy defeated",
    turns: int = 10,
    first: int = 0,
    defeated: bool | None = True,
    owned: tuple[dict[str, int], ...] = (),
) -> GameResult:
    return GameResult(
        index=index,
        seed=index,
        reason=reason,
        turns=turns,
        heroes=heroes,
        scores=scores,
        winners=winners,
        first_player=first,
        final_defeated=defeated,
        owned=tuple(owned_cards(seat) for seat in owned),
    )


RESULTS = [
    _result(0, ("Aragorn", "Gimli"), (30, 10), (0,), turns=10, owned=({"Shelob": 1, "Valor": 2}, {"Valor": 1})),
    _result(
        1,
        ("Gimli", "Legolas"),
        (20, 20),
        (0, 1),
        reason="wall deck depleted",
        turns=20,
        defeated=False,
        owned=({"Valor": 1}, {"Lembas": 2}),
    ),
    _result(
        2, ("Legolas", "Aragorn"), (5, 15), (1,), reason="path could not be refilled", turns=30, first=1, defeated=None
    ),
    _result(3, ("Aragorn", "Gimli"), (12, 8), (), reason="wall deck depleted", turns=40, defeated=False),
]


def test_turns_and_end_reasons() -> None:
    assert stats.turn_stats(RESULTS) == {"average": 25.0, "min": 10, "max": 40}
    reasons = stats.end_reasons(RESULTS)
    assert list(reasons) == ["wall deck depleted", "final archenemy defeated", "path could not be refilled"]
    assert reasons["wall deck depleted"] == {"count": 2, "share": 0.5}
    assert reasons["final archenemy defeated"] == {"count": 1, "share": 0.25}


def test_final_archenemy_counts_only_games_that_had_one() -> None:
    assert stats.final_defeated(RESULTS) == {"count": 1, "games": 3, "share": 0.3333}


def test_win_rates_count_every_winner_of_a_tie() -> None:
    heroes = stats.by_hero(RESULTS)
    assert list(heroes) == ["Aragorn", "Gimli", "Legolas"]
    assert heroes["Aragorn"] == {"games": 3, "wins": 2, "win_rate": 0.6667, "average_vp": 19.0}
    assert heroes["Gimli"] == {"games": 3, "wins": 1, "win_rate": 0.3333, "average_vp": round(38 / 3, 3)}
    assert heroes["Legolas"] == {"games": 2, "wins": 1, "win_rate": 0.5, "average_vp": 12.5}
    assert stats.winner_counts(RESULTS) == {"winners": 4, "ties": 1, "no_winner": 1}


def test_win_rates_by_seat_and_by_turn_order() -> None:
    seats = stats.by_seat(RESULTS)
    assert list(seats) == ["1", "2"]
    assert seats["1"]["wins"] == 2 and seats["2"]["wins"] == 2 and seats["1"]["games"] == 4
    order = stats.by_turn_order(RESULTS)
    # In game 2 seat 2 went first: its seats swap places in the turn order.
    assert order["1"] == {"games": 4, "wins": 3, "win_rate": 0.75, "average_vp": (30 + 20 + 15 + 12) / 4}
    assert order["2"] == {"games": 4, "wins": 1, "win_rate": 0.25, "average_vp": (10 + 20 + 5 + 8) / 4}


def test_victory_points() -> None:
    vp = stats.vp_stats(RESULTS)
    assert vp["average"] == 15.0
    assert vp["average_winner"] == (30 + 20 + 20 + 15) / 4
    assert vp["average_loser"] == (10 + 5 + 12 + 8) / 4


def test_cards_owned_by_winners_and_by_everyone() -> None:
    cards = stats.card_ownership(RESULTS)
    assert list(cards) == ["Lembas", "Shelob", "Valor"]
    # Two games list what their players own: 4 player-games, of which 3 are winners.
    assert cards["Valor"] == {
        "owned": 4,
        "owned_by_winners": 3,
        "per_player": 1.0,
        "per_winner": 1.0,
        "winner_lift": 1.0,
    }
    assert cards["Shelob"]["per_player"] == 0.25 and cards["Shelob"]["per_winner"] == 0.3333
    assert cards["Lembas"]["owned_by_winners"] == 2


def test_no_results_give_zeros_not_errors() -> None:
    summary = stats.summarize([])
    assert summary["games"] == 0 and summary["heroes"] == {} and summary["cards"] == {}
    assert summary["turns"] == {"average": 0.0, "min": 0, "max": 0}
    assert summary["final_archenemy_defeated"]["share"] == 0.0


def test_summary_keys_are_stable() -> None:
    assert list(stats.summarize(RESULTS)) == [
        "games",
        "players",
        "turns",
        "end_reasons",
        "final_archenemy_defeated",
        "winners",
        "heroes",
        "seats",
        "turn_order",
        "vp",
        "cards",
    ]


def test_results_round_trip_through_json() -> None:
    for result in RESULTS:
        assert GameResult.from_json(json.loads(json.dumps(result.to_json()))) == result


def test_text_report_renders_hand_made_results() -> None:
    run = runner.SimulationRun(SimSettings(games=4, players=2), Tally.of(RESULTS), 2.0, 1, played_now=4)
    text = "\n".join(render_text(build_report(run)))
    assert "2.0 games/s" in text
    assert "wall deck depleted" in text and "50.0%" in text
    assert "Aragorn" in text and "66.7%" in text
    assert "final Archenemy defeated in 1 of 3 games" in text


# ---------------------------------------------------------------------- the family registry
class _CoinFamily:
    """A made-up family: one seat wins by the parity of the seed."""

    name = "coin"
    description = "a coin toss"
    bots = ("any",)

    def load(self, card_paths: Sequence[Path]) -> None:
        return None

    def check(self, catalogue: Any, settings: SimSettings) -> None:
        if settings.players != 2:
            raise UserError("a coin toss takes 2 players")

    def play(self, catalogue: Any, settings: SimSettings, index: int, seed: int) -> GameResult:
        winner = seed % 2
        return _result(index, ("Heads", "Tails"), (1 - winner, winner), (winner,), reason="tossed", defeated=None)


def test_a_new_family_runs_without_touching_the_command(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(families._REGISTRY, "coin", _CoinFamily())
    assert "coin" in families.family_names()
    run = run_simulation(SimSettings(family="coin", games=20, players=2), workers=1)
    assert run.tally.summary()["end_reasons"] == {"tossed": {"count": 20, "share": 1.0}}
    with pytest.raises(UserError, match="2 players"):
        run_simulation(SimSettings(family="coin", games=1, players=3))


def test_unknown_family_lists_the_known_ones() -> None:
    with pytest.raises(UserError, match=r"unknown game family 'chess'; known families: .*deckbuilding"):
        get_family("chess")


def test_worker_failures_come_back_as_errors() -> None:
    with pytest.raises(UserError, match=r"game 3 \(seed 9\): bad card"):
        GameFailure("game 3 (seed 9)", True, "bad card", "").raise_it()
    with pytest.raises(InternalError, match="boom"):
        GameFailure("game 3 (seed 9)", False, "boom", "Traceback...").raise_it()


def test_a_worker_that_could_not_start_reports_it(monkeypatch: pytest.MonkeyPatch) -> None:
    failure = GameFailure("a simulation worker could not start", True, "no such folder", "")
    monkeypatch.setattr(runner, "_worker", None)
    monkeypatch.setattr(runner, "_worker_failure", failure)
    assert runner._play_chunk(5, 8) == (Tally(), failure)


def test_a_failing_game_names_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken(_CoinFamily):
        def play(self, catalogue: Any, settings: SimSettings, index: int, seed: int) -> GameResult:
            raise ValueError("engine bug")

    monkeypatch.setitem(families._REGISTRY, "coin", Broken())
    with pytest.raises(ValueError, match="engine bug") as caught:
        run_simulation(SimSettings(family="coin", games=2, players=2), workers=1)
    assert f"seed {game_seed(1, 0)}" in "".join(caught.value.__notes__)


# ---------------------------------------------------------------------- progress bar
class _Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_progress_bar_text() -> None:
    assert render_bar(50, 200, 10.0, width=10) == "[##--------] 50/200 games  25%  5.0 games/s  ETA 0:30"
    assert render_bar(200, 200, 10.0, width=10).endswith("done")
    assert render_bar(0, 200, 0.0, width=10).endswith("ETA ?")
    assert format_duration(3725) == "1:02:05"


def test_progress_bar_is_throttled_and_wiped() -> None:
    stream = io.StringIO()
    clock = _Clock()
    bar = ProgressBar(100, stream, enabled=True, clock=clock)
    bar.update(0)
    for done in range(1, 50):
        clock.now += 0.001
        bar.update(done)
    assert stream.getvalue().count("\r") == 1  # redrawn at most ten times a second
    clock.now += 0.2
    bar.update(50)
    assert stream.getvalue().count("\r") == 2
    bar.update(100)  # the last update always shows
    assert "100/100" in stream.getvalue()
    bar.close()
    assert stream.getvalue().endswith("\r")


def test_progress_bar_stays_off_when_stderr_is_not_a_terminal() -> None:
    stream = io.StringIO()
    bar = ProgressBar(10, stream)
    assert not bar.enabled
    bar.update(5)
    bar.close()
    assert stream.getvalue() == ""


# ---------------------------------------------------------------------- the command line
def test_json_output_parses_and_matches_the_file(cli: Cli, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "summary.json"
    code = cli(["simulate", "--games", "3", "--players", "2", "--format", "json", "--output", str(out)])
    captured = capsys.readouterr()
    assert code == 0
    assert captured.err == ""  # no progress bar when stderr is not a terminal
    report = json.loads(captured.out)
    assert report["games"] == 3 and report["settings"]["players"] == 2
    assert set(report["timing"]) == {"wall_seconds", "games_per_second", "workers"}
    assert sum(entry["count"] for entry in report["end_reasons"].values()) == 3
    saved = json.loads(out.read_text(encoding="utf-8"))
    # The file is the report, and what it takes to resume or merge the run.
    assert saved.pop("run")["format"] == "lotr-rules simulation"
    assert _without_timing(saved) == _without_timing(report)


def test_text_output(cli: Cli, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["simulate", "--games", "2", "--players", "3", "--no-progress", "--bot", "random"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("2 deckbuilding games: 3 players, random bots, seed 1")
    assert "Win rate by hero (a fair share is 33.3%)" in text
    assert "Win rate by seat" in text and "Cards owned at the end" in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--sets", "two-towers,nope"], "unknown set nope"),
        (["--game", "chess"], "known families: adventure-deck, deckbuilding"),
        (["--bot", "clever"], "unknown bot 'clever'"),
        (["--archenemies", "40"], "the Archenemy stack holds 3 to"),
        (["--cards", "/no/such/folder"], "is not a folder of card scripts"),
    ],
)
def test_user_errors_exit_2_with_a_message(
    cli: Cli, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    def no_pool(*args: object) -> None:
        raise AssertionError("workers started before the settings were checked")

    monkeypatch.setattr(runner, "_run_pool", no_pool)
    assert cli(["simulate", "--games", "4", "--workers", "2", *argv]) == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""


@pytest.mark.parametrize(
    "argv", [["--games", "0"], ["--players", "0"], ["--players", "9"], ["--workers", "-1"], ["--format", "xml"]]
)
def test_bad_option_values_are_argparse_errors(cli: Cli, capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        cli(["simulate", *argv])
    assert caught.value.code == 2
    assert "error: argument" in capsys.readouterr().err


def test_output_folder_must_exist(cli: Cli, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["simulate", "--games", "1", "--output", str(tmp_path / "missing" / "x.json")]) == 2
    assert "does not exist" in capsys.readouterr().err
