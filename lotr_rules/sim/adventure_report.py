"""The Adventure Deck's simulation report: each strategy's win rate and how its losses happen."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lotr_rules.games.adventure.game import REASONS, WON
from lotr_rules.sim.runner import SimulationRun


def strategy_summary(run: SimulationRun) -> dict[str, Any]:
    tally = run.tally
    games = tally.played
    reasons = tally.reasons
    wins = reasons[WON]
    losses = games - wins
    return {
        "games": games,
        "wins": wins,
        "win_rate": round(wins / games, 4) if games else 0.0,
        "losses": {
            reason: {"count": reasons[reason], "share_of_games": round(reasons[reason] / games, 4) if games else 0.0}
            for reason in REASONS
            if reason != WON
        },
        "losses_total": losses,
        "mean_turn": round(sum(turns * n for turns, n in tally.turns.items()) / games, 2) if games else 0.0,
        "wall_seconds": round(run.wall_seconds, 3),
        "games_per_second": round(run.games_per_second, 1),
    }


def build_adventure_report(runs: Sequence[SimulationRun]) -> dict[str, Any]:
    settings = runs[0].settings.to_json()
    settings["bot"] = [run.settings.bot for run in runs]
    return {
        "settings": settings,
        "workers": runs[0].workers,
        "strategies": {run.settings.bot: strategy_summary(run) for run in runs},
    }


def _pct(share: float) -> str:
    return f"{100 * share:5.1f}%"


def render_adventure_text(report: dict[str, Any]) -> list[str]:
    settings = report["settings"]
    strategies = report["strategies"]
    games = next(iter(strategies.values()))["games"] if strategies else 0
    lines = [f"{games} Adventure Deck games per strategy, seed {settings['seed']}", ""]
    reasons = [r for r in REASONS if r != WON]
    headers = ["strategy", "won", *reasons, "mean turn", "games/s"]
    rows = []
    for name, entry in strategies.items():
        rows.append(
            [
                name,
                _pct(entry["win_rate"]),
                *(_pct(entry["losses"][reason]["share_of_games"]) for reason in reasons),
                f"{entry['mean_turn']:.1f}",
                f"{entry['games_per_second']:.0f}",
            ]
        )
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    lines.append("  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)))
    for row in rows:
        lines.append("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)))
    lines += ["", "(the loss columns are shares of all games; with the win rate they add up to 100%)"]
    return lines
