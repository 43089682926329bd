"""The Card Game's simulation report: for each line-up of decks, the win rate, the rounds played
and how the lost games were lost."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from lotr_rules.games.lcg.game import WON
from lotr_rules.sim.runner import SimulationRun


def line_up_summary(run: SimulationRun) -> dict[str, Any]:
    tally = run.tally
    games = tally.played
    wins = tally.reasons[WON]
    rounds = sorted(tally.turns.elements())
    losses = {reason: count for reason, count in sorted(tally.reasons.items()) if reason != WON}
    return {
        "decks": list(run.settings.decks),
        "seats": _seats(run),
        "games": games,
        "wins": wins,
        "win_rate": round(wins / games, 4) if games else 0.0,
        "losses": {
            reason: {"count": count, "share_of_games": round(count / games, 4) if games else 0.0}
            for reason, count in losses.items()
        },
        "stages_reached": _stages_reached(tally.stages, games),
        "mean_rounds": round(sum(rounds) / games, 2) if games else 0.0,
        "rounds_min": rounds[0] if rounds else 0,
        "rounds_max": rounds[-1] if rounds else 0,
        "wall_seconds": round(run.wall_seconds, 3),
        "games_per_second": round(run.games_per_second, 1),
    }


def _stages_reached(ended_at: Counter[str], games: int) -> dict[str, float]:
    """For each quest stage, the share of games that reached it (ended at it or beyond)."""
    stages = sorted(int(stage) for stage in ended_at)
    if not stages or not games:
        return {}
    return {
        str(stage): round(sum(n for s, n in ended_at.items() if int(s) >= stage) / games, 4)
        for stage in range(1, stages[-1] + 1)
    }


def _seats(run: SimulationRun) -> list[str]:
    """Each seat's deck and heroes, in seat order (the tally keeps them by name)."""
    names = sorted(run.tally.heroes)
    return [next((n for n in names if n.startswith(f"{deck} (")), deck) for deck in run.settings.decks]


def build_lcg_report(runs: Sequence[SimulationRun]) -> dict[str, Any]:
    # (the deck-building games' settings say nothing of this game)
    unused = ("sets", "impossible", "archenemies", "players")
    settings = {key: value for key, value in runs[0].settings.to_json().items() if key not in unused}
    settings["decks"] = [list(run.settings.decks) for run in runs]
    return {
        "settings": settings,
        "workers": runs[0].workers,
        "line_ups": [line_up_summary(run) for run in runs],
    }


def _pct(share: float) -> str:
    return f"{100 * share:.1f}%"


def render_lcg_text(report: dict[str, Any]) -> list[str]:
    settings = report["settings"]
    mode = " (Easy Mode)" if settings.get("mode") == "easy" else ""
    scenario = f"scenario {settings['scenario']}{mode}"
    lines = [f"The Card Game, {scenario}, {settings['bot']} bots, seed {settings['seed']}"]
    for entry in report["line_ups"]:
        lines.append("")
        lines.append(f"{' + '.join(entry['decks'])}: {entry['games']} games")
        for number, seat in enumerate(entry["seats"], start=1):
            lines.append(f"  player {number}: {seat}")
        lines.append(f"  won {entry['wins']} ({_pct(entry['win_rate'])})")
        for reason, loss in entry["losses"].items():
            lines.append(f"  {reason}: {loss['count']} ({_pct(loss['share_of_games'])})")
        if entry["stages_reached"]:
            reached = ", ".join(f"{stage} {_pct(share)}" for stage, share in entry["stages_reached"].items())
            lines.append(f"  quest stage reached: {reached}")
        lines.append(
            f"  rounds played: {entry['mean_rounds']:.1f} on average, {entry['rounds_min']} to {entry['rounds_max']}"
        )
    return lines
